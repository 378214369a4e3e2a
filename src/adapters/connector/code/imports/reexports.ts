/**
 * @module adapters/connector/code/imports/reexports
 * What a JavaScript or TypeScript file imports by name and passes on, read as written: its import
 * clauses (`import { users as u } from './schema'`, `import * as schema from …`) and its re-exports
 * (`export * from './schema/users'`, `export { users, posts as articles } from './schema/posts'`),
 * and the files a file's imports reach through the barrels it imports: each imported file, and the
 * files those re-export from, with the names they pass on.
 */
import { posix } from 'node:path';
import { folderOf } from '../../../../kernel/workspace-path.js';
import type { FileImport } from '../../../../ports/code.js';

/** A name brought in or passed on: `name` as the other file exports it, `local` as this file calls it. */
export interface NameEntry {
  name: string;
  local: string;
}

/** The names of a `{ a, b as c }` clause; `type` entries are no values. */
function entries(list: string): NameEntry[] {
  return list.split(',').flatMap((entry) => {
    const parts = /^\s*([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?\s*$/.exec(entry);
    return parts ? [{ name: parts[1]!, local: parts[2] ?? parts[1]! }] : [];
  });
}

/** A file's value imports: the namespace of `import * as x`, and the names of `import { … }`. */
export function importClauses(text: string): Array<{ namespace?: string; names: NameEntry[] }> {
  return [...text.matchAll(/\bimport\s+(?!type\b)([\s\S]{0,2000}?)\s+from\s*['"][^'"]+['"]/g)].map((m) => {
    const namespace = /\*\s*as\s+([A-Za-z_$][\w$]*)/.exec(m[1]!)?.[1];
    return { ...(namespace ? { namespace } : {}), names: entries(/\{([^}]*)\}/.exec(m[1]!)?.[1] ?? '') };
  });
}

/** A re-export: every name of the file named (`names` absent), or those listed, by the name each is passed on as. */
export interface Reexport {
  specifier: string;
  names?: NameEntry[];
}

/** A file's re-exports: `export * from 'x'` and `export { a, b as c } from 'x'` (not `export * as ns`, nor `export type`). */
export function reexports(text: string): Reexport[] {
  return [...text.matchAll(/\bexport\s+(?!type\b)(\*|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/g)].map((m) =>
    m[1] === '*' ? { specifier: m[2]! } : { specifier: m[2]!, names: entries(m[1]!.slice(1, -1)) },
  );
}

const withoutExtension = (path: string) => path.replace(/\.[cm]?[jt]sx?$/, '');

/** The file among `imports` (those `from` imports) that a specifier names: relative to `from`, else by its path after an alias (`~/`, `@/`). */
function resolved(from: string, specifier: string, imports: readonly FileImport[]): string | undefined {
  const relative = specifier.startsWith('.');
  const target = relative ? posix.normalize(posix.join(folderOf(from), withoutExtension(specifier))) : specifier.replace(/^[~@#]\//, '');
  return imports.find((i) => {
    const path = withoutExtension(i.path);
    return relative ? path === target || path === `${target}/index` : path.endsWith(`/${target}`) || path.endsWith(`/${target}/index`);
  })?.path;
}

/** A file an importer reaches, with the names it is reached by when only some are (each file's name → the name the importer sees). */
export interface ReachedFile {
  path: string;
  names?: ReadonlyMap<string, string>;
}

/**
 * The files a file's imports reach: each file it imports, and through each re-export of those
 * (barrels of barrels too) the file re-exported from, with the names passed on.
 */
export function reachedFiles(
  path: string,
  imports: ReadonlyMap<string, readonly FileImport[]>,
  reexportsOf: (path: string) => readonly Reexport[],
): ReachedFile[] {
  const out: ReachedFile[] = [];
  const seen = new Set<string>();
  const visit = (file: string, names: ReadonlyMap<string, string> | undefined) => {
    if (seen.has(file) || seen.size > 200) return;
    seen.add(file);
    out.push(names ? { path: file, names } : { path: file });
    for (const r of reexportsOf(file)) {
      const target = resolved(file, r.specifier, imports.get(file) ?? []);
      if (!target) continue;
      // the names seen by the importer: the target's name → what this barrel passes it on as, then what the importer sees of that
      const passed = r.names ? new Map(r.names.map((e) => [e.name, e.local])) : undefined;
      const seenAs = !passed
        ? names
        : new Map([...passed].flatMap(([name, local]) => (names ? (names.has(local) ? [[name, names.get(local)!] as const] : []) : [[name, local] as const])));
      visit(target, seenAs);
    }
  };
  for (const i of imports.get(path) ?? []) visit(i.path, undefined);
  return out;
}

/**
 * What the files reached (`reachedFiles`) pass on of their own: `of` each file, each thing under the
 * name the importer sees it by (`name` reads it, `renamed` gives it another), a thing a barrel does
 * not pass on left out.
 */
export function passedOn<T>(
  reached: readonly ReachedFile[],
  of: (path: string) => readonly T[],
  name: (t: T) => string,
  renamed: (t: T, name: string) => T,
): T[] {
  return reached.flatMap((r) =>
    of(r.path).flatMap((t) => {
      if (!r.names) return [t];
      const seenAs = r.names.get(name(t));
      return seenAs === undefined ? [] : [seenAs === name(t) ? t : renamed(t, seenAs)];
    }),
  );
}
