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
 * - `morphMany(Comment::class, 'commentable', $type, $id, $localKey)` and `morphOne` join Comment's
 *   table on `$id`, by default the name and `_id` (`commentable_id`; its `commentable_type` says
 *   which table it is), to the model's table on `$localKey`, else its key; `morphTo('commentable')`
 *   (the name by default, or as `__FUNCTION__`, the method's in snake case) joins the model's `commentable_id` to the
 *   table of each model whose `morphMany`/`morphOne` names the model and that name;
 * - `morphToMany(Tag::class, 'taggable', $table, $foreignPivotKey, $relatedPivotKey)` joins its pivot
 *   (by default the name made plural, `taggables`) on `taggable_id` to the model's table and on Tag's
 *   foreign key to Tag's; `morphedByMany(Post::class, 'taggable')` is its inverse: the model's
 *   foreign key to its table, `taggable_id` to Post's;
 * - `hasManyThrough(Deployment::class, Environment::class, $firstKey, $secondKey, $localKey,
 *   $secondLocalKey)` and `hasOneThrough` join Environment's table on `$firstKey` (the model's
 *   foreign key) to the model's, and Deployment's on `$secondKey` (Environment's foreign key) to
 *   Environment's.
 * A relation written in a trait the model uses is declared in the trait's file, for each model
 * using it. A key is the model's `$primaryKey`, else `id`. A relation naming a model the project
 * lacks or an abstract one, or a key, name or table written otherwise than as a string (a constant,
 * a variable), is left out.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { distinctJoins, joinsByFile, type Resolved } from './declared-joins.js';
import { lineage, type EloquentModel, type EloquentRelation } from './eloquent-models.js';
import { foreignKeyOf, joiningTable, laravelSnake, morphPivotTable } from './eloquent-naming.js';
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

/** The relations of a model, its own and those it inherits. */
const relationsOf = (model: EloquentModel, models: ReadonlyMap<string, EloquentModel>) => lineage(model, models).flatMap((m) => m.relations);

/** The models whose `morphOne`/`morphMany` named `name` reaches `model` (or an ancestor of it): the tables a `morphTo` of that name reaches. */
export function morphOwners(model: EloquentModel, name: string, models: ReadonlyMap<string, EloquentModel>): EloquentModel[] {
  const reached = new Set(lineage(model, models).map((m) => m.fqn));
  return [...models.values()].filter(
    (owner) =>
      !owner.abstract &&
      relationsOf(owner, models).some(
        (r) => (r.kind === 'morphOne' || r.kind === 'morphMany') && r.related && reached.has(r.related) && given(r.args.get('name'), '') === name,
      ),
  );
}

/** The name a `morphTo` is known by: its `name` argument (`__FUNCTION__`, or none, for the method's in snake case); undefined when written otherwise. */
export function morphToName(r: EloquentRelation): string | undefined {
  const written = r.args.get('name');
  return written && 'other' in written && written.other === '__FUNCTION__' ? laravelSnake(r.method) : given(written, laravelSnake(r.method));
}

/** The joins one relation of `model` (its own, or one it inherits or takes from a trait) declares, in the file the relation is written in. */
function relationJoins(model: EloquentModel, r: EloquentRelation, models: ReadonlyMap<string, EloquentModel>): JoinFrom[] {
  const from = (table: string | undefined, column: string | undefined, references: string, referenced: string | undefined): JoinFrom[] =>
    table ? [{ table, relations: [{ references, columns: [column], referencedColumns: [referenced], index: r.index }], path: r.path, text: r.code }] : [];
  const arg = (name: string, fallback: string) => given(r.args.get(name), fallback);
  if (r.kind === 'morphTo') {
    const name = morphToName(r);
    return name
      ? morphOwners(model, name, models).flatMap((owner) => from(model.mapped, arg('id', `${name}_id`), owner.mapped, arg('ownerKey', owner.key)))
      : [];
  }
  const related = r.related ? models.get(r.related) : undefined;
  if (!related || related.abstract) return [];
  // a morph relation's name: a string, else none to read
  const morph = given(r.args.get('name'), '');
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
    case 'morphOne':
    case 'morphMany':
      return morph ? from(related.mapped, arg('id', `${morph}_id`), model.mapped, arg('localKey', model.key)) : [];
    case 'morphToMany':
    case 'morphedByMany': {
      if (!morph) return [];
      const pivot = r.args.has('table') ? pivotTable(r.args.get('table'), model, related, models) : morphPivotTable(morph);
      // the model's side is the morph's own on `morphToMany`, the related model's on `morphedByMany`
      const inverse = r.kind === 'morphedByMany';
      return [
        ...from(pivot, arg('foreignPivotKey', inverse ? foreignKeyOf(model.name, model.key) : `${morph}_id`), model.mapped, arg('parentKey', model.key)),
        ...from(
          pivot,
          arg('relatedPivotKey', inverse ? `${morph}_id` : foreignKeyOf(related.name, related.key)),
          related.mapped,
          arg('relatedKey', related.key),
        ),
      ];
    }
    case 'hasOneThrough':
    case 'hasManyThrough': {
      const through = r.args.get('through');
      const via = through && 'class' in through ? models.get(through.class) : undefined;
      if (!via || via.abstract) return [];
      return [
        ...from(via.mapped, arg('firstKey', foreignKeyOf(model.name, model.key)), model.mapped, arg('localKey', model.key)),
        ...from(related.mapped, arg('secondKey', foreignKeyOf(via.name, via.key)), via.mapped, arg('secondLocalKey', via.key)),
      ];
    }
  }
}

/**
 * The joins each file's models declare, by the file's path: a model's own relations and those it inherits,
 * each in the file declaring it (an abstract model's or a trait's relations join the table of each model inheriting or using them).
 */
export function eloquentJoins(models: ReadonlyMap<string, EloquentModel>): Map<string, DeclaredJoin[]> {
  const joins = [...models.values()].filter((m) => !m.abstract).flatMap((m) => relationsOf(m, models).flatMap((r) => relationJoins(m, r, models)));
  // two relations of a file declaring one join (`revisions()`, `allRevisions()`) list it once
  return distinctJoins(joinsByFile(joins, 'eloquent', (_join, resolved) => resolved));
}
