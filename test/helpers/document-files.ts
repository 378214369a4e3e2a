/**
 * Real documents made by real libraries at test time, for the document extractors and MIME
 * detection: PDF (pdfkit, also encrypted), docx (docx), xlsx (exceljs), pptx (pptxgenjs), and
 * zip bombs (fflate); and `unreadable`, which awaits the DOCUMENT_UNREADABLE a bad one must raise.
 */
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import { Zip, ZipDeflate, zipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import pptxgen from 'pptxgenjs';
import { isSextantError, type SextantError } from '../../src/kernel/errors.js';

// pptxgenjs's types describe its ESM default as `.default` under NodeNext; at run time the default import is the class.
const PptxGenJS = pptxgen as unknown as typeof pptxgen.default;

export async function makePdf(options: { title?: string; pages: string[]; userPassword?: string; ownerPassword?: string }): Promise<Uint8Array> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    ...(options.title ? { info: { Title: options.title } } : {}),
    ...(options.userPassword || options.ownerPassword
      ? { pdfVersion: '1.7' as const, userPassword: options.userPassword, ownerPassword: options.ownerPassword ?? options.userPassword }
      : {}),
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  for (const text of options.pages) doc.addPage().text(text);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

export async function makeDocx(): Promise<Uint8Array> {
  const cell = (text: string): TableCell => new TableCell({ children: [new Paragraph(text)] });
  const doc = new Document({
    title: 'Key Rotation Runbook',
    sections: [
      {
        children: [
          new Paragraph({ text: 'Key Rotation', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ children: [new TextRun({ text: 'Rotate the API keys', bold: true }), new TextRun(' every 90 days.')] }),
          new Paragraph({ text: 'Schedule', heading: HeadingLevel.HEADING_2 }),
          new Table({
            rows: [new TableRow({ children: [cell('Key'), cell('Owner')] }), new TableRow({ children: [cell('billing_api'), cell('payments | ops')] })],
          }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

export async function makeXlsx(options: { rows?: number } = {}): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.title = 'Budget 2024';
  const revenue = wb.addWorksheet('Revenue');
  revenue.addRow(['Quarter', 'Amount', 'Note']);
  revenue.addRow(['Q1', 100, 'first | best']);
  revenue.addRow(['Q2', { formula: 'B2*2', result: 200 }, { richText: [{ text: 'rich ' }, { text: 'text', font: { bold: true } }] }]);
  for (let i = 0; i < (options.rows ?? 0); i++) revenue.addRow([`R${i}`, i, '']);
  const costs = wb.addWorksheet('Costs');
  costs.addRow(['Item', 'Cost', 'Date']);
  costs.addRow(['Servers', 50.5, new Date(Date.UTC(2024, 0, 2))]);
  wb.addWorksheet('Empty');
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

export async function makePptx(): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  pptx.title = 'Quarterly Review';
  const first = pptx.addSlide();
  first.addText('Welcome', { x: 1, y: 0.5, w: 8, h: 1 });
  first.addText('Revenue grew & costs fell', { x: 1, y: 2, w: 8, h: 1, bullet: true });
  first.addNotes('Speaker note about growth');
  const second = pptx.addSlide();
  second.addText('Results', { x: 1, y: 0.5, w: 8, h: 1 });
  second.addTable(
    [
      [{ text: 'Region' }, { text: 'Sales' }],
      [{ text: 'EMEA' }, { text: '42' }],
    ],
    { x: 1, y: 2 },
  );
  return new Uint8Array((await pptx.write({ outputType: 'nodebuffer' })) as Buffer);
}

/** A zip whose one entry inflates to `size` zero bytes, named like an Office part. */
export function makeZipBomb(size: number, entryName = 'word/document.xml'): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    parts.push(chunk);
  });
  const entry = new ZipDeflate(entryName, { level: 9 });
  zip.add(entry);
  const block = new Uint8Array(1024 * 1024);
  for (let left = size; left > 0; left -= block.length) entry.push(left > block.length ? block : block.subarray(0, left), left <= block.length);
  zip.end();
  return Buffer.concat(parts);
}

/** A zip of `count` tiny entries and a `[Content_Types].xml`. */
export function makeManyEntryZip(count: number): Uint8Array {
  const files: Record<string, Uint8Array> = { '[Content_Types].xml': new TextEncoder().encode('<Types/>') };
  for (let i = 0; i < count; i++) files[`word/media/f${i}.txt`] = new Uint8Array([65]);
  return zipSync(files, { level: 0 });
}

/** The DOCUMENT_UNREADABLE error a promise rejects with; anything else fails the test. */
export async function unreadable(run: Promise<unknown>): Promise<SextantError> {
  try {
    await run;
  } catch (err) {
    if (isSextantError(err) && err.code === 'DOCUMENT_UNREADABLE') return err;
    throw err;
  }
  throw new Error('expected DOCUMENT_UNREADABLE');
}
