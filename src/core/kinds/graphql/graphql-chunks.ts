/**
 * @module core/kinds/graphql/graphql-chunks
 * Chunk text for GraphQL elements (data sources, modules, data objects, fields, queries,
 * functions, types): names split for BM25, and the path and ready operation an agent needs.
 */
import type { CatalogEdge, CatalogObject } from '../../../ports/catalog.js';
import type { ChunkFields } from '../../../ports/source-kind.js';
import { splitIdentifier } from '../../../kernel/text/identifiers.js';
import { dataObjectAttributes, dataSourceAttributes, fieldAttributes, operationAttributes, summaryAttributes } from './graphql-attributes.js';

interface GraphqlParts {
  label: string;
  nameText: string;
  definition: string;
  summary: string;
}

const words = (identifier: string) => splitIdentifier(identifier).join(' ');
// Attribute values come from stored JSON: anything not a string reads as empty.
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function argList(o: CatalogObject): string {
  const args = operationAttributes(o).args;
  return (Array.isArray(args) ? args : []).map((a) => `${a.name}: ${a.type}`).join(', ');
}

/** Parts for a GraphQL element, or null for a function that has no GraphQL path (a plain routine). */
export function graphqlChunkParts(object: CatalogObject, children: readonly CatalogObject[], edges: readonly CatalogEdge[]): GraphqlParts | null {
  switch (object.kind) {
    case 'data_source': {
      const a = dataSourceAttributes(object);
      return {
        label: 'data source',
        nameText: object.name,
        definition: [str(a.engine), a.prefix ? `prefix ${str(a.prefix)}` : '', a.asModule ? 'as module' : '', a.readOnly ? 'read only' : '']
          .filter(Boolean)
          .join(' '),
        summary: `${str(a.engine) || 'GraphQL'} data source${a.prefix ? `, type names prefixed ${str(a.prefix)}_` : ''}${a.asModule ? `, queried under module ${object.name}` : ''}.`,
      };
    }
    case 'module': {
      const members = children.map((c) => c.name).sort();
      return {
        label: 'module',
        nameText: `${object.path} ${object.name}`,
        definition: members.join(' '),
        summary: members.length ? `Contains ${members.map(words).join(', ')}.` : '',
      };
    }
    case 'data_object': {
      const a = dataObjectAttributes(object);
      const fields = children.filter((c) => c.kind === 'graphql_field');
      const rel = edges
        .filter((e) => e.kind === 'relation')
        .map((e) => `relation ${String(e.attributes.field ?? '')} → ${e.toId.split(':').slice(2).join(':')}`);
      return {
        label: a.objectKind === 'view' ? 'data object (view)' : 'data object (table)',
        nameText: `${object.path} ${object.name} ${str(a.typeName)} ${str(a.originalName)}`,
        definition: [fields.map((f) => `${f.name} ${str(fieldAttributes(f).dataType)}`).join('; '), rel.join('; '), str(a.graphqlPath)]
          .filter(Boolean)
          .join('\n'),
        summary: `Fields: ${fields.map((f) => words(f.name)).join(', ')}. Source ${str(a.dataSource)}; GraphQL path ${str(a.graphqlPath)}.`,
      };
    }
    case 'graphql_field': {
      const a = fieldAttributes(object);
      return {
        label: 'field',
        nameText: `${object.name} ${object.path}`,
        definition: `${object.name} ${str(a.dataType)}${a.isPrimaryKey ? ' primary key' : ''}${a.relationTo ? ` relation to ${str(a.relationTo)}` : ''}`,
        summary: `Field of ${words(object.path.split('.').slice(-2, -1)[0] ?? '')}, type ${str(a.dataType)}.`,
      };
    }
    case 'graphql_query': {
      const a = operationAttributes(object);
      return {
        label: `GraphQL ${str(a.root) || 'query'} (${str(a.variant)})`,
        nameText: `${object.name} ${object.path}`,
        definition: `${str(a.graphqlPath)}(${argList(object)}): ${str(a.returns)}`,
        summary: `${str(a.variant)} on path ${str(a.graphqlPath)}, returns ${str(a.returns)}.`,
      };
    }
    case 'graphql_type':
      return {
        label: 'GraphQL type',
        nameText: object.name,
        definition: children.map((c) => `${c.name} ${str(fieldAttributes(c).dataType)}`).join('; '),
        summary: `Fields: ${children.map((c) => words(c.name)).join(', ')}.`,
      };
    default: {
      const a = operationAttributes(object);
      if (typeof a.graphqlPath !== 'string') return null;
      return {
        label: a.mutating ? 'mutating function' : 'function',
        nameText: `${object.path} ${object.name} ${str(a.originalName)}`,
        definition: `${str(a.graphqlPath)}(${argList(object)}): ${str(a.returns)}`,
        summary: `${a.mutating ? 'Mutating function' : 'Function'} of ${str(a.dataSource) || 'the API'} on path ${str(a.graphqlPath)}, returns ${str(a.returns)}.`,
      };
    }
  }
}

/** The chunk of a GraphQL element; null when it has none of its own (see graphqlChunkParts). */
export function graphqlChunkFields(
  object: CatalogObject,
  children: readonly CatalogObject[],
  edges: readonly CatalogEdge[],
  context: string,
): ChunkFields | null {
  const parts = graphqlChunkParts(object, children, edges);
  if (!parts) return null;
  // Hugr copies a data object's description onto each of its generated queries: kept out of
  // their lexical fields so the data object, not its seven query variants, answers a search.
  const generated = object.kind === 'graphql_query' && operationAttributes(object).variant !== 'operation';
  const summary = str(summaryAttributes(object).summary);
  const comment = generated ? '' : [object.comment ?? '', summary].filter(Boolean).join(' ');
  return {
    nameText: parts.nameText,
    comment,
    definition: parts.definition,
    context,
    textParts: [`${parts.label} ${words(object.name)} (${object.path})`, generated ? '' : comment, parts.summary, context],
  };
}
