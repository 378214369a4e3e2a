/**
 * MIME detection by seed 004's chain (explicit type, content type, extension, magic bytes, text)
 * and text decoding (UTF-8, UTF-16 with and without BOM, Latin-1), over files made by real libraries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeText, detectDocumentType, detectTextEncoding, looksBinary, normalizeDocumentType } from '../../../src/adapters/documents/index.js';
import { isSextantError } from '../../../src/kernel/errors.js';
import { makeDocx, makePdf, makePptx, makeXlsx } from '../../helpers/document-files.js';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('detectDocumentType', () => {
  let pdf: Uint8Array;
  let docx: Uint8Array;
  let xlsx: Uint8Array;
  let pptx: Uint8Array;
  beforeAll(async () => {
    [pdf, docx, xlsx, pptx] = await Promise.all([makePdf({ title: 'T', pages: ['one'] }), makeDocx(), makeXlsx(), makePptx()]);
  });

  it('takes the explicit type first, as a type, an alias or a MIME type', async () => {
    const bytes = text('# Heading');
    expect(await detectDocumentType({ explicit: 'text', contentType: 'text/markdown', name: 'a.md', bytes })).toBe('text');
    expect(await detectDocumentType({ explicit: 'md', contentType: null, name: 'a.txt', bytes })).toBe('markdown');
    expect(await detectDocumentType({ explicit: 'application/json', contentType: null, name: 'a', bytes: text('{}') })).toBe('json');
    expect(normalizeDocumentType('auto')).toBeNull();
    for (const legacy of ['file', 'http', 'inline']) expect(normalizeDocumentType(legacy)).toBeNull();
  });

  it('refuses an unknown explicit type with the list of types', () => {
    try {
      normalizeDocumentType('spreadsheet');
      expect.unreachable();
    } catch (err) {
      expect(isSextantError(err) && err.code).toBe('CONFIG_INVALID');
      expect(isSextantError(err) && err.hint).toMatch(/pdf, html, markdown/);
    }
  });

  it('then the transport content type, parameters ignored, over the extension', async () => {
    expect(await detectDocumentType({ contentType: 'text/html; charset=utf-8', name: 'page.md', bytes: text('<p>x</p>') })).toBe('html');
    expect(await detectDocumentType({ contentType: 'application/yaml', name: 'x', bytes: text('a: 1') })).toBe('yaml');
    expect(await detectDocumentType({ contentType: 'application/vnd.api+json', name: 'x', bytes: text('{}') })).toBe('json');
    expect(await detectDocumentType({ contentType: 'application/pdf', name: 'report', bytes: pdf })).toBe('pdf');
  });

  it('treats text/plain and octet-stream as weak: the extension decides first', async () => {
    expect(await detectDocumentType({ contentType: 'text/plain', name: 'guide.md', bytes: text('# Guide') })).toBe('markdown');
    expect(await detectDocumentType({ contentType: 'application/octet-stream', name: 'data.csv', bytes: text('a,b') })).toBe('csv');
    expect(await detectDocumentType({ contentType: 'text/plain', name: 'notes', bytes: text('<html><body>x</body></html>') })).toBe('text');
  });

  it('then the extension, query and fragment ignored', async () => {
    const cases: [string, string][] = [
      ['guides/start.md', 'markdown'],
      ['start.HTML', 'html'],
      ['https://wiki/start.htm?x=1#top', 'html'],
      ['config.yml', 'yaml'],
      ['data.tsv', 'csv'],
      ['notes.txt', 'text'],
      ['a.json', 'json'],
    ];
    for (const [name, type] of cases) expect(await detectDocumentType({ contentType: null, name, bytes: text('x') }), name).toBe(type);
  });

  it('then magic bytes (file-type): PDF and the Office formats without a name or content type', async () => {
    expect(await detectDocumentType({ contentType: null, name: 'download', bytes: pdf })).toBe('pdf');
    expect(await detectDocumentType({ contentType: 'application/octet-stream', name: 'blob', bytes: docx })).toBe('docx');
    expect(await detectDocumentType({ contentType: 'application/zip', name: 'blob', bytes: xlsx })).toBe('xlsx');
    expect(await detectDocumentType({ contentType: null, name: 'blob', bytes: pptx })).toBe('pptx');
  });

  it('lets the bytes overrule a content type or extension that claims text for a PDF or Office file', async () => {
    expect(await detectDocumentType({ contentType: 'text/html', name: 'report', bytes: pdf })).toBe('pdf');
    expect(await detectDocumentType({ contentType: null, name: 'report.txt', bytes: docx })).toBe('docx');
  });

  it('then the text itself (HTML, JSON), then plain text', async () => {
    expect(await detectDocumentType({ contentType: null, name: 'start', bytes: text('\n<!DOCTYPE html><html><body>x</body></html>') })).toBe('html');
    expect(await detectDocumentType({ contentType: null, name: 'api', bytes: text('{"a": [1, 2]}') })).toBe('json');
    expect(await detectDocumentType({ contentType: null, name: 'api', bytes: text('{not json') })).toBe('text');
    expect(await detectDocumentType({ contentType: null, name: 'README', bytes: text('just words') })).toBe('text');
    expect(await detectDocumentType({ contentType: null, name: 'empty', bytes: new Uint8Array() })).toBe('text');
  });
});

describe('decodeText', () => {
  const sample = 'Größe café – naïve';

  it('reads UTF-8, with or without BOM', () => {
    expect(decodeText(text(sample))).toBe(sample);
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...text(sample)]))).toBe(sample);
    expect(detectTextEncoding(text(sample))).toBe('utf-8');
  });

  it('reads UTF-16 LE and BE by their BOM, and without one by the NUL pattern', () => {
    const le = Buffer.from(`\ufeff${sample}`, 'utf16le');
    expect(decodeText(le)).toBe(sample);
    expect(detectTextEncoding(le)).toBe('utf-16le');
    const be = Buffer.from(le).swap16();
    expect(decodeText(be)).toBe(sample);
    expect(detectTextEncoding(be)).toBe('utf-16be');
    const bare = Buffer.from('plain ASCII text in UTF-16', 'utf16le');
    expect(decodeText(bare)).toBe('plain ASCII text in UTF-16');
    expect(looksBinary(bare)).toBe(false);
  });

  it('falls back to Latin-1 (Windows-1252) when the bytes are not valid UTF-8', () => {
    const latin1 = Buffer.from('Größe café naïve', 'latin1');
    expect(detectTextEncoding(latin1)).toBe('windows-1252');
    expect(decodeText(latin1)).toBe('Größe café naïve');
    expect(decodeText(new Uint8Array([0x93, 0x71, 0x94]))).toBe('“q”');
  });

  it('tells binary bytes from text', () => {
    const garbage = new Uint8Array(4096).map((_, i) => (i * 2654435761) >>> 24);
    expect(looksBinary(garbage)).toBe(true);
    expect(looksBinary(new Uint8Array(100))).toBe(true);
    expect(looksBinary(text('line\tone\r\nline two\f\u001b[1mbold\u001b[0m'))).toBe(false);
  });
});
