/**
 * @module adapters/documents/extract/docx
 * Word documents: `mammoth` to HTML (headings from paragraph styles, tables, lists), then the
 * HTML extractor's turndown to markdown. The zip is checked for bombs first. The title is the
 * core properties' title, else the first heading.
 */
import mammoth from 'mammoth';
import { documentUnreadable } from '../errors.js';
import { CORE_PROPERTIES, coreTitle, readOfficeZip } from '../zip.js';
import { defineExtractor, firstHeading } from './common.js';
import { htmlToMarkdown } from './html-markdown.js';

export const extractDocx = defineExtractor('docx', async (bytes, options) => {
  const zip = readOfficeZip(bytes, { name: options.name, label: 'docx', keep: (entry) => entry === CORE_PROPERTIES });
  if (!zip.names.includes('word/document.xml')) throw documentUnreadable(options.name, 'not a docx (the zip has no word/document.xml)');
  const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  const markdown = htmlToMarkdown(html);
  return { title: coreTitle(zip) ?? firstHeading(markdown), markdown };
});
