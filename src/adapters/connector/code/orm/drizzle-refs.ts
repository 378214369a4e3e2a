/**
 * @module adapters/connector/code/orm/drizzle-refs
 * Drizzle ORM's tables, read from TypeScript or JavaScript as written (only names and lines are
 * kept). A file importing `drizzle-orm` declares a table by a variable,
 * `export const users = pgTable('users', { … })` (`mysqlTable`, `sqliteTable`, `singlestoreTable`,
 * a schema's `pgSchema('auth').table('users', …)` and a `pgTableCreator`'s function, whose
 * template's prefix and suffix are kept: `(name) => \`app_${name}\``), and links it `declares`,
 * `via: 'drizzle'`, the variable its model. A file uses a table by that variable, its own or
 * imported (`import { users } from './schema'`, `import { users as u } …`, `import * as schema …`
 * then `schema.users`), in a query: `.from(users)` and the joins read, `.insert(users)`,
 * `.update(users)` and `.delete(users)` write; the relational queries `db.query.users.findMany(…)`
 * read the table whose variable is that key, imported or not. A variable two tables of the project
 * share is the one the file imports the declaring file of, else none; a `.from(x)` of a name that is
 * no Drizzle table links nothing.
 */
import type { TableAccess } from '../../../../ports/code.js';
import { callArgs, escapeName, NAME_STRING, qualify } from '../text/call-reading.js';
import { tableMentions } from './table-mentions.js';
import { lineAt } from '../text/lines.js';
import type { OrmTableRef } from './orm-reader.js';
import { importClauses } from '../imports/reexports.js';
import { blankComments } from '../text/script-blocks.js';

const STR = NAME_STRING;
/** The functions that declare a table by a name given first. */
const TABLE_FUNCTIONS = 'pgTable|mysqlTable|sqliteTable|singlestoreTable';
/** The functions that declare a view by a name given first (linked to the catalog's view of that name). */
export const DRIZZLE_VIEW_FUNCTIONS = 'pgView|pgMaterializedView|mysqlView|sqliteView';
const CREATORS = 'pgTableCreator|mysqlTableCreator|sqliteTableCreator|singlestoreTableCreator';

const isScript = (language: string) => language === 'typescript' || language === 'javascript';
const namesDrizzle = (text: string) => /['"]drizzle-orm(?:\/[\w-]+)*['"]/.test(text);

/** `const x = <callee>(`: the variable and where its call's `(` is. */
function declared(text: string, callee: string): Array<{ name: string; index: number; open: number }> {
  const re = new RegExp(String.raw`\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]*)?=\s*(?:${callee})\s*(?:<[^>]*>)?\s*\(`, 'g');
  return [...text.matchAll(re)].map((m) => ({ name: m[1]!, index: m.index, open: m.index + m[0].length - 1 }));
}

/** A table creator's function, `const createTable = pgTableCreator((name) => \`app_${name}\`)`: its name, with the prefix and suffix of its template. */
export interface DrizzleCreator {
  name: string;
  prefix: string;
  suffix: string;
}

/** The table creators a file declares (a template other than `\`…${name}…\`` keeps the name as given). */
export function drizzleCreators(written: string, language: string): DrizzleCreator[] {
  if (!isScript(language) || !namesDrizzle(written)) return [];
  const text = blankComments(written);
  return declared(text, CREATORS).map((c) => {
    const shape = /^\s*\(?\s*([\w$]+)\s*\)?\s*=>\s*`([^`$]*)\$\{\s*([\w$]+)\s*\}([^`$]*)`/.exec(callArgs(text, c.open));
    const [prefix, suffix] = shape && shape[1] === shape[3] ? [shape[2]!, shape[4]!] : ['', ''];
    return { name: c.name, prefix, suffix };
  });
}

/** The creators of the files a file imports (`imported`, by the name they export) that it imports by name, under its own name for each. */
function importedCreators(text: string, imported: readonly DrizzleCreator[]): DrizzleCreator[] {
  if (!imported.length) return [];
  return importClauses(text).flatMap((clause) =>
    clause.names.flatMap((e) => {
      const creator = imported.find((c) => c.name === e.name);
      return creator ? [{ ...creator, name: e.local }] : [];
    }),
  );
}

/**
 * The Drizzle tables a file declares, each `declares` at its line, named by its variable (`model`).
 * `imported`: the table creators of the files it imports, by the name each exports (the
 * create-t3-app layout keeps `createTable` in one file and the tables in others).
 */
export function drizzleTables(written: string, language: string, imported: readonly DrizzleCreator[] = []): OrmTableRef[] {
  if (!isScript(language) || (!namesDrizzle(written) && !imported.length)) return [];
  const text = blankComments(written);
  const out: OrmTableRef[] = [];
  const add = (name: string, index: number, table: string | undefined, schema?: string) => {
    if (table) out.push({ table: qualify(schema, table), line: lineAt(text, index), via: 'drizzle', model: name, access: ['schema'] });
  };
  const firstString = (open: number) => new RegExp(String.raw`^\s*${STR}`).exec(callArgs(text, open))?.[1];
  for (const d of declared(text, `${TABLE_FUNCTIONS}|${DRIZZLE_VIEW_FUNCTIONS}`)) add(d.name, d.index, firstString(d.open));
  // a schema's tables: `const auth = pgSchema('auth')` then `auth.table('users', …)`, or `pgSchema('auth').table(…)` itself
  const schemas = new Map(declared(text, 'pgSchema|mysqlSchema').map((d) => [d.name, firstString(d.open)]));
  const schemaNames = [...schemas.keys()].map(escapeName);
  const onSchema = String.raw`(?:${[...schemaNames, String.raw`(?:pgSchema|mysqlSchema)\s*\(\s*${STR}\s*\)`].join('|')})\s*\.\s*(?:table|view|materializedView)`;
  for (const d of declared(text, onSchema)) {
    const head = text.slice(d.index, d.open);
    const schema = new RegExp(STR).exec(head)?.[1] ?? schemas.get(/=\s*([\w$]+)/.exec(head)?.[1] ?? '');
    add(d.name, d.index, firstString(d.open), schema);
  }
  // a table creator's function: `const createTable = pgTableCreator((name) => \`app_${name}\`)`, its own or imported from another file
  const creators = [...drizzleCreators(written, language), ...importedCreators(text, imported)];
  for (const c of creators)
    for (const d of declared(text, escapeName(c.name))) {
      const name = firstString(d.open);
      add(d.name, d.index, name && `${c.prefix}${name}${c.suffix}`);
    }
  return out.sort((a, b) => a.line - b.line);
}

/** A query's calls on a table: the select's source and joins read, insert, update and delete write. */
const QUERY_CALL = /^(?:from|(?:inner|left|right|full|cross)Join(?:Lateral)?|insert|update|delete)$/;

/**
 * The local names that stand for the project's Drizzle tables in a file: its own, those it imports
 * by name or through a namespace (`schema.users`), and the aliases of those (`alias(users, 'parent')`),
 * each to the table's ref.
 */
function tableNames(text: string, own: readonly OrmTableRef[], byModel: ReadonlyMap<string, OrmTableRef | null>): Map<string, OrmTableRef> {
  const names = new Map<string, OrmTableRef>();
  for (const clause of importClauses(text)) {
    if (clause.namespace) for (const [model, ref] of byModel) if (ref) names.set(`${clause.namespace}.${model}`, ref);
    for (const e of clause.names) {
      const ref = byModel.get(e.name);
      if (ref) names.set(e.local, ref);
    }
  }
  for (const ref of own) names.set(ref.model!, ref);
  // an alias stands for its table: `const parent = alias(users, 'parent')`
  for (const m of text.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*alias\s*\(\s*([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)?)\s*,/g)) {
    const ref = names.get(m[2]!.replace(/\s+/g, ''));
    if (ref) names.set(m[1]!, ref);
  }
  return names;
}

/** Drizzle's tables by their variable; `null` for a variable two tables share. */
function byVariable(tables: readonly OrmTableRef[]): Map<string, OrmTableRef | null> {
  const out = new Map<string, OrmTableRef | null>();
  for (const t of tables) if (t.via === 'drizzle' && t.model) out.set(t.model, out.has(t.model) && out.get(t.model)?.table !== t.table ? null : t);
  return out;
}

/**
 * The Drizzle tables a file uses (`tables`: every table the project declares, this file's too),
 * each once at its first use, with what its calls do. A variable two tables of the project share
 * stands for the one declared by a file this file imports (`imported`), when only one is. `own`:
 * the tables the file declares itself, when the scan has read them already.
 */
export function drizzleUses(
  written: string,
  language: string,
  tables: readonly OrmTableRef[],
  imported: readonly OrmTableRef[] = [],
  own: readonly OrmTableRef[] = drizzleTables(written, language),
): OrmTableRef[] {
  const byModel = isScript(language) ? byVariable(tables) : new Map<string, OrmTableRef | null>();
  if (!byModel.size) return [];
  // a table the file imports stands for its variable, and for the name a barrel re-exports it as (`export { users as people } from …`)
  for (const [model, ref] of byVariable(imported)) if (ref && !byModel.get(model)) byModel.set(model, ref);
  const text = blankComments(written);
  const found = tableMentions();
  const use = (ref: OrmTableRef | null | undefined, index: number, access: TableAccess) => {
    if (ref) found.add(ref.table, index, access);
  };
  const names = tableNames(text, own, byModel);
  if (names.size) {
    const pattern = [...names.keys()].map((n) => escapeName(n).replace('.', String.raw`\s*\.\s*`)).join('|');
    // the table as the call's whole first argument: `.from(users)`, `.innerJoin(schema.posts, …)`, not `.from(users.id)`
    for (const m of text.matchAll(new RegExp(String.raw`\.\s*([A-Za-z]+)\s*\(\s*(${pattern})\s*[,)]`, 'g'))) {
      if (!QUERY_CALL.test(m[1]!)) continue;
      const ref = names.get(m[2]!.replace(/\s+/g, ''));
      use(ref, m.index + m[0].indexOf(m[2]!), /^(?:insert|update|delete)$/.test(m[1]!) ? 'write' : 'read');
    }
  }
  // the relational queries, keyed by the schema object's property: `db.query.users.findMany(…)`
  for (const m of text.matchAll(/\.\s*query\s*\.\s*([A-Za-z_$][\w$]*)\s*\.\s*find(?:Many|First)\s*\(/g))
    use(byModel.get(m[1]!), m.index + m[0].indexOf(m[1]!), 'read');
  return found.refs(text, 'drizzle');
}
