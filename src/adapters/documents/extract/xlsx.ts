/**
 * @module adapters/documents/extract/xlsx
 * Excel workbooks with `exceljs`: one `## <sheet>` section per sheet that has data, its first row
 * as the header of a GFM table; formulas as their results, dates as ISO dates, rich text as text.
 * Rows, columns and cells are capped, with a note. The zip is checked for bombs first.
 */
import ExcelJS from 'exceljs';
import { documentUnreadable } from '../errors.js';
import { CORE_PROPERTIES, coreTitle, readOfficeZip } from '../zip.js';
import { defineExtractor, headingText, markdownTable } from './common.js';

/** Rows kept per sheet (header included). */
export const MAX_SHEET_ROWS = 2000;
/** Columns kept per row. */
export const MAX_SHEET_COLUMNS = 50;
/** Cells kept in the whole workbook; sheets after the cap are named only. */
export const MAX_WORKBOOK_CELLS = 200_000;

function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
}

/** A cell value as text: rich text joined, formulas by their result, hyperlinks by their text, errors by their code. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as ExcelJS.CellValue);
  if ('error' in value) return String(value.error);
  return '';
}

export const extractXlsx = defineExtractor('xlsx', async (bytes, options) => {
  const zip = readOfficeZip(bytes, { name: options.name, label: 'xlsx', keep: (entry) => entry === CORE_PROPERTIES });
  if (!zip.names.includes('xl/workbook.xml')) throw documentUnreadable(options.name, 'not an xlsx (the zip has no xl/workbook.xml)');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  const sections: string[] = [];
  let cells = 0;
  for (const sheet of workbook.worksheets) {
    if (sheet.state === 'veryHidden') continue;
    const heading = `## ${headingText(sheet.name)}`;
    if (cells >= MAX_WORKBOOK_CELLS) {
      sections.push(`${heading}\n\n_Not shown: the workbook's first ${MAX_WORKBOOK_CELLS} cells are._`);
      continue;
    }
    const rows: string[][] = [];
    let more = 0;
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (rows.length >= MAX_SHEET_ROWS || cells >= MAX_WORKBOOK_CELLS) {
        more++;
        return;
      }
      const values = Array.isArray(row.values) ? row.values.slice(1, MAX_SHEET_COLUMNS + 1) : [];
      const texts = Array.from(values, (v) => cellText(v ?? null));
      while (texts.length > 0 && texts[texts.length - 1] === '') texts.pop();
      if (texts.length === 0) return;
      cells += texts.length;
      rows.push(texts);
    });
    if (rows.length === 0) continue;
    const note = more > 0 ? `\n\n_${more} more rows not shown._` : '';
    sections.push(`${heading}\n\n${markdownTable(rows)}${note}`);
  }
  return { title: coreTitle(zip), markdown: sections.join('\n\n'), parts: sections.length };
});
