/**
 * @module core/discovery/describe
 * `describe`: what an agent needs to write SQL against a source, a schema or an object, at two
 * levels of detail. Sources list their schemas, schemas their objects (paged), relations their
 * columns, keys and joins; everything is capped with explicit totals.
 */
import { RELATION_KINDS, type CatalogEdge, type CatalogObject } from '../../ports/catalog.js';
import type { ObjectFilter, ObjectPage, StoredSource } from '../../ports/store.js';
import type { ObjectDetail } from '../catalog/describe-object.js';
import type { ObjectFact } from '../../ports/source-kind.js';
import { accessesOf, type TableAccess } from '../../ports/code.js';
import { IMPORT_EDGE_KIND } from '../kinds/code/code-kind.js';
import { CALLS_ROUTE_EDGE_KIND, DECLARED_JOIN_EDGE_KIND } from '../../ports/code.js';
import { USES_COLUMN_EDGE_KIND, USES_FIELD_EDGE_KIND, USES_TABLE_EDGE_KIND } from '../kinds/code/code-links.js';
import type { KindCatalog } from '../kinds/registry.js';
import { SextantError } from '../../kernel/errors.js';
import { parseTarget } from '../../kernel/ids.js';
import { needsQuotes, sqlIdentifier, sqlPath } from '../../kernel/text/sql-identifier.js';

export type DescribeDetail = 'brief' | 'full';

/** What describing a source needs besides the catalog: the registered kinds, to count a source's own. */
export interface CatalogDescriber extends DiscoveryEngine {
  kinds(): KindCatalog;
}

/** The slice of the engine describe reads. */
export interface DiscoveryEngine {
  get(ref: string): Promise<ObjectDetail>;
  listObjects(filter: ObjectFilter): Promise<ObjectPage>;
  listSources(): Promise<StoredSource[]>;
}

export interface ColumnInfo {
  name: string;
  /** The name as SQL must spell it, when that differs (`"CreaionDate"`: mixed case needs double quotes). */
  sqlName?: string;
  type: string;
  nullable?: boolean;
  primaryKey?: boolean;
  /** Referenced column as `schema.table.column`. */
  references?: string;
  default?: string;
  comment?: string;
}

export interface JoinInfo {
  /** The other relation's id. */
  table: string;
  /** A join condition to paste into SQL. */
  on: string;
  /** Set when no foreign key holds it and the code declares it (an ORM relation): the code file's id, the line, the ORM. */
  declaredIn?: { file: string; line: number; via: string };
}

export interface ObjectDescription {
  level: 'object';
  id: string;
  uri: string;
  kind: string;
  name: string;
  /** The qualified name as SQL must spell it, when that differs (mixed case or reserved words quoted). */
  sqlName?: string;
  comment: string | null;
  context: string | null;
  rowEstimate?: number | null;
  columns?: ColumnInfo[];
  columnsTotal?: number;
  primaryKey?: string[];
  joins?: JoinInfo[];
  referencedBy?: JoinInfo[];
  /** View SQL, routine signature, column type line, … (full detail). */
  definition?: string | null;
  constraints?: Array<{ name: string; type: string; definition: string | null }>;
  indexes?: Array<{ name: string; definition: string | null }>;
  /** Other members (a schema's children, a table's triggers), capped. */
  members?: Array<{ id: string; kind: string; name: string }>;
  membersTotal?: number;
  /** Code links: a file's imports and importers, the tables and columns its SQL uses, a table's or column's code users (capped). */
  links?: ObjectLink[];
  /** Labelled lines its kind derives from its attributes (a code file's git history). */
  facts?: ObjectFact[];
  attributes?: Record<string, unknown>;
}

export interface ObjectLink {
  direction: 'out' | 'in';
  kind: string;
  id: string;
  line?: number;
  /** The ORM a code file names the table through. */
  via?: string;
  /** What a code file does to a table: reads, writes, declares its schema. */
  access?: TableAccess[];
}

const LINK_KINDS = new Set([IMPORT_EDGE_KIND, CALLS_ROUTE_EDGE_KIND, USES_TABLE_EDGE_KIND, USES_FIELD_EDGE_KIND, USES_COLUMN_EDGE_KIND]);

/** Code links, a file's columns after its imports and tables (a file may name many columns), capped. */
function links(d: ObjectDetail, cap: number): ObjectLink[] {
  const columnsLast = (a: CatalogEdge, b: CatalogEdge) => Number(a.kind === USES_COLUMN_EDGE_KIND) - Number(b.kind === USES_COLUMN_EDGE_KIND);
  const link = (direction: 'out' | 'in') => (e: CatalogEdge) => ({
    direction,
    kind: e.kind,
    id: direction === 'out' ? e.toId : e.fromId,
    ...(typeof e.attributes.line === 'number' ? { line: e.attributes.line } : {}),
    ...(typeof e.attributes.via === 'string' ? { via: e.attributes.via } : {}),
    ...(accessesOf(e.attributes.access).length ? { access: accessesOf(e.attributes.access) } : {}),
  });
  const of = (edges: readonly CatalogEdge[]) => edges.filter((e) => LINK_KINDS.has(e.kind)).sort(columnsLast);
  return [...of(d.outgoing).map(link('out')), ...of(d.incoming).map(link('in'))].slice(0, cap);
}

export interface SourceDescription {
  level: 'source';
  source: string;
  type: string;
  lastUpdate: string | null;
  schemas: Array<{ name: string; id: string; comment: string | null }>;
  schemasTotal: number;
  counts: Record<string, number>;
}

export interface SchemaDescription {
  level: 'schema';
  source: string;
  schema: string;
  id: string;
  comment: string | null;
  objects: Array<{ id: string; kind: string; name: string; comment?: string }>;
  objectsTotal: number;
  nextCursor: string | null;
}

export type Description = ObjectDescription | SourceDescription | SchemaDescription;

const CAPS = { brief: { columns: 100, members: 50, comment: 160 }, full: { columns: 400, members: 200, comment: 2000 } } as const;

function clip(text: string | null | undefined, max: number): string | undefined {
  if (!text) return undefined;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function pathOf(id: string): string {
  return id.split(':').slice(2).join(':');
}

function lastSegment(path: string): string {
  return path.split('.').pop() ?? path;
}

/** A relation's foreign keys, then the joins code declares (the edges `get` gives: none a foreign key already makes). */
function joinEdges(edges: readonly CatalogEdge[]): CatalogEdge[] {
  return [...edges.filter((e) => e.kind === 'foreign_key'), ...edges.filter((e) => e.kind === DECLARED_JOIN_EDGE_KIND)];
}

function declaredIn(edge: CatalogEdge): Pick<JoinInfo, 'declaredIn'> {
  if (edge.kind !== DECLARED_JOIN_EDGE_KIND) return {};
  const a = edge.attributes;
  return { declaredIn: { file: String(a.file ?? ''), line: Number(a.line ?? 0), via: String(a.via ?? '') } };
}

function joinOn(edge: CatalogEdge, fromPath: string, toPath: string): string {
  const from = (edge.attributes.columns as string[] | undefined) ?? [];
  const to = (edge.attributes.referencedColumns as string[] | undefined) ?? [];
  if (!from.length || from.length !== to.length) return `${fromPath} → ${toPath}`;
  const a = lastSegment(fromPath);
  const b = lastSegment(toPath) === a ? toPath : lastSegment(toPath);
  return from.map((c, i) => `${sqlPath(a)}.${sqlIdentifier(c)} = ${sqlPath(b)}.${sqlIdentifier(to[i]!)}`).join(' AND ');
}

function column(col: CatalogObject, detail: DescribeDetail): ColumnInfo {
  const a = col.attributes;
  const info: ColumnInfo = { name: col.name, type: String(a.dataType ?? a.type ?? '') };
  if (needsQuotes(col.name)) info.sqlName = sqlIdentifier(col.name);
  if (a.isPrimaryKey) info.primaryKey = true;
  if (a.nullable === false && !a.isPrimaryKey) info.nullable = false;
  if (typeof a.references === 'string') info.references = pathOf(a.references);
  const comment = clip(col.comment, CAPS[detail].comment);
  if (comment) info.comment = comment;
  if (detail === 'full' && a.default !== null && a.default !== undefined) info.default = String(a.default);
  return info;
}

export async function describeObjectFor(engine: DiscoveryEngine, ref: string, detail: DescribeDetail): Promise<ObjectDescription> {
  const d = await engine.get(ref);
  const o = d.object;
  const caps = CAPS[detail];
  const out: ObjectDescription = {
    level: 'object',
    id: o.id,
    uri: d.uri,
    kind: o.kind,
    name: o.path,
    comment: clip(o.comment, caps.comment) ?? null,
    context: clip(d.effectiveContext, caps.comment) ?? null,
  };
  if (RELATION_KINDS.includes(o.kind)) {
    if (sqlPath(o.path) !== o.path) out.sqlName = sqlPath(o.path);
    out.rowEstimate = (o.attributes.rowEstimate as number | null | undefined) ?? null;
    out.columns = d.columns.slice(0, caps.columns).map((c) => column(c, detail));
    out.columnsTotal = d.columns.length;
    const pk = d.constraints.find((c) => c.attributes.type === 'primary_key' || c.attributes.type === 'primary key');
    const pkColumns = (pk?.attributes.columns as string[] | undefined) ?? d.columns.filter((c) => c.attributes.isPrimaryKey).map((c) => c.name);
    if (pkColumns.length) out.primaryKey = pkColumns;
    out.joins = joinEdges(d.outgoing).map((e) => ({ table: e.toId, on: joinOn(e, o.path, pathOf(e.toId)), ...declaredIn(e) }));
    const used = links(d, caps.members);
    if (used.length) out.links = used;
    if (detail === 'full') {
      out.referencedBy = joinEdges(d.incoming).map((e) => ({ table: e.fromId, on: joinOn(e, pathOf(e.fromId), o.path), ...declaredIn(e) }));
      out.definition = o.definition;
      out.constraints = d.constraints.map((c) => ({ name: c.name, type: String(c.attributes.type ?? ''), definition: c.definition }));
      out.indexes = d.indexes.map((i) => ({ name: i.name, definition: i.definition }));
      const members = [...d.triggers, ...d.children];
      out.members = members.slice(0, caps.members).map((m) => ({ id: m.id, kind: m.kind, name: m.name }));
      out.membersTotal = members.length;
    }
    return out;
  }
  if (o.kind === 'column') {
    Object.assign(out, { columns: [column(o, detail)], definition: o.parentId ? `column of ${pathOf(o.parentId)}` : null });
    const used = links(d, caps.members);
    if (used.length) out.links = used;
    if (detail === 'full') out.attributes = o.attributes;
    return out;
  }
  out.definition = clip(o.definition, detail === 'full' ? 8000 : 400) ?? null;
  const members = [...d.columns, ...d.constraints, ...d.indexes, ...d.triggers, ...d.children];
  if (members.length) {
    out.members = members.slice(0, caps.members).map((m) => ({ id: m.id, kind: m.kind, name: m.name }));
    out.membersTotal = Math.max(members.length, d.childrenTotal);
  }
  const linked = links(d, caps.members);
  if (linked.length) out.links = linked;
  if (d.facts) out.facts = d.facts;
  if (detail === 'full') out.attributes = o.attributes;
  return out;
}

/** The object kinds a source's counts show: its family's searchable or listed kinds (schemas have their own line). */
function countedKinds(kinds: KindCatalog, sourceType: string): string[] {
  const family = kinds.sourceTypes.find((t) => t.type === sourceType)?.family;
  const counted = kinds.objectKinds.filter((k) => k.family === family && k.kind !== 'schema' && (k.chunked || k.listed)).map((k) => k.kind);
  return [...new Set(counted)];
}

export async function describeSource(engine: CatalogDescriber, name: string, detail: DescribeDetail): Promise<SourceDescription> {
  const source = (await engine.listSources()).find((s) => s.name === name);
  if (!source) {
    // listObjects names the known sources in its error
    await engine.listObjects({ source: name, limit: 1 });
    throw new SextantError('SOURCE_NOT_FOUND', `unknown source '${name}'`);
  }
  const page = await engine.listObjects({ source: name, kinds: ['schema'], limit: CAPS[detail].members });
  const counts: Record<string, number> = {};
  for (const kind of countedKinds(engine.kinds(), source.type)) {
    const total = (await engine.listObjects({ source: name, kinds: [kind], limit: 1 })).total;
    if (total) counts[kind] = total;
  }
  return {
    level: 'source',
    source: name,
    type: source.type,
    lastUpdate: source.lastUpdate?.at ?? null,
    schemas: page.items.map((s) => ({ name: s.path, id: s.id, comment: clip(s.comment, CAPS[detail].comment) ?? null })),
    schemasTotal: page.total,
    counts,
  };
}

export async function describeSchema(
  engine: DiscoveryEngine,
  source: string,
  schema: string,
  detail: DescribeDetail,
  cursor?: string,
): Promise<SchemaDescription> {
  const d = await engine.get(`${source}:schema:${schema}`);
  const page = await engine.listObjects({ parentId: d.object.id, limit: CAPS[detail].members, ...(cursor ? { cursor } : {}) });
  return {
    level: 'schema',
    source,
    schema,
    id: d.object.id,
    comment: clip(d.object.comment, CAPS[detail].comment) ?? null,
    objects: page.items.map((o) => {
      const comment = clip(o.comment, detail === 'full' ? 300 : 100);
      return { id: o.id, kind: o.kind, name: o.name, ...(comment ? { comment } : {}) };
    }),
    objectsTotal: page.total,
    nextCursor: page.nextCursor,
  };
}

/** Describes `target`: a source name, `sextant://source`, `sextant://source/schema`, an object id or URI. */
export async function describeTarget(engine: CatalogDescriber, target: string, detail: DescribeDetail, cursor?: string): Promise<Description> {
  const trimmed = target.trim();
  if (/^[a-z][a-z0-9_-]*$/.test(trimmed)) return describeSource(engine, trimmed, detail);
  const parsed = parseTarget(trimmed);
  if (parsed?.kind === 'source') return describeSource(engine, parsed.source, detail);
  if (parsed?.kind === 'schema') return describeSchema(engine, parsed.source, parsed.schema, detail, cursor);
  if (parsed?.kind === 'id' && /^[^:]+:schema:[^.]+$/.test(parsed.id)) {
    return describeSchema(engine, parsed.source, pathOf(parsed.id), detail, cursor);
  }
  return describeObjectFor(engine, trimmed, detail);
}
