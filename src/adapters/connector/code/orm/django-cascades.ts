/**
 * @module adapters/connector/code/orm/django-cascades
 * What deleting a Django model's rows writes besides its table, as Django's collector does it: the
 * rows of each model whose foreign key or one-to-one field to it says `on_delete=CASCADE` (deleted in
 * turn, so their own cascades too), the tables whose key `SET_NULL`, `SET_DEFAULT` or `SET(…)` sets,
 * and the link rows of every many-to-many field of the model or pointing to it. `PROTECT`, `RESTRICT`
 * and `DO_NOTHING` write nothing. A row of a model inheriting a concrete one (`Restaurant(Place)`) is
 * deleted from that one's table too, with that one's cascades.
 */
import type { DjangoRelations } from './django-relations.js';
import type { OrmTableRef, UseModel } from './orm-reader.js';

const SETS_KEY = /^(SET_NULL|SET_DEFAULT|SET)$/;

const cascades = new WeakMap<DjangoRelations, Map<string, readonly OrmTableRef[]>>();

/** The tables deleting rows of `model` (its class name) writes besides its own, over the project's relation fields. */
export function cascadeTables(model: string, relations: DjangoRelations | undefined): readonly OrmTableRef[] {
  if (!relations?.fields.length) return [];
  const known = cascades.get(relations) ?? cascades.set(relations, new Map()).get(relations)!;
  const found = known.get(model);
  if (found) return found;
  const out = new Set<OrmTableRef>();
  // the models whose rows are deleted, each once: a model cascading to itself, or a cycle, ends
  const deletedModels = [model];
  // the concrete models inherited by one deleted: their other children's rows are not the deleted rows'
  const inherited = new Set<string>();
  for (const deleted of deletedModels)
    for (const f of relations.fields) {
      // a row of a model inheriting a concrete one has its part in that one's table, deleted with it
      if (f.parent && f.model === deleted) {
        out.add(f.parent);
        inherited.add(f.target);
        if (!deletedModels.includes(f.target)) deletedModels.push(f.target);
      }
      if (f.parent && inherited.has(f.target)) continue;
      if (f.kind === 'm2m') {
        if ((f.model === deleted || f.target === deleted) && f.links) out.add(f.links);
      } else if (f.target === deleted && f.onDelete === 'CASCADE') {
        out.add(f.table);
        // the rows deleted in turn have their own cascades (a model cascading to itself once)
        if (!deletedModels.includes(f.model)) deletedModels.push(f.model);
      } else if (f.target === deleted && SETS_KEY.test(f.onDelete ?? '')) out.add(f.table);
    }
  const list = [...out];
  known.set(model, list);
  return list;
}

/**
 * A way to record a delete of a model's rows at an offset: the model's table, and the tables its
 * cascades write among `models` (those of the other files: a file's own are declared there already).
 */
export function djangoDeleter(
  models: ReadonlyMap<string, OrmTableRef | null>,
  use: UseModel,
  relations: DjangoRelations | undefined,
): (model: string, index: number) => void {
  const given = new Set([...models.values()].filter((r) => r));
  return (model, index) => {
    use(models.get(model), index, 'write');
    for (const table of cascadeTables(model, relations)) if (given.has(table)) use(table, index, 'write');
  };
}
