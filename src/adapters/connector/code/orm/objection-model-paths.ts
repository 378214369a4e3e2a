/**
 * @module adapters/connector/code/orm/objection-model-paths
 * The folders an Objection.js model searches, in order, for a relation's `modelClass` given as a
 * path (`modelClass: 'Animal'`): its `modelPaths` (`static modelPaths = [__dirname]`, `static get
 * modelPaths() { return [path.join(__dirname, 'models')] }`, `Person.modelPaths = […]`), else
 * those of the class it extends, most often a shared `BaseModel` (known too by the name it is
 * exported as: `module.exports.Model = class BaseModel …`). Each folder is a project path; one
 * resolved without `__dirname` (`path.resolve('src/models')`) is the project's root's.
 */
import { posix } from 'node:path';
import { closingBracket } from '../text/brackets.js';
import { escapeName, topLevelArgs } from '../text/call-reading.js';
import { importedFrom, resolveModule } from '../text/imported-from.js';

/** A class of the project, as its model paths are found. */
export interface ClassAt {
  name: string;
  /** The class it extends, as written (`BaseModel`, `Model`). */
  base: string | undefined;
  path: string;
  text: string;
}

interface DeclaredPaths {
  name: string;
  path: string;
  folders: string[];
}

const CLASS = /(?:\b(?:module\s*\.\s*)?exports\s*\.\s*([A-Za-z_$][\w$]*)\s*=\s*)?\bclass\s+([A-Za-z_$][\w$]*)(?:\s+extends\s+([\w$.]+))?[^{;]*\{/g;
/** `static modelPaths = [`, `static get modelPaths() { return [`: the list opens at the match's end. */
const OWN = /\bstatic\s+(?:modelPaths\s*(?::[^=;]+)?=|get\s+modelPaths\s*\(\s*\)\s*(?::[^{]+)?\{\s*return)\s*\[/;
/** `Person.modelPaths = [`. */
const ASSIGNED = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.\s*modelPaths\s*=\s*\[/g;

/** A folder as written, from the file at `path`: `__dirname`, `path.join(__dirname, 'models')`, `` `${__dirname}/models` ``, `__dirname + '/models'`. */
function folderOf(path: string, written: string): string | undefined {
  const here = posix.dirname(path);
  if (/^__dirname$/.test(written)) return here;
  const rooted = /^(?:path\s*\.\s*)?resolve\s*\(\s*['"]([^'"]+)['"]\s*\)$/.exec(written)?.[1];
  if (rooted) return posix.normalize(rooted);
  const joined = /^(?:path\s*\.\s*)?(?:join|resolve)\s*\(\s*__dirname\s*,([^()]*)\)$/.exec(written)?.[1];
  const parts = joined
    ? [...joined.matchAll(/['"`]([^'"`]*)['"`]/g)].map((m) => m[1]!)
    : [/^(?:`\$\{\s*__dirname\s*\}|__dirname\s*\+\s*['"])\/([^'"`]*)['"`]$/.exec(written)?.[1]];
  if (parts.some((p) => p === undefined)) return undefined;
  return posix.normalize(posix.join(here, ...(parts as string[])));
}

/** The folders of the list whose `[` is at `open`, those it writes from `__dirname`. */
function foldersAt(path: string, text: string, open: number): string[] {
  const close = closingBracket(text, open);
  if (close < 0) return [];
  return topLevelArgs(text.slice(open + 1, close)).flatMap((written) => {
    const folder = folderOf(path, written.trim());
    return folder ? [folder] : [];
  });
}

/** The model paths the project's classes declare, and the folders a class searches. */
export function objectionModelPaths(files: ReadonlyArray<{ path: string; text: string }>) {
  const declared: DeclaredPaths[] = [];
  const classes: ClassAt[] = [];
  for (const { path, text } of files) {
    for (const c of text.matchAll(CLASS)) {
      const open = c.index + c[0].length - 1;
      const body = text.slice(open, closingBracket(text, open) + 1 || text.length);
      const names = [c[2]!, ...(c[1] && c[1] !== c[2] ? [c[1]] : [])];
      classes.push(...names.map((name) => ({ name, base: c[3], path, text })));
      const own = OWN.exec(body);
      const folders = own ? foldersAt(path, text, open + own.index + own[0].length - 1) : undefined;
      if (folders) declared.push(...names.map((name) => ({ name, path, folders })));
    }
    if (text.includes('modelPaths'))
      for (const m of text.matchAll(ASSIGNED)) declared.push({ name: m[1]!, path, folders: foldersAt(path, text, m.index + m[0].length - 1) });
  }
  const paths = new Set(files.map((f) => f.path));
  const exists = (path: string) => paths.has(path);
  /** The class named `name` as seen from `from`: its own file's, else the one it imports, else the only one (none when it is objection's own). */
  const classSeen = (name: string, from: ClassAt): ClassAt | undefined => {
    if (new RegExp(String.raw`\b${escapeName(name)}\b[^;\n]*(?:from\s*|require\s*\(\s*)['"]objection['"]`).test(from.text)) return undefined;
    const named = classes.filter((c) => c.name === name);
    const module = importedFrom(from.text, name);
    const imported = module ? resolveModule(from.path, module, exists) : undefined;
    return named.find((c) => c.path === from.path) ?? named.find((c) => c.path === imported) ?? (named.length === 1 ? named[0] : undefined);
  };
  const search = (at: ClassAt, depth: number): string[] | undefined => {
    const own = declared.find((d) => d.name === at.name && d.path === at.path);
    if (own) return own.folders;
    const base = depth < 8 && at.base ? classSeen(at.base, at) : undefined;
    return base ? search(base, depth + 1) : undefined;
  };
  return {
    /** The folders the class searches for a relation's model given as a path; undefined when it declares none. */
    foldersOf: (at: ClassAt): string[] | undefined => search(at, 0),
  };
}
