/**
 * @module core/kinds/documents/documents-chunks
 * A document's passages: its markdown cut at headings, then at about 500 tokens with 50 of
 * overlap, each passage carrying the document's title and heading path ("Runtime Config ›
 * Client Connection Defaults") for ranking and display, and the page's other headings as its
 * lexical comment and after its text for the embedder: a passage is found by what its page is
 * about, not only by its own words. Measured on the PostgreSQL manual's dev queries (bench
 * documents): lexical s@5 0.857 → 0.872, MRR 0.695 → 0.716; vector MRR 0.471 → 0.507; hybrid
 * MRR 0.655 → 0.689. A crawled page's first passage also carries, as a lexical field, its
 * inbound anchor text (the connector's `anchors` attribute): lexical s@5 0.872 → 0.882, MRR
 * 0.715 → 0.724; hybrid (RRF) s@5 0.879 → 0.884, MRR 0.713 → 0.722. The embedder never reads it.
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
  const pageHeadings = (a.outline ?? [])
    .map((h) => h.replace(/^\d+ /, ''))
    .filter((h) => h !== title)
    .join('. ');
  // what the pages linking to it call the page (a crawled page's inbound anchor text), with its first passage
  const anchors = (a.anchors ?? []).join('. ');
  return passages.map((p, i) => {
    const headings = p.heading ? p.heading.split(' > ') : [];
    // a document's top heading is usually its title: said once
    const path = (headings[0] === title ? headings.slice(1) : headings).join(' › ');
    return {
      nameText: [title, path].filter(Boolean).join(' › '),
      comment: i === 0 && anchors ? `${pageHeadings}. ${anchors}` : pageHeadings,
      definition: p.text,
      context,
      textParts: [[title, path].filter(Boolean).join(' › '), p.text, pageHeadings],
    };
  });
}
