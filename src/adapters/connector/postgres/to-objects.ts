/** @module adapters/connector/postgres/to-objects: pure mapping of catalog rows into a SourceSnapshot (objects, edges). */
import { objectId } from '../../../kernel/ids.js';
import type { CatalogEdge, CatalogObject, ObjectKind, SourceSnapshot } from '../../../ports/catalog.js';
import type { CatalogRows, ConstraintRow, IndexRow, RelationRow, RoutineRow, SequenceRow, TriggerRow, TypeRow, ViewDependencyRow } from './catalog-queries.js';

const RELATION_KIND: Record<string, ObjectKind> = {
  r: 'table',
  p: 'partitioned_table',
  f: 'foreign_table',
  v: 'view',
  m: 'materialized_view',
};
const CONSTRAINT_TYPE: Record<string, string> = { p: 'primary_key', u: 'unique', f: 'foreign_key', c: 'check', x: 'exclusion' };
const FK_ACTION: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };
const IDENTITY: Record<string, string> = { a: 'always', d: 'by default' };
const VOLATILITY: Record<string, string> = { i: 'immutable', s: 'stable', v: 'volatile' };
const ROUTINE_KIND: Record<string, string> = { f: 'function', p: 'procedure', a: 'aggregate', w: 'window' };

const relationKind = (relkind: string | null): ObjectKind => RELATION_KIND[relkind ?? 'r'] ?? 'table';

/** A bigint as a number when it is exactly representable, else as its decimal text. */
function bigint(text: string): number | string {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

const quoteLiteral = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/** `text NOT NULL DEFAULT 'x'::text CHECK (VALUE ~ '@'::text)`: the domain as DDL would spell it. */
function domainDefinition(d: { baseType: string | null; notNull: boolean; default: string | null; checks: string[] }): string {
  return [d.baseType ?? '', d.notNull ? 'NOT NULL' : '', d.default === null ? '' : `DEFAULT ${d.default}`, ...d.checks].filter(Boolean).join(' ');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Routine paths: `schema.name`, or `schema.name(identity args)` when the name is overloaded in its schema. */
export function routinePath(routine: Pick<RoutineRow, 'schema' | 'name' | 'identity_args'>, overloaded: boolean): string {
  const base = `${routine.schema}.${routine.name}`;
  return overloaded ? `${base}(${routine.identity_args})` : base;
}

export function routineSignature(routine: Pick<RoutineRow, 'name' | 'identity_args' | 'result'>): string {
  return `${routine.name}(${routine.identity_args})${routine.result ? ` RETURNS ${routine.result}` : ''}`;
}

interface Builder {
  objects: CatalogObject[];
  edges: CatalogEdge[];
  id(kind: ObjectKind, path: string): string;
  /** Adds an object (id and source filled in) and returns its id. */
  add(object: Omit<CatalogObject, 'id' | 'source'>): string;
}

interface RelationRef {
  id: string;
  path: string;
  resource: string;
}

type Relations = Map<number, RelationRef>;

function addRelations(b: Builder, rows: RelationRow[]): Relations {
  const relations: Relations = new Map();
  for (const r of rows) {
    const path = `${r.schema}.${r.name}`;
    const attributes: Record<string, unknown> = {
      // reltuples is -1 (never analysed, PostgreSQL 14+) or 0 (unknown before 14) when there is no estimate.
      rowEstimate: r.relkind === 'v' || !(r.reltuples > 0) ? null : Math.round(r.reltuples),
      owner: r.owner,
    };
    if (r.relkind !== 'v' && r.relkind !== 'm') {
      attributes.partitionOf = r.parent_name ? b.id(relationKind(r.parent_relkind), `${r.parent_schema}.${r.parent_name}`) : null;
    }
    if (r.partition_bound) attributes.partitionBound = r.partition_bound;
    if (r.partition_key) attributes.partitionKey = r.partition_key;
    if (r.foreign_server) attributes.foreignServer = r.foreign_server;
    if (r.relkind === 'm') attributes.populated = r.populated;
    const resource = `relation:${path}`;
    const definition = r.definition?.trim() ?? null;
    const id = b.add({
      kind: relationKind(r.relkind),
      path,
      name: r.name,
      parentId: b.id('schema', r.schema),
      resource,
      comment: r.comment,
      definition,
      attributes,
    });
    relations.set(r.oid, { id, path, resource });
  }
  return relations;
}

function addColumns(b: Builder, rows: CatalogRows, relations: Relations): void {
  const primaryKey = new Set<string>();
  const singleColumnFk = new Map<string, ConstraintRow>();
  for (const c of rows.constraints) {
    const rel = relations.get(c.rel_oid);
    if (!rel) continue;
    if (c.type === 'p') for (const col of c.columns) primaryKey.add(`${rel.path}.${col}`);
    const key = `${rel.path}.${c.columns[0]}`;
    if (c.type === 'f' && c.columns.length === 1 && !singleColumnFk.has(key)) singleColumnFk.set(key, c);
  }
  for (const c of rows.columns) {
    const rel = relations.get(c.rel_oid);
    if (!rel) continue;
    const path = `${rel.path}.${c.name}`;
    const attributes: Record<string, unknown> = {
      dataType: c.data_type,
      nullable: c.nullable,
      default: c.default,
      identity: IDENTITY[c.identity] ?? null,
      generated: c.generated,
      position: c.position,
      isPrimaryKey: primaryKey.has(path),
    };
    const fk = singleColumnFk.get(path);
    if (fk) attributes.references = b.id('column', `${fk.ref_schema}.${fk.ref_table}.${fk.ref_columns[0]}`);
    b.add({ kind: 'column', path, name: c.name, parentId: rel.id, resource: rel.resource, comment: c.comment, definition: null, attributes });
  }
}

/** Edge targets are relations: an edge is kept only when its target is in the snapshot too. */
function addConstraints(b: Builder, rows: ConstraintRow[], relations: Relations, relationIds: Set<string>): void {
  for (const c of rows) {
    const rel = relations.get(c.rel_oid);
    if (!rel) continue;
    const attributes: Record<string, unknown> = { type: CONSTRAINT_TYPE[c.type] ?? c.type, columns: c.columns };
    if (c.type === 'f' && c.ref_table) {
      const refId = b.id(relationKind(c.ref_relkind), `${c.ref_schema}.${c.ref_table}`);
      Object.assign(attributes, {
        referencedTable: refId,
        referencedColumns: c.ref_columns,
        onDelete: FK_ACTION[c.on_delete] ?? null,
        onUpdate: FK_ACTION[c.on_update] ?? null,
      });
      if (relationIds.has(refId)) {
        const edgeAttributes = { constraint: c.name, columns: c.columns, referencedColumns: c.ref_columns };
        b.edges.push({ fromId: rel.id, toId: refId, kind: 'foreign_key', resource: rel.resource, attributes: edgeAttributes });
      }
    }
    if (c.deferrable) attributes.deferrable = true;
    if (!c.validated) attributes.validated = false;
    const path = `${rel.path}.${c.name}`;
    b.add({ kind: 'constraint', path, name: c.name, parentId: rel.id, resource: rel.resource, comment: c.comment, definition: c.definition, attributes });
  }
}

function addIndexes(b: Builder, rows: IndexRow[], relations: Relations): void {
  for (const i of rows) {
    const rel = relations.get(i.rel_oid);
    if (!rel) continue;
    const attributes: Record<string, unknown> = { columns: i.columns, unique: i.unique, primary: i.primary, method: i.method };
    if (i.include.length > 0) attributes.include = i.include;
    if (i.predicate) attributes.predicate = i.predicate;
    const path = `${rel.path}.${i.name}`;
    b.add({ kind: 'index', path, name: i.name, parentId: rel.id, resource: rel.resource, comment: i.comment, definition: i.definition, attributes });
  }
}

function addSequences(b: Builder, rows: SequenceRow[]): void {
  for (const s of rows) {
    const path = `${s.schema}.${s.name}`;
    const attributes = {
      dataType: s.data_type,
      start: bigint(s.start),
      increment: bigint(s.increment),
      min: bigint(s.min),
      max: bigint(s.max),
      cycle: s.cycle,
      ownedBy: s.owned_column ? b.id('column', `${s.owned_schema}.${s.owned_table}.${s.owned_column}`) : null,
      identity: s.owned_kind === 'i',
    };
    b.add({
      kind: 'sequence',
      path,
      name: s.name,
      parentId: b.id('schema', s.schema),
      resource: `sequence:${path}`,
      comment: s.comment,
      definition: null,
      attributes,
    });
  }
}

function addTypes(b: Builder, rows: TypeRow[]): void {
  for (const t of rows) {
    const path = `${t.schema}.${t.name}`;
    const base = { path, name: t.name, parentId: b.id('schema', t.schema), resource: `type:${path}`, comment: t.comment };
    if (t.type === 'e') {
      const values = t.values ?? [];
      b.add({ ...base, kind: 'enum', definition: `ENUM (${values.map(quoteLiteral).join(', ')})`, attributes: { values } });
    } else {
      const attributes = { baseType: t.base_type, notNull: t.not_null, default: t.default, checks: t.checks ?? [] };
      b.add({ ...base, kind: 'domain', definition: domainDefinition(attributes), attributes });
    }
  }
}

/** Returns routine ids by oid (for trigger edges). */
function addRoutines(b: Builder, rows: RoutineRow[]): Map<number, string> {
  const overloads = new Map<string, number>();
  for (const r of rows) overloads.set(`${r.schema}.${r.name}`, (overloads.get(`${r.schema}.${r.name}`) ?? 0) + 1);
  const routines = new Map<number, string>();
  for (const r of rows) {
    const path = routinePath(r, (overloads.get(`${r.schema}.${r.name}`) ?? 0) > 1);
    const attributes: Record<string, unknown> = {
      arguments: r.arguments,
      identityArguments: r.identity_args,
      returnType: r.result,
      language: r.language,
      volatility: VOLATILITY[r.volatility] ?? r.volatility,
      routineKind: ROUTINE_KIND[r.kind] ?? r.kind,
    };
    if (r.body !== null) attributes.body = r.body;
    const kind: ObjectKind = r.kind === 'p' ? 'procedure' : 'function';
    const parentId = b.id('schema', r.schema);
    routines.set(
      r.oid,
      b.add({ kind, path, name: r.name, parentId, resource: `routine:${path}`, comment: r.comment, definition: routineSignature(r), attributes }),
    );
  }
  return routines;
}

function addTriggers(b: Builder, rows: TriggerRow[], relations: Relations, routines: Map<number, string>): void {
  for (const t of rows) {
    const rel = relations.get(t.rel_oid);
    if (!rel) continue;
    const fnId = routines.get(t.function_oid) ?? null;
    const attributes = { function: fnId, functionName: `${t.function_schema}.${t.function_name}`, enabled: t.enabled !== 'D' };
    const path = `${rel.path}.${t.name}`;
    const id = b.add({
      kind: 'trigger',
      path,
      name: t.name,
      parentId: rel.id,
      resource: rel.resource,
      comment: t.comment,
      definition: t.definition,
      attributes,
    });
    if (fnId) b.edges.push({ fromId: id, toId: fnId, kind: 'calls', resource: rel.resource, attributes: {} });
  }
}

function addViewDependencies(b: Builder, rows: ViewDependencyRow[], relations: Relations, relationIds: Set<string>): void {
  for (const d of rows) {
    const view = relations.get(d.view_oid);
    const refId = b.id(relationKind(d.ref_relkind), `${d.ref_schema}.${d.ref_name}`);
    if (view && relationIds.has(refId)) b.edges.push({ fromId: view.id, toId: refId, kind: 'depends_on', resource: view.resource, attributes: {} });
  }
}

/**
 * Maps scope-filtered rows to canonical objects and edges, sorted by id and by
 * (fromId, toId, kind) so snapshot hashes are stable. Edges whose target is not in the snapshot
 * (out of scope) are left out; attributes still name the target's id.
 */
export function toSnapshot(source: string, rows: CatalogRows): SourceSnapshot {
  const b: Builder = {
    objects: [],
    edges: [],
    id: (kind, path) => objectId(source, kind, path),
    add(object) {
      const id = objectId(source, object.kind, object.path);
      this.objects.push({ id, source, ...object });
      return id;
    },
  };
  for (const s of rows.schemas) {
    b.add({
      kind: 'schema',
      path: s.name,
      name: s.name,
      parentId: null,
      resource: `schema:${s.name}`,
      comment: s.comment,
      definition: null,
      attributes: { owner: s.owner },
    });
  }
  const relations = addRelations(b, rows.relations);
  const relationIds = new Set([...relations.values()].map((r) => r.id));
  addColumns(b, rows, relations);
  addConstraints(b, rows.constraints, relations, relationIds);
  addIndexes(b, rows.indexes, relations);
  addSequences(b, rows.sequences);
  addTypes(b, rows.types);
  addTriggers(b, rows.triggers, relations, addRoutines(b, rows.routines));
  addViewDependencies(b, rows.viewDependencies, relations, relationIds);
  b.objects.sort((x, y) => compare(x.id, y.id));
  b.edges.sort((x, y) => compare(x.fromId, y.fromId) || compare(x.toId, y.toId) || compare(x.kind, y.kind));
  return { objects: b.objects, edges: b.edges, info: { database: rows.server.database, serverVersion: rows.server.server_version } };
}
