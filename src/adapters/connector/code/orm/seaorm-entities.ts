/**
 * @module adapters/connector/code/orm/seaorm-entities
 * SeaORM (Rust). An entity's module (`sea-orm-cli generate entity` writes one file per table)
 * declares its table by `#[sea_orm(table_name = "cake", schema_name = "…")]`; the module's name (its
 * file's) is how other files reach it: `cake::Entity::find()`, `cake::ActiveModel { … }`, or a
 * prelude's alias (`pub use super::cake::Entity as Cake;` then `Cake::find()`). The finders read;
 * `insert`, `update`, `delete`, `save` and an `ActiveModel` write. A relation
 * `#[sea_orm(belongs_to = "super::fruit::Entity", from = "Column::FruitId", to = "super::fruit::Column::Id")]`
 * declares a join.
 */
import type { DeclaredJoin, TableAccess } from '../../../../ports/code.js';
import { lineAt } from '../text/lines.js';
import { snake } from './name-case.js';
import { modelsByName, type OrmReader } from './orm-reader.js';
import { blankComments } from '../text/script-blocks.js';

const TABLE = /#\[\s*sea_orm\s*\(([^\]]*?\btable_name\s*=\s*"([^"]+)"[^\]]*)\)\s*\]/;
const RELATION =
  /#\[\s*sea_orm\s*\(\s*belongs_to\s*=\s*"(?:[\w:]*::)?(\w+)::Entity"\s*,\s*from\s*=\s*"(?:[\w:]*::)?Column::(\w+)"\s*,\s*to\s*=\s*"(?:[\w:]*::)?Column::(\w+)"/g;

/** The module a file is: its name without `.rs` (`src/entity/cake.rs`: `cake`); `mod.rs` is its folder's. */
const moduleOf = (path: string) => {
  const parts = path.replace(/\.rs$/, '').split('/');
  return parts.at(-1) === 'mod' ? parts.at(-2)! : parts.at(-1)!;
};

const READS = /^(?:find\w*|count\w*|paginate|one|all|stream)$/;
const accessOf = (method: string): TableAccess | undefined =>
  READS.test(method) ? 'read' : /^(?:insert|update|delete|save)/.test(method) ? 'write' : undefined;

export const seaormReader: OrmReader = {
  via: 'seaorm',
  languages: new Set(['rust']),
  declared({ path, text }) {
    const m = TABLE.exec(text);
    if (!m) return [];
    const schema = /\bschema_name\s*=\s*"([^"]+)"/.exec(m[1]!)?.[1];
    return [{ table: (schema ? `${schema}.` : '') + m[2]!, line: lineAt(text, m.index), via: 'seaorm', model: moduleOf(path) }];
  },
  project(files, declaredOf) {
    const refs = [...declaredOf.values()].flat().filter((r) => r.via === 'seaorm');
    if (!refs.length) return {};
    const models = modelsByName(refs);
    // the prelude's aliases: `pub use super::cake::Entity as Cake;`
    const aliases = new Map<string, string>();
    for (const { text } of files)
      for (const m of text.matchAll(/\bpub\s+use\s+[\w:]*?(\w+)::Entity\s+as\s+(\w+)\s*;/g)) if (models.has(m[1]!)) aliases.set(m[2]!, m[1]!);
    const joins = new Map<string, DeclaredJoin[]>();
    for (const { path, text } of files) {
      const own = refs.find((r) => r.model === moduleOf(path) && declaredOf.get(path)?.includes(r));
      if (!own) continue;
      for (const m of text.matchAll(RELATION)) {
        const other = models.get(m[1]!);
        if (!other) continue;
        const join = {
          table: own.table,
          columns: [snake(m[2]!)],
          references: other.table,
          referencedColumns: [snake(m[3]!)],
          line: lineAt(text, m.index),
          via: 'seaorm',
        };
        joins.set(path, [...(joins.get(path) ?? []), join]);
      }
    }
    const names = [...models.keys()].join('|');
    const aliasNames = [...aliases.keys()].join('|') || '(?!)';
    const call = new RegExp(String.raw`(?<![\w])(?:(${names})::(Entity|ActiveModel)|(${aliasNames}))\b(?:\s*::\s*(\w+))?`, 'g');
    return {
      joins,
      uses(file, use) {
        if (declaredOf.get(file.path)?.some((r) => r.via === 'seaorm')) return;
        const text = blankComments(file.text);
        for (const m of text.matchAll(call)) {
          const module = m[1] ?? aliases.get(m[3]!)!;
          // an alias alone (`Cake`) is a type as often as a call: only with a method
          if (m[3] && !m[4]) continue;
          // a re-export (the prelude's `pub use super::cake::Entity as Cake;`) uses nothing
          if (/\buse\s+[^;]*$/.test(text.slice(text.lastIndexOf('\n', m.index) + 1, m.index))) continue;
          use(models.get(module), m.index, m[2] === 'ActiveModel' ? 'write' : m[4] ? accessOf(m[4]) : undefined);
        }
      },
    };
  },
};
