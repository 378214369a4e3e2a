/**
 * @module adapters/connector/code/orm/table-mentions
 * The tables a file's calls name (a query builder's `from('users')`, a Drizzle table), gathered as
 * the ORM readers report them.
 */
import { accessesOf, type TableAccess } from '../../../../ports/code.js';
import { lineAt } from '../text/lines.js';
import type { OrmTableRef } from './orm-reader.js';

/**
 * The tables a file's calls name, each kept at its first mention with every access its calls give:
 * `add` each mention (at its offset in the text), then `refs` in order of first mention.
 */
export function tableMentions(): {
  add: (table: string, index: number, access: TableAccess) => void;
  refs: (text: string, via: string) => OrmTableRef[];
} {
  const found = new Map<string, { index: number; access: Set<TableAccess> }>();
  return {
    add(table, index, access) {
      const known = found.get(table) ?? { index, access: new Set<TableAccess>() };
      known.index = Math.min(known.index, index);
      known.access.add(access);
      found.set(table, known);
    },
    refs: (text, via) =>
      [...found]
        .sort(([, a], [, b]) => a.index - b.index)
        .map(([table, { index, access }]) => ({ table, line: lineAt(text, index), via, access: accessesOf(access) })),
  };
}
