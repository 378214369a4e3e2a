/**
 * @module adapters/connector/code/orm/activerecord
 * Rails' ActiveRecord (Ruby): the tables a project's schema and migrations declare (`create_table
 * :orders`, `change_table`, `add_column :orders, …` in `db/schema.rb` and `db/migrate/*.rb`),
 * the tables its models map (`activerecord-models`), where the project's files read and write
 * them (`activerecord-uses`), and the joins its associations declare (`activerecord-joins`). A
 * model's table depends on other files (its base class, its namespace's `table_name_prefix`, the
 * project's inflections), so the models' declarations are read with the project.
 */
import { activeRecordJoins } from './activerecord-joins.js';
import { activeRecordModels } from './activerecord-models.js';
import { activeRecordUses, associationTargets } from './activerecord-uses.js';
import { lineAt } from '../text/lines.js';
import type { OrmReader } from './orm-reader.js';
import type { OrmTableRef } from './orm-reader.js';
import { joinTableName } from './rails-inflections.js';
import { blankRubyComments } from './ruby-blocks.js';

const SCHEMA_FILE = /(?:^|\/)db\/(?:schema\.rb|migrate\/[^/]+\.rb)$/;
const TABLE_STATEMENT =
  /\b(create_table|change_table|drop_table|rename_table|add_column|remove_column|change_column|rename_column|add_index|remove_index|add_reference|add_timestamps|create_join_table)\s*\(?\s*(?:["'](\w+)["']|:(\w+))(?:\s*,\s*(?:["'](\w+)["']|:(\w+)))?/g;

/** The tables a schema or migration file declares, each once at its first statement. */
function schemaTables(path: string, raw: string): OrmTableRef[] {
  if (!SCHEMA_FILE.test(path)) return [];
  const text = blankRubyComments(raw);
  const out = new Map<string, OrmTableRef>();
  for (const m of text.matchAll(TABLE_STATEMENT)) {
    const first = (m[2] ?? m[3])!;
    const second = m[4] ?? m[5];
    const explicit = m[1] === 'create_join_table' ? /\btable_name:\s*(?:["'](\w+)["']|:(\w+))/.exec(text.slice(m.index, text.indexOf('\n', m.index))) : null;
    const table = m[1] === 'create_join_table' ? (explicit ? (explicit[1] ?? explicit[2])! : second && joinTableName(first, second)) : first;
    if (table && !out.has(table)) out.set(table, { table, line: lineAt(raw, m.index), via: 'activerecord', access: ['schema'] });
  }
  return [...out.values()];
}

export const activeRecordReader: OrmReader = {
  via: 'activerecord',
  languages: new Set(['ruby']),
  declared: ({ path, text }) => schemaTables(path, text),
  project(files) {
    const { models, inflector } = activeRecordModels(files.map((f) => ({ path: f.path, text: blankRubyComments(f.text) })));
    if (!models.size) return {};
    const refs = new Map([...models].map(([name, m]) => [name, { table: m.table, line: 0, via: 'activerecord', model: name } satisfies OrmTableRef]));
    const targetsOf = associationTargets(models, inflector);
    const declared = new Map<string, OrmTableRef[]>();
    for (const [name, m] of models)
      declared.set(m.path, [
        ...(declared.get(m.path) ?? []),
        { table: m.table, line: lineAt(m.text, m.index), via: 'activerecord', model: name, access: ['schema'] },
      ]);
    return {
      declared,
      uses: ({ text }, use) => activeRecordUses(blankRubyComments(text), models, refs, inflector, targetsOf, use),
      joins: activeRecordJoins(models, inflector),
    };
  },
};
