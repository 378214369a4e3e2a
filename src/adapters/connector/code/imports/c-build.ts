/**
 * @module adapters/connector/code/imports/c-build
 * The include folders a C or C++ project's build gives its files, each workspace-relative:
 * - a `compile_commands.json` (CMake's, Bear's, Meson's): each entry's `-iquote`, `-I`, `/I` and
 *   `-isystem` folders and `-include` files, from its `arguments` or `command`, relative to its
 *   `directory`, for that entry's file; a file no entry compiles (a header) gets those of the
 *   entries in its folder, or else in the nearest folder above it that has some; a database made
 *   on another machine (its files under `/home/ci/proj` while the tree is elsewhere) has its paths
 *   moved from the root it had, the one its files' longest endings found in the tree agree on;
 * - a `Makefile`, `*.mk` or automake's `Makefile.am`: the `-I` folders of its `…CFLAGS`,
 *   `…CPPFLAGS`, `…CXXFLAGS` and `…INCLUDES` assignments, relative to its folder (`$(srcdir)`,
 *   `$(CURDIR)`; `$(top_srcdir)` is the root), for the files under that folder (the nearest
 *   Makefile's first).
 * A folder outside the tree, or named through a variable the file does not set, is none.
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, posix, relative, resolve, sep } from 'node:path';

/** Where the compiler looks for one file's includes, first searched first. */
export interface CSearchPath {
  /** `-iquote` folders: for quoted includes only, before the others. */
  quote: string[];
  /** `-I`, `/I`, then `-isystem` folders, and the folders of the Makefiles above the file. */
  dirs: string[];
  /** Files a compile command includes before the file's first line (`-include`), workspace-relative. */
  forced: string[];
}

interface Entry {
  quote: string[];
  dirs: string[];
  forced: string[];
}

export const COMPILE_DB = /(^|\/)compile_commands\.json$/;
export const MAKEFILE = /(^|\/)(?:GNUmakefile|[Mm]akefile|Makefile\.am|[^/]+\.mk)$/;

/** A shell command line split into its words (quotes and backslashes as a POSIX shell reads them). */
export function shellWords(command: string): string[] {
  const out: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (/\s/.test(c)) {
      if (word !== null) out.push(word);
      word = null;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      word = (word ?? '') + command.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? command.length : end;
    } else if (c === '"') {
      word ??= '';
      for (i++; i < command.length && command[i] !== '"'; i++) word += command[i] === '\\' && /["\\$`]/.test(command[i + 1] ?? '') ? command[++i] : command[i];
    } else if (c === '\\' && i + 1 < command.length) word = (word ?? '') + command[++i];
    else word = (word ?? '') + c;
  }
  if (word !== null) out.push(word);
  return out;
}

/** The flags of a compiler's arguments that name include folders and forced includes (paths as written). */
export function includeFlags(args: readonly string[]): Entry {
  const out: Entry = { quote: [], dirs: [], forced: [] };
  const system: string[] = [];
  // `/I` and `/FI` are MSVC's (clang-cl's) flags; for another compiler a word like that is a path
  const msvc = /(^|[\\/])(?:cl|clang-cl)(?:\.exe)?$/i.test(args[0] ?? '');
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const m = /^(-iquote|-isystem|-I|\/I|-include|\/FI)(.*)$/.exec(a);
    if (!m || (!msvc && m[1]!.startsWith('/'))) continue;
    const [, flag, rest] = m;
    // `-include` takes its file as the next word; `-include-pch` and the like are other flags
    if (flag === '-include' && rest) continue;
    const value = rest || args[++i];
    if (!value) continue;
    if (flag === '-iquote') out.quote.push(value);
    else if (flag === '-isystem') system.push(value);
    else if (flag === '-include' || flag === '/FI') out.forced.push(value);
    else out.dirs.push(value);
  }
  out.dirs.push(...system);
  return out;
}

/** Workspace-relative form of `path` (from `cwd`), or null when it leaves the tree; `moved` turns a path of another machine into this tree's. */
function inTree(roots: readonly string[], cwd: string, path: string, moved: (full: string) => string = (full) => full): string | null {
  const full = moved(resolve(cwd, path));
  for (const root of roots) {
    const rel = relative(root, full);
    if (rel === '') return '';
    if (!rel.startsWith('..') && !isAbsolute(rel)) return rel.split(sep).join('/');
  }
  return null;
}

const union = (lists: readonly string[][]): string[] => [...new Set(lists.flat())];

/**
 * The folder a database made on another machine had for the tree (`/home/ci/proj` for
 * `/home/ci/proj/src/a.c` when `src/a.c` is a file of the tree): for each entry's file the longest
 * of its path's endings that the tree holds, the root most entries agree on. Null when some entry's
 * file is already a file of the tree, or none ends like one.
 */
export function foreignRoot(files: readonly string[], known: ReadonlySet<string>): string | null {
  const votes = new Map<string, number>();
  for (const file of files) {
    const parts = posix.normalize(file).split('/');
    for (let k = 1; k < parts.length; k++) {
      if (!known.has(parts.slice(k).join('/'))) continue;
      const root = parts.slice(0, k).join('/') || '/';
      votes.set(root, (votes.get(root) ?? 0) + 1);
      break;
    }
  }
  let best: string | null = null;
  for (const [root, n] of votes) if (best === null || n > votes.get(best)!) best = root;
  return best;
}

/** Each compiled file's entry, from the tree's compile_commands.json files (`known`: the tree's files). */
function compileEntries(roots: readonly string[], databases: ReadonlyArray<{ path: string; text: string }>, known: ReadonlySet<string>): Map<string, Entry> {
  const out = new Map<string, Entry>();
  for (const db of databases) {
    let entries: unknown;
    try {
      entries = JSON.parse(db.text);
    } catch {
      continue;
    }
    if (!Array.isArray(entries)) continue;
    // a relative `directory` is the database's own folder's
    const listed = (entries as Array<Record<string, unknown>>)
      .filter((e) => typeof e?.file === 'string')
      .map((e) => ({ e, cwd: resolve(roots[0]!, posix.dirname(db.path), typeof e.directory === 'string' ? e.directory : '.') }));
    // made on another machine: its paths under the root it had are this tree's (nothing outside the tree is read)
    const native = listed.some(({ e, cwd }) => known.has(inTree(roots, cwd, e.file as string) ?? ''));
    const outside = listed.filter(({ e, cwd }) => inTree(roots, cwd, e.file as string) === null);
    const from = native
      ? null
      : foreignRoot(
          outside.map(({ e, cwd }) => posix.resolve(cwd, e.file as string)),
          known,
        );
    const moved = (full: string) =>
      from === null ? full : from === '/' ? posix.join(roots[0]!, full) : full.startsWith(`${from}/`) ? posix.join(roots[0]!, full.slice(from.length)) : full;
    for (const { e, cwd: written } of listed) {
      const cwd = moved(written);
      const file = inTree(roots, cwd, e.file as string, moved);
      if (!file || out.has(file)) continue;
      const args = Array.isArray(e.arguments)
        ? e.arguments.filter((a): a is string => typeof a === 'string')
        : typeof e.command === 'string'
          ? shellWords(e.command)
          : [];
      const flags = includeFlags(args);
      const rel = (paths: string[]) => paths.map((p) => inTree(roots, cwd, p, moved)).filter((p): p is string => p !== null);
      out.set(file, { quote: rel(flags.quote), dirs: rel(flags.dirs), forced: rel(flags.forced) });
    }
  }
  return out;
}

const FLAGS_ASSIGNMENT = /^[ \t]*(?:(?:override|export)[ \t]+)*([A-Za-z_][\w.]*)[ \t]*(?:::|:|\+|\?|!)?=(.*)$/gm;
const FLAG_VARIABLE = /(?:CFLAGS|CPPFLAGS|CXXFLAGS|INCLUDES?|INCS?)$/;

/** The `-I` folders a Makefile's flag assignments name, relative to the tree's root. */
export function makefileDirs(path: string, text: string): string[] {
  const here = posix.dirname(path) === '.' ? '' : posix.dirname(path);
  // the root, from this folder
  const top = here
    ? here
        .split('/')
        .map(() => '..')
        .join('/')
    : '.';
  const out: string[] = [];
  const lines = text.replace(/\\\r?\n/g, ' ');
  for (const m of lines.matchAll(FLAGS_ASSIGNMENT)) {
    if (!FLAG_VARIABLE.test(m[1]!.toUpperCase())) continue;
    const value = m[2]!.replace(/#.*$/, '');
    for (let dir of includeFlags(shellWords(value)).dirs) {
      dir = dir.replace(/^\$[({](?:srcdir|abs_srcdir|builddir|CURDIR)[)}]\/?/, './').replace(/^\$[({](?:top_srcdir|abs_top_srcdir)[)}]\/?/, `${top}/`);
      if (/[$()]/.test(dir) || dir.startsWith('/')) continue; // a variable's value, or a folder outside the tree
      const rel = posix.normalize(posix.join(here, dir));
      if (rel.startsWith('..')) continue;
      out.push(rel === '.' ? '' : rel.replace(/\/$/, ''));
    }
  }
  return out;
}

/** The folders (and forced includes) the build gives each file, from the configs among `configs`; `root` is the tree's folder, `known` its files. */
export function cBuildPaths(root: string, configs: ReadonlyArray<{ path: string; text: string }>, known: ReadonlySet<string>): (file: string) => CSearchPath {
  let real = root;
  try {
    real = realpathSync(root);
  } catch {
    // the folder as given
  }
  const roots = real === root ? [root] : [root, real];
  const compiled = compileEntries(
    roots,
    configs.filter((c) => COMPILE_DB.test(c.path)),
    known,
  );
  // the entries of each folder, for the files no entry compiles
  const byFolder = new Map<string, Entry[]>();
  for (const [file, entry] of compiled) {
    const folder = posix.dirname(file);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), entry]);
  }
  const folderPaths = new Map<string, Entry>();
  for (const [folder, entries] of byFolder)
    folderPaths.set(folder, { quote: union(entries.map((e) => e.quote)), dirs: union(entries.map((e) => e.dirs)), forced: [] });
  const makefiles = new Map<string, string[]>();
  for (const c of configs.filter((c) => MAKEFILE.test(c.path))) {
    const dirs = makefileDirs(c.path, c.text);
    const folder = posix.dirname(c.path);
    if (dirs.length) makefiles.set(folder, union([makefiles.get(folder) ?? [], dirs]));
  }
  return (file) => {
    let own: Entry | undefined = compiled.get(file);
    const made: string[][] = [];
    for (let folder = posix.dirname(file); ; folder = posix.dirname(folder)) {
      own ??= folderPaths.get(folder);
      const dirs = makefiles.get(folder);
      if (dirs) made.push(dirs);
      if (folder === '.' || folder === '/') break;
    }
    return { quote: own?.quote ?? [], dirs: union([own?.dirs ?? [], ...made]), forced: own?.forced ?? [] };
  };
}
