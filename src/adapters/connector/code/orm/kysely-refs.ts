/**
 * @module adapters/connector/code/orm/kysely-refs
 * The tables a Kysely query builder names, read from TypeScript or JavaScript as written (only
 * names and lines are kept). A query starts on a table given as a string: `db.selectFrom('person')`
 * reads it, `insertInto`, `updateTable`, `deleteFrom`, `mergeInto` and `replaceInto` write it, and the
 * schema builder's `createTable`, `alterTable` and `dropTable` declare it, and `createIndex('i').on('person')`
 * (`dropIndex` too) its index's table; the query's joins
 * (`.innerJoin('pet as p', …)`), a merge's `using` and an update's `from` read theirs. An alias is
 * dropped (`'person as p'`), a schema kept (`'public.person'`, or `withSchema('s')` just before); a
 * common table expression's name (`db.with('recent', …)`) is no table.
 * `selectFrom` and the like are common enough names: in a file that names Kysely (imports from
 * `kysely`, names a `Kysely<DB>` or a `Transaction<DB>` of it) every such call counts; elsewhere
 * (a repository given `db` by another file) only a query whose chain runs it with Kysely's
 * `execute`, `executeTakeFirst` or `executeTakeFirstOrThrow`.
 */
import type { TableAccess } from '../../../../ports/code.js';
import { callArgs, chainAfter } from '../text/call-reading.js';
import { tableMentions } from './table-mentions.js';
import type { OrmTableRef } from './orm-reader.js';
import { blankComments } from '../text/script-blocks.js';

/** A query's start on its table, by what it does. */
const STARTS: Record<string, TableAccess> = {
  selectFrom: 'read',
  insertInto: 'write',
  updateTable: 'write',
  deleteFrom: 'write',
  mergeInto: 'write',
  replaceInto: 'write',
  createTable: 'schema',
  alterTable: 'schema',
  dropTable: 'schema',
};
const START = new RegExp(String.raw`\.\s*(${Object.keys(STARTS).join('|')})\s*(?:<[^<>()]*>\s*)?\(`, 'g');
/** The chain's calls that name another table it reads. */
const READS = /^(?:(?:inner|left|right|full)Join(?:Lateral)?|crossJoin(?:Lateral)?|using|from)$/;
const RUNS = /^execute(?:TakeFirst(?:OrThrow)?)?$/;
/** A table as Kysely names it: `'person'`, `'public.person'`, `'person as p'` (the alias dropped). */
const TABLE = /^\s*['"`]([A-Za-z_][\w$]*(?:\.[A-Za-z_][\w$]*)?)(?:\s+as\s+[\w$]+)?['"`]\s*(?:,|$)/;

const namesKysely = (text: string) => /['"]kysely(?:\/[\w-]+)*['"]|\bKysely\s*</.test(text);

/** The tables named as the call's first argument: a string, or `selectFrom(['person', 'pet'])`'s list. */
function tablesOf(args: string): string[] {
  const one = TABLE.exec(args)?.[1];
  if (one) return [one];
  const list = /^\s*\[([^\]]*)\]/.exec(args)?.[1];
  return list ? list.split(',').flatMap((item) => (item.trim() ? (TABLE.exec(item)?.[1] ?? []) : [])) : [];
}

/** A table's name with the schema a `withSchema('s')` just before the call at `index` gives, unless it has its own. */
function inSchema(text: string, index: number): (table: string) => string {
  const schema = /withSchema\s*\(\s*['"`]([\w$]+)['"`]\s*\)\s*$/.exec(text.slice(Math.max(0, index - 200), index))?.[1];
  return (table) => (schema && !table.includes('.') ? `${schema}.${table}` : table);
}

/** The tables the file's Kysely queries name, each once at its first mention, with what its calls do. */
export function kyselyRefs(written: string, language: string): OrmTableRef[] {
  if (
    (language !== 'typescript' && language !== 'javascript') ||
    !/\.\s*(?:selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|createTable|alterTable|dropTable|createIndex|dropIndex)\s*[<(]/.test(written)
  )
    return [];
  const text = blankComments(written);
  const named = namesKysely(text);
  const found = tableMentions();
  // a common table expression's name is no table: `db.with('recent', …).selectFrom('recent')`
  const ctes = new Set([...text.matchAll(/\.\s*with(?:Recursive)?\s*\(\s*['"`]([\w$]+)/g)].map((m) => m[1]!));
  const add = (table: string, index: number, access: TableAccess) => {
    if (!ctes.has(table)) found.add(table, index, access);
  };
  for (const m of text.matchAll(START)) {
    const open = m.index + m[0].length - 1;
    const tables = tablesOf(callArgs(text, open));
    if (!tables.length) continue;
    const chain = chainAfter(text, open);
    if (!named && !chain.some((c) => RUNS.test(c.method))) continue;
    const qualified = inSchema(text, m.index);
    for (const table of tables) add(qualified(table), m.index, STARTS[m[1]!]!);
    for (const c of chain) if (READS.test(c.method)) for (const table of tablesOf(callArgs(text, c.open))) add(qualified(table), c.open, 'read');
  }
  // an index is on its table: `db.schema.createIndex('person_name').on('person')` declares person
  for (const m of text.matchAll(/\.\s*(?:createIndex|dropIndex)\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const chain = chainAfter(text, open);
    if (!named && !chain.some((c) => RUNS.test(c.method))) continue;
    const qualified = inSchema(text, m.index);
    for (const c of chain) if (c.method === 'on') for (const table of tablesOf(callArgs(text, c.open))) add(qualified(table), m.index, 'schema');
  }
  return found.refs(text, 'kysely');
}
