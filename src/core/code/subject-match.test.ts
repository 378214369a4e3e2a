import { describe, expect, it } from 'vitest';
import { subjectScores, subjectWords } from './subject-match.js';

describe('matching a request against commit subjects', () => {
  const subjects = new Map([
    ['having.ts', ['add having methods', 'fix having with raw']],
    ['select.ts', ['add select methods', 'add having to select']],
    ['driver.ts', ['pool connections']],
  ]);

  it('words split like identifiers, singular, three letters or more', () => {
    expect(subjectWords('Add `HavingMethods` to a DB')).toEqual(['add', 'having', 'method']);
  });

  it('the file whose subjects say the rare word most ranks first; files matching nothing are absent', () => {
    const scores = subjectScores('having methods', subjects);
    expect(scores.get('having.ts')!).toBeGreaterThan(scores.get('select.ts')!);
    expect(scores.has('driver.ts')).toBe(false);
    expect(subjectScores('connection pooling', subjects).get('driver.ts')).toBeGreaterThan(0);
  });

  it('a request of no matching words, or no history, scores nothing', () => {
    expect(subjectScores('zzz', subjects).size).toBe(0);
    expect(subjectScores('', subjects).size).toBe(0);
    expect(subjectScores('having', new Map()).size).toBe(0);
  });
});
