/**
 * @module adapters/connector/code/co-change
 * What `git log` of the working tree's history says about its files (only what is checked out
 * now and older; merges and commits touching more than 40 files, such as renames and
 * reformatting, are left out):
 * - co-change partners: for each pair of files in one commit, a weight of 1/(files - 1), so a
 *   two-file commit binds its files more than a sweeping one; each file keeps its strongest partners;
 * - churn: how much a file changed lately, each commit counting 0.5^(age / 30 days), the age
 *   measured from the newest commit (not the clock, so an old checkout reads its own present).
 *   On kysely's history the recently busy files are the likeliest to change next;
 * - commits: how many of those commits changed the file, so a partner's weight can be read as a
 *   share of the file's changes (a file that changes with everything binds nothing in particular);
 * - subjects: the subjects of the latest commits that changed the file, words that say what the
 *   file is changed for (the fused onboarding order matches a request against them);
 * - spans: when the file first and last changed (young files and files changed lately change
 *   again sooner);
 * - recent changes: the file's latest commits, each as how many commits ago it was and how many
 *   files of the tree it changed. Work comes in runs of commits, so the files the seed changed with
 *   last, and the files changed a few commits ago, are the likeliest to change next; on kysely's
 *   dev items these took the fused related order's recall@10 from 0.564 to 0.570.
 * A renamed or moved file keeps its history: git's rename detection names both paths, and every
 * older commit's path is read as the file's present one (kysely moved 37 files in its history).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SWEEPING_COMMIT_FILES, type CoChangePartner, type RecentChange } from '../../../ports/code.js';

const run = promisify(execFile);

export interface GitCommit {
  /** Commit time, seconds since the epoch. */
  time: number;
  files: string[];
  /** The commit message's first line ('' when not read). */
  subject?: string;
}

export interface GitHistory {
  partners: Map<string, CoChangePartner[]>;
  churn: Map<string, number>;
  commits: Map<string, number>;
  subjects: Map<string, string[]>;
  /** When each file first and last changed (seconds since the epoch), commits of any size. */
  spans: Map<string, ChangeSpan>;
  /** Each file's latest commits, newest first. */
  recent: Map<string, RecentChange[]>;
}

export interface ChangeSpan {
  first: number;
  last: number;
}

/** 50, not 20: the fused onboarding order reads partners of the seed's neighbours too (onboarding-features.ts). */
const PARTNERS_KEPT = 50;
const COMMITS_READ = 5000;
/** Subjects kept per file, newest first: on kysely's dev items 30 matched requests as well as all of them. */
const SUBJECTS_KEPT = 30;
/** Latest commits kept per file: the fused order looks for the latest the seed shared with a candidate, and reads each file's newest. */
const RECENT_KEPT = 30;
export const CHURN_HALF_LIFE_DAYS = 30;

const round = (n: number) => Number(n.toFixed(4));

/**
 * `git log --name-status --format='%x1e%ct %s'` output (or `--name-only`) as commits, newest first
 * (the subject may be absent), each path as the file is named now: a rename (`R086\told\tnew`)
 * makes every older commit's `old` stand for what `new` is called today.
 */
export function parseGitLog(log: string): GitCommit[] {
  const commits: GitCommit[] = [];
  const presentName = new Map<string, string>();
  const present = (path: string) => presentName.get(path) ?? path;
  for (const chunk of log.split('\x1e')) {
    const [head, ...lines] = chunk.split('\n');
    const space = head?.indexOf(' ') ?? -1;
    const time = Number(space < 0 ? head : head!.slice(0, space));
    if (!head?.trim() || !Number.isFinite(time)) continue;
    const subject = space < 0 ? '' : head!.slice(space + 1).trim();
    const files = new Set<string>();
    const renamed: Array<[string, string]> = [];
    for (const line of lines) {
      const fields = line.split('\t').map((f) => f.trim());
      const path = fields[fields.length - 1];
      if (!path) continue;
      files.add(present(path));
      if (fields.length === 3 && fields[0]!.startsWith('R')) renamed.push([fields[1]!, path]);
    }
    for (const [from, to] of renamed) presentName.set(from, present(to));
    commits.push({ time, files: [...files], ...(subject ? { subject } : {}) });
  }
  return commits;
}

/** The commits' files that are in the tree, commits of 1 to 40 such files only. */
function focused(commits: readonly GitCommit[], files: ReadonlySet<string>): string[][] {
  return commits.map((c) => c.files.filter((p) => files.has(p))).filter((changed) => changed.length > 0 && changed.length <= SWEEPING_COMMIT_FILES);
}

export function coChangeFrom(commits: readonly GitCommit[], files: ReadonlySet<string>): Map<string, CoChangePartner[]> {
  const weights = new Map<string, Map<string, number>>();
  for (const changed of focused(commits, files)) {
    if (changed.length < 2) continue;
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
        .map(([path, weight]) => ({ path, weight: round(weight) })),
    );
  }
  return out;
}

/** Recency-weighted change counts (see the module comment); files whose churn rounds to 0 are left out. */
export function churnFrom(commits: readonly GitCommit[], files: ReadonlySet<string>, halfLifeDays = CHURN_HALF_LIFE_DAYS): Map<string, number> {
  const newest = Math.max(...commits.map((c) => c.time));
  const churn = new Map<string, number>();
  for (const commit of commits) {
    const changed = focused([commit], files)[0];
    if (!changed) continue;
    const w = 0.5 ** ((newest - commit.time) / (halfLifeDays * 86_400));
    for (const f of changed) churn.set(f, (churn.get(f) ?? 0) + w);
  }
  return new Map([...churn].map(([f, w]) => [f, round(w)] as const).filter(([, w]) => w > 0));
}

/** How many commits (of 1 to 40 files of the tree) changed each file. */
export function commitCounts(commits: readonly GitCommit[], files: ReadonlySet<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const changed of focused(commits, files)) for (const f of changed) counts.set(f, (counts.get(f) ?? 0) + 1);
  return counts;
}

/** Each file's latest commit subjects, newest first (`commits` newest first), at most `kept`. */
export function subjectsFrom(commits: readonly GitCommit[], files: ReadonlySet<string>, kept = SUBJECTS_KEPT): Map<string, string[]> {
  const subjects = new Map<string, string[]>();
  for (const commit of commits) {
    const changed = commit.subject ? focused([commit], files)[0] : undefined;
    for (const f of changed ?? []) {
      const list = subjects.get(f) ?? [];
      if (list.length < kept) subjects.set(f, [...list, commit.subject!]);
    }
  }
  return subjects;
}

/** When each file of the tree first and last changed (`commits` newest first). */
export function changeSpans(commits: readonly GitCommit[], files: ReadonlySet<string>): Map<string, ChangeSpan> {
  const spans = new Map<string, ChangeSpan>();
  for (const commit of commits)
    for (const f of commit.files) {
      if (!files.has(f)) continue;
      const span = spans.get(f);
      if (span) span.first = commit.time;
      else spans.set(f, { first: commit.time, last: commit.time });
    }
  return spans;
}

/**
 * Each file's latest commits, newest first (`commits` newest first), at most `kept`; commits are
 * counted whatever their size, so `ago` is the place in the log.
 */
export function recentChangesFrom(commits: readonly GitCommit[], files: ReadonlySet<string>, kept = RECENT_KEPT): Map<string, RecentChange[]> {
  const recent = new Map<string, RecentChange[]>();
  commits.forEach((commit, ago) => {
    const changed = commit.files.filter((f) => files.has(f));
    for (const f of changed) {
      let list = recent.get(f);
      if (!list) recent.set(f, (list = []));
      if (list.length < kept) list.push({ ago, files: changed.length });
    }
  });
  return recent;
}

/** Partners, churn, commit counts, subjects, spans and recent changes per file of `files` (paths relative to `root`); empty when `root` is not in a git work tree. */
/**
 * The newest commit that touched the tree at `root`, or null (no git, no commit yet): the history
 * the scan reads is the same while it is (a commit elsewhere in the repository, or an empty one, moves nothing).
 */
export async function latestTreeCommit(root: string): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['-C', root, 'log', '-1', '--format=%H', '--', '.']);
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

export async function readGitHistory(root: string, files: ReadonlySet<string>): Promise<GitHistory> {
  let log: string;
  try {
    ({ stdout: log } = await run(
      'git',
      ['-C', root, 'log', '--no-merges', '--relative', '--name-status', '-M', '--format=%x1e%ct %s', '-n', String(COMMITS_READ), '--', '.'],
      { maxBuffer: 256 * 1024 * 1024 },
    ));
  } catch {
    return { partners: new Map(), churn: new Map(), commits: new Map(), subjects: new Map(), spans: new Map(), recent: new Map() };
  }
  const commits = parseGitLog(log);
  return {
    partners: coChangeFrom(commits, files),
    churn: churnFrom(commits, files),
    commits: commitCounts(commits, files),
    subjects: subjectsFrom(commits, files),
    spans: changeSpans(commits, files),
    recent: recentChangesFrom(commits, files),
  };
}
