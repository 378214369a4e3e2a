/**
 * @module core/glossary/term-index
 * A term's searchable form: one catalog object (kind `glossary_term`, resource `glossary`, a
 * child of its base table) and one chunk scoped to the term's project, with its entities and,
 * when an embedder is configured, its vector.
 */
import type { CatalogObject } from '../../ports/catalog.js';
import type { Embedder } from '../../ports/embedder.js';
import type { TermFields, TermIndexWrite } from '../../ports/glossary.js';
import type { ChunkIndex } from '../../ports/store.js';
import { extractEntities } from '../entities/extract.js';
import { createChunk } from '../chunks/assemble-chunk.js';
import { syncEmbeddingModel } from '../ingest/embeddings.js';
import { lexicalForm } from '../../kernel/text/identifiers.js';
import { glossaryKey } from '../../kernel/text/glossary-key.js';

export const TERM_KIND = 'glossary_term';
export const TERM_RESOURCE = 'glossary';

export function termObjectId(source: string, project: string, term: string): string {
  return `${source}:${TERM_KIND}:${project}/${glossaryKey(term)}`;
}

/** The text embedded for a term (also what clusters are computed from). */
export function termText(fields: Pick<TermFields, 'term' | 'definition' | 'aliases' | 'outputColumns' | 'baseTable'>): string {
  return [
    `glossary term ${fields.term}`,
    fields.definition,
    fields.aliases.length ? `Also called: ${fields.aliases.join(', ')}` : '',
    fields.baseTable ? `Based on ${fields.baseTable}` : '',
    fields.outputColumns.length ? `Columns: ${fields.outputColumns.map((c) => c.name).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('. ');
}

export interface TermIndexDeps {
  store: ChunkIndex;
  embedder: () => Promise<Embedder | null>;
  lexical?: (text: string) => string;
}

/** `baseObjectId`: the base table's object id, so the term shows among the table's children. */
export async function buildTermIndex(deps: TermIndexDeps, fields: TermFields, baseObjectId: string | null): Promise<TermIndexWrite> {
  const lexical = deps.lexical ?? lexicalForm;
  const id = termObjectId(fields.source, fields.project, fields.term);
  const object: CatalogObject = {
    id,
    source: fields.source,
    kind: TERM_KIND,
    path: `${fields.project}/${fields.term}`,
    name: fields.term,
    parentId: baseObjectId,
    resource: TERM_RESOURCE,
    comment: fields.definition,
    definition: fields.sql,
    attributes: { project: fields.project, origin: fields.origin, aliases: fields.aliases, baseTable: fields.baseTable, outputColumns: fields.outputColumns },
  };
  const text = termText(fields);
  const chunk = createChunk(
    { id, objectId: id, source: fields.source, kind: TERM_KIND, project: fields.project, session: null },
    {
      nameText: fields.term,
      comment: fields.definition,
      definition: [fields.sql, fields.outputColumns.map((c) => c.name).join(' ')].join('\n'),
      context: fields.aliases.join('; '),
      text,
    },
    lexical,
  );
  const entities = extractEntities({
    kind: TERM_KIND,
    name: fields.term,
    comment: fields.definition,
    definition: fields.baseTable,
    context: fields.aliases.join(', ') || null,
  });
  let vector: Float32Array | null = null;
  const embedder = await deps.embedder();
  if (embedder) {
    await syncEmbeddingModel(deps.store, embedder);
    [vector = null] = await embedder.embed([text]);
  }
  return { object, chunk: { chunk, vector, entities } };
}
