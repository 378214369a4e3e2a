/**
 * @module adapters/connector/code/orm/exposed
 * JetBrains Exposed (Kotlin) through the OrmReader seam: the tables its table objects declare
 * (exposed-tables), the joins their referencing columns declare (to the referenced table's id
 * column, or the column named), and what Kotlin files do with them:
 * - the DSL on a table object: `Users.selectAll()`, `Users.select(…)` read; `insert`, `batchInsert`,
 *   `update`, `upsert`, `replace`, `deleteWhere`, `deleteAll` and their variants write; a join
 *   (`Users.innerJoin(Cities)`, `Users.join(Cities, …)`, `(Users innerJoin Cities)`) reads both
 *   tables, or writes them when its chain updates or deletes; a column read off a row
 *   (`row[Users.name]`) reads, one assigned (`it[Users.name] = …`) writes; `SchemaUtils.create(Users)`
 *   declares the schema;
 * - a DAO entity's companion: `User.new {}`, `findByIdAndUpdate` write; `User.find {}`,
 *   `User.findById(…)`, `User.all()`, `User[id]`, `count`, `wrapRow` read; an entity bound to a
 *   name (`val u = User.new {…}`, `User.findById(…)`, a parameter `u: User`) is written where its
 *   block deletes it (`u.delete()`), flushes it or assigns a property (`u.name = …`);
 * - an entity's relation properties (exposed-relations): `film.actors` on a bound entity reads the
 *   other entity's table, and a `via`'s intermediate table, whose rows assigning it writes; read
 *   along a chain and into its lambdas too (`users.forEach { it.city }`, exposed-lambdas).
 * A name the project's tables or entities share stands for the one the file sees (jvm-entities).
 */
import type { DeclaredJoin, TableAccess } from '../../../../ports/code.js';
import { callArgs, chainAfter, functionBody, topLevelArgs } from '../text/call-reading.js';
import { lineAt } from '../text/lines.js';
import { blankComments, blockAround, scriptBlocks, type Block } from '../text/script-blocks.js';
import { closing, heldCollections, lambdaRelationUses, type EntityView, type HeldEntity, type RelationView } from './exposed-lambdas.js';
import { defaultTableName, EXPOSED_TABLES, exposedDeclarations, type ExposedTable } from './exposed-tables.js';
import { classesSeen, rankEntities, type JvmEntity } from './jvm-entities.js';
import type { OrmReader, OrmTableRef, ProjectFile, UseModel } from './orm-reader.js';

const VIA = 'exposed';
const imports = (text: string) => /^\s*import\s+org\.jetbrains\.exposed\./m.test(text);

const READS = /^(?:selectAll|select|slice|selectBatched|selectAllBatched)$/;
const WRITES =
  /^(?:insert|insertAndGetId|insertIgnore|insertIgnoreAndGetId|insertReturning|batchInsert|batchUpsert|batchReplace|update|updateReturning|upsert|upsertReturning|replace|deleteWhere|deleteIgnoreWhere|deleteAll|deleteReturning)$/;
const JOINS = /^(?:innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|join)$/;
const ENTITY_WRITES = /^(?:new|findByIdAndUpdate|findSingleByAndUpdate)$/;
const ENTITY_READS = /^(?:find|findById|findByIdOrNull|all|count|wrapRow|wrapRows|get|forIds|forEntityIds|reload|findSingleBy)$/;
/** The calls on an entity class giving one entity, which a name may then hold. */
const ENTITY_GIVES = /^(?:new|findById|findByIdAndUpdate|get|findSingleBy|findSingleByAndUpdate)$/;

const chainAccess = (methods: readonly string[]): TableAccess => (methods.some((m) => WRITES.test(m) || /^delete/.test(m)) ? 'write' : 'read');

interface Declared {
  table: ExposedTable;
  ref: OrmTableRef;
  path: string;
  text: string;
}

/** A table object's table, its base's chain followed through the project's classes (`null`: a name not read). */
function tableName(table: ExposedTable, bases: ReadonlyMap<string, ExposedTable>): string | null | undefined {
  if (table.given !== undefined) return table.given;
  let base = bases.get(table.base);
  for (let depth = 0; base && depth < 4; depth++) {
    if (typeof base.given === 'string') return base.given;
    base = bases.get(base.base);
  }
  return defaultTableName(table.name);
}

/** Whether a table object's base leads to one of Exposed's tables, through the project's classes. */
function isTable(table: ExposedTable, bases: ReadonlyMap<string, ExposedTable>, direct: boolean): boolean {
  let base = table.base;
  for (let depth = 0; depth < 5; depth++) {
    if (EXPOSED_TABLES.test(base)) return direct || depth > 0;
    const next = bases.get(base);
    if (!next) return false;
    base = next.base;
  }
  return false;
}

/** The tables a file declares on its own: objects extending Exposed's tables directly, in a file importing Exposed. */
function directTables(file: ProjectFile): OrmTableRef[] {
  if (!imports(file.text)) return [];
  return exposedDeclarations(file.text).tables.flatMap((t) => {
    const table = t.kind === 'object' && EXPOSED_TABLES.test(t.base) ? tableName(t, new Map()) : undefined;
    return table ? [{ table, line: lineAt(file.text, t.index), via: VIA, model: t.name }] : [];
  });
}

/** Resolves a simple name from a file to one of `byName`'s declarations, as the file sees it. */
function resolver<T extends JvmEntity>(byName: ReadonlyMap<string, T[]>) {
  return (file: ProjectFile) => {
    const sees = classesSeen(file.text);
    return (name: string): T | null | undefined => {
      const list = byName.get(name);
      if (!list) return undefined;
      if (list.length === 1) return list[0];
      const ref = rankEntities(list, file.path, sees(name));
      return ref ? list.find((e) => e.ref === ref) : ref;
    };
  };
}

function groupByName<T extends { ref: OrmTableRef }>(items: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const i of items) out.set(i.ref.model!, [...(out.get(i.ref.model!) ?? []), i]);
  return out;
}

/** The joins each table's referencing columns declare, by the declaring file. */
function joinsOf(tables: readonly (Declared & JvmEntity)[], find: ReturnType<typeof resolver<Declared & JvmEntity>>): Map<string, DeclaredJoin[]> {
  const out = new Map<string, DeclaredJoin[]>();
  for (const t of tables) {
    if (!t.table.references.length) continue;
    const seen = find({ path: t.path, text: t.text, language: 'kotlin' });
    for (const r of t.table.references) {
      const target = r.target === t.table.name ? t : seen(r.target);
      if (!target) continue;
      const column = r.property ? target.table.columns.get(r.property) : (target.table.idColumn ?? 'id');
      if (!column) continue;
      const join: DeclaredJoin = {
        table: t.ref.table,
        columns: [r.column],
        references: target.ref.table,
        referencedColumns: [column],
        line: lineAt(t.text, r.index),
        via: VIA,
      };
      out.set(t.path, [...(out.get(t.path) ?? []), join]);
    }
  }
  return out;
}

type Lookup<T> = (name: string) => T | null | undefined;

/** What a Kotlin file does with the tables (`table`) and entities (`entities`) it names. */
function exposedUses(text: string, table: Lookup<OrmTableRef>, entities: Lookup<EntityView>, use: UseModel): void {
  const entity = (name: string) => {
    const e = entities(name);
    return e ? e.ref : e;
  };
  const code = blankComments(text);
  for (const m of code.matchAll(/(?<![\w$])([A-Z]\w*)\s*\.\s*(\w+)\s*(?=[({<])/g)) {
    const [, name, method] = m as unknown as [string, string, string];
    const open = code.indexOf('(', m.index + m[0].length);
    if (READS.test(method) || WRITES.test(method)) use(table(name), m.index, WRITES.test(method) ? 'write' : 'read');
    else if (JOINS.test(method) && /^\s*\(/.test(code.slice(m.index + m[0].length))) {
      const access = chainAccess(chainAfter(code, open).map((c) => c.method));
      const other = /^\s*(?:\w+\.)*([A-Z]\w*)\s*$/.exec(topLevelArgs(callArgs(code, open))[0] ?? '')?.[1];
      use(table(name), m.index, access);
      if (other) use(table(other), m.index, access);
    } else if (ENTITY_WRITES.test(method) || ENTITY_READS.test(method)) use(entity(name), m.index, ENTITY_WRITES.test(method) ? 'write' : 'read');
  }
  // `(Users innerJoin Cities innerJoin Countries).selectAll()`
  for (const m of code.matchAll(/(?<![\w$.])([A-Z]\w*)\s+(?:inner|left|right|full|cross)Join\s+(?=(?:\w+\.)*([A-Z]\w*)\b)/g)) {
    const before = /\(\s*(?:(?:\w+\.)*\w+\s+\w+Join\s+)*$/.exec(code.slice(Math.max(0, m.index - 300), m.index));
    const paren = before ? m.index - before[0].length : -1;
    const access = paren >= 0 ? chainAccess(chainAfter(code, paren).map((c) => c.method)) : 'read';
    use(table(m[1]!), m.index, access);
    use(table(m[2]!), m.index, access);
  }
  // a row's column: `row[Users.name]` reads, `it[Users.name] = name` writes
  for (const m of code.matchAll(/\[\s*(?:\w+\.)*?([A-Z]\w*)\.[a-z_]\w*\s*\](\s*=(?!=))?/g)) use(table(m[1]!), m.index, m[2] ? 'write' : 'read');
  for (const m of code.matchAll(/\bSchemaUtils\s*\.\s*\w+\s*\(/g))
    for (const arg of topLevelArgs(callArgs(code, m.index + m[0].length - 1))) {
      const name = /^(?:\w+\.)*([A-Z]\w*)$/.exec(arg)?.[1];
      if (name) use(table(name), m.index, 'schema');
    }
  // `User[id]` reads
  for (const m of code.matchAll(/(?<![\w$.])([A-Z]\w*)\s*\[/g)) if (entity(m[1]!)) use(entity(m[1]!), m.index, 'read');
  const blocks = scriptBlocks(code);
  const bound = boundEntities(code, blocks, entities);
  entityWrites(code, bound, use);
  relationUses(code, blocks, bound, entities, use);
  const collections = heldCollections(code, blocks, entities, (at) => functionBody(code, blocks, at));
  lambdaRelationUses(code, blocks, [...bound, ...collections], entities, use);
}

/** The entities bound to names (`val u = User.findById(id)`, a parameter `u: User`), each with the end of its scope. */
function boundEntities(code: string, blocks: readonly Block[], entity: Lookup<EntityView>): HeldEntity[] {
  const bound: HeldEntity[] = [];
  for (const m of code.matchAll(/\b(?:val|var)\s+(\w+)\s*(?::[^=\n]+)?=\s*(?:\w+\.)*([A-Z]\w*)\s*(?:\.\s*(\w+)\s*[({]|\[)/g)) {
    const found = entity(m[2]!);
    if (!found || (m[3] && !ENTITY_GIVES.test(m[3]))) continue;
    const block = blockAround(blocks, m.index, code.length);
    bound.push({ name: m[1]!, entity: found, start: m.index, end: block.end });
  }
  for (const m of code.matchAll(/[(,]\s*(\w+)\s*:\s*(?:\w+\.)*([A-Z]\w*)\??\s*(?=[,)=])/g)) {
    const found = entity(m[2]!);
    if (!found) continue;
    const body = functionBody(code, blocks, m.index);
    bound.push({ name: m[1]!, entity: found, start: m.index, end: body.end });
  }
  return bound;
}

/**
 * The relations read through a bound entity or straight off a finder's (`Film.findById(id)?.actors`):
 * `film.actors` reads the other entity's table and a `via`'s intermediate table; assigning a `via` (`film.actors = SizedCollection(…)`, or in
 * `Film.new { actors = … }`) replaces the intermediate table's rows.
 */
function relationUses(code: string, blocks: readonly Block[], bound: readonly HeldEntity[], entity: Lookup<EntityView>, use: UseModel): void {
  for (const b of bound)
    for (const m of code.slice(b.start, b.end).matchAll(new RegExp(String.raw`(?<![\w$.])${b.name}\s*\.\s*(\w+)\b(?!\s*[({])(\s*=(?!=))?`, 'g'))) {
      const relation = b.entity.relation(m[1]!);
      const at = b.start + m.index;
      if (!relation) continue;
      if (!m[2]) use(relation.target, at, 'read');
      if (relation.via) use(relation.via, at, m[2] ? 'write' : 'read');
    }
  // a relation read straight off a finder's entity: `Film.findById(id)?.actors`, `Film[id].actors`
  for (const m of code.matchAll(/(?<![\w$.])([A-Z]\w*)\s*(?:\.\s*(\w+)\s*)?[([]/g)) {
    const found = (m[2] ? ENTITY_GIVES.test(m[2]) && m[2] !== 'new' : m[0].endsWith('[')) ? entity(m[1]!) : undefined;
    if (!found) continue;
    const open = m.index + m[0].length - 1;
    const after = /^\s*\??\.\s*(\w+)\b(?!\s*[({])/.exec(code.slice(closing(code, open) + 1));
    const relation = after && found.relation(after[1]!);
    if (!relation) continue;
    use(relation.target, m.index, 'read');
    if (relation.via) use(relation.via, m.index, 'read');
  }
  for (const m of code.matchAll(/(?<![\w$.])([A-Z]\w*)\s*\.\s*new\s*(?:\([^()]*\)\s*)?\{/g)) {
    const created = entity(m[1]!);
    const block = created && blocks.find((b) => b.start === m.index + m[0].length - 1);
    if (!block) continue;
    for (const a of code.slice(block.start, block.end).matchAll(/(?<=[{;\n]\s*)(\w+)\s*=(?!=)/g)) {
      const via = created.relation(a[1]!)?.via;
      if (via) use(via, block.start + a.index, 'write');
    }
  }
}

/** An entity bound to a name written later in its scope: deleted, flushed, or a property assigned (a `via`'s is another table's). */
function entityWrites(code: string, bound: readonly HeldEntity[], use: UseModel): void {
  for (const b of bound) {
    const scope = code.slice(b.start, b.end);
    const write = [...scope.matchAll(new RegExp(String.raw`(?<![\w$.])${b.name}\s*\.\s*(?:(?:delete|flush)\s*\(|([a-z]\w*)\s*=(?!=))`, 'g'))].find(
      (m) => !m[1] || !b.entity.relation(m[1])?.via,
    );
    if (write) use(b.entity.ref, b.start + write.index, 'write');
  }
}

export const exposedReader: OrmReader = {
  via: VIA,
  languages: new Set(['kotlin']),
  declared: directTables,
  project(files) {
    if (!files.some((f) => imports(f.text))) return {};
    const read = files.map((f) => ({ file: f, ...exposedDeclarations(f.text), exposed: imports(f.text) }));
    // the project's classes extending a table, which objects may extend in turn
    const bases = new Map(read.flatMap((r) => r.tables.filter((t) => t.kind === 'class').map((t) => [t.name, t] as const)));
    const tables: Array<Declared & JvmEntity> = [];
    const declared = new Map<string, OrmTableRef[]>();
    for (const { file, tables: found, exposed } of read)
      for (const t of found) {
        if (t.kind !== 'object' || !isTable(t, bases, exposed)) continue;
        const name = tableName(t, bases);
        if (!name) continue;
        const ref: OrmTableRef = { table: name, line: lineAt(file.text, t.index), via: VIA, model: t.name };
        const idColumn = t.idColumn ?? bases.get(t.base)?.idColumn;
        tables.push({ table: idColumn ? { ...t, idColumn } : t, ref, path: file.path, text: file.text, qualified: t.qualified, mapping: false });
        // one extending Exposed's tables directly the file declares on its own
        if (!EXPOSED_TABLES.test(t.base) || !exposed) declared.set(file.path, [...(declared.get(file.path) ?? []), { ...ref, access: ['schema'] }]);
      }
    const findTable = resolver(groupByName(tables));
    const entities = read.flatMap(({ file, entities: found }) => {
      const seen = findTable(file);
      return found.flatMap((e) => {
        const target = seen(e.table);
        return target ? [{ ref: { ...target.ref, model: e.name }, qualified: e.qualified, path: file.path, mapping: false, file, relations: e.relations }] : [];
      });
    });
    const findEntity = resolver(groupByName(entities));
    // each entity's relations, their targets as its own file sees them, read when first asked for
    const views = new Map<(typeof entities)[number], EntityView>();
    const viewOf = (e: (typeof entities)[number]): EntityView => {
      const known = views.get(e);
      if (known) return known;
      let relations: Map<string, RelationView> | undefined;
      const view: EntityView = {
        ref: e.ref,
        relation(property) {
          relations ??= new Map(
            e.relations.map((r) => {
              const target = findEntity(e.file)(r.target);
              const via = r.via === undefined ? undefined : findTable(e.file)(r.via);
              const relation: RelationView = {
                target: target ? target.ref : target,
                entity: target ? viewOf(target) : target,
                ...(r.via ? { via: via ? via.ref : via } : {}),
              };
              return [r.property, relation] as const;
            }),
          );
          return relations.get(property);
        },
      };
      views.set(e, view);
      return view;
    };
    return {
      declared,
      joins: joinsOf(tables, findTable),
      uses(file, use) {
        if (!tables.length || file.language !== 'kotlin') return;
        const table = findTable(file);
        const entity = findEntity(file);
        exposedUses(
          file.text,
          (name) => {
            const t = table(name);
            return t ? t.ref : t;
          },
          (name) => {
            const e = entity(name);
            return e ? viewOf(e) : e;
          },
          use,
        );
      },
    };
  },
};
