/**
 * @module adapters/documents/extract/html
 * HTML to markdown: the page parsed once with `linkedom`, its main content found, then `turndown`
 * over that element. A page that marks its content (one `<main>` or `role="main"`, one
 * `<article>`, or a `content`/`docContent`/`main-content` id on the body or an element in it, as
 * DocBook, Sphinx and most documentation generators write) is read from there, its navigation
 * bars left out (`nav`, `header`, `footer`, `aside` and `navheader`/`navfooter`/`sidebar`-like
 * classes). Other pages go through `@mozilla/readability`; when it finds nothing, or keeps less
 * than a quarter of the page's text, the body without that navigation is used. Readability costs
 * about 50 ms a page, the marked root a few. The title is `<title>`, else Readability's, else the
 * first `<h1>`. A page with no body text is DOCUMENT_UNREADABLE.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { documentUnreadable } from '../errors.js';
import { defineExtractor, headingText, normalizeNewlines, readText } from './common.js';
import { htmlToMarkdown } from './html-markdown.js';
import type { ExtractOptions } from '../../../ports/documents.js';

/** Readability's (or a marked root's) share of the page text below which the whole body is used instead. */
const MIN_READABLE_SHARE = 0.25;
const SCRIPTS = 'script, style, noscript, template, title';
const NOT_CONTENT = `${SCRIPTS}, nav, header, footer, aside`;
/** Elements that mark a page's content, in the order they are trusted. */
const CONTENT_ROOTS = ['main, [role="main"]', 'article'];
const CONTENT_ID = /^(content|doc-?content|main-?content|page-?content)$/i;
const NAVIGATION_CLASS = /(^|\s)(nav|navbar|navheader|navfooter|navigation|breadcrumbs?|sidebar|skip-?link|site-header|site-footer)(\s|$)/i;
const NAVIGATION_ROLE = /^(navigation|banner|contentinfo|complementary|search)$/i;

/** A `<meta charset>` (or http-equiv content type) other than UTF-8, for bytes that are not valid UTF-8. */
function declaredCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 2048)).toString('latin1');
  const found = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (!found || found === 'utf-8' || found === 'utf8') return null;
  try {
    new TextDecoder(found);
    return found;
  } catch {
    return null;
  }
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The page as text: its declared charset when the bytes are not UTF-8, else encoding.ts's guess. */
function htmlText(bytes: Uint8Array, options: ExtractOptions): string {
  const charset = declaredCharset(bytes);
  if (charset && !isValidUtf8(bytes) && !/^(iso-8859-1|latin1|windows-1252|us-ascii)$/.test(charset)) {
    return normalizeNewlines(new TextDecoder(charset).decode(bytes));
  }
  return readText(bytes, options);
}

/** The DOM surface used here (linkedom's types name the browser DOM). */
interface Element {
  id: string;
  className: string;
  textContent: string | null;
  innerHTML: string;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<Element> & Iterable<Element>;
  remove(): void;
  contains(other: Element): boolean;
}

interface Page {
  title: string;
  body: Element | null;
  querySelector(selector: string): Element | null;
  querySelectorAll(selector: string): ArrayLike<Element> & Iterable<Element>;
}

/** linkedom parses whole documents only: a fragment is put in a body first. */
function parse(html: string): Page {
  const page = /<html[\s>]/i.test(html) ? html : /<body[\s>]/i.test(html) ? `<html>${html}</html>` : `<html><head></head><body>${html}</body></html>`;
  return (parseHTML(page) as unknown as { document: Page }).document;
}

/** Navigation inside `root`: the given elements, and elements whose class or role says navigation; what lies in `keep` stays. */
function removeNavigation(root: Element, selector: string, keep: Element | null = null): void {
  const kept = (node: Element) => keep !== null && keep.contains(node);
  for (const node of Array.from(root.querySelectorAll(selector))) if (!kept(node)) node.remove();
  for (const node of Array.from(root.querySelectorAll('[class], [role]'))) {
    if ((NAVIGATION_CLASS.test(node.className ?? '') || NAVIGATION_ROLE.test(node.getAttribute('role') ?? '')) && !kept(node)) node.remove();
  }
}

/** The element a page marks as its content, or null: one main, one article, a content id. */
function markedRoot(page: Page): Element | null {
  for (const selector of CONTENT_ROOTS) {
    const found = page.querySelectorAll(selector);
    if (found.length === 1) return found[0]!;
    if (found.length > 1) return null;
  }
  if (page.body && CONTENT_ID.test(page.body.id)) return page.body;
  for (const node of Array.from(page.querySelectorAll('[id]'))) if (CONTENT_ID.test(node.id)) return node;
  return null;
}

function titleTag(html: string): string {
  return /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '';
}

function textLength(text: string | null | undefined): number {
  return (text ?? '').replace(/\s+/g, ' ').trim().length;
}

export const extractHtml = defineExtractor('html', async (bytes, options) => {
  const html = htmlText(bytes, options);
  const page = parse(html);
  const body = page.body;
  const root = body ? markedRoot(page) : null;
  if (root && root !== body) removeNavigation(root, `${SCRIPTS}, nav, aside`);
  if (body) removeNavigation(body, NOT_CONTENT, root === body ? null : root);
  const bodyLength = textLength(body?.textContent);
  if (!body || bodyLength === 0) throw documentUnreadable(options.name, 'HTML with no body (no text content)');
  const title = headingText(page.title || titleTag(html));
  if (root && textLength(root.textContent) >= bodyLength * MIN_READABLE_SHARE) {
    return { title: title || headingText(page.querySelector('h1')?.textContent ?? '') || null, markdown: htmlToMarkdown(root) };
  }
  if (root && root !== body) removeNavigation(body, NOT_CONTENT);

  const article = new Readability(parse(html) as unknown as ConstructorParameters<typeof Readability>[0]).parse();
  const useArticle = article?.content && textLength(article.textContent) >= bodyLength * MIN_READABLE_SHARE;
  const markdown = htmlToMarkdown(useArticle ? article.content! : body);
  return { title: title || headingText(article?.title ?? '') || headingText(page.querySelector('h1')?.textContent ?? '') || null, markdown };
});
