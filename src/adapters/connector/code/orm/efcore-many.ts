/**
 * @module adapters/connector/code/efcore-many
 * Entity Framework Core's many-to-many relationships (EF Core 5+) and the join table each maps:
 * - by convention, two entities each with one collection navigation of the other
 *   (`Post.Tags`, `Tag.Posts`);
 * - fluent, `HasMany(p => p.Tags).WithMany(t => t.Posts)` (or `WithMany()`, one-way), in an
 *   `Entity<T>(…)` call or an `IEntityTypeConfiguration<T>` class, with its `UsingEntity(…)`.
 * The join table is, as EF Core names it, the two classes' names joined in ordinal order
 * (`PostTag`), in the naming convention's case; `UsingEntity("PostTags")` and a `ToTable("…")` in
 * its arguments name it, and `UsingEntity<PostTag>(…)` makes it that entity's table. Its two
 * foreign keys reference the two entities' keys: the ones `HasOne<Tag>().WithMany()
 * .HasForeignKey(…)` in `UsingEntity`'s arguments name, else the join entity's property named
 * `<inverse navigation><Key>`, `<Principal><Key>` or `<Principal>Id`, else the shadow column EF Core
 * adds, the inverse navigation's name (the principal's on a one-way side) then the key's (`PostsId`,
 * `TagsId`). The join table and its joins belong to the file declaring the relationship, at its line.
 */
import { callArgs, chainAfter } from '../text/call-reading.js';

import { CHAINED, memberArgument, navigationTarget, propertyNamed, shadowKey, toTable, type EfEntity, type EfModel, type EfTable } from './efcore-model.js';
import { snake } from './name-case.js';
import { blankComments } from '../text/script-blocks.js';

/** A join table a many-to-many relationship maps, with its foreign key to each side. */
export interface JoinTable extends EfTable {
  /** The join entity's class (`UsingEntity<PostTag>`), else the shared type's name EF Core gives. */
  name: string;
  sides: Array<{ principal: EfEntity; column: string }>;
  /** The skip navigations that go through it, as `Post.Tags`. */
  navigations: string[];
  path: string;
  text: string;
  index: number;
}

/** One side of a many-to-many: its entity and its navigation to the other side, if it has one. */
interface Side {
  entity: EfEntity;
  navigation: string | undefined;
}

/**
 * The foreign keys given in `UsingEntity`'s arguments: `HasOne<Tag>().WithMany().HasForeignKey("TagId")`,
 * by the principal's class; the principal's navigations to the join entity (`WithMany(t => t.PostTags)`) are added to `handled`.
 */
function givenKeys(args: string, join: EfEntity | undefined, handled: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of args.matchAll(/\.\s*HasOne\s*(?:<\s*(?:[\w.]*\.)?(\w+)\s*>)?\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const navigation = memberArgument(callArgs(args, open));
    const declared = navigation && join ? propertyNamed(join.properties, navigation) : undefined;
    const principal = m[1] ?? (declared ? navigationTarget(declared.type).target : undefined);
    const chain = chainAfter(args, open);
    const back = chain.find((c) => c.method === 'WithMany');
    const inverse = back && memberArgument(callArgs(args, back.open));
    if (principal && inverse) handled.add(`${principal}.${inverse}`);
    const keyCall = chain.find((c) => c.method === 'HasForeignKey');
    const key = keyCall && memberArgument(callArgs(args, keyCall.open));
    if (principal && key) out.set(principal, key);
  }
  return out;
}

/** The join table of `left` and `right` as EF Core maps it, given the `UsingEntity` call's text and arguments when there is one. */
function joinTable(
  model: EfModel,
  [left, right]: [Side, Side],
  at: { path: string; text: string; index: number },
  using?: { generic: string | undefined; args: string; handled: Set<string> },
): JoinTable | undefined {
  const join = using?.generic ? model.entities.get(using.generic) : undefined;
  const named = using && /^\s*"([^"]+)"/.exec(using.args)?.[1];
  const given = using ? toTable(using.args)?.table : undefined;
  const [a, b] = [left.entity.name, right.entity.name];
  // a name given makes the join entity a shared type of that name
  const name = named ?? join?.name ?? (a < b ? a + b : b + a);
  // a side's schema when the context's default schema gave it
  const schema = [left.entity, right.entity].map((e) => (!e.explicit && e.table.includes('.') ? e.table.split('.')[0] : undefined)).find(Boolean);
  const qualified = (t: string) => (schema && !t.includes('.') ? `${schema}.${t}` : t);
  let table: EfTable;
  if (given) table = { table: qualified(given), alternatives: [], explicit: true };
  else if (join && !named) table = join;
  else {
    // the shared type's name in the naming convention's case, the other case its alternative
    const first = model.conventional(name);
    const other = first === name ? snake(name) : name;
    table = { table: qualified(first), alternatives: other === first ? [] : [qualified(other)], explicit: false };
  }
  const keys = using ? givenKeys(using.args, join, using.handled) : new Map<string, string>();
  const sides: JoinTable['sides'] = [];
  for (const [principal, other] of [
    [left, right],
    [right, left],
  ] as const) {
    const key = principal.entity.key;
    if (!key) return undefined;
    // the foreign key's base: the other side's navigation to this one, else this side's class
    const base = other.navigation ?? principal.entity.name;
    const property =
      keys.get(principal.entity.name) ??
      (join
        ? [`${base}${key}`, `${principal.entity.name}${key}`, `${principal.entity.name}Id`].map((n) => propertyNamed(join.properties, n)?.name).find(Boolean)
        : undefined);
    const column = property && join ? model.column(join, property) : model.conventional(property ?? shadowKey(base, key));
    sides.push({ principal: principal.entity, column });
  }
  const navigations = [left, right].flatMap((s) => (s.navigation ? [`${s.entity.name}.${s.navigation}`] : []));
  return { name, ...table, sides, navigations, ...at };
}

/** The many-to-many relationships of the project's fluent configurations, their navigations added to `handled`. */
function fluentManyToMany(model: EfModel, handled: Set<string>): JoinTable[] {
  const out: JoinTable[] = [];
  for (const k of model.configurations) {
    const entity = model.entities.get(k.entity);
    if (!entity) continue;
    for (const m of k.written.matchAll(/\.\s*HasMany\s*(?:<\s*(?:[\w.]*\.)?(\w+)\s*>)?\s*\(/g)) {
      const open = m.index + m[0].length - 1;
      const chain = chainAfter(k.written, open, CHAINED);
      const paired = chain.find((c) => c.method === 'WithMany');
      if (!paired || chain.find((c) => /^With/.test(c.method)) !== paired) continue;
      const navigation = memberArgument(callArgs(k.written, open));
      const declared = navigation ? propertyNamed(entity.properties, navigation) : undefined;
      const other = model.entities.get(m[1] ?? (declared ? navigationTarget(declared.type).target : ''));
      if (!other) continue;
      const inverse = memberArgument(callArgs(k.written, paired.open));
      if (navigation) handled.add(`${entity.name}.${navigation}`);
      if (inverse) handled.add(`${other.name}.${inverse}`);
      const usingCall = chain.find((c) => c.method === 'UsingEntity');
      const using = usingCall && {
        generic: /UsingEntity\s*<\s*(?:[\w.]*\.)?(\w+)\s*>\s*\($/.exec(k.written.slice(0, usingCall.open + 1))?.[1],
        // its arguments, blanked in the entity's configuration
        args: callArgs(blankComments(k.text).slice(k.start, k.start + k.written.length), usingCall.open),
        handled,
      };
      const at = { path: k.path, text: k.text, index: k.start + m.index + m[0].indexOf('HasMany') };
      const found = joinTable(
        model,
        [
          { entity, navigation },
          { entity: other, navigation: inverse },
        ],
        at,
        using,
      );
      if (found) out.push(found);
    }
  }
  return out;
}

/** The many-to-many relationships by convention: one collection of each other on both sides, neither configured otherwise. */
function conventionManyToMany(model: EfModel, handled: ReadonlySet<string>): JoinTable[] {
  const out: JoinTable[] = [];
  const collections = (from: EfEntity, to: EfEntity) =>
    from.cls.properties.filter((p) => {
      const { target, many } = navigationTarget(p.type);
      return many && target === to.name && !/\[\s*(?:[\w.]*\.)?(?:NotMapped|InverseProperty)\b/.test(p.attributes);
    });
  for (const entity of model.entities.values())
    for (const p of entity.cls.properties) {
      const other = model.entities.get(navigationTarget(p.type).target);
      if (!navigationTarget(p.type).many || !other || other === entity || !(entity.name < other.name)) continue;
      const [mine, theirs] = [collections(entity, other), collections(other, entity)];
      if (mine.length !== 1 || theirs.length !== 1 || mine[0] !== p) continue;
      const q = theirs[0]!;
      if (handled.has(`${entity.name}.${p.name}`) || handled.has(`${other.name}.${q.name}`)) continue;
      const at = { path: entity.cls.path, text: entity.cls.text, index: p.index };
      const found = joinTable(
        model,
        [
          { entity, navigation: p.name },
          { entity: other, navigation: q.name },
        ],
        at,
      );
      if (found) out.push(found);
    }
  return out;
}

/** The join tables of the project's many-to-many relationships; the navigations the fluent ones configure are added to `handled`. */
export function manyToManyTables(model: EfModel, handled: Set<string>): JoinTable[] {
  return [...fluentManyToMany(model, handled), ...conventionManyToMany(model, handled)];
}
