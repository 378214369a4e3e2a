/**
 * @module core/chunks/build-chunks
 * One chunk per logical element (relation, column, routine, schema, type), built from canonical
 * objects and effective contexts. Lexical fields hold split identifiers; `text` feeds the embedder.
 */
import { RELATION_KINDS, type CatalogEdge, type CatalogObject, type Chunk } from '../../ports/catalog.js';
import { assembleChunk } from './assemble-chunk.js';
import { buildGraphqlChunk, indexForGraphql } from './graphql-chunks.js';
import { SCHEMA_ABBREVIATIONS } from '../../kernel/text/abbreviations.js';
import { lexicalForm, splitIdentifier, splitText } from '../../kernel/text/identifiers.js';

export const CHUNKED_KINDS: ReadonlySet<string> = new Set([
  ...RELATION_KINDS,
  'column',
  'function',
  'procedure',
  'schema',
  'enum',
  'domain',
]);

const KIND_LABEL: Record<string, string> = {
  table: 'table',
  partitioned_table: 'partitioned table',
  foreign_table: 'foreign table',
  view: 'view',
  materialized_view: 'materialized view',
  column: 'column',
  function: 'function',
  procedure: 'procedure',
  schema: 'schema',
  enum: 'enum type',
  domain: 'domain type',
};

export interface ChunkInput {
  objects: readonly CatalogObject[];
  edges: readonly CatalogEdge[];
  effectiveContexts: ReadonlyMap<string, string>;
  /** Text transform for lexical fields (identifier splitting, word forms). */
  lexical?: (text: string) => string;
}

/**
 * Spells out schema abbreviations found in identifiers (`qty` → quantity, `cust` → customer),
 * appended at index time so a question in plain words finds cryptic legacy names. Done on the
 * index side only: expanding every plain query word into its abbreviations (number → no, nbr)
 * added noise and lowered recall on the schema-linking benchmark.
 */
export function spellOutAbbreviations(identifiers: string): string {
  const extra = new Set<string>();
  for (const word of splitText(identifiers)) {
    const full = SCHEMA_ABBREVIATIONS[word];
    if (full) extra.add(full);
  }
  return extra.size ? `${identifiers} ${[...extra].join(' ')}` : identifiers;
}

function words(identifier: string): string {
  return splitIdentifier(identifier).join(' ');
}

function columnLine(col: CatalogObject): string {
  const a = col.attributes;
  const parts = [col.name, String(a.dataType ?? '')];
  if (a.isPrimaryKey) parts.push('primary key');
  if (a.nullable === false && !a.isPrimaryKey) parts.push('not null');
  if (typeof a.references === 'string') parts.push(`references ${a.references.split(':').pop()}`);
  return parts.filter(Boolean).join(' ');
}

export function buildChunks(input: ChunkInput): Chunk[] {
  const lexical = input.lexical ?? lexicalForm;
  const childrenOf = new Map<string, CatalogObject[]>();
  for (const o of input.objects) {
    if (!o.parentId) continue;
    const list = childrenOf.get(o.parentId);
    if (list) list.push(o);
    else childrenOf.set(o.parentId, [o]);
  }
  const byId = new Map(input.objects.map((o) => [o.id, o]));

  const chunks: Chunk[] = [];
  const graphql = indexForGraphql(input.objects, input.edges);
  for (const object of input.objects) {
    const graphqlChunk = buildGraphqlChunk(object, graphql, input.effectiveContexts.get(object.id) ?? '', lexical);
    if (graphqlChunk) {
      chunks.push(graphqlChunk);
      continue;
    }
    if (!CHUNKED_KINDS.has(object.kind)) continue;
    const context = input.effectiveContexts.get(object.id) ?? '';
    const comment = object.comment ?? '';
    const label = KIND_LABEL[object.kind] ?? object.kind;
    let definition: string;
    let nameText: string;
    let summary: string;

    if (RELATION_KINDS.includes(object.kind)) {
      const children = childrenOf.get(object.id) ?? [];
      const columns = children.filter((c) => c.kind === 'column').sort((a, b) => Number(a.attributes.position ?? 0) - Number(b.attributes.position ?? 0));
      const columnNotes = columns.filter((c) => c.comment).map((c) => `${c.name}: ${c.comment}`);
      // Lexical fields hold what the relation is about: its columns and what they mean. Key
      // and reference lines stay out: every table that references `users` would otherwise
      // match "users" (measured on the schema-linking benchmark); they live in the edges.
      definition = [spellOutAbbreviations(columns.map((c) => c.name).join(' ')), columnNotes.join('; '), object.definition ?? ''].filter(Boolean).join('\n');
      nameText = `${object.path} ${object.name}`;
      summary = `Columns: ${columns.map((c) => words(c.name)).join(', ')}.`;
    } else if (object.kind === 'column') {
      const parent = object.parentId ? byId.get(object.parentId) : undefined;
      definition = [columnLine(object), object.attributes.default ? `default ${String(object.attributes.default)}` : ''].filter(Boolean).join(' ');
      nameText = `${object.name} ${parent ? parent.path : object.path}`;
      summary = `Column of ${parent ? `${KIND_LABEL[parent.kind] ?? parent.kind} ${words(parent.name)}` : words(object.path)}, type ${String(object.attributes.dataType ?? 'unknown')}.${parent?.comment ? ` Table: ${parent.comment}` : ''}`;
    } else if (object.kind === 'schema') {
      const members = (childrenOf.get(object.id) ?? []).map((c) => c.name).sort();
      definition = members.join(' ');
      nameText = object.path;
      summary = `Contains ${members.map(words).join(', ')}.`;
    } else {
      definition = object.definition ?? '';
      nameText = object.path;
      const values = Array.isArray(object.attributes.values) ? ` Values: ${(object.attributes.values as string[]).join(', ')}.` : '';
      summary = `${definition}${values}`;
    }

    chunks.push(
      assembleChunk(
        object,
        { nameText: spellOutAbbreviations(nameText), comment, definition, context, textParts: [`${label} ${words(object.name)} (${object.path})`, comment, summary, context] },
        lexical,
      ),
    );
  }
  return chunks;
}
