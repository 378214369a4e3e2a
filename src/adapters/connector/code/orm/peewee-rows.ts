/**
 * @module adapters/connector/code/orm/peewee-rows
 * Peewee rows a Python function holds, and the tables reading a row's relation reads:
 * - a parameter hinted with a collection of a model's rows (`users: list[User]`, `List[User]`,
 *   `Sequence["User"]`, `Optional[list[User]]`), or a name assigned a query (`users = User.select()`),
 *   gives each row of a loop over it (`for user in users:`, `[u.tweets for u in users]`) that model;
 * - a row's relation reads: a foreign key (`tweet.user`) its target's table, a `backref` (`user.tweets`)
 *   the declaring model's, a many-to-many field (`tweet.tags`, or its backref) the other model's and
 *   the through table.
 */
import type { OrmTableRef } from './orm-reader.js';
import type { PeeweeModel } from './peewee-models.js';

const COLLECTION = String.raw`(?:typing\.)?(?:list|List|Sequence|Iterable|Iterator|Collection|set|Set|tuple|Tuple|ModelSelect|SelectQuery)`;

/**
 * The model whose rows a loop in `scope` (a function's text up to a use's line end) gives `name`:
 * `for name in users:` (or a comprehension's `for name in users`) over a parameter hinted as a collection of the model's rows, or a name assigned `Model.method(…)`
 * (`query(model, method)` telling whether that call gives rows).
 */
export function loopedModel(scope: string, name: string, query: (model: string, method: string) => boolean): string | undefined {
  const loop = [...scope.matchAll(new RegExp(String.raw`\bfor\s+${name}\s+in\s+([a-z_]\w*)\s*[:\])}]`, 'g'))].at(-1);
  if (!loop) return undefined;
  const collection = loop[1]!;
  const hinted = new RegExp(
    String.raw`^[ \t]*(?:async\s+)?def\s+\w+\s*\([^)]*?(?<![\w.])${collection}\s*:\s*(?:Optional\s*\[\s*)?${COLLECTION}\s*\[\s*['"]?(?:\w+\.)*([A-Z]\w*)`,
    'm',
  ).exec(scope);
  if (hinted) return hinted[1];
  const assigned = [
    ...scope.slice(0, loop.index).matchAll(new RegExp(String.raw`^[ \t]*${collection}\s*=(?!=)\s*(?:\w+\.)*([A-Z]\w*)\s*\.\s*(\w+)\s*\(`, 'gm')),
  ].at(-1);
  return assigned && query(assigned[1]!, assigned[2]!) ? assigned[1] : undefined;
}

/**
 * The tables each model's relation attributes read, by the model's class name and the attribute
 * (`target`: the model a field of `model` names; `through`: a many-to-many field's through table).
 */
export function rowRelations(
  models: readonly PeeweeModel[],
  ref: (model: PeeweeModel) => OrmTableRef,
  target: (model: PeeweeModel, field: PeeweeModel['cls']['fields'][number]) => PeeweeModel | undefined,
  through: (model: PeeweeModel, field: PeeweeModel['cls']['fields'][number], target: PeeweeModel) => OrmTableRef | undefined,
): Map<string, Map<string, OrmTableRef[]>> {
  const out = new Map<string, Map<string, OrmTableRef[]>>();
  const add = (model: PeeweeModel, attribute: string, refs: OrmTableRef[]) => {
    const attributes = out.get(model.cls.name) ?? out.set(model.cls.name, new Map()).get(model.cls.name)!;
    attributes.set(attribute, [...(attributes.get(attribute) ?? []), ...refs]);
  };
  for (const model of models)
    for (const f of model.cls.fields) {
      const other = f.kind === 'column' ? undefined : target(model, f);
      if (!other) continue;
      const via = f.kind === 'many' ? through(model, f, other) : undefined;
      add(model, f.name, [ref(other), ...(via ? [via] : [])]);
      if (f.backref) add(other, f.backref, [ref(model), ...(via ? [via] : [])]);
    }
  return out;
}
