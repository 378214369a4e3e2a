/**
 * @module adapters/connector/code/orm/drizzle-joins
 * The joins Drizzle ORM's schema declares, whether or not a foreign key exists (a project on
 * PlanetScale, or one that never ran `drizzle-kit` for keys, declares them only in code):
 * - a relation: `relations(posts, ({ one }) => ({ author: one(users, { fields: [posts.authorId], references: [users.id] }) }))`
 *   joins the table of `fields` to the table of `references`, owned by the file calling `relations`;
 * - a column's reference: `authorId: integer('author_id').references(() => users.id)` joins its table
 *   to the table referenced, owned by the file declaring the table;
 * - a table's `foreignKey({ columns: [t.authorId], foreignColumns: [users.id] })` (its third argument)
 *   joins it on those columns together (`foreignColumns: [t.id]` naming its own).
 * Tables are the project's Drizzle tables by their variables (drizzle-refs.ts); a column is named by
 * its builder's first argument (`integer('author_id')`), else by its key, in snake case when the
 * project asks Drizzle for `casing: 'snake_case'`. A variable two files declare is read in the file
 * naming it, else left out.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { callArgs, escapeName } from '../text/call-reading.js';
import { joinsByFile } from './declared-joins.js';
import type { OrmTableRef } from './orm-reader.js';
import { snake } from './name-case.js';
import { blankComments } from '../text/script-blocks.js';

interface DrizzleTable {
  table: string;
  /** Column key → its column. */
  columns: Map<string, string>;
  /** `.references(() => users.id)` of its columns. */
  references: Array<{ key: string; target: string; targetKey: string; index: number }>;
  path: string;
  text: string;
}

type Relation = { from: string; fields: string[]; target: string; references: string[]; index: number };

/** The pieces of `text` between depth-0 commas (brackets and strings respected). */
function topLevel(text: string): Array<{ part: string; at: number }> {
  const parts: Array<{ part: string; at: number }> = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote && text[i - 1] !== '\\') quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      parts.push({ part: text.slice(start, i), at: start });
      start = i + 1;
    }
  }
  if (text.slice(start).trim()) parts.push({ part: text.slice(start), at: start });
  return parts;
}

/** The body of the first `{…}` of `text` from `from`, with where it starts; undefined without one. */
function objectBody(text: string, from = 0): { body: string; at: number } | undefined {
  const open = text.indexOf('{', from);
  if (open < 0) return undefined;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return { body: text.slice(open + 1, i), at: open + 1 };
  }
  return undefined;
}

/** `a.b` or `schema.a.b` → [a, b]: the table variable and its key. */
const member = (written: string): [string, string] | undefined => {
  const parts = written.trim().split('.');
  return parts.length >= 2 ? [parts.at(-2)!, parts.at(-1)!] : undefined;
};

const REFERENCES = /\.references\s*\(\s*\(\s*\)\s*(?::\s*[\w$.<>]+\s*)?=>\s*([\w$.]+)/;

/** The columns of the table declared by `const <variable> = …('<name>', { … })` in `text`, and their references. */
function tableColumns(text: string, variable: string, snakeCase: boolean): Omit<DrizzleTable, 'table' | 'path' | 'text'> | undefined {
  const declaration = new RegExp(String.raw`\b(?:const|let|var)\s+${escapeName(variable)}\s*(?::[^=;]*)?=`).exec(text);
  if (!declaration) return undefined;
  // the table's call: its name, then its columns (`pgSchema('auth')` before `.table('users', …)` takes no second argument)
  const call = /\(\s*['"`][^'"`]+['"`]\s*,/.exec(text.slice(declaration.index, declaration.index + 400));
  if (!call) return undefined;
  const open = declaration.index + call.index;
  const args = callArgs(text, open);
  const [, second] = topLevel(args);
  const object = second && objectBody(second.part);
  if (!object) return undefined;
  const columns = new Map<string, string>();
  const references: DrizzleTable['references'] = [];
  for (const { part, at } of topLevel(object.body)) {
    const m = /^\s*['"]?([\w$]+)['"]?\s*:\s*(?:[\w$]+\.)?[\w$]+\s*\(\s*(?:['"`]([^'"`]+)['"`])?/.exec(part);
    if (!m) continue;
    const key = m[1]!;
    columns.set(key, m[2] ?? (snakeCase ? snake(key) : key));
    const target = REFERENCES.exec(part);
    const referenced = target && member(target[1]!);
    if (referenced) references.push({ key, target: referenced[0], targetKey: referenced[1], index: open + 1 + second.at + object.at + at + part.search(/\S/) });
  }
  return { columns, references };
}

/**
 * The lists `from` and `to` of an options object (`fields: [posts.authorId], references: [users.id]`),
 * each member as its table variable and key; undefined unless both are given, as long, and all members.
 */
function keyLists(options: string, from: string, to: string): { from: Array<[string, string]>; to: Array<[string, string]> } | undefined {
  const list = (name: string) =>
    (new RegExp(String.raw`\b${name}\s*:\s*\[([^\]]*)\]`).exec(options)?.[1] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(member);
  const [a, b] = [list(from), list(to)];
  if (!a.length || a.length !== b.length || [...a, ...b].some((m) => !m)) return undefined;
  return { from: a as Array<[string, string]>, to: b as Array<[string, string]> };
}

/** `relations(posts, ({ one }) => ({ author: one(users, { fields: [posts.authorId], references: [users.id] }) }))` in `text`. */
function relationsOf(text: string): Relation[] {
  const out: Relation[] = [];
  for (const call of text.matchAll(/\brelations\s*\(/g)) {
    const args = callArgs(text, call.index + call[0].length - 1);
    const argsAt = call.index + call[0].length;
    for (const one of args.matchAll(/\bone\s*\(\s*([\w$.]+)\s*,/g)) {
      const options = callArgs(args, one.index + one[0].indexOf('('));
      const lists = keyLists(options, 'fields', 'references');
      if (!lists) continue;
      out.push({
        from: lists.from[0]![0],
        fields: lists.from.map((f) => f[1]),
        target: lists.to[0]![0],
        references: lists.to.map((r) => r[1]),
        index: argsAt + one.index,
      });
    }
  }
  return out;
}

/**
 * A table's `foreignKey({ columns: [t.authorId], foreignColumns: [users.id] })` in its third argument,
 * `from` the table whose declaration encloses it (one of `own`, the file's tables by variable).
 */
function foreignKeysOf(text: string, own: ReadonlyMap<string, DrizzleTable> | undefined): Relation[] {
  if (!own?.size) return [];
  const out: Relation[] = [];
  for (const call of text.matchAll(/\bforeignKey\s*\(\s*\{/g)) {
    const declaration = [...text.slice(0, call.index).matchAll(/\b(?:const|let|var)\s+([\w$]+)\s*(?::[^=;]*)?=/g)].filter((d) => own.has(d[1]!)).at(-1);
    if (!declaration) continue;
    const declared = declaration[1]!;
    // the third argument's parameter stands for the table itself: `(t) => [foreignKey({ …, foreignColumns: [t.id] })]`
    const parameter = [...text.slice(declaration.index, call.index).matchAll(/(?:\(\s*([\w$]+)\s*(?::[^()]*)?\)|([\w$]+))\s*=>/g)].at(-1);
    const self = parameter?.[1] ?? parameter?.[2];
    const options = callArgs(text, call.index + call[0].indexOf('('));
    const lists = keyLists(options, 'columns', 'foreignColumns');
    if (!lists) continue;
    const target = lists.to[0]![0] === self ? declared : lists.to[0]![0];
    out.push({ from: declared, fields: lists.from.map((c) => c[1]), target, references: lists.to.map((c) => c[1]), index: call.index });
  }
  return out;
}

/**
 * The joins each file's Drizzle relations and column references declare, by the file's path.
 * `tablesOf`: the Drizzle tables each file declares (drizzle-refs.ts), by path.
 */
export function drizzleJoins(
  files: ReadonlyArray<{ path: string; text: string }>,
  tablesOf: ReadonlyMap<string, readonly OrmTableRef[]>,
): Map<string, DeclaredJoin[]> {
  if (![...tablesOf.values()].some((refs) => refs.length)) return new Map();
  // the files that declare tables, call relations(…) or set Drizzle's casing: the others say nothing of joins
  const read = files.filter((f) => tablesOf.get(f.path)?.length || /\brelations\s*\(|\bcasing\s*:/.test(f.text));
  const texts = new Map(read.map((f) => [f.path, blankComments(f.text)]));
  const snakeCase = [...texts.values()].some((t) => /\bcasing\s*:\s*['"]snake_case['"]/.test(t));
  // variable → its table; a variable two files declare is kept per file, and left out elsewhere
  const byFile = new Map<string, Map<string, DrizzleTable>>();
  const byVariable = new Map<string, DrizzleTable | null>();
  for (const [path, refs] of tablesOf) {
    const text = texts.get(path);
    if (!text) continue;
    for (const ref of refs) {
      if (!ref.model || ref.via !== 'drizzle') continue;
      const columns = tableColumns(text, ref.model, snakeCase);
      if (!columns) continue;
      const table: DrizzleTable = { table: ref.table, ...columns, path, text };
      byFile.set(path, (byFile.get(path) ?? new Map()).set(ref.model, table));
      byVariable.set(ref.model, byVariable.has(ref.model) ? null : table);
    }
  }
  const tableIn = (path: string, variable: string) => byFile.get(path)?.get(variable) ?? byVariable.get(variable) ?? undefined;
  const declaring: Array<{ table: string; relations: Relation[]; path: string; text: string }> = [];
  for (const [path, text] of texts) {
    const relations = [
      ...[...(byFile.get(path)?.entries() ?? [])].flatMap(([variable, t]) =>
        t.references.map((r) => ({ from: variable, fields: [r.key], target: r.target, references: [r.targetKey], index: r.index })),
      ),
      ...(/\brelations\s*\(/.test(text) ? relationsOf(text) : []),
      ...(/\bforeignKey\s*\(/.test(text) ? foreignKeysOf(text, byFile.get(path)) : []),
    ];
    for (const relation of relations) {
      const from = tableIn(path, relation.from);
      if (from) declaring.push({ table: from.table, relations: [relation], path, text });
    }
  }
  return joinsByFile(declaring, 'drizzle', (model, r) => {
    const from = tableIn(model.path, r.from);
    const target = tableIn(model.path, r.target);
    if (!from || !target) return null;
    return {
      references: target.table,
      columns: r.fields.map((f) => from.columns.get(f)),
      referencedColumns: r.references.map((k) => target.columns.get(k)),
      index: r.index,
    };
  });
}
