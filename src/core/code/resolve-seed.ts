/**
 * @module core/code/resolve-seed
 * Which file of the graph a seed names (seed 003's heuristics, in order): the exact path, the
 * same path in another case, another extension of the same module (`.js` written for a `.ts`
 * file, a folder for its `index`), then the best-scored file of the same base name. Topic
 * matching (a request in words) is the planner's, through hybrid search.
 */
import { SextantError } from '../../kernel/errors.js';

export type SeedMatch = 'exact' | 'case-insensitive' | 'extension' | 'basename' | 'topic';

export interface SeedResolution {
  id: string;
  how: SeedMatch;
}

const MODULE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs'];
const EXTENSION = /(\.d\.ts|\.[a-z0-9]+)$/i;

/**
 * A seed as a workspace-relative path with forward slashes; `..`, absolute paths and drive
 * letters are refused (seed 003 "Path Security"), an absolute path inside `root` is made relative.
 */
export function normalizeSeedPath(seed: string, root?: string): string {
  let path = seed.trim().replace(/\\/g, '/');
  const base = root?.replace(/\\/g, '/').replace(/\/+$/, '');
  if (base && path.startsWith(`${base}/`)) path = path.slice(base.length + 1);
  if (path.startsWith('/') || /^[a-z]:\//i.test(path) || path.split('/').includes('..'))
    throw new SextantError('USAGE', `seed file '${seed}' must be a path inside the repository`, {
      hint: 'give it relative to the repository root, e.g. src/index.ts',
    });
  return path
    .replace(/\/{2,}/g, '/')
    .split('/')
    .filter((part, i, all) => part !== '.' || all.length === 1)
    .join('/')
    .replace(/\/{2,}/g, '/')
    .replace(/\/$/, '');
}

export function exactMatch(seed: string, nodes: readonly string[]): string | null {
  return nodes.includes(seed) ? seed : null;
}

export function caseInsensitiveMatch(seed: string, nodes: readonly string[]): string | null {
  const wanted = seed.toLowerCase();
  return nodes.find((n) => n.toLowerCase() === wanted) ?? null;
}

const stem = (path: string) => path.replace(EXTENSION, '');

/** `a/b.js` → `a/b.ts`, `a/b` → `a/b.tsx`, `a/b` → `a/b/index.ts`: the first candidate in extension order. */
export function extensionSwaps(seed: string, nodes: readonly string[]): string | null {
  const byLower = new Map<string, string>();
  for (const n of nodes) if (!byLower.has(n.toLowerCase())) byLower.set(n.toLowerCase(), n);
  const hasModuleExtension = MODULE_EXTENSIONS.some((e) => seed.toLowerCase().endsWith(e));
  const bases = [...new Set([hasModuleExtension ? stem(seed) : seed, seed])];
  for (const base of bases) {
    for (const candidate of [...MODULE_EXTENSIONS.map((e) => base + e), ...MODULE_EXTENSIONS.map((e) => `${base}/index${e}`)]) {
      const hit = byLower.get(candidate.toLowerCase());
      if (hit && hit !== seed) return hit;
    }
  }
  return null;
}

/**
 * Files whose base name (without extension) equals the seed's, scored by how many trailing
 * folder names they share with it; ties go to the shorter path, then the first in order.
 */
export function basenameScoring(seed: string, nodes: readonly string[]): string | null {
  const parts = stem(seed).toLowerCase().split('/');
  const name = parts.at(-1)!;
  if (!name) return null;
  let best: { node: string; score: number } | null = null;
  for (const node of nodes) {
    const nodeParts = stem(node).toLowerCase().split('/');
    if (nodeParts.at(-1) !== name) continue;
    let score = 1;
    while (score < parts.length && score < nodeParts.length && parts[parts.length - 1 - score] === nodeParts[nodeParts.length - 1 - score]) score++;
    if (!best || score > best.score || (score === best.score && node.length < best.node.length)) best = { node, score };
  }
  return best?.node ?? null;
}

/** The path heuristics in order; null when none matches (the caller may then try the topic). */
export function resolveSeedPath(seed: string, nodes: readonly string[]): SeedResolution | null {
  const steps: Array<[SeedMatch, (s: string, n: readonly string[]) => string | null]> = [
    ['exact', exactMatch],
    ['case-insensitive', caseInsensitiveMatch],
    ['extension', extensionSwaps],
    ['basename', basenameScoring],
  ];
  for (const [how, step] of steps) {
    const id = step(seed, nodes);
    if (id) return { id, how };
  }
  return null;
}
