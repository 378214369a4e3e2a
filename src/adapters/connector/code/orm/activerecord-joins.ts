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
 * A class is looked up from the model's namespace outwards, as Rails does. Polymorphic
 * associations (`polymorphic: true`, `as:`), `through:` ones and those naming a class the project
 * lacks are left out.
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
function option(options: string, name: string): string | undefined {
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

function sides(models: ReadonlyMap<string, ArModel>, inflector: Inflector, owner: ArModel, a: Association): JoinSide[] {
  if (POLYMORPHIC.test(a.options) || /\b(?:through|as):|:(?:through|as)\s*=>/.test(a.options)) return [];
  const other = target(models, inflector, owner, a);
  if (!other) return [];
  const at = { path: a.path, text: a.text };
  const primaryKey = option(a.options, 'primary_key');
  const foreignKey = option(a.options, 'foreign_key');
  if (a.macro === 'belongs_to') {
    const relation = { columns: [foreignKey ?? `${a.name}_id`], references: other.table, referencedColumns: [primaryKey ?? other.primaryKey], index: a.index };
    return [{ table: owner.table, relations: [relation], ...at }];
  }
  if (a.macro !== 'has_and_belongs_to_many') {
    const inverse = foreignKey ? undefined : inverseKey(other, a);
    if (inverse === null) return [];
    const relation = {
      columns: [foreignKey ?? inverse ?? owner.foreignKey],
      references: owner.table,
      referencedColumns: [primaryKey ?? owner.primaryKey],
      index: a.index,
    };
    return [{ table: other.table, relations: [relation], ...at }];
  }
  const table = option(a.options, 'join_table') ?? joinTableName(owner.table, other.table);
  return [
    {
      table,
      relations: [
        { columns: [foreignKey ?? owner.foreignKey], references: owner.table, referencedColumns: [owner.primaryKey], index: a.index },
        {
          columns: [option(a.options, 'association_foreign_key') ?? other.foreignKey],
          references: other.table,
          referencedColumns: [other.primaryKey],
          index: a.index,
        },
      ],
      ...at,
    },
  ];
}

/** The joins the project's models' associations declare, by the path of the file declaring each. */
export function activeRecordJoins(models: ReadonlyMap<string, ArModel>, inflector: Inflector): Map<string, DeclaredJoin[]> {
  const declaring = [...models.values()].flatMap((model) => associations(model).flatMap((a) => sides(models, inflector, model, a)));
  return joinsByFile(declaring, 'activerecord', (_side, r) => r);
}
