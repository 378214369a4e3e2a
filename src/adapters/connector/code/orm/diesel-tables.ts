/**
 * @module adapters/connector/code/orm/diesel-tables
 * Diesel (Rust). `table! { users (id) { id -> Int4, … } }` (as `diesel print-schema` writes it, with
 * `#[sql_name = "…"]` and `schema.table` honoured) declares a table, and `joinable!(posts -> users
 * (user_id))` a join to the parent's primary key. A struct's `#[diesel(table_name = posts)]` (Diesel
 * 1's `#[table_name = "posts"]`) maps it to its table. Uses: a table's module in a path
 * (`users::table`, `users::dsl::users`, `posts::published` for a column the table has), and bare
 * after `use …::users::dsl::*`; `insert_into`, `replace_into`, `update` and `delete` of a table write
 * it, anything else reads.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { callArgs } from '../text/call-reading.js';
import { lineAt } from '../text/lines.js';
import { modelsByName, type OrmReader } from './orm-reader.js';
import type { OrmTableRef } from './orm-reader.js';
import { blankComments } from '../text/script-blocks.js';

const TABLE_MACRO = /\btable!\s*\{/g;
/** One table of a `table!` block: its attributes, its name (with a schema), its key, its columns' block. */
const TABLE = /((?:#\[[^\]]*\]\s*)*)(?:(\w+)\s*\.\s*)?(\w+)\s*\(([\w\s,]*)\)\s*\{/g;
const COLUMN = /^\s*(?:#\[[^\]]*\]\s*)*(?:r#)?(\w+)\s*->/gm;

interface DieselTable {
  /** The name the code calls it by: the module `table!` makes. */
  module: string;
  table: string;
  keys: string[];
  columns: Set<string>;
  index: number;
}

function dieselTables(text: string): DieselTable[] {
  const out: DieselTable[] = [];
  // the macro's braces read as parentheses, so one reader finds where each block ends
  const braced = text.replace(/[{}]/g, (b) => (b === '{' ? '(' : ')'));
  for (const macro of text.matchAll(TABLE_MACRO)) {
    const open = macro.index + macro[0].length - 1;
    const start = open + 1;
    const body = text.slice(start, start + callArgs(braced, open).length);
    for (const t of body.matchAll(TABLE)) {
      const columns = callArgs(braced, start + t.index + t[0].length - 1);
      const sqlName = /#\[\s*sql_name\s*=\s*"([^"]+)"\s*\]/.exec(t[1]!)?.[1];
      out.push({
        module: t[3]!,
        table: (t[2] ? `${t[2]}.` : '') + (sqlName ?? t[3]!),
        keys: t[4]!
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
        columns: new Set([...columns.matchAll(COLUMN)].map((c) => c[1]!)),
        index: start + t.index + t[1]!.length,
      });
    }
  }
  return out;
}

const STRUCT_TABLE = /#\[\s*(?:diesel\s*\(\s*table_name\s*=\s*(?:[\w:]*::)?(\w+)|table_name\s*=\s*"(\w+)")/g;

export const dieselReader: OrmReader = {
  via: 'diesel',
  languages: new Set(['rust']),
  declared({ text }) {
    if (!/\btable!|table_name/.test(text)) return [];
    return dieselTables(text).map((t) => ({ table: t.table, line: lineAt(text, t.index), via: 'diesel', model: t.module }));
  },
  project(files, declaredOf) {
    const tables = new Map<string, DieselTable>();
    const joins = new Map<string, DeclaredJoin[]>();
    const texts = files.filter((f) => /\btable!|joinable!|table_name/.test(f.text));
    for (const { text } of texts) for (const t of dieselTables(text)) tables.set(t.module, t);
    if (!tables.size) return {};
    for (const { path, text } of texts)
      for (const m of text.matchAll(/\bjoinable!\s*\(\s*(?:\w+::)*(\w+)\s*->\s*(?:\w+::)*(\w+)\s*\(\s*(\w+)\s*\)\s*\)/g)) {
        const child = tables.get(m[1]!);
        const parent = tables.get(m[2]!);
        if (!child || !parent || parent.keys.length !== 1) continue;
        const join = {
          table: child.table,
          columns: [m[3]!],
          references: parent.table,
          referencedColumns: [parent.keys[0]!],
          line: lineAt(text, m.index),
          via: 'diesel',
        };
        joins.set(path, [...(joins.get(path) ?? []), join]);
      }
    const refs = [...declaredOf.values()].flat().filter((r) => r.via === 'diesel');
    const models = modelsByName(refs);
    const names = [...models.keys()].join('|');
    const columnPath = new RegExp(String.raw`(?<![\w:])(${names})::(\w+)\b`, 'g');
    return {
      joins,
      uses({ text: written }, use) {
        if (!names || !new RegExp(String.raw`\b(?:${names})\b`).test(written)) return;
        const text = blankComments(written);
        const mentions: Array<{ model: OrmTableRef | null | undefined; index: number; mapped?: boolean }> = [];
        for (const m of text.matchAll(columnPath)) {
          const table = tables.get(m[1]!);
          if (m[2] === 'table' || m[2] === 'dsl' || table?.columns.has(m[2]!)) mentions.push({ model: models.get(m[1]!), index: m.index });
        }
        // `use crate::schema::users::dsl::*;` (or `::dsl::{users, name}`): the table's own name is its table
        for (const d of text.matchAll(new RegExp(String.raw`\buse\s+[\w:]*?\b(${names})::dsl::(?:\*|\{[^}]*\b\1\b[^}]*\})`, 'g')))
          for (const m of text.matchAll(new RegExp(String.raw`(?<![\w:."])${d[1]}(?=\s*[.)])`, 'g')))
            mentions.push({ model: models.get(d[1]!), index: m.index });
        // a struct mapped to a table uses it where it is declared (`#[diesel(table_name = posts)]`)
        for (const m of text.matchAll(STRUCT_TABLE)) mentions.push({ model: models.get((m[1] ?? m[2])!), index: m.index, mapped: true });
        for (const { model, index, mapped } of mentions) use(model, index, mapped ? undefined : writes(text, index) ? 'write' : 'read');
      },
    };
  },
};

/** Whether the table mentioned at `index` is what an `insert_into(…)`, `replace_into(…)`, `update(…)` or `delete(…)` is given. */
function writes(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 40), index);
  return /\b(?:insert_into|replace_into|insert_or_ignore_into|update|delete)\s*\(\s*&?\s*(?:[\w:]*::)?$/.test(before);
}
