/**
 * @module core/chunks/graphql-chunks
 * Chunk text for GraphQL elements (data sources, modules, data objects, fields, queries,
 * functions, types): names split for BM25, and the path and ready operation an agent needs.
 */
import type { CatalogEdge, CatalogObject, Chunk } from '../../ports/catalog.js';
import { assembleChunk } from './assemble-chunk.js';
import { splitIdentifier } from '../../kernel/text/identifiers.js';

export const GRAPHQL_KINDS: ReadonlySet<string> = new Set(['data_source', 'module', 'data_object', 'graphql_field', 'graphql_query', 'graphql_type', 'function']);

export const GRAPHQL_LABELS: Record<string, string> = {
  data_source: 'data source',
  module: 'module',
  data_object: 'data object',
  graphql_field: 'field',
  graphql_query: 'GraphQL operation',
  graphql_type: 'GraphQL type',
};

export interface ChunkParts {
  label: string;
  nameText: string;
  definition: string;
  summary: string;
}

const words = (identifier: string) => splitIdentifier(identifier).join(' ');
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function argList(o: CatalogObject): string {
  const args = Array.isArray(o.attributes.args) ? (o.attributes.args as Array<{ name: string; type: string }>) : [];
  return args.map((a) => `${a.name}: ${a.type}`).join(', ');
}

/** Parts for a GraphQL element, or null when the object is not one (database kinds). */
export function graphqlChunkParts(object: CatalogObject, children: readonly CatalogObject[], edges: readonly CatalogEdge[]): ChunkParts | null {
  const a = object.attributes;
  switch (object.kind) {
    case 'data_source':
      return {
        label: 'data source',
        nameText: object.name,
        definition: [str(a.engine), a.prefix ? `prefix ${str(a.prefix)}` : '', a.asModule ? 'as module' : '', a.readOnly ? 'read only' : ''].filter(Boolean).join(' '),
        summary: `${str(a.engine) || 'GraphQL'} data source${a.prefix ? `, type names prefixed ${str(a.prefix)}_` : ''}${a.asModule ? `, queried under module ${object.name}` : ''}.`,
      };
    case 'module': {
      const members = children.map((c) => c.name).sort();
      return { label: 'module', nameText: `${object.path} ${object.name}`, definition: members.join(' '), summary: members.length ? `Contains ${members.map(words).join(', ')}.` : '' };
    }
    case 'data_object': {
      const fields = children.filter((c) => c.kind === 'graphql_field');
      const rel = edges.filter((e) => e.kind === 'relation').map((e) => `relation ${String(e.attributes.field ?? '')} → ${e.toId.split(':').slice(2).join(':')}`);
      return {
        label: a.objectKind === 'view' ? 'data object (view)' : 'data object (table)',
        nameText: `${object.path} ${object.name} ${str(a.typeName)} ${str(a.originalName)}`,
        definition: [fields.map((f) => `${f.name} ${str(f.attributes.dataType)}`).join('; '), rel.join('; '), str(a.graphqlPath)].filter(Boolean).join('\n'),
        summary: `Fields: ${fields.map((f) => words(f.name)).join(', ')}. Source ${str(a.dataSource)}; GraphQL path ${str(a.graphqlPath)}.`,
      };
    }
    case 'graphql_field':
      return {
        label: 'field',
        nameText: `${object.name} ${object.path}`,
        definition: `${object.name} ${str(a.dataType)}${a.isPrimaryKey ? ' primary key' : ''}${a.relationTo ? ` relation to ${str(a.relationTo)}` : ''}`,
        summary: `Field of ${words(object.path.split('.').slice(-2, -1)[0] ?? '')}, type ${str(a.dataType)}.`,
      };
    case 'graphql_query':
      return {
        label: `GraphQL ${str(a.root) || 'query'} (${str(a.variant)})`,
        nameText: `${object.name} ${object.path}`,
        definition: `${str(a.graphqlPath)}(${argList(object)}): ${str(a.returns)}`,
        summary: `${str(a.variant)} on path ${str(a.graphqlPath)}, returns ${str(a.returns)}.`,
      };
    case 'graphql_type':
      return {
        label: 'GraphQL type',
        nameText: object.name,
        definition: children.map((c) => `${c.name} ${str(c.attributes.dataType)}`).join('; '),
        summary: `Fields: ${children.map((c) => words(c.name)).join(', ')}.`,
      };
    case 'function':
      if (typeof a.graphqlPath !== 'string') return null;
      return {
        label: a.mutating ? 'mutating function' : 'function',
        nameText: `${object.path} ${object.name} ${str(a.originalName)}`,
        definition: `${str(a.graphqlPath)}(${argList(object)}): ${str(a.returns)}`,
        summary: `${a.mutating ? 'Mutating function' : 'Function'} of ${str(a.dataSource) || 'the API'} on path ${str(a.graphqlPath)}, returns ${str(a.returns)}.`,
      };
    default:
      return null;
  }
}

/** Children and outgoing edges by object id, built once per chunk run (null when no GraphQL objects). */
export interface GraphqlChunkIndex {
  children: Map<string, CatalogObject[]>;
  edges: Map<string, CatalogEdge[]>;
}

export function indexForGraphql(objects: readonly CatalogObject[], edges: readonly CatalogEdge[]): GraphqlChunkIndex | null {
  if (!objects.some((o) => GRAPHQL_KINDS.has(o.kind) && o.kind !== 'function')) return null;
  const index: GraphqlChunkIndex = { children: new Map(), edges: new Map() };
  for (const o of objects) {
    if (!o.parentId) continue;
    const list = index.children.get(o.parentId);
    if (list) list.push(o);
    else index.children.set(o.parentId, [o]);
  }
  for (const e of edges) {
    const list = index.edges.get(e.fromId);
    if (list) list.push(e);
    else index.edges.set(e.fromId, [e]);
  }
  return index;
}

/** The chunk of a GraphQL element, or null for other kinds (the database chunk builder handles those). */
export function buildGraphqlChunk(object: CatalogObject, index: GraphqlChunkIndex | null, context: string, lexical: (text: string) => string): Chunk | null {
  if (!index || !GRAPHQL_KINDS.has(object.kind)) return null;
  const parts = graphqlChunkParts(object, index.children.get(object.id) ?? [], index.edges.get(object.id) ?? []);
  if (!parts) return null;
  // Hugr copies a data object's description onto each of its generated queries: kept out of
  // their lexical fields so the data object, not its seven query variants, answers a search.
  const generated = object.kind === 'graphql_query' && object.attributes.variant !== 'operation';
  const summary = typeof object.attributes.summary === 'string' ? object.attributes.summary : '';
  const comment = generated ? '' : [object.comment ?? '', summary].filter(Boolean).join(' ');
  return assembleChunk(
    object,
    { nameText: parts.nameText, comment, definition: parts.definition, context, textParts: [`${parts.label} ${words(object.name)} (${object.path})`, generated ? '' : comment, parts.summary, context] },
    lexical,
  );
}
