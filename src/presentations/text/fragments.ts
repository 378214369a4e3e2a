/**
 * @module presentations/text/fragments
 * Pieces of text every rendering shares: a value clipped to a width, the footer of a page.
 */
/** Text on one line, cut to `max` characters with an ellipsis when longer. */
export function clip(text: string | null | undefined, max: number): string {
  if (!text) return '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The line that ends a page: how many shown of how many, and how to get more. */
export function pageFooter(shown: number, total: number, nextCursor: string | null): string {
  if (nextCursor) return `showing ${shown} of ${total}; more: pass cursor "${nextCursor}"`;
  return `${total} in total`;
}
