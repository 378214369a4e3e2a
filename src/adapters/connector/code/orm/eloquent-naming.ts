/**
 * @module adapters/connector/code/orm/eloquent-naming
 * The names Laravel gives what an Eloquent model does not name: its table (`Str::snake` of
 * `Str::pluralStudly` of the class, the plural of its last word: `FlightLog`, `flight_logs`; a pivot
 * model's, the singular: `RoleUser`, `role_user`), its foreign key in other tables (`flight_log_id`)
 * and a many-to-many's joining table (both models' snake-case names in sorted order: `role_user`;
 * a polymorphic one's, its morph name made plural: `taggables`).
 * Laravel's snake case differs from `snake` in orm-refs: it puts `_` before every capital but the
 * first (`HTTPLog`, `h_t_t_p_log`), as Laravel does.
 */
import pluralize from 'pluralize';

/** Laravel's `Str::snake`: a name already in lower case as it is, else `_` before each capital that follows a character, then lower case. */
export function laravelSnake(name: string): string {
  if (/^[a-z]+$/.test(name)) return name;
  return name
    .replace(/\s+/g, '')
    .replace(/(.)(?=[A-Z])/g, '$1_')
    .toLowerCase();
}

/** Words Laravel's Pluralizer keeps as they are beside its inflector's. */
const UNCOUNTABLE = new Set(['recommended', 'related']);

/** `word` in `inflect`'s form, in the case it was written in (the inflector is given lower case: `pluralize` would lower all but the first letter). */
function inflected(word: string, inflect: (w: string) => string): string {
  const lower = word.toLowerCase();
  if (UNCOUNTABLE.has(lower)) return word;
  const out = inflect(lower);
  if (word === word.toUpperCase() && word.length > 1) return out.toUpperCase();
  return word[0] === word[0]!.toUpperCase() ? out[0]!.toUpperCase() + out.slice(1) : out;
}

/** The last word of a studly-case name and what precedes it (`FlightLog`: `Flight`, `Log`), as `Str::pluralStudly` splits it. */
function lastWord(name: string): [string, string] {
  let at = 0;
  for (let i = 1; i < name.length; i++) if (/[A-Z]/.test(name[i]!)) at = i;
  return [name.slice(0, at), name.slice(at)];
}

/** The table Laravel gives a model class without `$table`: a pivot model's in the singular. */
export function defaultTable(className: string, pivot: boolean): string {
  const [head, last] = lastWord(className);
  return laravelSnake(head + inflected(last, pivot ? pluralize.singular : pluralize.plural));
}

/** A model's foreign key in another table (`getForeignKey`): its class in snake case, `_`, its key (`user_id`). */
export const foreignKeyOf = (className: string, key: string) => `${laravelSnake(className)}_${key}`;

/** A many-to-many's joining table by default: both classes in snake case, sorted, joined by `_` (`role_user`). */
export function joiningTable(a: string, b: string): string {
  return [laravelSnake(a), laravelSnake(b)]
    .sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
    .join('_')
    .toLowerCase();
}

/** A polymorphic many-to-many's pivot table by default: its morph name with the word after its last `_` made plural (`taggable`, `taggables`). */
export function morphPivotTable(name: string): string {
  const at = name.lastIndexOf('_') + 1;
  return name.slice(0, at) + inflected(name.slice(at), pluralize.plural);
}
