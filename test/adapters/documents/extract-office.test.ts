/**
 * PDF, docx, xlsx and pptx extraction over files made by real libraries at test time (pdfkit,
 * docx, exceljs, pptxgenjs), and their bad input: encrypted and corrupt PDFs, zip bombs dressed as
 * Office files (fflate), legacy/encrypted Office containers, and the size cap.
 */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractDocument, readOfficeZip, ZIP_CAPS } from '../../../src/adapters/documents/index.js';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentType } from '../../../src/ports/documents.js';
import { makeDocx, makeManyEntryZip, makePdf, makePptx, makeXlsx, makeZipBomb, unreadable } from '../../helpers/document-files.js';

const extract = (bytes: Uint8Array, type: DocumentType, name = `doc.${type}`) => extractDocument(bytes, type, { name, limits: DEFAULT_DOCUMENT_LIMITS });

describe('pdf', () => {
  it('gives one section per page and the title from the document information', async () => {
    const pdf = await makePdf({ title: 'Quarterly Report', pages: ['Revenue grew in the third quarter.', 'Costs fell by ten percent.'] });
    expect(await extract(pdf, 'pdf')).toEqual({
      title: 'Quarterly Report',
      markdown: '## Page 1\n\nRevenue grew in the third quarter.\n\n## Page 2\n\nCosts fell by ten percent.',
      parts: 2,
    });
    expect((await extract(await makePdf({ pages: ['untitled'] }), 'pdf')).title).toBeNull();
  });

  it('leaves the caller’s bytes usable (pdf.js gets a copy)', async () => {
    const pdf = await makePdf({ pages: ['again'] });
    await extract(pdf, 'pdf');
    expect((await extract(pdf, 'pdf')).markdown).toBe('## Page 1\n\nagain');
  });

  it('reads a PDF that has only an owner password (permissions), refuses one that needs a password to open', async () => {
    const ownerOnly = await makePdf({ pages: ['open to read'], ownerPassword: 'owner' });
    expect((await extract(ownerOnly, 'pdf')).markdown).toContain('open to read');
    const locked = await makePdf({ pages: ['secret'], userPassword: 'user' });
    const err = await unreadable(extract(locked, 'pdf', 'hr/salaries.pdf'));
    expect(err.message).toBe("Document 'hr/salaries.pdf' is unreadable: an encrypted PDF (a password is needed to open it)");
  });

  it('refuses a corrupt PDF: truncated, or not a PDF at all', async () => {
    const pdf = await makePdf({ pages: ['x'] });
    expect((await unreadable(extract(pdf.subarray(0, 300), 'pdf', 'cut.pdf'))).message).toMatch(/^Document 'cut\.pdf' is unreadable: a corrupt PDF/);
    await unreadable(extract(new TextEncoder().encode('%PDF-1.7 but garbage follows'), 'pdf'));
  });

  it('refuses a PDF with no text layer', async () => {
    const blank = await makePdf({ pages: ['', ''] });
    expect((await unreadable(extract(blank, 'pdf'))).message).toMatch(/a PDF with no text layer \(2 pages/);
  });
});

describe('docx', () => {
  it('keeps headings and tables; the title from the core properties', async () => {
    const doc = await extract(await makeDocx(), 'docx');
    expect(doc.title).toBe('Key Rotation Runbook');
    expect(doc.markdown).toBe(
      [
        '# Key Rotation',
        '',
        '**Rotate the API keys** every 90 days.',
        '',
        '## Schedule',
        '',
        '| Key | Owner |',
        '| --- | --- |',
        '| billing_api | payments \\| ops |',
      ].join('\n'),
    );
  });
});

describe('xlsx', () => {
  it('gives one section per sheet with data, tables with a header row, formulas by result, dates as dates', async () => {
    const doc = await extract(await makeXlsx(), 'xlsx');
    expect(doc.title).toBe('Budget 2024');
    expect(doc.parts).toBe(2);
    expect(doc.markdown).toBe(
      [
        '## Revenue',
        '',
        '| Quarter | Amount | Note |',
        '| --- | --- | --- |',
        '| Q1 | 100 | first \\| best |',
        '| Q2 | 200 | rich text |',
        '',
        '## Costs',
        '',
        '| Item | Cost | Date |',
        '| --- | --- | --- |',
        '| Servers | 50.5 | 2024-01-02 |',
      ].join('\n'),
    );
  });

  it('caps the rows of a sheet and says how many were left out', async () => {
    const doc = await extract(await makeXlsx({ rows: 2100 }), 'xlsx');
    const revenue = doc.markdown.split('## Costs')[0]!;
    expect(revenue.split('\n').filter((l) => l.startsWith('| ')).length).toBe(2001);
    expect(revenue).toContain('_103 more rows not shown._');
  });
});

describe('pptx', () => {
  it('gives one section per slide in order with its text, bullets, tables and notes', async () => {
    const doc = await extract(await makePptx(), 'pptx');
    expect(doc.title).toBe('Quarterly Review');
    expect(doc.parts).toBe(2);
    expect(doc.markdown).toBe(
      [
        '## Slide 1',
        '',
        'Welcome',
        '',
        '- Revenue grew & costs fell',
        '',
        'Notes: Speaker note about growth',
        '',
        '## Slide 2',
        '',
        'Results',
        '',
        '| Region | Sales |',
        '| --- | --- |',
        '| EMEA | 42 |',
      ].join('\n'),
    );
  });
});

describe('zip bombs and other bad Office files', () => {
  it('refuses a zip bomb named .docx (64 MB of zeros in one entry) before any library inflates it', async () => {
    const bomb = makeZipBomb(64 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200 * 1024);
    for (const type of ['docx', 'xlsx', 'pptx'] as const) {
      const err = await unreadable(extract(bomb, type, `evil.${type}`));
      expect(err.message).toMatch(
        new RegExp(`^Document 'evil\\.${type}' is unreadable: a zip bomb: entry word/document\\.xml inflates .* \\(ratio above 200:1\\)$`),
      );
    }
  });

  it('refuses a zip with more entries than the cap', async () => {
    const err = await unreadable(extract(makeManyEntryZip(ZIP_CAPS.maxEntries + 1), 'docx', 'many.docx'));
    expect(err.message).toBe(`Document 'many.docx' is unreadable: a zip bomb: ${ZIP_CAPS.maxEntries + 2} entries (limit ${ZIP_CAPS.maxEntries})`);
  });

  it('stops an entry that inflates beyond the size the zip directory declares', () => {
    const zip = Buffer.from(zipSync({ 'word/document.xml': new Uint8Array(4 * 1024 * 1024) }, { level: 9 }));
    // Lower the declared uncompressed size in both the local header and the central directory.
    for (const signature of [0x04034b50, 0x02014b50]) {
      const at = zip.indexOf(Buffer.from(new Uint32Array([signature]).buffer));
      zip.writeUInt32LE(1000, at + (signature === 0x04034b50 ? 22 : 24));
    }
    expect(() => readOfficeZip(zip, { name: 'liar.docx', label: 'docx' })).toThrow(
      "Document 'liar.docx' is unreadable: a zip bomb: entry word/document.xml inflates beyond the size it declares",
    );
  });

  it('stops at the total uncompressed cap', () => {
    const zip = zipSync({ 'a.xml': new Uint8Array(600 * 1024), 'b.xml': new Uint8Array(600 * 1024) });
    const caps = { ...ZIP_CAPS, maxUncompressedBytes: 1024 * 1024 };
    expect(() => readOfficeZip(zip, { name: 'big.xlsx', label: 'xlsx', caps })).toThrow(/a zip bomb: declares over 1\.0 MB uncompressed \(limit\)/);
  });

  it('names an encrypted or legacy Office file, a zip that is not the format, and bytes that are no zip', async () => {
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Uint8Array(504)]);
    expect((await unreadable(extract(ole, 'docx', 'locked.docx'))).message).toBe(
      "Document 'locked.docx' is unreadable: encrypted (password-protected) or a legacy binary Office file, not a docx",
    );
    expect((await unreadable(extract(await makeXlsx(), 'docx', 'sheet.docx'))).message).toMatch(/not a docx \(the zip has no word\/document\.xml\)/);
    expect((await unreadable(extract(await makeDocx(), 'pptx', 'doc.pptx'))).message).toMatch(/not a pptx/);
    expect((await unreadable(extract(new TextEncoder().encode('hello'), 'xlsx', 'x.xlsx'))).message).toMatch(/not a xlsx \(not a zip archive\)/);
    const docx = await makeDocx();
    expect((await unreadable(extract(docx.subarray(0, docx.length - 200), 'docx', 'cut.docx'))).message).toMatch(
      /^Document 'cut\.docx' is unreadable: a damaged docx/,
    );
  });

  it('refuses a file above limits.maxBytes before unzipping it', async () => {
    const err = await unreadable(extractDocument(await makeDocx(), 'docx', { name: 'big.docx', limits: { ...DEFAULT_DOCUMENT_LIMITS, maxBytes: 1000 } }));
    expect(err.message).toMatch(/^Document 'big\.docx' is unreadable: \d+ KB is above the 1000 B limit$/);
  });
});
