/**
 * @module adapters/connector/documents/links
 * Links a crawl may follow: `href`s of HTML anchors and markdown `[text](url)` targets, resolved
 * against the page's URL and normalised (no fragment, query keys sorted) so one page is read once;
 * and what each link says of its target (its text and `title` attribute), the anchor text that
 * describes a page in the words of the pages pointing at it.
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

/** A link's target as written in the page → its normalised http(s) URL; null for a place on the page, mail, scripts and data. */
function linkTarget(written: string, pageUrl: string): string | null {
  const raw = written.replace(/&amp;/g, '&');
  if (!raw || raw.startsWith('#') || /^(mailto|javascript|tel|data):/i.test(raw)) return null;
  return normaliseUrl(raw, pageUrl);
}

/** Decoded text of a page → the normalised http(s) links it holds, in order, once each. */
export function linksOf(text: string, pageUrl: string, markdown: boolean): string[] {
  const out = new Set<string>();
  const pattern = markdown ? MARKDOWN_LINK : HREF;
  for (const m of text.matchAll(pattern)) {
    const url = linkTarget(m[1] ?? m[2] ?? m[3] ?? '', pageUrl);
    if (url) out.add(url);
  }
  return [...out];
}

/** What one link says of its target: its URL, its text and its `title` attribute ('' when absent or the same as the text). */
export type LinkAnchor = readonly [url: string, text: string, title: string];

/** An anchor's markup up to its `</a>`, never across another `<a`: an unclosed anchor costs one scan and swallows no link. */
const HTML_ANCHOR = /<a\b([^>]*)>((?:[^<]|<(?!\/?a\b))*?)<\/a\s*>/gi;
const ATTRIBUTE = (name: string) => new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');
const HREF_ATTRIBUTE = ATTRIBUTE('href');
const TITLE_ATTRIBUTE = ATTRIBUTE('title');
const MARKDOWN_ANCHOR = /\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"([^"]*)")?\s*\)/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** Longest text kept of one link (a link around a whole paragraph says little more). */
const MAX_ANCHOR_CHARS = 200;

/** Markup to plain text: tags dropped, the common and numeric entities decoded, white space collapsed. */
function plainText(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole;
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_ANCHOR_CHARS);
}

function attribute(attributes: string, pattern: RegExp): string {
  const m = pattern.exec(attributes);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : '';
}

const says = (text: string) => /[\p{L}\p{N}]/u.test(text);

/**
 * The anchors of a page (HTML `<a href>` or markdown links) to other http(s) pages, in order,
 * each link's target normalised as {@link linksOf} does; links to a place on the page itself and
 * links whose text and title hold no letter or digit are left out.
 */
export function anchorsOf(text: string, pageUrl: string, markdown: boolean): LinkAnchor[] {
  const self = normaliseUrl(pageUrl);
  const out: LinkAnchor[] = [];
  const add = (target: string, inner: string, title: string) => {
    const url = linkTarget(target, pageUrl);
    const label = says(inner) ? inner : '';
    const extra = says(title) && title !== label ? title : '';
    if (url && url !== self && (label || extra)) out.push([url, label, extra]);
  };
  if (markdown) for (const m of text.matchAll(MARKDOWN_ANCHOR)) add(m[2]!, plainText(m[1]!), plainText(m[3] ?? ''));
  else for (const m of text.matchAll(HTML_ANCHOR)) add(attribute(m[1]!, HREF_ATTRIBUTE), plainText(m[2]!), plainText(attribute(m[1]!, TITLE_ATTRIBUTE)));
  return out;
}
