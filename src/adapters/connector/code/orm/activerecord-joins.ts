/**
 * @module adapters/connector/code/orm/activerecord-joins
 * The joins a Rails project's ActiveRecord associations declare, each where it is written: in its
 * model's body, or in the `included do … end` block of a concern the model includes (one join for
 * each model including it, the class's name standing for `#{name}` in its options):
 * - `belongs_to :customer`: the model's `customer_id` (`foreign_key:`) to the customer model's
 *   primary key (`primary_key:`), the class `Customer` unless `class_name:` names another;
 * - `has_many :line_items`, `has_one :invoice`: the other model's `<model>_id` (`foreign_key:`,
 *   the model's name without its namespace underscored) to the model's primary key (`primary_key:`);
 * - `has_and_belongs_to_many :tags`: the join table (`join_table:`, else Rails' name for the two
 *   tables, `orders_tags`) to both models, by `<model>_id` each (`foreign_key:`,
 *   `association_foreign_key:`).
 * - `has_many :tags, through: :taggings` (and `has_one … through:`): the joins of the associations it
 *   goes along (`taggings.post_id` to posts, `taggings.tag_id` to tags), each where the `through:`
 *   is written unless that file already declares it; a polymorphic source by its `source_type:`.
 * A class is looked up from the model's namespace outwards, as Rails does; an association of an STI
 * parent is the subclass's too, with the parent's keys. Polymorphic associations (`polymorphic:
 * true`, `as:`) and those naming a class the project lacks are left out.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import type { ArModel } from './activerecord-models.js';
import { joinsByFile } from './declared-joins.js';
import { joinTableName, type Inflector } from './rails-inflections.js';
import { constantCandidates, statementEnd } from './ruby-blocks.js';

type Macro = 'belongs_to' | 'has_many' | 'has_one' | 'has_and_belongs_to_many';

export interface Association {
  macro: Macro;
  name: string;
  options: string;
  index: number;
  /** The file it is written in: the model's, or a concern's the model includes. */
  path: string;
  text: string;
}

/** One side of a join as `joinsByFile` takes it: the table holding the columns, its relation to the other table. */
interface JoinSide {
  table: string;
  relations: Array<{ columns: string[]; references: string; referencedColumns: string[]; index: number }>;
  path: string;
  text: string;
}

const ASSOCIATION = /^[ \t]*(belongs_to|has_many|has_one|has_and_belongs_to_many)\s*\(?\s*:(\w+)/gm;

/** An option's value written as a string or a symbol (`class_name: "User"`, `foreign_key: :author_id`, `:class_name => 'User'`). */
export function option(options: string, name: string): string | undefined {
  const m = new RegExp(String.raw`(?:\b${name}:|:${name}\s*=>)\s*(?:["']([\w:]+)["']|:(\w+))`).exec(options);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** The model's associations: its body's, then those of the `included` blocks of the concerns it includes. */
export function associations(model: ArModel): Association[] {
  return model.bodies.flatMap(({ path, text, start, end }) =>
    [...text.slice(start, end).matchAll(ASSOCIATION)].map((m) => {
      const index = start + m.index + m[0].search(/\S/);
      const options = text.slice(start + m.index + m[0].length, statementEnd(text, start + m.index)).replaceAll('#{name}', model.name);
      return { macro: m[1] as Macro, name: m[2]!, options, index, path, text };
    }),
  );
}

/** The model an association names, looked up from its owner's namespace outwards; by its name's plural when its singular is not Rails'. */
export function target(models: ReadonlyMap<string, ArModel>, inflector: Inflector, owner: ArModel, a: Association): ArModel | undefined {
  const named = option(a.options, 'class_name');
  if (/\bclass_name:|:class_name\s*=>/.test(a.options) && !named) return undefined;
  const nesting = [owner.name];
  const find = (written: string) =>
    constantCandidates(written, nesting)
      .map((n) => models.get(n))
      .find(Boolean);
  if (named) return find(named);
  const plural = a.macro === 'has_many' || a.macro === 'has_and_belongs_to_many';
  const found = find(inflector.camelize(plural ? inflector.singular(a.name) : a.name));
  if (found || !plural) return found;
  // `has_many :statuses` where the package's singular differs from Rails': a model whose plural is the name
  const candidates = [...models.values()].filter((m) => inflector.plural(inflector.underscore(m.name)) === a.name);
  return candidates.length === 1 ? candidates[0] : undefined;
}

/**
 * The foreign key a `has_many`/`has_one` takes from its `inverse_of:` (Rails 7.1 and later): the
 * other model's `belongs_to` of that name, its `foreign_key:` or `<name>_id`; null when that one is
 * polymorphic (no join to declare), undefined when there is none to read.
 */
function inverseKey(other: ArModel, a: Association): string | null | undefined {
  const name = option(a.options, 'inverse_of');
  const inverse = name ? associations(other).find((b) => b.macro === 'belongs_to' && b.name === name) : undefined;
  if (!inverse) return undefined;
  return POLYMORPHIC.test(inverse.options) ? null : (option(inverse.options, 'foreign_key') ?? `${inverse.name}_id`);
}

export const POLYMORPHIC = /\bpolymorphic:\s*true|:polymorphic\s*=>\s*true/;

/** One association a `through:` one goes along: the model declaring it (its keys are that model's), and the model it reaches (none when unknown or polymorphic). */
export interface Step {
  owner: ArModel;
  a: Association;
  target: ArModel | undefined;
}

/** The association `name` of a model, else of its STI parents, with the model declaring it. */
export function associationNamed(models: ReadonlyMap<string, ArModel>, model: ArModel, name: string): { owner: ArModel; a: Association } | undefined {
  for (let m: ArModel | undefined = model, depth = 0; m && depth < 10; m = m.parent ? models.get(m.parent) : undefined, depth++) {
    const a = associations(m).find((x) => x.name === name);
    if (a) return { owner: m, a };
  }
  return undefined;
}

/**
 * The associations one goes along, as Rails resolves a `through:`: the through association's (its
 * own `through:` followed too), then the source on the model it reaches (`source:`, else the
 * association's name singular, then as written); a polymorphic source reaches its `source_type:`.
 * Empty when one of them is unknown.
 */
export function steps(models: ReadonlyMap<string, ArModel>, inflector: Inflector, owner: ArModel, a: Association, depth = 0): Step[] {
  const through = option(a.options, 'through');
  if (!through) return [{ owner, a, target: POLYMORPHIC.test(a.options) ? undefined : target(models, inflector, owner, a) }];
  const via = depth < 5 ? associationNamed(models, owner, through) : undefined;
  const first = via ? steps(models, inflector, via.owner, via.a, depth + 1) : [];
  const middle = first.at(-1)?.target;
  if (!middle) return [];
  const source = option(a.options, 'source');
  const found = (source ? [source] : [...new Set([inflector.singular(a.name), a.name])]).map((n) => associationNamed(models, middle, n)).find(Boolean);
  if (!found) return [];
  const sourceType = option(a.options, 'source_type');
  if (sourceType && POLYMORPHIC.test(found.a.options)) {
    const typed = constantCandidates(sourceType, [owner.name])
      .map((n) => models.get(n))
      .find(Boolean);
    return [...first, { ...found, target: typed }];
  }
  const rest = steps(models, inflector, found.owner, found.a, depth + 1);
  return rest.length ? [...first, ...rest] : [];
}

/** The join one step declares, where `at` is written: a polymorphic step only with its `source_type:` (`typed`), an `as:` one none. */
function stepSides({ owner, a, target: other }: Step, at: Association, typed = false): JoinSide[] {
  if (!other || (POLYMORPHIC.test(a.options) && !typed) || /\bas:|:as\s*=>/.test(a.options)) return [];
  const where = { path: at.path, text: at.text };
  const primaryKey = option(a.options, 'primary_key');
  const foreignKey = option(a.options, 'foreign_key');
  if (a.macro === 'belongs_to') {
    const relation = { columns: [foreignKey ?? `${a.name}_id`], references: other.table, referencedColumns: [primaryKey ?? other.primaryKey], index: at.index };
    return [{ table: owner.table, relations: [relation], ...where }];
  }
  if (a.macro !== 'has_and_belongs_to_many') {
    const inverse = foreignKey ? undefined : inverseKey(other, a);
    if (inverse === null) return [];
    const relation = {
      columns: [foreignKey ?? inverse ?? owner.foreignKey],
      references: owner.table,
      referencedColumns: [primaryKey ?? owner.primaryKey],
      index: at.index,
    };
    return [{ table: other.table, relations: [relation], ...where }];
  }
  const table = option(a.options, 'join_table') ?? joinTableName(owner.table, other.table);
  return [
    {
      table,
      relations: [
        { columns: [foreignKey ?? owner.foreignKey], references: owner.table, referencedColumns: [owner.primaryKey], index: at.index },
        {
          columns: [option(a.options, 'association_foreign_key') ?? other.foreignKey],
          references: other.table,
          referencedColumns: [other.primaryKey],
          index: at.index,
        },
      ],
      ...where,
    },
  ];
}

/** The joins an association declares where it is written; a `through:` one, those of the associations it goes along. */
function sides(models: ReadonlyMap<string, ArModel>, inflector: Inflector, owner: ArModel, a: Association): JoinSide[] {
  if (!option(a.options, 'through')) return stepSides(steps(models, inflector, owner, a)[0]!, a);
  const along = steps(models, inflector, owner, a);
  return along.flatMap((s, i) => stepSides(s, a, i === along.length - 1 && !!option(a.options, 'source_type')));
}

/** The joins the project's models' associations declare, by the path of the file declaring each. */
export function activeRecordJoins(models: ReadonlyMap<string, ArModel>, inflector: Inflector): Map<string, DeclaredJoin[]> {
  const all = [...models.values()].flatMap((model) => associations(model).map((a) => ({ model, a, through: !!option(a.options, 'through') })));
  const declaring = all.flatMap(({ model, a, through }) => (through ? [] : sides(models, inflector, model, a)));
  const out = joinsByFile(declaring, 'activerecord', (_side, r) => r);
  // a `through:` association's joins, each unless its file already declares it
  const through = joinsByFile(
    all.flatMap(({ model, a, through }) => (through ? sides(models, inflector, model, a) : [])),
    'activerecord',
    (_side, r) => r,
  );
  const on = (j: DeclaredJoin) => `${j.table}.${j.columns.join()}=${j.references}.${j.referencedColumns.join()}`;
  for (const [path, joins] of through) {
    const known = new Set((out.get(path) ?? []).map(on));
    const added = joins.filter((j) => !known.has(on(j)) && (known.add(on(j)), true));
    if (added.length) out.set(path, [...(out.get(path) ?? []), ...added]);
  }
  return out;
}
