/**
 * @module adapters/connector/code/orm/efcore-joins
 * The joins Entity Framework Core's relationships declare, the dependent's foreign key to the
 * principal's key:
 * - fluent, in an `Entity<T>(…)` call or an `IEntityTypeConfiguration<T>` class: `HasOne(p => p.Blog)
 *   .WithMany(…)` and `HasMany(b => b.Posts).WithOne(…)`, with `.HasForeignKey(p => p.BlogId)`
 *   (a `HasOne(…).WithOne(…)` only with `HasForeignKey<Dependent>(…)`, which names its side), to
 *   the principal's key or to the alternate key `.HasPrincipalKey(b => b.Url)` names; a composite
 *   one, `HasForeignKey(l => new { l.OrderId, l.Region })` or `HasForeignKey("OrderId", "Region")`,
 *   joins on each of its columns to the key's parts in order;
 * - by convention in the entity classes: a reference navigation (`public Blog Blog { get; set; }`)
 *   and a collection navigation on the principal (`public List<Post> Posts { get; set; }`) whose
 *   other side has no reference navigation back. The foreign key is the one `[ForeignKey]` names,
 *   else the dependent's property named `<navigation><Key>`, `<navigation>Id`, `<Principal><Key>`
 *   or `<Principal>Id` (in any case), else the shadow column EF Core adds: `<navigation><Key>`, or
 *   `<Principal><Key>` for a collection without its inverse (`<Key>` alone when it starts with
 *   that name: `Blog` and `BlogId` give `BlogId`).
 * A composite key (`HasKey(o => new { o.Id, o.Region })`, `[PrimaryKey(…)]`) is joined by as many
 * properties, found for each part as for a single key (`<navigation><Part>`, `<Principal><Part>`), or
 * named by `[ForeignKey("A,B")]`, else EF Core's shadow properties, one a part. A many-to-many's join
 * table joins both sides (`efcore-many`). A one-to-one neither of whose sides holds such a property,
 * and a foreign key of other than as many properties as the key, make no join. The join belongs to
 * the file declaring the relationship, at its line.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { callArgs, chainAfter } from '../text/call-reading.js';
import type { CsharpProperty } from './csharp-classes.js';
import { joinsByFile } from './declared-joins.js';
import { manyToManyTables, type JoinTable } from './efcore-many.js';
import {
  memberArgument,
  memberArguments,
  NAME_ARG,
  nameArgument,
  navigationTarget,
  propertyNamed,
  shadowKey,
  type EfEntity,
  type EfModel,
  type EfTable,
} from './efcore-model.js';

interface Relationship {
  dependent: EfEntity;
  principal: EfEntity;
  /** The foreign key's properties, or the shadow properties EF Core adds, in the principal key's order. */
  foreignKey: string[];
  shadow: boolean;
  /** The principal's alternate key `HasPrincipalKey` names, else its key. */
  principalKey?: string[] | undefined;
  path: string;
  text: string;
  index: number;
}

/** `[ForeignKey("BlogId")]`, `[ForeignKey(nameof(BlogId))]` or a composite's `[ForeignKey("OrderId,LineNo")]`: the names it gives. */
function foreignKeyAttribute(p: CsharpProperty): string[] | undefined {
  const name = nameArgument(new RegExp(String.raw`\[\s*(?:[\w.]*\.)?ForeignKey(?:Attribute)?\s*\(\s*(?:${NAME_ARG})\s*\)`).exec(p.attributes));
  return name?.split(',').map((n) => n.trim());
}

const notMapped = (p: CsharpProperty) => /\[\s*(?:[\w.]*\.)?NotMapped\b/.test(p.attributes);

/**
 * The dependent's foreign key properties by EF Core's convention, if it has them: for each part of the
 * principal's key, the property named `<navigation><Key>` or `<Principal><Key>` (a single key also
 * `<navigation>Id`, `<Principal>Id`), all found with the same base; or the ones a `[ForeignKey]` on the navigation names.
 */
function conventionKey(dependent: EfEntity, principal: EfEntity, navigation: string | undefined, keys = principal.keys): string[] | undefined {
  if (!keys.length) return undefined;
  const annotated = navigation ? dependent.properties.find((p) => foreignKeyAttribute(p)?.join() === navigation) : undefined;
  if (annotated) return [annotated.name];
  const found = (n: string) => {
    const p = propertyNamed(dependent.properties, n);
    return p && !notMapped(p) ? p.name : undefined;
  };
  for (const base of [...(navigation ? [navigation] : []), principal.name]) {
    const names = keys.length === 1 ? [`${base}${keys[0]}`, `${base}Id`] : [];
    const one = names.map(found).find(Boolean);
    if (one) return [one];
    const all = keys.map((k) => found(`${base}${k}`));
    if (keys.length > 1 && all.every(Boolean)) return all as string[];
  }
  return undefined;
}

/** The shadow foreign key EF Core adds for each part of the principal's key. */
const shadowKeys = (base: string, keys: readonly string[]) => keys.map((k) => shadowKey(base, k));

/** The reference navigations of `from` to `to` (its own properties). */
const references = (from: EfEntity, to: EfEntity) =>
  from.cls.properties.filter((p) => !notMapped(p) && !navigationTarget(p.type).many && navigationTarget(p.type).target === to.name);

function fluentRelationships(model: EfModel, handled: Set<string>): Relationship[] {
  const out: Relationship[] = [];
  for (const k of model.configurations) {
    const entity = model.entities.get(k.entity);
    if (!entity) continue;
    for (const m of k.written.matchAll(/\.\s*(HasOne|HasMany)\s*(?:<\s*(?:[\w.]*\.)?(\w+)\s*>)?\s*\(/g)) {
      const open = m.index + m[0].length - 1;
      const navigation = memberArgument(callArgs(k.written, open));
      const declared = navigation ? propertyNamed(entity.properties, navigation) : undefined;
      const other = model.entities.get(m[2] ?? (declared ? navigationTarget(declared.type).target : ''));
      if (!other) continue;
      const chain = chainAfter(k.written, open);
      const paired = chain.find((c) => /^With(?:One|Many)$/.test(c.method));
      const inverse = paired && memberArgument(callArgs(k.written, paired.open));
      const keyCall = chain.find((c) => c.method === 'HasForeignKey');
      const principalCall = chain.find((c) => c.method === 'HasPrincipalKey');
      const principalKey = principalCall ? memberArguments(callArgs(k.written, principalCall.open)) : undefined;
      const given = keyCall ? memberArguments(callArgs(k.written, keyCall.open)) : undefined;
      const keySide = keyCall && /HasForeignKey\s*<\s*(?:[\w.]*\.)?(\w+)\s*>\s*\($/.exec(k.written.slice(0, keyCall.open + 1))?.[1];
      if (navigation) handled.add(`${entity.name}.${navigation}`);
      if (inverse) handled.add(`${other.name}.${inverse}`);
      if ((keyCall && !given) || (principalCall && !principalKey)) continue;
      let dependent: EfEntity;
      let principal: EfEntity;
      if (m[1] === 'HasMany') {
        if (paired?.method === 'WithMany') continue;
        [dependent, principal] = [other, entity];
      } else if (paired?.method === 'WithOne') {
        if (!keySide) continue;
        [dependent, principal] = keySide === entity.name ? [entity, other] : [other, entity];
      } else [dependent, principal] = [entity, other];
      const onDependent = dependent === entity ? navigation : inverse;
      const keys = principalKey ?? principal.keys;
      const found = given ?? conventionKey(dependent, principal, onDependent, keys);
      const index = k.start + m.index + m[0].indexOf(m[1]!);
      const shadow = shadowKeys(onDependent ?? principal.name, keys);
      out.push({ dependent, principal, foreignKey: found ?? shadow, shadow: !found, principalKey, path: k.path, text: k.text, index });
    }
  }
  return out;
}

function conventionRelationships(model: EfModel, handled: ReadonlySet<string>): Relationship[] {
  const out: Relationship[] = [];
  for (const entity of model.entities.values())
    for (const p of entity.cls.properties) {
      if (notMapped(p) || handled.has(`${entity.name}.${p.name}`)) continue;
      const { target, many } = navigationTarget(p.type);
      const other = model.entities.get(target);
      if (!other || other === entity || /\[\s*InverseProperty\b/.test(p.attributes)) continue;
      const at = { path: entity.cls.path, text: entity.cls.text, index: p.index };
      const back = references(other, entity).filter((q) => !handled.has(`${other.name}.${q.name}`));
      if (!many) {
        const found = foreignKeyAttribute(p) ?? conventionKey(entity, other, p.name);
        // a one-to-one whose key is on the other side is read there
        if (!found && back.length) continue;
        out.push({ dependent: entity, principal: other, foreignKey: found ?? shadowKeys(p.name, other.keys), shadow: !found, ...at });
        continue;
      }
      const manyToMany = other.cls.properties.some((q) => navigationTarget(q.type).many && navigationTarget(q.type).target === entity.name);
      // the reference navigation back holds the foreign key, read from its side
      if (manyToMany || back.length) continue;
      const found = foreignKeyAttribute(p) ?? conventionKey(other, entity, undefined);
      out.push({ dependent: other, principal: entity, foreignKey: found ?? shadowKeys(entity.name, entity.keys), shadow: !found, ...at });
    }
  return out;
}

/** The foreign keys of the Identity entities a context deriving from ASP.NET Core Identity's maps, at the context's name. */
function identityRelationships(model: EfModel): Relationship[] {
  return model.identity.flatMap(({ context, entities }) =>
    entities.flatMap((e) =>
      e.references.flatMap((r) => {
        const [dependent, principal] = [model.entities.get(e.name), model.entities.get(r.principal)];
        if (!dependent || !principal) return [];
        return [{ dependent, principal, foreignKey: [r.foreignKey], shadow: false, path: context.path, text: context.text, index: context.index }];
      }),
    ),
  );
}

/** One join a relationship declares: the dependent's table and foreign key columns to the principal's key. */
interface Resolved {
  table: EfTable;
  columns: string[];
  principal: EfEntity;
  principalColumns: string[];
  path: string;
  text: string;
  index: number;
}

/**
 * The joins the project's EF Core relationships declare, by the path of the file declaring each,
 * and the join tables its many-to-many relationships map.
 */
export function efcoreJoins(model: EfModel): { joins: Map<string, DeclaredJoin[]>; joinTables: JoinTable[] } {
  const handled = new Set<string>();
  const fluent = fluentRelationships(model, handled);
  const joinTables = manyToManyTables(model, handled);
  const resolved: Resolved[] = [...fluent, ...conventionRelationships(model, handled), ...identityRelationships(model)].flatMap((r) => {
    const keys = r.principalKey ?? r.principal.keys;
    // a key of several parts joins only on as many foreign key properties
    if (!keys.length || keys.length !== r.foreignKey.length) return [];
    const columns = r.foreignKey.map((f) => (r.shadow ? model.conventional(f) : model.column(r.dependent, f)));
    const principalColumns = keys.map((k) => model.column(r.principal, k));
    return [{ table: r.dependent, columns, principal: r.principal, principalColumns, path: r.path, text: r.text, index: r.index }];
  });
  for (const j of joinTables)
    for (const side of j.sides)
      resolved.push({
        table: j,
        columns: [side.column],
        principal: side.principal,
        principalColumns: [model.column(side.principal, side.principal.key!)],
        path: j.path,
        text: j.text,
        index: j.index,
      });
  const seen = new Set<string>();
  const declaring = resolved
    .filter((r) => {
      const key = `${r.table.table}\n${r.columns.join().toLowerCase()}\n${r.principal.table}`;
      return !seen.has(key) && seen.add(key);
    })
    .map((r) => ({ table: r.table.table, relations: [r], path: r.path, text: r.text }));
  const joins = joinsByFile(declaring, 'efcore', (_d, r) => ({
    references: r.principal.table,
    columns: r.columns,
    referencedColumns: r.principalColumns,
    index: r.index,
    tableAlternatives: r.table.alternatives,
    referencesAlternatives: r.principal.alternatives,
  }));
  return { joins, joinTables };
}
