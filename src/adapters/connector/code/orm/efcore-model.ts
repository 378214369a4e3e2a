/**
 * @module adapters/connector/code/orm/efcore-model
 * Entity Framework Core's model of a C# project, read as written: the types declaring `DbSet<T>`
 * properties (a `DbContext`, or the interface a clean-architecture project puts in front of it), the
 * entities (a `DbSet`'s type, one configured by `modelBuilder.Entity<T>()` or an
 * `IEntityTypeConfiguration<T>` class, a `[Table]` class, and the classes their navigations reach
 * that have a key), and each entity's table by EF Core's precedence: the fluent `ToTable("name",
 * "schema")`, else `[Table("name", Schema = "s")]`, else a mapped base class's table (one table per
 * hierarchy), else the `DbSet` property's name, else the class's name; `HasDefaultSchema` of its
 * context (or of the project's one context saying it) gives the schema not given. With
 * EFCore.NamingConventions' `UseSnakeCaseNamingConvention()` (or a loop renaming tables and columns
 * to snake case) the names the convention gives are in snake case; explicit names never are.
 * Keys are `HasKey` (composite `HasKey(x => new { x.A, x.B })`), `[PrimaryKey(…)]`, `[Key]`, else `Id` or `<Type>Id` (also `Id` for a class deriving from an
 * entity base class the project does not declare, a package's `EntityBase<T>`); columns
 * `HasColumnName`, `[Column("x")]`, else the property's name. A class name several classes share
 * is the one whose namespace the files naming it as an entity import, else the one nearest them.
 */
import { callArgs, chainAfter } from '../text/call-reading.js';
import { bareType, csharpClasses, genericArgument, type CsharpClass, type CsharpProperty } from './csharp-classes.js';
import { identityEntities, identityPasskeys, identityRoles, type IdentityEntity } from './efcore-identity.js';
import type { ProjectFile } from './orm-reader.js';
import { snake } from './name-case.js';
import { blankComments } from '../text/script-blocks.js';

/** A class of the project with the file it is in. */
export interface ProjectClass extends CsharpClass {
  path: string;
  text: string;
}

/** Part of a file that configures one entity: an `Entity<T>(…)` call with its chain, or an `IEntityTypeConfiguration<T>` class's body. */
export interface EntityConfiguration {
  entity: string;
  path: string;
  text: string;
  /** The configuration's text (comments, owned types' and join entities' configurations blanked), from `start` in the file. */
  written: string;
  start: number;
}

/** A table as an entity maps it: the name, the names it may also have, and where the code names it. */
export interface EfTable {
  table: string;
  alternatives: string[];
  /** The table's name was given (`ToTable`, `[Table]`): no naming convention renames it. */
  explicit: boolean;
}

export interface EfEntity extends EfTable {
  name: string;
  cls: ProjectClass;
  /** Its properties and those of its base classes. */
  properties: CsharpProperty[];
  /** Its key property, when it has one (not composite). */
  key: string | undefined;
  /** Its key's properties in order: the one key property, a composite key's parts, none when it has no key. */
  keys: string[];
}

export interface EfModel {
  entities: ReadonlyMap<string, EfEntity>;
  /** The types declaring `DbSet`s (contexts and their interfaces), and the classes deriving from them. */
  contexts: ReadonlySet<string>;
  /** A `DbSet` property's name → its entity (null where two contexts give the name to different entities). */
  dbSets: ReadonlyMap<string, string | null>;
  classes: ReadonlyMap<string, ProjectClass>;
  configurations: readonly EntityConfiguration[];
  /** The contexts deriving from ASP.NET Core Identity's, each with the Identity entities it maps. */
  identity: ReadonlyArray<{ context: ProjectClass; entities: readonly IdentityEntity[] }>;
  /** The project registers Identity's roles (`AddRoles<…>`), which its sign-ins then read. */
  identityRoles: boolean;
  /** The column a property of an entity maps. */
  column(entity: EfEntity, property: string): string;
  /** A name the convention gives (a shadow foreign key) as the project's naming writes it. */
  conventional(name: string): string;
}

export const DB_SET = /I?DbSet/;
/** The collections a navigation to many may be declared as. */
export const COLLECTION = /I?(?:Collection|List|Enumerable|ReadOnlyCollection|ReadOnlyList|Set|HashSet|SortedSet|ObservableCollection)/;
const OWNED_CALL = /\.\s*(?:OwnsOne|OwnsMany|ComplexProperty|UsingEntity)\s*(?:<(?:[^<>()]|<[^<>()]*>)*>)?\s*\(/g;
/** A name given as a string or by `nameof(…)`: group 1 or 2. */
export const NAME_ARG = String.raw`"([^"]+)"|nameof\(\s*(?:\w+\.)*(\w+)\s*\)`;

/** The name a string or `nameof(…)` argument gives. */
export const nameArgument = (m: RegExpExecArray | RegExpMatchArray | null) => m?.[1] ?? m?.[2];

/** A lambda's parameter, typed or not (`p`, `(p)`, `(Post p)`), and its arrow. */
const LAMBDA_HEAD = /^\s*(?:\w+|\(\s*(?:[\w.]+(?:<[^<>()]*>)?\??\s+)?\w+\s*\))\s*=>\s*/;

/**
 * The properties an argument list names, in order: a lambda's body (`p => p.BlogId`, `(Post p) => p.Blog!`,
 * `p => new { p.BlogId, p.Url }`, `p => new { A = p.X }`), or strings and `nameof`s (`"A", nameof(B)`).
 */
export function memberArguments(args: string): string[] | undefined {
  const head = LAMBDA_HEAD.exec(args);
  if (head) {
    const body = args.slice(head[0].length);
    const one = /^\w+\s*\.\s*(\w+)\s*!?\s*$/.exec(body);
    if (one) return [one[1]!];
    const anonymous = /^new\s*\{([^{}]*)\}\s*$/.exec(body);
    const parts = anonymous?.[1]!.split(',').filter((part, i, all) => part.trim() || i < all.length - 1);
    const members = parts?.map((part) => /^\s*(?:\w+\s*=\s*)?\w+\s*\.\s*(\w+)\s*!?\s*$/.exec(part)?.[1]);
    return members?.length && members.every(Boolean) ? (members as string[]) : undefined;
  }
  const names = args.split(',').map((part) => nameArgument(new RegExp(String.raw`^\s*(?:${NAME_ARG})\s*$`).exec(part)));
  return names.length && names.every(Boolean) ? (names as string[]) : undefined;
}

/** The one property an argument list names (see `memberArguments`), none when it names several. */
export function memberArgument(args: string): string | undefined {
  const names = memberArguments(args);
  return names?.length === 1 ? names[0] : undefined;
}

/** The shadow foreign key EF Core adds: the navigation's (or principal's) name then the key's, the key's alone when it starts with that name (`Blog` + `BlogId` → `BlogId`). */
export const shadowKey = (base: string, key: string) => (key.toLowerCase().startsWith(base.toLowerCase()) ? key : `${base}${key}`);

/** The table a `ToTable("name", "schema")` (or `schema: "…"`) of a configuration gives, if any. */
export function toTable(written: string): { table: string; index: number } | undefined {
  const m = /\.\s*ToTable\s*\(\s*"([^"]+)"(?:\s*,\s*(?:schema\s*:\s*)?"([^"]+)")?/.exec(written);
  return m ? { table: m[2] ? `${m[2]}.${m[1]}` : m[1]!, index: m.index + m[0].indexOf('ToTable') } : undefined;
}

/** The table a class's `[Table("name", Schema = "s")]` gives, if any. */
export function tableAttribute(attributes: string): string | undefined {
  const m = /\[\s*(?:[\w.]*\.)?Table(?:Attribute)?\s*\(\s*"([^"]+)"(?:\s*,\s*Schema\s*=\s*"([^"]+)")?/.exec(attributes);
  return m ? (m[2] ? `${m[2]}.${m[1]}` : m[1]) : undefined;
}

/** The default schema a file's `HasDefaultSchema("s")` gives. */
export const defaultSchema = (text: string) => /\.\s*HasDefaultSchema\s*\(\s*"([^"]+)"/.exec(blankComments(text))?.[1];

/** A call chained after another, its generic arguments nested once (`.UsingEntity<Dictionary<string, object>>(`): its method, group 1. */
export const CHAINED = /^\s*[!?]?\.\s*([A-Za-z_]\w*)\s*(?:<(?:[^<>()]|<[^<>()]*>)*>\s*)?\(/;

/** The end of a call whose `(` is at `open` with the calls chained after it. */
function chainEnd(text: string, open: number): number {
  const last = chainAfter(text, open, CHAINED).at(-1)?.open ?? open;
  return last + callArgs(text, last).length + 1;
}

/** The text with the arguments of its `OwnsOne(…)`/`OwnsMany(…)` and `UsingEntity(…)` calls blanked: what they configure is the owned type's or the join entity's. */
function withoutOwned(text: string): string {
  let out = text;
  for (const m of text.matchAll(OWNED_CALL)) {
    const open = m.index + m[0].length - 1;
    const args = callArgs(text, open);
    out = out.slice(0, open + 1) + args.replace(/[^\n]/g, ' ') + out.slice(open + 1 + args.length);
  }
  return out;
}

/** The entity configurations of a file: `Entity<T>(…)` calls with their chains and `IEntityTypeConfiguration<T>` classes. */
export function entityConfigurations(file: { path: string; text: string }, classes: readonly CsharpClass[]): EntityConfiguration[] {
  if (!/\bEntity\s*<|IEntityTypeConfiguration\s*</.test(file.text)) return [];
  const written = blankComments(file.text);
  const out: EntityConfiguration[] = [];
  const add = (entity: string, start: number, end: number) =>
    out.push({ entity, path: file.path, text: file.text, written: withoutOwned(written.slice(start, end)), start });
  for (const m of written.matchAll(/\bEntity\s*<\s*(?:[\w.]*\.)?(\w+)\s*>\s*\(/g)) add(m[1]!, m.index, chainEnd(written, m.index + m[0].length - 1));
  for (const c of classes)
    for (const base of c.bases) {
      const entity = genericArgument(base, /IEntityTypeConfiguration/);
      if (entity) add(entity, c.start, c.end);
    }
  return out;
}

/** Whether the project names its tables and columns in snake case by convention (EFCore.NamingConventions, or its own renaming loop). */
function snakeCaseNaming(files: readonly ProjectFile[]): boolean {
  return files.some((f) => {
    if (!/snake/i.test(f.text)) return false;
    const text = blankComments(f.text);
    return /\.\s*UseSnakeCaseNamingConvention\s*\(/.test(text) || /\.\s*Set(?:Table|Column)Name\s*\([^;]*snake/i.test(text);
  });
}

/** The property named so, ignoring case as EF Core's key and foreign key conventions do. */
export const propertyNamed = (properties: readonly CsharpProperty[], name: string) =>
  properties.find((p) => p.name === name) ?? properties.find((p) => p.name.toLowerCase() === name.toLowerCase());

/** The class a navigation property reaches, and whether it reaches many. */
export function navigationTarget(type: string): { target: string; many: boolean } {
  const element = genericArgument(type, COLLECTION);
  return element ? { target: element, many: true } : { target: bareType(type), many: false };
}

export function readEfModel(files: readonly ProjectFile[]): EfModel {
  const classes = new Map<string, ProjectClass>();
  const shared = new Map<string, ProjectClass[]>();
  const all: ProjectClass[] = [];
  const configurations: EntityConfiguration[] = [];
  for (const f of files) {
    if (!/\b(?:class|record|interface)\b/.test(f.text)) continue;
    const found = csharpClasses(f.text);
    // a name two classes share: the first keeps it, unless only the other has a key
    for (const c of found) {
      const known = classes.get(c.name);
      const added = { ...c, path: f.path, text: f.text };
      all.push(added);
      if (known) shared.set(c.name, [...(shared.get(c.name) ?? [known]), added]);
      if (!known || (!keyOf(known.properties, known.name) && keyOf(c.properties, c.name))) classes.set(c.name, added);
    }
    configurations.push(...entityConfigurations(f, found));
  }
  const inherited = (c: ProjectClass): CsharpProperty[] => {
    const out = [...c.properties];
    const seen = new Set([c.name]);
    for (let base = baseClass(c, classes); base && !seen.has(base.name); base = baseClass(base, classes)) {
      seen.add(base.name);
      out.push(...base.properties.filter((p) => !out.some((o) => o.name === p.name)));
    }
    return out;
  };

  /** The key of a class: by annotation or convention, else `Id` when it derives from an entity base class the project does not declare (a package's `EntityBase<T>`). */
  const keyFor = (c: ProjectClass): string | undefined => {
    const key = keyOf(inherited(c), c.name);
    if (key) return key;
    let root: CsharpClass = c;
    for (let base = baseClass(c, classes), n = 0; base && n < 10; base = baseClass(base, classes), n++) root = base;
    const outside = root.bases[0] && !classes.has(bareType(root.bases[0])) ? bareType(root.bases[0]) : undefined;
    return outside && /Entity/.test(outside) ? 'Id' : undefined;
  };

  // the contexts: types declaring DbSets (every class of a shared name), and classes deriving from one
  const contexts = new Set<string>();
  const dbSets = new Map<string, string | null>();
  const setOwner = new Map<string, ProjectClass>();
  const contextClasses: ProjectClass[] = [];
  for (const c of all)
    for (const p of c.properties) {
      const entity = genericArgument(p.type, DB_SET);
      if (!entity) continue;
      contexts.add(c.name);
      if (c.kind === 'class' && !contextClasses.includes(c)) contextClasses.push(c);
      dbSets.set(p.name, dbSets.has(p.name) && dbSets.get(p.name) !== entity ? null : entity);
      if (!setOwner.has(entity) || setOwner.get(entity)!.kind !== 'class') setOwner.set(entity, c);
    }
  // a context deriving from Identity's has its DbSets: `Users` of its user class, …
  const identity: Array<{ context: ProjectClass; entities: IdentityEntity[] }> = [];
  const passkeys = files.some((f) => /IdentitySchemaVersions/.test(f.text) && identityPasskeys(blankComments(f.text)));
  const identityOf = new Map<string, IdentityEntity>();
  for (const c of all) {
    const entities = c.kind === 'class' ? identityEntities(c, passkeys) : [];
    if (!entities.length) continue;
    identity.push({ context: c, entities });
    contexts.add(c.name);
    if (!contextClasses.includes(c)) contextClasses.push(c);
    for (const e of entities) {
      identityOf.set(e.name, e);
      if (!dbSets.has(e.dbSet)) dbSets.set(e.dbSet, e.name);
      if (!setOwner.has(e.name)) setOwner.set(e.name, c);
    }
  }
  // Identity's own classes (`IdentityUser`) the project does not declare
  const external = new Map([...identityOf.keys()].filter((n) => !classes.has(n)).map((n) => [n, emptyClass(n)] as const));
  const classOf = (name: string) => classes.get(name) ?? external.get(name);
  // a shared name is the class whose namespace the files naming it as an entity import, else the nearest to them
  const naming = new Map<string, Array<{ path: string; text: string }>>();
  for (const [entity, context] of setOwner) naming.set(entity, [context]);
  for (const k of configurations) naming.set(k.entity, [...(naming.get(k.entity) ?? []), k]);
  // a `global using` holds in its project: taken as the files under its file's directory
  const globalUsings = files.flatMap((f) => {
    const dir = f.path.slice(0, f.path.lastIndexOf('/') + 1);
    return [...f.text.matchAll(/^[\uFEFF \t]*global\s+using\s+([\w.]+)\s*;/gm)].map((m) => ({ dir, namespace: m[1]! }));
  });
  for (const [name, candidates] of shared) {
    const namers = naming.get(name) ?? [];
    if (!namers.length) continue;
    const imported = new Set(namers.flatMap((n) => [...namespacesIn(n.text), ...globalUsings.filter((g) => n.path.startsWith(g.dir)).map((g) => g.namespace)]));
    const score = (c: ProjectClass) =>
      (imported.has(namespaceOf(c.text) ?? '') ? 10_000 : 0) +
      Math.max(...namers.map((n) => 100 * sharedNamespaces(n.text, c.text) + sharedDirectories(n.path, c.path)));
    classes.set(
      name,
      candidates.reduce((best, c) => (score(c) > score(best) ? c : best)),
    );
  }
  for (let grown = true; grown;) {
    grown = false;
    for (const c of all)
      if (!contexts.has(c.name) && c.bases.some((b) => contexts.has(bareType(b)))) {
        contexts.add(c.name);
        if (c.kind === 'class') contextClasses.push(c);
        grown = true;
      }
  }

  const snakeCase = snakeCaseNaming(files);
  const conventional = (name: string) => (snakeCase ? snake(name) : name);
  // an entity no DbSet names is in the context nearest the files configuring it
  const schemaOf = (entity: string): string | undefined => {
    const owner = setOwner.get(entity) ?? (naming.get(entity) ?? []).map((n) => nearest(n.path, contextClasses)).find(Boolean);
    return owner && defaultSchema(owner.text);
  };
  const configured = (entity: string) => configurations.filter((c) => c.entity === entity);

  // the entities: those named by DbSets, configurations and [Table], then the classes their navigations reach
  const names = new Set<string>([...dbSets.values()].filter((e): e is string => !!e));
  for (const c of configurations) names.add(c.entity);
  for (const name of identityOf.keys()) names.add(name);
  // a many-to-many's join entity, `UsingEntity<PostTag>(…)` (not one given a name: that is a shared type's)
  for (const c of configurations)
    for (const m of blankComments(c.text)
      .slice(c.start, c.start + c.written.length)
      .matchAll(/\bUsingEntity\s*<\s*(?:[\w.]*\.)?(\w+)\s*>\s*\((?!\s*")/g))
      names.add(m[1]!);
  for (const c of classes.values()) if (c.kind !== 'interface' && tableAttribute(c.attributes)) names.add(c.name);
  const owned = new Set<string>();
  for (const c of classes.values()) if (/\[\s*(?:Owned|ComplexType)\b/.test(c.attributes)) owned.add(c.name);
  for (const c of configurations)
    for (const m of blankComments(c.text)
      .slice(c.start, c.start + c.written.length)
      .matchAll(/\.\s*(?:OwnsOne|OwnsMany|ComplexProperty)\s*(?:<\s*(\w+)\s*>)?\s*\(\s*(?:\w+\s*=>\s*\w+\.(\w+)|"(\w+)")?/g)) {
      const property = m[2] ?? m[3];
      const type = m[1] ?? (property && propertyNamed(inherited(classes.get(c.entity) ?? emptyClass(c.entity)), property)?.type);
      if (type) owned.add(navigationTarget(type).target);
    }
  for (const queue = [...names]; queue.length;) {
    const c = classes.get(queue.pop()!);
    if (!c) continue;
    for (const p of inherited(c)) {
      if (/\[\s*NotMapped\b/.test(p.attributes)) continue;
      const { target } = navigationTarget(p.type);
      const t = classes.get(target);
      if (!t || names.has(target) || owned.has(target) || t.kind === 'interface' || contexts.has(target)) continue;
      if (!keyFor(t) && !primaryKeyAttribute(t.attributes)) continue;
      names.add(target);
      queue.push(target);
    }
  }

  const entities = new Map<string, EfEntity>();
  const tableOf = (name: string, seen: Set<string>): EfTable | undefined => {
    const c = classOf(name);
    if (!c || seen.has(name)) return undefined;
    seen.add(name);
    const explicit =
      configured(name)
        .map((k) => toTable(k.written)?.table)
        .find(Boolean) ?? tableAttribute(c.attributes);
    const schema = schemaOf(name);
    const qualified = (table: string) => (schema && !table.includes('.') ? `${schema}.${table}` : table);
    if (explicit) return { table: qualified(explicit), alternatives: [], explicit: true };
    // Identity names its tables, which the naming convention may rename
    const fixed = identityOf.get(name)?.table;
    if (fixed) return { table: qualified(fixed), alternatives: snakeCase ? [qualified(snake(fixed))] : [], explicit: true };
    // one table per hierarchy: a mapped base class's
    const base = baseClass(c, classes);
    if (base && names.has(base.name)) {
      const root = tableOf(base.name, seen);
      if (root) return root;
    }
    const given = [...dbSets].find(([, e]) => e === name)?.[0] ?? name;
    const [first, other] = snakeCase ? [snake(given), given] : [given, snake(given)];
    return { table: qualified(first), alternatives: other === first ? [] : [qualified(other)], explicit: false };
  };
  for (const name of names) {
    const c = classOf(name);
    const table = c && c.kind !== 'interface' && tableOf(name, new Set());
    if (!c || !table) continue;
    const properties = inherited(c);
    const own = identityOf.get(name);
    const single = own ? own.key : keyFor(c);
    const keys = entityKey(configured(name)) ?? primaryKeyAttribute(c.attributes) ?? (single ? [single] : []);
    entities.set(name, { name, cls: c, ...table, properties, key: keys.length === 1 ? keys[0] : undefined, keys });
  }

  const column = (entity: EfEntity, property: string) => {
    for (const k of configured(entity.name))
      for (const m of k.written.matchAll(/\.\s*Property\s*(?:<[^<>()]*>)?\s*\(\s*(?:\w+\s*=>\s*\w+\.(\w+)|"(\w+)")\s*\)/g)) {
        if ((m[1] ?? m[2]) !== property) continue;
        const open = m.index + m[0].indexOf('(');
        const named = chainAfter(k.written, open).find((c) => c.method === 'HasColumnName');
        const given = named && /^\s*"([^"]+)"/.exec(callArgs(k.written, named.open))?.[1];
        if (given) return given;
      }
    const p = propertyNamed(entity.properties, property);
    const attribute = p && /\[\s*(?:[\w.]*\.)?Column(?:Attribute)?\s*\(\s*"([^"]+)"/.exec(p.attributes)?.[1];
    return attribute ?? conventional(p?.name ?? property);
  };
  const roles = identity.length > 0 && files.some((f) => /\bAdd(?:Identity|Roles)\b/.test(f.text) && identityRoles(blankComments(f.text)));
  return { entities, contexts, dbSets, classes, configurations, identity, identityRoles: roles, column, conventional };
}

/** How many directories two paths share. */
function sharedDirectories(a: string, b: string): number {
  const [x, y] = [a.split('/').slice(0, -1), b.split('/').slice(0, -1)];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}

/** How many leading parts two files' namespaces share. */
function sharedNamespaces(a: string, b: string): number {
  const [x, y] = [namespaceOf(a)?.split('.') ?? [], namespaceOf(b)?.split('.') ?? []];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}

/** The class whose file shares the most directories with `path`, when one alone does. */
function nearest(path: string, classes: readonly ProjectClass[]): ProjectClass | undefined {
  const scored = classes.map((c) => ({ c, n: sharedDirectories(path, c.path) })).sort((a, b) => b.n - a.n);
  return scored[0] && scored[0].n !== scored[1]?.n ? scored[0].c : undefined;
}

/** The namespace a file declares its types in. */
const namespaceOf = (text: string) => /^[\uFEFF \t]*namespace\s+([\w.]+)/m.exec(text)?.[1];

/** The namespaces a file's code reaches by name: its `using`s, its own and their parents. */
function namespacesIn(text: string): string[] {
  const out = [...text.matchAll(/^[\uFEFF \t]*(?:global\s+)?using\s+([\w.]+)\s*;/gm)].map((m) => m[1]!);
  const own = namespaceOf(text)?.split('.') ?? [];
  for (let i = own.length; i > 0; i--) out.push(own.slice(0, i).join('.'));
  return out;
}

function emptyClass(name: string): ProjectClass {
  return { name, kind: 'class', attributes: '', bases: [], properties: [], index: 0, start: 0, end: 0, path: '', text: '' };
}

/** The class a class derives from (its first base, when the project declares it as a class). */
function baseClass(c: CsharpClass, classes: ReadonlyMap<string, ProjectClass>): ProjectClass | undefined {
  const first = c.bases[0];
  const base = first ? classes.get(bareType(first)) : undefined;
  return base && base.kind !== 'interface' ? base : undefined;
}

/** The key by convention or annotation: a `[Key]` property, else `Id`, else `<Type>Id`. */
function keyOf(properties: readonly CsharpProperty[], type: string): string | undefined {
  const marked = properties.filter((p) => /\[\s*(?:[\w.]*\.)?Key(?:Attribute)?\s*[\],]/.test(p.attributes));
  if (marked.length) return marked.length === 1 ? marked[0]!.name : undefined;
  return (propertyNamed(properties, 'Id') ?? propertyNamed(properties, `${type}Id`))?.name;
}

/** An entity's key as its configuration gives it, `HasKey(x => x.Code)` or `HasKey(x => new { x.A, x.B })` (none when it names no property), if it does. */
function entityKey(configured: readonly EntityConfiguration[]): string[] | undefined {
  for (const c of configured) {
    const m = /\.\s*HasKey\s*\(/.exec(c.written);
    if (m) return memberArguments(callArgs(c.written, m.index + m[0].length - 1)) ?? [];
  }
  return undefined;
}

/** The key a class's `[PrimaryKey(nameof(A), nameof(B))]` (EF Core 7) gives, if any. */
function primaryKeyAttribute(attributes: string): string[] | undefined {
  const m = /\[\s*(?:[\w.]*\.)?PrimaryKey(?:Attribute)?\s*\(/.exec(attributes);
  return m ? memberArguments(callArgs(attributes, m.index + m[0].length - 1)) : undefined;
}
