/**
 * @module core/kinds/documents/documents-chunks
 * A document's passages: its markdown cut at headings, then at about 500 tokens with 50 of
 * overlap, each passage carrying the document's title and heading path ("Runtime Config ›
 * Client Connection Defaults"; short sections that share a passage each name theirs: "Runbook ›
 * Refunds; Shipping") for ranking and display, and the page's other headings as its
 * lexical comment and after its text for the embedder: a passage is found by what its page is
 * about, not only by its own words. Measured on the PostgreSQL manual's dev queries (bench
 * documents): lexical s@5 0.857 → 0.872, MRR 0.695 → 0.716; vector MRR 0.471 → 0.507; hybrid
 * MRR 0.655 → 0.689. A page's first passage also carries, as a lexical field, its
 * inbound anchor text (the connector's `anchors` attribute): lexical s@5 0.872 → 0.882, MRR
 * 0.715 → 0.724; hybrid (RRF) s@5 0.879 → 0.884, MRR 0.713 → 0.722. The embedder never reads it.
 *
 * The title is said once in a passage's name, its top heading left out of the path even when
 * the two differ by their spaces (the manual's titles have no-break spaces: every passage was
 * named "20.11. Client Connection Defaults › 20.11. Client Connection Defaults › …"), and
 * leads the page headings of every passage instead. Dropping the repeat alone cost lexical s@5
 * 0.882 → 0.874 and vector MRR 0.506 → 0.475; with the title among the headings: lexical
 * 0.874 / 0.723, vector 0.628 / 0.501, hybrid RRF 0.884 / 0.721 (was 0.884 / 0.722), and the
 * retrained page model the same (CV s@5 0.909 → 0.910, MRR 0.790 → 0.791).
 *
 * Naming every heading of a passage that holds several short sections (and keeping their heading
 * lines in its text) left the passages as they were (4,880 on the manual, same ids) and measured,
 * on all 414 dev queries read as a folder: lexical s@5 0.874 = 0.874, MRR 0.723 → 0.719; vector
 * s@5 0.628 → 0.650, MRR 0.501 → 0.509; hybrid (RRF, the default) 0.932 / 0.804 unchanged.
 *
 * Counting those heading lines and the paragraph breaks against the passage budget (176 passages
 * were over 500 tokens, up to 594; now none) cut 146 of the 1,168 pages otherwise: 4,880 → 4,902
 * passages, 4,401 unchanged in id and text. The same 414 queries, folder source (2026-11-27,
 * load about 5): lexical s@5 0.874 = 0.874, MRR 0.719 → 0.718; vector s@5 0.650 → 0.655, MRR
 * 0.509 → 0.514; hybrid 0.932 → 0.935, MRR 0.804 → 0.805.
 */
import type { CatalogObject } from '../../../ports/catalog.js';
import type { ChunkFields } from '../../../ports/source-kind.js';
import { DEFAULT_CHUNK_TOKENS, DEFAULT_OVERLAP_TOKENS, splitDocument } from '../../chunks/split-document.js';
import { documentAttributes } from './documents-attributes.js';

/** A heading and a title compared as read: an HTML title's no-break spaces are plain spaces in its heading's markdown. */
const sameHeading = (heading: string | undefined, title: string) =>
  heading !== undefined && heading.replace(/\s+/g, ' ').trim() === title.replace(/\s+/g, ' ').trim();

export function documentChunkFields(object: CatalogObject, context: string): ChunkFields[] {
  const a = documentAttributes(object);
  const title = a.title || object.name;
  const passages = splitDocument(object.definition ?? '', {
    markdown: true,
    maxTokens: a.chunkTokens ?? DEFAULT_CHUNK_TOKENS,
    overlapTokens: a.chunkOverlap ?? DEFAULT_OVERLAP_TOKENS,
  });
  if (passages.length === 0) return [{ nameText: title, comment: '', definition: '', context, textParts: [`Document ${title}`] }];
  // the title leads the page's headings: every passage is found by its page's name (see above)
  const pageHeadings = [title, ...(a.outline ?? []).map((h) => h.replace(/^\d+ /, '')).filter((h) => !sameHeading(h, title))].join('. ');
  // what the pages linking to it call the page (its inbound anchor text), with its first passage
  const anchors = (a.anchors ?? []).join('. ');
  // a document's top heading is usually its title: said once
  const pathOf = (heading: string) => {
    const headings = heading.split(' > ');
    return (sameHeading(headings[0], title) ? headings.slice(1) : headings).join(' › ');
  };
  return passages.map((p, i) => {
    // a passage holding several short sections is named by each of their headings
    const path = p.headings.map(pathOf).filter(Boolean).join('; ');
    return {
      nameText: [title, path].filter(Boolean).join(' › '),
      comment: i === 0 && anchors ? `${pageHeadings}. ${anchors}` : pageHeadings,
      definition: p.text,
      context,
      textParts: [[title, path].filter(Boolean).join(' › '), p.text, pageHeadings],
    };
  });
}
