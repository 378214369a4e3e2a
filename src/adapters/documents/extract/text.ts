/**
 * @module adapters/documents/extract/text
 * Markdown and plain text pass through, decoded (UTF-8, UTF-16, Latin-1) with line endings
 * normalised. A markdown title is its front matter `title:` or its first heading.
 */
import { defineExtractor, firstHeading, readText } from './common.js';

function frontMatterTitle(markdown: string): string | null {
  const block = /^---\n([\s\S]*?)\n(?:---|\.\.\.)\n/.exec(markdown);
  const title = block ? /^title:[ \t]*(.+)$/m.exec(block[1]!) : null;
  return title ? title[1]!.trim().replace(/^(['"])(.*)\1$/, '$2') || null : null;
}

export const extractMarkdown = defineExtractor('markdown', async (bytes, options) => {
  const markdown = readText(bytes, options);
  return { title: frontMatterTitle(markdown) ?? firstHeading(markdown), markdown };
});

export const extractText = defineExtractor('text', async (bytes, options) => ({ title: null, markdown: readText(bytes, options) }));
