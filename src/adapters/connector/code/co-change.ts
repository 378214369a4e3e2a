/**
 * @module adapters/connector/code/co-change
 * Files that changed together before, from `git log` of the working tree's history (only what
 * is checked out now and older): for each pair of files in one commit, a weight of 1/(files - 1),
 * so a two-file commit binds its files more than a sweeping one; commits touching more than 40
 * files (renames, reformatting) are left out. Each file keeps its strongest partners.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CoChangePartner {
  path: string;
  weight: number;
}

const MAX_COMMIT_FILES = 40;
const PARTNERS_KEPT = 20;
const COMMITS_READ = 5000;

/** Partners per file of `files` (paths relative to `root`); empty when `root` is not in a git work tree. */
export async function coChangePartners(root: string, files: ReadonlySet<string>): Promise<Map<string, CoChangePartner[]>> {
  let log: string;
  try {
    ({ stdout: log } = await run(
      'git',
      ['-C', root, 'log', '--no-merges', '--relative', '--name-only', '--format=%x1e', '-n', String(COMMITS_READ), '--', '.'],
      { maxBuffer: 256 * 1024 * 1024 },
    ));
  } catch {
    return new Map();
  }
  const weights = new Map<string, Map<string, number>>();
  for (const commit of log.split('\x1e')) {
    const changed = [...new Set(commit.split('\n').map((l) => l.trim()))].filter((p) => files.has(p));
    if (changed.length < 2 || changed.length > MAX_COMMIT_FILES) continue;
    const w = 1 / (changed.length - 1);
    for (const a of changed) {
      let row = weights.get(a);
      if (!row) weights.set(a, (row = new Map()));
      for (const b of changed) if (a !== b) row.set(b, (row.get(b) ?? 0) + w);
    }
  }
  const out = new Map<string, CoChangePartner[]>();
  for (const [file, row] of weights) {
    out.set(
      file,
      [...row]
        .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
        .slice(0, PARTNERS_KEPT)
        .map(([path, weight]) => ({ path, weight: Number(weight.toFixed(4)) })),
    );
  }
  return out;
}
