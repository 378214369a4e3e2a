/**
 * @module adapters/connector/code/orm/efcore
 * Entity Framework Core (C#) through the ORM reader seam.
 * - Declared (each file on its own): `[Table("blogs", Schema = "s")]` its class's table, a
 *   configuration's `ToTable("blogs", "s")` (`Entity<Blog>(…)`, `IEntityTypeConfiguration<Blog>`)
 *   its entity's, the file's `HasDefaultSchema` giving the schema not given.
 * - Declared by the project (its model read once, `efcore-model`): each entity's class file, each
 *   context's `DbSet<Blog> Blogs` and each configuration's `ToTable` declare the entity's table as
 *   the model resolves it (so a DbSet whose entity has a `ToTable` links that table, not its own
 *   name).
 * - Uses: a `DbSet` reached on a name of a context's type (`_db.Blogs…`, a `new BlogContext()`, a
 *   factory's `CreateDbContext()`) or `Set<Blog>()` on any receiver reads it, or writes it when its chain adds,
 *   updates or removes (`Add`, `AddRange`, `Remove`, `Update`, `ExecuteDelete`, `ExecuteUpdate`, …);
 *   its chain's `Include(b => b.Posts)` and `ThenInclude(…)` read the navigations' tables (and a many-to-many's join table); the
 *   context's own `Find<Blog>(…)` reads, what its (or any `DbContext`'s) `Add(blog)`, `Update`, `Remove`,
 *   `Attach` and `Entry(…)` changes writes (`efcore-saves`), as do tracked entities changed then
 *   saved; a generic repository `IRepository<Blog> repo` (any
 *   `…Repository…<Entity>`) reads by `List…`, `Get…`, `Find…`, `First…`, `Count…`, `Any…` and
 *   writes by `Add…`, `Update…`, `Delete…`, `Remove…`, `Insert…`, `Upsert…`. A context
 *   is reached on a name of its type or on a property the project declares of it (`services.Context`).
 * - Joins: `efcore-joins`.
 * Dapper's SQL, in strings, is read with every language's.
 */
import type { TableAccess } from '../../../../ports/code.js';
import { callArgs, chainAfter, escapeName, qualify } from '../text/call-reading.js';
import { bareType, csharpClasses, genericArgument, type CsharpProperty } from './csharp-classes.js';
import { identityManagerUses } from './efcore-identity.js';
import { efcoreJoins } from './efcore-joins.js';
import { argumentTypes, trackedChanges } from './efcore-saves.js';
import type { JoinTable } from './efcore-many.js';
import {
  DB_SET,
  defaultSchema,
  entityConfigurations,
  navigationTarget,
  propertyNamed,
  readEfModel,
  tableAttribute,
  toTable,
  type EfEntity,
  type EfModel,
  type EfTable,
} from './efcore-model.js';
import { lineAt } from '../text/lines.js';
import { collectUses, type OrmReader, type ProjectFile, type UseModel } from './orm-reader.js';
import type { OrmTableRef } from './orm-reader.js';
import { blankComments } from '../text/script-blocks.js';

const VIA = 'efcore';
const WRITES =
  /^(?:Add|AddAsync|AddRange|AddRangeAsync|Update|UpdateRange|Remove|RemoveRange|ExecuteDelete|ExecuteDeleteAsync|ExecuteUpdate|ExecuteUpdateAsync|Bulk\w+)$/;
const REPOSITORY_READS = /^(?:List|Get|Find|First|Single|Count|Any|Exists?|Search|Query|Page|Fetch|Load|Read|Where|All|Sum|Max|Min|Average)/;
const REPOSITORY_WRITES = /^(?:Add|Insert|Create|Update|Delete|Remove|Upsert)/;

function declared({ path, text }: ProjectFile): OrmTableRef[] {
  if (!/\[\s*(?:[\w.]*\.)?Table|ToTable\s*\(/.test(text)) return [];
  const classes = csharpClasses(text);
  const schema = defaultSchema(text);
  const ref = (table: string, index: number, model: string): OrmTableRef => ({
    table: qualify(table.includes('.') ? undefined : schema, table),
    line: lineAt(text, index),
    via: VIA,
    model,
  });
  const out: OrmTableRef[] = [];
  for (const c of classes) {
    const table = c.kind === 'interface' ? undefined : tableAttribute(c.attributes);
    if (table) out.push(ref(table, c.index, c.name));
  }
  for (const k of entityConfigurations({ path, text }, classes)) {
    const given = toTable(k.written);
    if (given) out.push(ref(given.table, k.start + given.index, k.entity));
  }
  return out;
}

const asRef = (entity: EfTable & { name: string }): OrmTableRef => ({
  table: entity.table,
  ...(entity.alternatives.length ? { alternatives: entity.alternatives } : {}),
  line: 0,
  via: VIA,
  model: entity.name,
});

/** The names a file gives to values of the types `types` matches: fields, properties, parameters, locals, `new T(…)`. */
function namesOfType(text: string, types: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\w.])(?:[\w.]*\.)?(?:${types})\??\s+(\w+)\s*[;,)={]`, 'g'))) names.add(m[1]!);
  for (const m of text.matchAll(new RegExp(String.raw`(\w+)\s*=\s*(?:await\s+)?new\s+(?:[\w.]*\.)?(?:${types})\s*[({]`, 'g'))) names.add(m[1]!);
  return names;
}

/** What a chain of calls on a table does: writes when one of its calls does, else reads. */
const chainAccess = (methods: readonly string[]): TableAccess => (methods.some((m) => WRITES.test(m)) ? 'write' : 'read');

/** The entities a query's `Include(b => b.Posts)` and `ThenInclude(p => p.Author)` reach from `root`, with their offsets. */
function included(
  model: EfModel,
  through: ReadonlyMap<string, JoinTable>,
  root: EfEntity,
  text: string,
  chain: ReadonlyArray<{ method: string; open: number }>,
): Array<{ entity: EfTable & { name: string }; index: number }> {
  const out: Array<{ entity: EfTable & { name: string }; index: number }> = [];
  let from: EfEntity | undefined = root;
  for (const c of chain) {
    if (c.method !== 'Include' && c.method !== 'ThenInclude') continue;
    if (c.method === 'Include') from = root;
    const navigation = /^\s*\w+\s*=>\s*\w+\s*\.\s*(\w+)/.exec(callArgs(text, c.open))?.[1];
    const property: CsharpProperty | undefined = navigation && from ? propertyNamed(from.properties, navigation) : undefined;
    // a many-to-many's navigation goes through its join table
    const join = property && from && through.get(`${from.name}.${property.name}`);
    if (join) out.push({ entity: join, index: c.open });
    from = property ? model.entities.get(navigationTarget(property.type).target) : undefined;
    if (from) out.push({ entity: from, index: c.open });
  }
  return out;
}

/** The tables a file declares as the project resolves them: its entity classes', its contexts' DbSets', its configurations' `ToTable`, its many-to-many relationships' join tables. */
function projectDeclared(model: EfModel, joinTables: readonly JoinTable[], file: ProjectFile): OrmTableRef[] {
  const entity = (name: string | undefined) => (name ? model.entities.get(name) : undefined);
  return collectUses(file.text, (use) => {
    for (const c of csharpClasses(file.text)) {
      const own = model.entities.get(c.name);
      if (own?.cls.path === file.path && own.cls.index === c.index) use(asRef(own), c.index, 'schema');
      if (!model.contexts.has(c.name)) continue;
      for (const e of model.identity.find((i) => i.context.path === file.path && i.context.index === c.index)?.entities ?? [])
        if (model.entities.has(e.name)) use(asRef(model.entities.get(e.name)!), c.index, 'schema');
      for (const p of c.properties) {
        const e = entity(genericArgument(p.type, DB_SET));
        if (e) use(asRef(e), p.index, 'schema');
      }
    }
    for (const k of model.configurations) {
      const given = k.path === file.path ? toTable(k.written) : undefined;
      const e = given && entity(k.entity);
      if (e) use(asRef(e), k.start + given.index, 'schema');
    }
    for (const j of joinTables) if (j.path === file.path) use(asRef(j), j.index, 'schema');
  });
}

/** The properties the project's classes hold a context in (`public CatalogContext Context { get; }`), reached as `services.Context`. */
function contextProperties(model: EfModel): Set<string> {
  const out = new Set<string>();
  for (const c of model.classes.values()) for (const p of c.properties) if (model.contexts.has(bareType(p.type))) out.add(p.name);
  return out;
}

/** What the project's model adds to read its files' uses: the properties holding a context, the join tables by the skip navigations going through them. */
interface UseContext {
  members: ReadonlySet<string>;
  through: ReadonlyMap<string, JoinTable>;
}

function uses(model: EfModel, { members, through }: UseContext, file: ProjectFile, use: UseModel): void {
  const text = blankComments(file.text);
  const entity = (name: string | undefined | null) => (name ? model.entities.get(name) : undefined);
  const found = (e: EfEntity | undefined) => (e ? asRef(e) : undefined);
  // a query from its first call's `(`, with that call when it is on the table
  const queried = (root: EfEntity | undefined, open: number, first?: string) => {
    if (!root) return;
    const chain = [...(first ? [{ method: first, open }] : []), ...chainAfter(text, open)];
    use(asRef(root), open, chainAccess(chain.map((c) => c.method)));
    for (const i of included(model, through, root, text, chain)) use(asRef(i.entity), i.index, 'read');
  };
  const contextTypes = [...model.contexts].map(escapeName).join('|');
  const contexts = namesOfType(text, contextTypes ? `${contextTypes}|DbContext` : 'DbContext');
  for (const m of text.matchAll(/(\w+)\s*=\s*(?:await\s+)?[\w.]+\s*\.\s*CreateDbContext(?:Async)?\s*\(/g)) contexts.add(m[1]!);
  const held = [...members].filter((m) => text.includes(m));
  if (contexts.size || held.length) {
    // a name the file gives a context, or a property holding one on some object (`services.Context`)
    const names = [...contexts].map(escapeName).join('|') || '(?!)';
    const properties = held.map(escapeName).join('|') || '(?!)';
    const receiver = String.raw`(?<![\w.])(?:this\s*\.\s*)?(?:${names}|\w+\s*[!?]?\.\s*(?:${properties}))\s*[!?]?\.\s*`;
    // `_db.Blogs`, with the call chained after it
    for (const m of text.matchAll(new RegExp(String.raw`${receiver}(\w+)\b(?!\s*(?:<[^<>()]*>\s*)?\()`, 'g'))) {
      const root = entity(model.dbSets.get(m[1]!));
      if (!root) continue;
      const next = /^\s*[!?]?\.\s*(\w+)\s*(?:<[^<>()]*>\s*)?\(/.exec(text.slice(m.index + m[0].length, m.index + m[0].length + 200));
      const index = m.index + m[0].length - m[1]!.length;
      if (!next) use(asRef(root), index, 'read');
      else queried(root, m.index + m[0].length + next[0].length - 1, next[1]!);
    }
    // the entity a change names: its class, or the DbSet it was queried from
    const changed = (guesses: ReadonlyArray<{ set?: string; entity?: string }>) =>
      guesses.map((g) => entity(g.entity ?? model.dbSets.get(g.set ?? ''))).find(Boolean);
    const saves = /\bSaveChanges(?:Async)?\s*\(/.test(text);
    // the context's own `Find<Blog>(…)`, `Add(blog)`, `Update(…)`, `Remove(…)`, `Attach(…)` then saved
    for (const m of text.matchAll(new RegExp(String.raw`${receiver}(\w+)\s*(?:<\s*(?:[\w.]*\.)?(\w+)\s*>\s*)?\(`, 'g'))) {
      const open = m.index + m[0].length - 1;
      if (/^Find(?:Async)?$/.test(m[1]!)) use(found(entity(m[2])), open, 'read');
      else if (WRITES.test(m[1]!) || (saves && /^Attach(?:Range)?$/.test(m[1]!)))
        use(found(entity(m[2]) ?? changed(argumentTypes(text, callArgs(text, open), receiver))), open, 'write');
    }
    const tracked = trackedChanges(text, receiver);
    for (const index of new Set(tracked.map((c) => c.index))) use(found(changed(tracked.filter((c) => c.index === index))), index, 'write');
  }
  // Identity's managers reach its tables: the entities of the project's (first) Identity context
  const identity = model.identity[0]?.entities;
  if (identity)
    for (const u of identityManagerUses(text, model.identityRoles)) use(found(entity(identity.find((e) => e.dbSet === u.dbSet)?.name)), u.index, u.access);
  // `Set<Blog>()` names its entity, on whatever context (a `DbContext` field of a shared library)
  for (const m of text.matchAll(/\.\s*Set\s*<\s*(?:[\w.]*\.)?(\w+)\s*>\s*\(/g)) queried(entity(m[1]), m.index + m[0].length - 1);
  // generic repositories: `IRepository<Blog> repo`, `new EfRepository<Blog>(…)`
  if (/Repository/.test(text)) {
    const held = new Map<string, EfEntity>();
    for (const m of text.matchAll(/(?:(\w+)\s*=\s*new\s+)?\w*Repository\w*\s*<\s*(?:[\w.]*\.)?(\w+)\s*>\s*(?:\??\s+(\w+)\s*[;,)=]|\()/g)) {
      const e = entity(m[2]);
      const name = m[1] ?? m[3];
      if (e && name) held.set(name, e);
    }
    if (held.size) {
      const names = [...held.keys()].map(escapeName).join('|');
      for (const m of text.matchAll(new RegExp(String.raw`(?<![\w.])(?:this\s*\.\s*)?(${names})\s*[!?]?\.\s*(\w+)\s*(?:<[^<>()]*>\s*)?\(`, 'g'))) {
        const access = REPOSITORY_WRITES.test(m[2]!) ? 'write' : REPOSITORY_READS.test(m[2]!) ? 'read' : undefined;
        if (access) use(asRef(held.get(m[1]!)!), m.index, access);
      }
    }
  }
}

export const efcoreReader: OrmReader = {
  via: VIA,
  languages: new Set(['csharp']),
  declared,
  project(files) {
    if (!files.some((f) => /DbSet\s*<|IEntityTypeConfiguration\s*<|\bEntity\s*<|\bIdentity(?:Db|User)Context\b/.test(f.text))) return {};
    const model = readEfModel(files);
    const { joins, joinTables } = efcoreJoins(model);
    const declared = new Map(files.map((f) => [f.path, projectDeclared(model, joinTables, f)] as const).filter(([, refs]) => refs.length));
    const members = contextProperties(model);
    const through = new Map(joinTables.flatMap((j) => j.navigations.map((n) => [n, j] as const)));
    return { declared, uses: (file, use) => uses(model, { members, through }, file, use), joins };
  },
};
