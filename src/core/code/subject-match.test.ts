import { describe, expect, it } from 'vitest';
import { aboutDocumentation, routineShare, subjectScores, subjectWords } from './subject-match.js';

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

  it('a request said of many files before reads as routine: the share of files with a past subject holding all its words', () => {
    const history = new Map([
      ['a.ts', ['update docs', 'add having methods']],
      ['b.ts', ['Update the docs']],
      ['c.ts', ['update dependencies']],
      ['d.ts', []],
    ]);
    // d.ts has no history and does not count
    expect(routineShare('update docs', history)).toBeCloseTo(2 / 3);
    expect(routineShare('add having methods', history)).toBeCloseTo(1 / 3);
    expect(routineShare('add group by', history)).toBe(0);
    expect(routineShare('fix #12', history)).toBe(0);
    // no words: nothing to read but history
    expect(routineShare('#12', history)).toBe(1);
    expect(routineShare('update docs', new Map())).toBe(0);
  });
});

describe('requests about documentation', () => {
  it('are told by their words, in any inflection or case', () => {
    for (const request of [
      'update docs',
      'Fix typo',
      'fix compildQuery typos.',
      'annotate some site examples',
      'aligned explain jsdoc',
      'A bunch more Documentation',
      'document the schema builder',
    ])
      expect(aboutDocumentation(request), request).toBe(true);
  });

  it('a request about behaviour, or a word that only starts like one, is not', () => {
    for (const request of ['add having methods', 'support docker compose', 'fixes #131', '']) expect(aboutDocumentation(request), request).toBe(false);
  });
});
