/**
 * @module core/kinds/known-kinds
 * One check of kind filters for every presentation: a kind is known when a registered source
 * kind declares it (or it is a glossary term or a session document), whether or not the index
 * holds any yet, so `["table", "view"]` on an index without views matches the tables; an unknown
 * kind (`tabel`) is a usage error with the nearest names.
 */
import { SextantError } from '../../kernel/errors.js';
import { closest } from '../../kernel/suggest.js';
import { TERM_KIND } from '../glossary/term-index.js';
import { DOCUMENT_KIND } from '../sessions/session-documents.js';
import type { KindCatalog } from './registry.js';

export function searchableKinds(catalog: KindCatalog): string[] {
  return [...new Set([...catalog.objectKinds.map((k) => k.kind), TERM_KIND, DOCUMENT_KIND])];
}

export function assertKnownKinds(kinds: readonly string[] | undefined, catalog: KindCatalog): void {
  if (!kinds?.length) return;
  const known = searchableKinds(catalog);
  const unknown = kinds.filter((k) => !known.includes(k));
  if (!unknown.length) return;
  const near = [...new Set(unknown.flatMap((k) => closest(k, known, 3)))];
  throw new SextantError(
    'USAGE',
    `unknown kind${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `'${k}'`).join(', ')}${near.length ? `; did you mean ${near.join(', ')}?` : ''}`,
    {
      hint: `kinds: ${[...known].sort().join(', ')}`,
      details: { field: 'kinds', suggestions: near },
    },
  );
}
