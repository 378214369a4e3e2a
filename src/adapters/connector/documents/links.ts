/**
 * @module adapters/connector/documents/links
 * Links a crawl may follow: `href`s of HTML anchors and markdown `[text](url)` targets, resolved
 * against the page's URL and normalised (no fragment, query keys sorted) so one page is read once.
 */

const HREF = /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const MARKDOWN_LINK = /\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/** `https://a/b?z=1&a=2#x` → `https://a/b?a=2&z=1`; null for what is not http(s). */
export function normaliseUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  const params = [...url.searchParams.entries()].sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a.localeCompare(b)));
  url.search = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  return url.toString();
}

/** Decoded text of a page → the normalised http(s) links it holds, in order, once each. */
export function linksOf(text: string, pageUrl: string, markdown: boolean): string[] {
  const out = new Set<string>();
  const pattern = markdown ? MARKDOWN_LINK : HREF;
  for (const m of text.matchAll(pattern)) {
    const target = (m[1] ?? m[2] ?? m[3] ?? '').replace(/&amp;/g, '&');
    if (!target || target.startsWith('#') || /^(mailto|javascript|tel|data):/i.test(target)) continue;
    const url = normaliseUrl(target, pageUrl);
    if (url) out.add(url);
  }
  return [...out];
}
