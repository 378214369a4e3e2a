/**
 * @module core/code/resolve-seed
 * Which file of the graph a seed names (seed 003's heuristics, in order): the exact path, the
 * same path in another case, another extension of the same module (`.js` written for a `.ts`
 * file, a folder for its `index`), a package or module name (a package of the tree `@org/ui`, a
 * Go import path, recorded by the scan as the files' `importNames`; a Python dotted module
 * `click.core`, a Java class `com.acme.Foo`, read from the paths), then the best-scored file of
 * the same base name. Topic
 * matching (a request in words) is the planner's, through hybrid search.
 */
import { SextantError } from '../../kernel/errors.js';
import { folderOf } from '../../kernel/workspace-path.js';

/** How a plan's seed was found: a path match, the request's topic, or the topic by meaning alone (no file says a word of it). */
export type SeedMatch = 'exact' | 'case-insensitive' | 'extension' | 'package' | 'module' | 'basename' | 'topic' | 'meaning';

/** Path matches from the surest to the loosest, as `resolveSeedPath` tries them. */
export const SEED_MATCH_ORDER: readonly SeedMatch[] = Object.freeze(['exact', 'case-insensitive', 'extension', 'package', 'module', 'basename']);

/** What the scan recorded beyond the paths: the files each package name is imported by, a file's importer count. */
export interface SeedHints {
  /** Lower-cased name → files. */
  names?: ReadonlyMap<string, readonly string[]>;
  importers?: (id: string) => number;
}

export interface SeedResolution {
  id: string;
  how: SeedMatch;
  /** Other files a base name matches as well as `id` does (the seed is ambiguous), shortest path first. */
  others?: string[];
}

const MODULE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs'];
/** Single-file components: added to a seed written without an extension, never swapped for a module's. */
const COMPONENT_EXTENSIONS = ['.vue', '.svelte', '.astro'];
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

/** `a/b.js` → `a/b.ts`, `a/b` → `a/b.tsx`, `a/Button` → `a/Button.vue`, `a/b` → `a/b/index.ts`: the first candidate in extension order. */
export function extensionSwaps(seed: string, nodes: readonly string[]): string | null {
  const byLower = new Map<string, string>();
  for (const n of nodes) if (!byLower.has(n.toLowerCase())) byLower.set(n.toLowerCase(), n);
  const hasModuleExtension = MODULE_EXTENSIONS.some((e) => seed.toLowerCase().endsWith(e));
  const bases = [...new Set([hasModuleExtension ? stem(seed) : seed, seed])];
  for (const base of bases) {
    const components = base === seed && !hasModuleExtension ? COMPONENT_EXTENSIONS.map((e) => base + e) : [];
    for (const candidate of [...MODULE_EXTENSIONS.map((e) => base + e), ...components, ...MODULE_EXTENSIONS.map((e) => `${base}/index${e}`)]) {
      const hit = byLower.get(candidate.toLowerCase());
      if (hit && hit !== seed) return hit;
    }
  }
  return null;
}

/**
 * Files whose base name (without extension) equals the seed's and that share the most trailing
 * folder names with it, shortest path first (then the first in order): `app.py` names both
 * `src/flask/app.py` and `src/flask/sansio/app.py`, `sansio/app.py` only the second.
 */
export function basenameMatches(seed: string, nodes: readonly string[]): string[] {
  const parts = stem(seed).toLowerCase().split('/');
  const name = parts.at(-1)!;
  if (!name) return [];
  let best: string[] = [];
  let bestScore = 0;
  for (const node of nodes) {
    const nodeParts = stem(node).toLowerCase().split('/');
    if (nodeParts.at(-1) !== name) continue;
    let score = 1;
    while (score < parts.length && score < nodeParts.length && parts[parts.length - 1 - score] === nodeParts[nodeParts.length - 1 - score]) score++;
    if (score > bestScore) [best, bestScore] = [[node], score];
    else if (score === bestScore) best.push(node);
  }
  return best.sort((a, b) => a.length - b.length);
}

/** The best of `basenameMatches`, or null. */
export function basenameScoring(seed: string, nodes: readonly string[]): string | null {
  return basenameMatches(seed, nodes)[0] ?? null;
}

/**
 * The file a package name names: its recorded entry (a Go package's files: the one named like the
 * import path's last segment, else the most imported, else the shortest path), or, for a subpath of a recorded name
 * (`@org/ui/theme` without an `exports` entry), that path beside the package's entry.
 */
export function packageMatch(seed: string, nodes: readonly string[], hints: SeedHints = {}): string | null {
  const names = hints.names;
  if (!names?.size) return null;
  const files = names.get(seed.toLowerCase()) ?? [];
  if (files.length) {
    // a Go package's file named like its last path segment (`…/cobra/doc` → doc/doc.go, the module root `…/cobra` → cobra.go)
    const last = seed.toLowerCase().split('/').at(-1)!;
    const named = files.find((f) => stem(f.split('/').at(-1)!).toLowerCase() === last);
    if (named) return named;
    const count = hints.importers ?? (() => 0);
    return [...files].sort((a, b) => count(b) - count(a) || a.length - b.length || a.localeCompare(b))[0]!;
  }
  const parts = seed.split('/');
  for (let n = parts.length - 1; n >= 1; n--) {
    const entry = names.get(parts.slice(0, n).join('/').toLowerCase())?.[0];
    if (!entry) continue;
    const beside = [folderOf(entry), ...parts.slice(n)].filter(Boolean).join('/');
    return exactMatch(beside, nodes) ?? extensionSwaps(beside, nodes);
  }
  return null;
}

const DOTTED = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/**
 * A Python dotted module (`click.core` → `click/core.py` or `src/click/core.py`, a package →
 * its `__init__.py`, `click` alone too) or a Java/Kotlin fully qualified class (`com.google.gson.Gson`), under any
 * folder; the shortest path wins. A name inside one (`click.core.Command`, a nested class
 * `com.google.gson.Gson.Builder`) is its module's or class's file, while two names at least remain
 * (`utils.ts` is no member of a package `utils`).
 */
export function dottedModuleMatch(seed: string, nodes: readonly string[]): string | null {
  if (!DOTTED.test(seed)) return null;
  const parts = seed.split('.');
  for (let n = parts.length; n === parts.length || n >= 2; n--) {
    const rel = parts.slice(0, n).join('/');
    // one name alone is a Python package (its file of the same name is the base-name step's)
    const wanted = n > 1 ? [`${rel}.py`, `${rel}/__init__.py`, `${rel}.java`, `${rel}.kt`] : [`${rel}/__init__.py`];
    let best: string | null = null;
    for (const node of nodes) if (wanted.some((w) => node === w || node.endsWith(`/${w}`)) && (!best || node.length < best.length)) best = node;
    if (best) return best;
  }
  return null;
}

/** The path heuristics in order; null when none matches (the caller may then try the topic). */
export function resolveSeedPath(seed: string, nodes: readonly string[], hints: SeedHints = {}): SeedResolution | null {
  const steps: Array<[SeedMatch, (s: string, n: readonly string[]) => string | null]> = [
    ['exact', exactMatch],
    ['case-insensitive', caseInsensitiveMatch],
    ['extension', extensionSwaps],
    ['package', (s, n) => packageMatch(s, n, hints)],
    ['module', dottedModuleMatch],
  ];
  for (const [how, step] of steps) {
    const id = step(seed, nodes);
    if (id) return { id, how };
  }
  const [id, ...others] = basenameMatches(seed, nodes);
  if (!id) return null;
  return others.length ? { id, how: 'basename', others } : { id, how: 'basename' };
}
