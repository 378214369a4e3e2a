/**
 * @module adapters/connector/code/orm/activerecord-dependents
 * What destroying an ActiveRecord record writes besides its own row, as Rails' `dependent:` option
 * says: a `has_many`/`has_one` with `dependent: :destroy` (or `:destroy_async`) destroys the
 * associated records, whose own dependents are destroyed in turn; `:delete_all`/`:delete` deletes
 * them and `:nullify` sets their key, neither going further; a `through:` one deletes the join
 * records; a `has_and_belongs_to_many` always deletes its join rows. A `belongs_to` with `dependent:
 * :destroy` destroys the record it belongs to (and that one's dependents), with `:delete` deletes it.
 * `restrict_with_*` writes nothing.
 * `destroy` runs these callbacks; `delete` and `delete_all` do not.
 */
import type { ArModel } from './activerecord-models.js';
import type { OrmTableRef } from './orm-reader.js';

/** An association as a record reaches it (`activerecord-uses`), with what destroying the record does to it. */
export interface DependentAssociation {
  /** The model it reaches (none for a polymorphic `belongs_to` or an unknown class). */
  model: ArModel | undefined;
  /** The models a `through:` one goes along to it; a `has_and_belongs_to_many`'s join table. */
  through: ReadonlyArray<ArModel | OrmTableRef>;
  belongsTo: boolean;
  /** A `has_and_belongs_to_many`, whose join table is the last it goes through. */
  habtm?: true;
  /** Its `dependent:` option: `destroy`, `delete_all`, `nullify`, … */
  dependent?: string;
}

/** The calls that destroy records (running their callbacks, so their dependents'). */
export const DESTROYS = new Set(['destroy', 'destroy!', 'destroy_all', 'destroy_by']);

const known = new WeakMap<(model: ArModel) => ReadonlyMap<string, DependentAssociation>, Map<ArModel, ReadonlyArray<ArModel | OrmTableRef>>>();

/** The models (or join tables) destroying a record of `model` writes besides its table, each once; `targetsOf` gives each model's associations. */
export function dependentTables(
  model: ArModel,
  targetsOf: (model: ArModel) => ReadonlyMap<string, DependentAssociation>,
): ReadonlyArray<ArModel | OrmTableRef> {
  const cache = known.get(targetsOf) ?? known.set(targetsOf, new Map()).get(targetsOf)!;
  const cached = cache.get(model);
  if (cached) return cached;
  const out = new Set<ArModel | OrmTableRef>();
  // the models whose records are destroyed, each once (a cycle ends)
  const destroyed = [model];
  for (const owner of destroyed)
    for (const r of targetsOf(owner).values()) {
      const join = r.through.at(-1);
      if (r.habtm && join) out.add(join);
      // a `belongs_to`'s `dependent:` destroys (or deletes) the record it belongs to
      if (r.habtm || !r.dependent || !r.model || /^restrict/.test(r.dependent)) continue;
      if (join) out.add(join);
      else if (/^destroy/.test(r.dependent)) {
        out.add(r.model);
        if (!destroyed.includes(r.model)) destroyed.push(r.model);
      } else out.add(r.model);
    }
  const list = [...out].filter((m) => m !== model);
  cache.set(model, list);
  return list;
}
