/**
 * @module adapters/connector/documents/anchors
 * Inbound anchor text: what the pages of one source (a crawl, a folder, a prefix) say of each
 * page when they link to it (the text of their links and their `title` attributes), a description
 * of a page in other pages' words, as web search engines have long used it. Site furniture is
 * left out: a link text that points at many different pages ("Next", "Prev", "Up") names none of
 * them.
 */
import type { LinkAnchor } from './links.js';

/** Most anchor texts kept per page, those used by the most pages first. */
export const MAX_INBOUND_ANCHORS = 200;

/**
 * A link text is site furniture when it points at more than this many different pages: 3, or 1%
 * of the source's pages when that is more (on the PostgreSQL manual, 1,168 pages, "Next", "Prev" and
 * "Up" point at 99 to 1,167 pages each; no descriptive text at more than 2).
 */
export function furnitureThreshold(pages: number): number {
  return Math.max(3, Math.floor(pages / 100));
}

/** One anchor as the page it points at keeps it: text and title, each once. */
export function anchorLine([, text, title]: LinkAnchor): string {
  return [text, title].filter(Boolean).join(' | ');
}

/**
 * The pages of the source a page links to (`nameOf` as for {@link inboundAnchors}), each once, in
 * the order of its first link, itself left out: the links `pool.inlinks` counts between the
 * candidates of a document search.
 */
export function linkedPages(from: string, anchors: readonly LinkAnchor[], nameOf: (url: string) => string | null): string[] {
  const out = new Set<string>();
  for (const [url] of anchors) {
    const to = nameOf(url);
    if (to !== null && to !== from) out.add(to);
  }
  return [...out];
}

/** One anchor line pointing at one page: the pages using it, and the text that decides furniture. */
interface Use {
  line: string;
  label: string;
  from: Set<string>;
}

/**
 * Each page's inbound anchor texts, from every page's outbound anchors (page name → anchors).
 * `nameOf` turns a link's URL into a page name (null: not a page of this source; link-space.ts);
 * links from a page to itself and furniture are left out. Texts are kept once per page (case aside), those
 * used by the most pages first, then alphabetically, at most {@link MAX_INBOUND_ANCHORS}.
 */
export function inboundAnchors(outbound: ReadonlyMap<string, readonly LinkAnchor[]>, nameOf: (url: string) => string | null): Map<string, string[]> {
  const pointsAt = new Map<string, Set<string>>();
  const uses = new Map<string, Map<string, Use>>();
  for (const [from, anchors] of outbound) {
    for (const anchor of anchors) {
      const to = nameOf(anchor[0]);
      if (to === null || to === from) continue;
      const label = (anchor[1] || anchor[2]).toLowerCase();
      const targets = pointsAt.get(label) ?? new Set<string>();
      pointsAt.set(label, targets.add(to));
      const line = anchorLine(anchor);
      const texts = uses.get(to) ?? new Map<string, Use>();
      uses.set(to, texts);
      const use = texts.get(line.toLowerCase()) ?? { line, label, from: new Set<string>() };
      texts.set(line.toLowerCase(), use);
      use.from.add(from);
    }
  }
  const furniture = furnitureThreshold(outbound.size);
  const out = new Map<string, string[]>();
  for (const [to, texts] of uses) {
    const kept = [...texts.values()]
      .filter((u) => pointsAt.get(u.label)!.size <= furniture)
      .sort((a, b) => b.from.size - a.from.size || (a.line < b.line ? -1 : a.line > b.line ? 1 : 0))
      .slice(0, MAX_INBOUND_ANCHORS)
      .map((u) => u.line);
    if (kept.length) out.set(to, kept);
  }
  return out;
}
