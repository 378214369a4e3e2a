/**
 * @module adapters/documents/extract/csv
 * CSV (or TSV, semicolon- or pipe-separated) as one markdown table section under the document's
 * name: the first row as header, at most MAX_CSV_ROWS rows.
 */
import { parse } from 'csv-parse/sync';
import { baseName, defineExtractor, headingText, markdownTable, readText } from './common.js';

/** Data rows kept in the table; a note says when more were left out. */
export const MAX_CSV_ROWS = 5000;
/** Columns kept per row. */
export const MAX_CSV_COLUMNS = 100;

/** The delimiter the first line uses most: comma, semicolon, tab or pipe. */
function guessDelimiter(text: string): string {
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n')).replace(/"[^"]*"/g, '');
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '\t', '|']) {
    const count = firstLine.split(candidate).length - 1;
    if (count > bestCount) [best, bestCount] = [candidate, count];
  }
  return best;
}

export const extractCsv = defineExtractor('csv', async (bytes, options) => {
  const text = readText(bytes, options);
  const records = parse(text, {
    delimiter: guessDelimiter(text),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    to: MAX_CSV_ROWS + 2,
  }) as string[][];
  const rows = records.filter((r) => r.some((c) => c.trim() !== '')).map((r) => r.slice(0, MAX_CSV_COLUMNS));
  if (rows.length === 0) return { title: null, markdown: '' };
  const kept = rows.slice(0, MAX_CSV_ROWS + 1);
  const note = rows.length > kept.length ? `\n\n_Only the first ${MAX_CSV_ROWS} rows are shown._` : '';
  return { title: null, markdown: `## ${headingText(baseName(options.name))}\n\n${markdownTable(kept)}${note}` };
});
