/**
 * @module core/kinds/documents/documents-chunks
 * A document's passages: its markdown cut at headings, then at about 500 tokens with 50 of
 * overlap, each passage carrying the document's title and heading path ("Runtime Config ›
 * Client Connection Defaults") for ranking and display.
 */
import type { CatalogObject } from '../../../ports/catalog.js';
import type { ChunkFields } from '../../../ports/source-kind.js';
import { DEFAULT_CHUNK_TOKENS, DEFAULT_OVERLAP_TOKENS, splitDocument } from '../../chunks/split-document.js';
import { documentAttributes } from './documents-attributes.js';

export function documentChunkFields(object: CatalogObject, context: string): ChunkFields[] {
  const a = documentAttributes(object);
  const title = a.title || object.name;
  const passages = splitDocument(object.definition ?? '', {
    markdown: true,
    maxTokens: a.chunkTokens ?? DEFAULT_CHUNK_TOKENS,
    overlapTokens: a.chunkOverlap ?? DEFAULT_OVERLAP_TOKENS,
  });
  if (passages.length === 0) return [{ nameText: title, comment: '', definition: '', context, textParts: [`Document ${title}`] }];
  return passages.map((p) => {
    const headings = p.heading ? p.heading.split(' > ') : [];
    // a document's top heading is usually its title: said once
    const path = (headings[0] === title ? headings.slice(1) : headings).join(' › ');
    return {
      nameText: [title, path].filter(Boolean).join(' › '),
      comment: '',
      definition: p.text,
      context,
      textParts: [[title, path].filter(Boolean).join(' › '), p.text],
    };
  });
}
