/**
 * @module adapters/documents/extract/html
 * HTML to markdown: the page parsed with `linkedom`, its main content found by
 * `@mozilla/readability` (navigation, headers, footers and sidebars left out), then `turndown`.
 * When Readability finds nothing, or keeps less than a quarter of the page's text, the page's body
 * without nav, header, footer and aside is used instead. The title is `<title>`, else
 * Readability's, else the first `<h1>`. A page with no body text is DOCUMENT_UNREADABLE.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { documentUnreadable } from '../errors.js';
import { defineExtractor, headingText, normalizeNewlines, readText } from './common.js';
import { htmlToMarkdown } from './html-markdown.js';
import type { ExtractOptions } from '../../../ports/documents.js';

/** Readability's share of the page text below which the whole body is used instead. */
const MIN_READABLE_SHARE = 0.25;
const NOT_CONTENT = 'script, style, noscript, template, title, nav, header, footer, aside';

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

interface Page {
  document: {
    title: string;
    body: { textContent: string | null; innerHTML: string; querySelectorAll(selector: string): Iterable<{ remove(): void }> } | null;
    querySelector(selector: string): { textContent: string | null } | null;
  };
}

/** linkedom parses whole documents only: a fragment is put in a body first. */
function parse(html: string): Page['document'] {
  const page = /<html[\s>]/i.test(html) ? html : /<body[\s>]/i.test(html) ? `<html>${html}</html>` : `<html><head></head><body>${html}</body></html>`;
  return (parseHTML(page) as unknown as Page).document;
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
  if (body) for (const node of body.querySelectorAll(NOT_CONTENT)) node.remove();
  const bodyLength = textLength(body?.textContent);
  if (!body || bodyLength === 0) throw documentUnreadable(options.name, 'HTML with no body (no text content)');

  const article = new Readability(parse(html) as unknown as ConstructorParameters<typeof Readability>[0]).parse();
  const useArticle = article?.content && textLength(article.textContent) >= bodyLength * MIN_READABLE_SHARE;
  const markdown = htmlToMarkdown(useArticle ? article.content! : body.innerHTML);
  const title =
    headingText(page.title || titleTag(html)) || headingText(article?.title ?? '') || headingText(page.querySelector('h1')?.textContent ?? '') || null;
  return { title, markdown };
});
