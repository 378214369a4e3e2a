/**
 * @module adapters/connector/documents/crawl
 * Breadth-first crawl from one URL (seed 004): pages up to `maxDepth` links away, at most
 * `maxDocuments`, on the first page's site unless allowed otherwise, links matching
 * `linkPattern`; each URL read once. A page that fails (404, 500, too large) is skipped and
 * counted; one that failed but was read before leads on through the links stored with it, so a
 * refused or broken page does not cut off the pages behind it. The crawl never leaves its limits. Up to `CRAWL_CONCURRENCY` requests are in flight
 * at once; results are taken in queue order, so pages, limits and names come out as a
 * one-at-a-time crawl would give them.
 */
import type { FetchedDocument } from '../../../ports/documents.js';
import { normaliseUrl } from './links.js';

export interface CrawlLimits {
  maxDepth: number;
  maxDocuments: number;
  linkPattern: RegExp | null;
  sameSite: boolean;
}

export const CRAWL_DEFAULTS = { maxDepth: 2, maxDocuments: 10 } as const;

/** Requests in flight at once: a loopback or LAN server answers the next while a page is read. */
export const CRAWL_CONCURRENCY = 8;

export interface CrawledPage {
  url: string;
  depth: number;
  document: FetchedDocument;
}

export interface CrawlOutcome {
  pages: CrawledPage[];
  failed: Array<{ url: string; reason: string }>;
  /** Links seen but not read because a limit was reached. */
  leftOut: number;
}

export interface CrawlDeps {
  fetch(url: string): Promise<FetchedDocument>;
  /** The normalised links of a fetched page (see links.ts), in order; none for pages without links (pdf, …). */
  links(page: FetchedDocument, url: string): Promise<readonly string[]>;
  /** The links stored with a page read before, followed when it fails this time; none for a new page. */
  storedLinks?(url: string): readonly string[];
  onPage?(done: number, limit: number, url: string): void;
  signal?: AbortSignal;
}

export async function crawl(start: string, limits: CrawlLimits, deps: CrawlDeps): Promise<CrawlOutcome> {
  const root = normaliseUrl(start);
  if (!root) throw new Error(`not an http(s) URL: ${start}`);
  const site = new URL(root).host;
  const seen = new Set([root]);
  const queue: Array<{ url: string; depth: number }> = [{ url: root, depth: 0 }];
  const out: CrawlOutcome = { pages: [], failed: [], leftOut: 0 };
  while (queue.length > 0) {
    if (deps.signal?.aborted) break;
    const room = limits.maxDocuments - out.pages.length;
    if (room <= 0) {
      out.leftOut += queue.length;
      break;
    }
    const batch = queue.splice(0, Math.min(room, CRAWL_CONCURRENCY));
    const fetched = await Promise.all(
      batch.map((next) =>
        deps.fetch(next.url).then(
          (document) => ({ document, reason: null }),
          (err: unknown) => ({ document: null, reason: (err as Error).message }),
        ),
      ),
    );
    for (const [i, next] of batch.entries()) {
      const { document, reason } = fetched[i]!;
      if (document) {
        out.pages.push({ url: next.url, depth: next.depth, document });
        deps.onPage?.(out.pages.length, limits.maxDocuments, next.url);
      } else out.failed.push({ url: next.url, reason: reason ?? 'failed' });
      if (next.depth >= limits.maxDepth) continue;
      const links = document ? await deps.links(document, next.url) : (deps.storedLinks?.(next.url) ?? []);
      for (const link of links) {
        if (seen.has(link)) continue;
        seen.add(link);
        if (limits.sameSite && new URL(link).host !== site) continue;
        if (limits.linkPattern && !limits.linkPattern.test(link)) continue;
        queue.push({ url: link, depth: next.depth + 1 });
      }
    }
  }
  return out;
}
