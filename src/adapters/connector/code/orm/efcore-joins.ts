/**
 * @module adapters/connector/code/orm/efcore-joins
 * The joins Entity Framework Core's relationships declare, the dependent's foreign key to the
 * principal's key:
 * - fluent, in an `Entity<T>(…)` call or an `IEntityTypeConfiguration<T>` class: `HasOne(p => p.Blog)
 *   .WithMany(…)` and `HasMany(b => b.Posts).WithOne(…)`, with `.HasForeignKey(p => p.BlogId)`
 *   (a `HasOne(…).WithOne(…)` only with `HasForeignKey<Dependent>(…)`, which names its side), to
 *   the principal's key or to the alternate key `.HasPrincipalKey(b => b.Url)` names;
 * - by convention in the entity classes: a reference navigation (`public Blog Blog { get; set; }`)
 *   and a collection navigation on the principal (`public List<Post> Posts { get; set; }`) whose
 *   other side has no reference navigation back. The foreign key is the one `[ForeignKey]` names,
 *   else the dependent's property named `<navigation><Key>`, `<navigation>Id`, `<Principal><Key>`
 *   or `<Principal>Id` (in any case), else the shadow column EF Core adds: `<navigation><Key>`, or
 *   `<Principal><Key>` for a collection without its inverse (`<Key>` alone when it starts with
 *   that name: `Blog` and `BlogId` give `BlogId`).
 * A many-to-many's join table joins both sides (`efcore-many`). A one-to-one neither of whose sides
 * holds such a property and a composite key or foreign key make no join. The join belongs to the file declaring
 * the relationship, at its line.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { callArgs, chainAfter } from '../text/call-reading.js';
import type { CsharpProperty } from './csharp-classes.js';
import { joinsByFile } from './declared-joins.js';
import { manyToManyTables, type JoinTable } from './efcore-many.js';
import {
  memberArgument,
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
  /** The foreign key property, or the shadow property EF Core adds. */
  foreignKey: string;
  shadow: boolean;
  /** The principal's alternate key `HasPrincipalKey` names, else its key. */
  principalKey?: string | undefined;
  path: string;
  text: string;
  index: number;
}

/** `[ForeignKey("BlogId")]` or `[ForeignKey(nameof(BlogId))]`: the name it gives. */
const foreignKeyAttribute = (p: CsharpProperty) =>
  nameArgument(new RegExp(String.raw`\[\s*(?:[\w.]*\.)?ForeignKey(?:Attribute)?\s*\(\s*(?:${NAME_ARG})\s*\)`).exec(p.attributes));

const notMapped = (p: CsharpProperty) => /\[\s*(?:[\w.]*\.)?NotMapped\b/.test(p.attributes);

/** The dependent's foreign key property by EF Core's convention, if it has one. */
function conventionKey(dependent: EfEntity, principal: EfEntity, navigation: string | undefined, key = principal.key): string | undefined {
  if (!key) return undefined;
  const names = [...(navigation ? [`${navigation}${key}`, `${navigation}Id`] : []), `${principal.name}${key}`, `${principal.name}Id`];
  const annotated = navigation ? dependent.properties.find((p) => foreignKeyAttribute(p) === navigation) : undefined;
  return annotated?.name ?? names.map((n) => propertyNamed(dependent.properties, n)).find((p) => p && !notMapped(p))?.name;
}

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
      const principalKey = principalCall ? memberArgument(callArgs(k.written, principalCall.open)) : undefined;
      const keyArgs = keyCall ? callArgs(k.written, keyCall.open) : '';
      const keySide = keyCall && /HasForeignKey\s*<\s*(?:[\w.]*\.)?(\w+)\s*>\s*\($/.exec(k.written.slice(0, keyCall.open + 1))?.[1];
      if (navigation) handled.add(`${entity.name}.${navigation}`);
      if (inverse) handled.add(`${other.name}.${inverse}`);
      if ((keyCall && !memberArgument(keyArgs)) || (principalCall && !principalKey)) continue;
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
      const given = keyCall ? memberArgument(keyArgs) : undefined;
      const key = principalKey ?? principal.key;
      const found = given ?? conventionKey(dependent, principal, onDependent, key);
      const index = k.start + m.index + m[0].indexOf(m[1]!);
      const shadow = shadowKey(onDependent ?? principal.name, key ?? '');
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
        out.push({ dependent: entity, principal: other, foreignKey: found ?? shadowKey(p.name, other.key ?? ''), shadow: !found, ...at });
        continue;
      }
      const manyToMany = other.cls.properties.some((q) => navigationTarget(q.type).many && navigationTarget(q.type).target === entity.name);
      // the reference navigation back holds the foreign key, read from its side
      if (manyToMany || back.length) continue;
      const found = foreignKeyAttribute(p) ?? conventionKey(other, entity, undefined);
      out.push({ dependent: other, principal: entity, foreignKey: found ?? shadowKey(entity.name, entity.key ?? ''), shadow: !found, ...at });
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
        return [{ dependent, principal, foreignKey: r.foreignKey, shadow: false, path: context.path, text: context.text, index: context.index }];
      }),
    ),
  );
}

/** One join a relationship declares: the dependent's table and foreign key column to the principal's key. */
interface Resolved {
  table: EfTable;
  column: string;
  principal: EfEntity;
  principalColumn: string;
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
    const key = r.principalKey ?? r.principal.key;
    if (!key) return [];
    const column = r.shadow ? model.conventional(r.foreignKey) : model.column(r.dependent, r.foreignKey);
    return [
      { table: r.dependent, column, principal: r.principal, principalColumn: model.column(r.principal, key), path: r.path, text: r.text, index: r.index },
    ];
  });
  for (const j of joinTables)
    for (const side of j.sides)
      resolved.push({
        table: j,
        column: side.column,
        principal: side.principal,
        principalColumn: model.column(side.principal, side.principal.key!),
        path: j.path,
        text: j.text,
        index: j.index,
      });
  const seen = new Set<string>();
  const declaring = resolved
    .filter((r) => {
      const key = `${r.table.table}\n${r.column.toLowerCase()}\n${r.principal.table}`;
      return !seen.has(key) && seen.add(key);
    })
    .map((r) => ({ table: r.table.table, relations: [r], path: r.path, text: r.text }));
  const joins = joinsByFile(declaring, 'efcore', (_d, r) => ({
    references: r.principal.table,
    columns: [r.column],
    referencedColumns: [r.principalColumn],
    index: r.index,
    tableAlternatives: r.table.alternatives,
    referencesAlternatives: r.principal.alternatives,
  }));
  return { joins, joinTables };
}
