/**
 * @module adapters/connector/code/orm/eloquent
 * Laravel (PHP): the tables its Eloquent models map and its migrations create or change, what the
 * other files do with them, and the joins the models' relations declare.
 * - A model's file declares its table (eloquent-models): a model extending one of Laravel's bases at
 *   once, read from its file alone; one extending another model of the project (`class Page extends
 *   Entity`), found once the project is read, and then listed among its file's uses as declaring it.
 *   Each model is known by its full name (`App\Models\Flight`).
 * - A migration's `Schema::create('flights', …)`, `Schema::table(…)`, `drop`, `dropIfExists`,
 *   `rename` (also after `Schema::connection(…)`) declares its table, as does a blueprint's
 *   `$table->rename('new_name')`; only in a file calling `Schema::`.
 * - Uses in other files: eloquent-uses; joins: eloquent-joins.
 */
import type { OrmTableRef } from './orm-reader.js';
import { lineAt } from '../text/lines.js';
import { directModels, eloquentClasses, morphMapOf, projectModels, type EloquentModel } from './eloquent-models.js';
import { eloquentJoins } from './eloquent-joins.js';
import { eloquentUses } from './eloquent-uses.js';
import type { OrmReader } from './orm-reader.js';
import { phpCode } from './php-classes.js';

const modelRef = (m: EloquentModel, line = 0): OrmTableRef => ({ table: m.mapped, line, via: 'eloquent', model: m.fqn });

const SCHEMA_CALL =
  /(?<![\w\\$>])\\?Schema\s*::\s*(?:connection\s*\([^()]*\)\s*->\s*)?(?:create|table|drop|dropIfExists|rename)\s*\(\s*(['"])([\w.]+)\1(?:\s*,\s*(['"])([\w.]+)\3)?/g;

/** The tables a migration's schema builder calls name, each once, at its first call. */
function migrationTables(text: string): OrmTableRef[] {
  if (!text.includes('Schema')) return [];
  const code = phpCode(text);
  const out = new Map<string, OrmTableRef>();
  const add = (table: string, index: number) => {
    if (!out.has(table)) out.set(table, { table, line: lineAt(code, index), via: 'laravel', access: ['schema'] });
  };
  for (const m of code.matchAll(SCHEMA_CALL))
    // `rename('from', 'to')` names both
    for (const table of [m[2]!, ...(m[4] ? [m[4]] : [])]) add(table, m.index);
  // a blueprint renaming its table: `$table->rename('playlist_user')`
  for (const m of code.matchAll(/\$\w+\s*->\s*rename\s*\(\s*(['"])([\w.]+)\1\s*\)/g)) add(m[2]!, m.index);
  return [...out.values()];
}

export const eloquentReader: OrmReader = {
  via: 'eloquent',
  languages: new Set(['php']),
  declared(file) {
    const models = directModels(eloquentClasses(file)).filter((m) => !m.abstract);
    return [...models.map((m) => modelRef(m, lineAt(m.code, m.index))), ...migrationTables(file.text)];
  },
  project(files) {
    const models = projectModels(files.flatMap(eloquentClasses));
    const refs = new Map([...models.values()].map((m) => [m, modelRef(m)]));
    const refOf = (m: EloquentModel) => refs.get(m)!;
    // the aliases `Relation::morphMap([...])` gives models, by which a morph query names them
    const morphMap = new Map(files.flatMap((f) => [...morphMapOf(f.text)]));
    // the models declaring their table as a subclass of another of the project's, by file
    const inherited = new Map<string, EloquentModel[]>();
    for (const m of models.values()) if (!m.direct && !m.abstract) inherited.set(m.path, [...(inherited.get(m.path) ?? []), m]);
    return {
      joins: eloquentJoins(models),
      uses(file, use) {
        if (file.language !== 'php') return;
        for (const m of inherited.get(file.path) ?? []) use(refOf(m), m.index, 'schema');
        eloquentUses(file.text, models, refOf, use, morphMap);
      },
    };
  },
};
