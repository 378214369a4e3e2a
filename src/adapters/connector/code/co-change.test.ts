import { describe, expect, it } from 'vitest';
import { changeSpans, churnFrom, coChangeFrom, commitCounts, parseGitLog, recentChangesFrom, subjectsFrom } from './co-change.js';

const DAY = 86_400;
const FILES = new Set(['a.ts', 'b.ts', 'c.ts']);

describe('git history signals', () => {
  it('parses `git log --name-only --format=%x1e%ct`, newest first, each file once a commit', () => {
    const log = `\x1e${10 * DAY}\n\na.ts\nb.ts\na.ts\n\x1e${5 * DAY}\n\nc.ts\nREADME.md\n`;
    expect(parseGitLog(log)).toEqual([
      { time: 10 * DAY, files: ['a.ts', 'b.ts'] },
      { time: 5 * DAY, files: ['c.ts', 'README.md'] },
    ]);
    expect(parseGitLog('')).toEqual([]);
  });

  it('follows renames in `--name-status` output: older commits name the file as it is called now, through chained moves', () => {
    const log = [
      `\x1e${4 * DAY} move again\n\nR100\tsrc/b.ts\tlib/c.ts\nM\tlib/d.ts\n`,
      `\x1e${3 * DAY} rename a\n\nR086\tsrc/a.ts\tsrc/b.ts\n`,
      `\x1e${2 * DAY} old work\n\nM\tsrc/a.ts\nA\tlib/d.ts\n`,
      // after the rename above (older than it in the log), a new file that took the old name is itself
      `\x1e${5 * DAY} new a\n\nA\tsrc/a.ts\n`,
    ];
    const commits = parseGitLog(log[3]! + log[0]! + log[1]! + log[2]!);
    expect(commits.map((c) => c.files)).toEqual([['src/a.ts'], ['lib/c.ts', 'lib/d.ts'], ['lib/c.ts'], ['lib/c.ts', 'lib/d.ts']]);
  });

  it('spans: when each file of the tree first and last changed, whatever the size of the commit', () => {
    const sweeping = { time: 1 * DAY, files: ['a.ts', 'b.ts', 'c.ts', ...Array.from({ length: 50 }, (_, i) => `gen/${i}.ts`)] };
    const spans = changeSpans([{ time: 9 * DAY, files: ['a.ts', 'README.md'] }, { time: 4 * DAY, files: ['a.ts', 'b.ts'] }, sweeping], FILES);
    expect(Object.fromEntries(spans)).toEqual({
      'a.ts': { first: 1 * DAY, last: 9 * DAY },
      'b.ts': { first: 1 * DAY, last: 4 * DAY },
      'c.ts': { first: 1 * DAY, last: 1 * DAY },
    });
  });

  it('recent changes: each file’s latest commits as places in the log and the tree files they changed, the newest first, at most as many as kept', () => {
    const sweeping = { time: 1 * DAY, files: ['a.ts', ...Array.from({ length: 50 }, (_, i) => `gen/${i}.ts`)] };
    const commits = [
      { time: 9 * DAY, files: ['a.ts', 'README.md'] },
      { time: 8 * DAY, files: ['README.md'] },
      { time: 4 * DAY, files: ['a.ts', 'b.ts'] },
      { time: 3 * DAY, files: ['a.ts', 'b.ts', 'c.ts'] },
      sweeping,
    ];
    expect(Object.fromEntries(recentChangesFrom(commits, FILES))).toEqual({
      // a commit that changed no file of the tree still counts as a place in the log
      'a.ts': [
        { ago: 0, files: 1 },
        { ago: 2, files: 2 },
        { ago: 3, files: 3 },
        { ago: 4, files: 1 },
      ],
      'b.ts': [
        { ago: 2, files: 2 },
        { ago: 3, files: 3 },
      ],
      'c.ts': [{ ago: 3, files: 3 }],
    });
    expect(recentChangesFrom(commits, FILES, 2).get('a.ts')).toEqual([
      { ago: 0, files: 1 },
      { ago: 2, files: 2 },
    ]);
  });

  it('co-change: a pair in a small commit binds more than in a big one; files outside the tree do not count', () => {
    const partners = coChangeFrom(
      [
        { time: 3, files: ['a.ts', 'b.ts', 'README.md'] },
        { time: 2, files: ['a.ts', 'b.ts', 'c.ts'] },
      ],
      FILES,
    );
    expect(partners.get('a.ts')).toEqual([
      { path: 'b.ts', weight: 1.5 },
      { path: 'c.ts', weight: 0.5 },
    ]);
  });

  it('churn: each commit counts half as much 30 days older than the newest; sweeping commits count nothing', () => {
    const sweeping = { time: 60 * DAY, files: Array.from({ length: 41 }, (_, i) => `f${i}.ts`) };
    const files = new Set([...FILES, ...sweeping.files]);
    const churn = churnFrom(
      [{ time: 60 * DAY, files: ['a.ts'] }, { time: 30 * DAY, files: ['a.ts', 'b.ts'] }, { time: 0, files: ['c.ts', 'gone.ts'] }, sweeping],
      files,
    );
    expect(Object.fromEntries(churn)).toEqual({ 'a.ts': 1.5, 'b.ts': 0.5, 'c.ts': 0.25 });
    expect(churnFrom([], files).size).toBe(0);
  });

  it('commit counts: every commit of 1 to 40 tree files counts once per file it changed', () => {
    const sweeping = { time: 9, files: Array.from({ length: 41 }, (_, i) => `f${i}.ts`) };
    const counts = commitCounts(
      [{ time: 3, files: ['a.ts', 'b.ts', 'gone.ts'] }, { time: 2, files: ['a.ts'] }, sweeping],
      new Set([...FILES, ...sweeping.files]),
    );
    expect(Object.fromEntries(counts)).toEqual({ 'a.ts': 2, 'b.ts': 1 });
  });

  it('subjects: read after the time, newest first per file, at most the kept number, none from sweeping commits', () => {
    const commits = parseGitLog(`\x1e${3 * DAY} add having methods\n\na.ts\nb.ts\n\x1e${2 * DAY} fix: a's typo\n\na.ts\n\x1e${DAY}\n\nb.ts\n`);
    expect(commits.map((c) => c.subject)).toEqual(['add having methods', "fix: a's typo", undefined]);
    expect(Object.fromEntries(subjectsFrom(commits, FILES))).toEqual({ 'a.ts': ['add having methods', "fix: a's typo"], 'b.ts': ['add having methods'] });
    expect(subjectsFrom(commits, FILES, 1).get('a.ts')).toEqual(['add having methods']);
    const sweeping = { time: 9, subject: 'format everything', files: Array.from({ length: 41 }, (_, i) => `f${i}.ts`) };
    expect(subjectsFrom([sweeping], new Set(sweeping.files)).size).toBe(0);
  });
});
