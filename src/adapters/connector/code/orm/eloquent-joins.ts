/**
 * @module adapters/connector/code/orm/eloquent-joins
 * The joins an Eloquent model's relations declare, with Laravel's defaults for the keys not given:
 * - `belongsTo(User::class, $foreignKey, $ownerKey)` joins the model's table on the foreign key, by
 *   default the relation method's name in snake case, `_` and User's key (`author_id` for `author()`),
 *   to User's table on `$ownerKey`, else User's key;
 * - `hasMany(Comment::class, $foreignKey, $localKey)` and `hasOne` join Comment's table on the foreign
 *   key, by default the model's class in snake case, `_` and its key (`post_id`), to the model's table
 *   on `$localKey`, else its key;
 * - `belongsToMany(Role::class, $table, $foreignPivotKey, $relatedPivotKey, $parentKey, $relatedKey)`
 *   joins its pivot table (a name, a pivot model's `X::class`, else both classes in snake case, sorted,
 *   joined by `_`: `role_user`) to the model's table on the model's foreign key and to Role's table on Role's.
 * A key is the model's `$primaryKey`, else `id`. A relation naming a model the project lacks, or a
 * key or table written otherwise than as a string (a constant, a variable), is left out; polymorphic
 * (`morph*`) and through relations are not read.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { joinsByFile, type Resolved } from './declared-joins.js';
import { lineage, type EloquentModel, type EloquentRelation } from './eloquent-models.js';
import { foreignKeyOf, joiningTable, laravelSnake } from './eloquent-naming.js';
import type { PhpArg } from './php-classes.js';

/** One join as `joinsByFile` reads it: the table holding the columns, and the rest. */
interface JoinFrom {
  table: string;
  relations: Resolved[];
  path: string;
  text: string;
}

/** An argument's string, the default when it is not given (`null` too); `undefined` when written otherwise. */
function given(arg: PhpArg | undefined, fallback: string): string | undefined {
  if (!arg || ('other' in arg && /^null$/i.test(arg.other))) return fallback;
  return 'string' in arg ? arg.string : undefined;
}

/** The pivot table a `belongsToMany` names: a string, a model's `X::class`, else Laravel's joining table. */
function pivotTable(arg: PhpArg | undefined, model: EloquentModel, related: EloquentModel, models: ReadonlyMap<string, EloquentModel>): string | undefined {
  if (arg && 'class' in arg) return models.get(arg.class)?.mapped;
  return given(arg, joiningTable(related.name, model.name));
}

/** The joins one relation declares for `model`, in the file of `declaring` (the model, or an ancestor it inherits the relation from). */
function relationJoins(model: EloquentModel, declaring: EloquentModel, r: EloquentRelation, models: ReadonlyMap<string, EloquentModel>): JoinFrom[] {
  const related = r.related ? models.get(r.related) : undefined;
  if (!related) return [];
  const from = (table: string | undefined, column: string | undefined, references: string, referenced: string | undefined): JoinFrom[] =>
    table
      ? [{ table, relations: [{ references, columns: [column], referencedColumns: [referenced], index: r.index }], path: declaring.path, text: declaring.code }]
      : [];
  const arg = (name: string, fallback: string) => given(r.args.get(name), fallback);
  switch (r.kind) {
    case 'belongsTo': {
      const relation = arg('relation', r.method);
      return from(model.mapped, relation && arg('foreignKey', `${laravelSnake(relation)}_${related.key}`), related.mapped, arg('ownerKey', related.key));
    }
    case 'hasOne':
    case 'hasMany':
      return from(related.mapped, arg('foreignKey', foreignKeyOf(model.name, model.key)), model.mapped, arg('localKey', model.key));
    case 'belongsToMany': {
      const pivot = pivotTable(r.args.get('table'), model, related, models);
      return [
        ...from(pivot, arg('foreignPivotKey', foreignKeyOf(model.name, model.key)), model.mapped, arg('parentKey', model.key)),
        ...from(pivot, arg('relatedPivotKey', foreignKeyOf(related.name, related.key)), related.mapped, arg('relatedKey', related.key)),
      ];
    }
  }
}

/**
 * The joins each file's models declare, by the file's path: a model's own relations and those it inherits,
 * each in the file declaring it (an abstract model's relations join each of its subclasses' tables).
 */
export function eloquentJoins(models: ReadonlyMap<string, EloquentModel>): Map<string, DeclaredJoin[]> {
  const joins = [...models.values()]
    .filter((m) => !m.abstract)
    .flatMap((m) => lineage(m, models).flatMap((declaring) => declaring.relations.flatMap((r) => relationJoins(m, declaring, r, models))));
  const out = joinsByFile(joins, 'eloquent', (_join, resolved) => resolved);
  // two relations of a file declaring one join (`revisions()`, `allRevisions()`) list it once
  for (const [path, list] of out) {
    const on = (j: DeclaredJoin) => `${j.table}.${j.columns.join()}=${j.references}.${j.referencedColumns.join()}`;
    out.set(
      path,
      list.filter((j, i) => list.findIndex((k) => on(k) === on(j)) === i),
    );
  }
  return out;
}
