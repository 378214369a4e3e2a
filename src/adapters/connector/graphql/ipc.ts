/**
 * @module adapters/connector/graphql/ipc
 * Decodes Hugr's `/ipc` answer (HUGR.md §7.2): `multipart/mixed; boundary=HUGR`, one part per
 * leaf query. `table` parts are Arrow IPC streams (native typed columns since v0.3.32, decoded
 * cell by cell as `/query` renders them, see arrow-values.ts; older servers wrap rows as JSON
 * text, flagged `wrapped`), `object` parts JSON; `errors` parts carry a JSON array of GraphQL
 * errors. Each value is placed at its `X-Hugr-Path` to rebuild the `/query` shape. Rows past
 * `maxRows` are counted but never decoded.
 */
import { tableFromIPC } from 'apache-arrow';
import { parseGeometryFields, tableRows } from './arrow-values.js';
import { SextantError } from '../../../kernel/errors.js';
import type { GraphqlError, GraphqlResponse } from './client.js';

export interface MultipartPart {
  headers: Record<string, string>;
  body: Uint8Array;
}

export function boundaryOf(contentType: string | null): string | null {
  const m = /boundary="?([^";]+)"?/i.exec(contentType ?? '');
  return m ? m[1]! : null;
}

/** Splits a multipart body into parts without decoding bodies as text. */
export function splitMultipart(body: Uint8Array, boundary: string): MultipartPart[] {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let pos = buf.indexOf(delimiter);
  while (pos !== -1) {
    let start = pos + delimiter.length;
    if (buf[start] === 0x2d && buf[start + 1] === 0x2d) break; // closing `--HUGR--`
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    const next = buf.indexOf(delimiter, start);
    let end = next === -1 ? buf.length : next;
    if (buf[end - 1] === 0x0a) end--;
    if (buf[end - 1] === 0x0d) end--;
    const chunk = buf.subarray(start, Math.max(start, end));
    let headerEnd = chunk.indexOf('\r\n\r\n');
    let sep = 4;
    if (headerEnd === -1) {
      headerEnd = chunk.indexOf('\n\n');
      sep = 2;
    }
    const headerText = (headerEnd === -1 ? chunk : chunk.subarray(0, headerEnd)).toString('utf8');
    const headers: Record<string, string> = {};
    for (const line of headerText.split(/\r?\n/)) {
      const i = line.indexOf(':');
      if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    parts.push({ headers, body: headerEnd === -1 ? new Uint8Array() : new Uint8Array(chunk.subarray(headerEnd + sep)) });
    pos = next;
  }
  return parts;
}

export interface DecodedIpc extends GraphqlResponse {
  /** Rows each table part held, by result path, where fewer were decoded. */
  rowCounts?: Record<string, number>;
}

function decodeTable(part: MultipartPart, maxRows: number): { rows: unknown[]; total: number } {
  if (part.headers['x-hugr-empty'] === 'true' || part.body.length === 0) return { rows: [], total: 0 };
  const table = tableFromIPC(part.body);
  // `wrapped,asArray` on current servers; older ones sent a JSON object here
  const info = part.headers['x-hugr-table-info'] ?? '';
  const rows = tableRows(table, parseGeometryFields(part.headers['x-hugr-geometry-fields']), maxRows);
  const column = table.schema.fields[0]?.name ?? '';
  let values: unknown[] = rows;
  if (info.includes('asArray')) values = rows.map((r) => r[column]);
  else if (info.includes('wrapped')) values = rows.map((r) => (typeof r[column] === 'string' ? JSON.parse(r[column] as string) : r[column]));
  return { rows: values, total: table.numRows };
}

function place(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const segment of path.slice(0, -1)) {
    const next = node[segment];
    if (!next || typeof next !== 'object') node[segment] = {};
    node = node[segment] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

export function decodeIpc(body: Uint8Array, contentType: string | null, options: { maxRows?: number } = {}): DecodedIpc {
  const boundary = boundaryOf(contentType);
  if (!boundary || !/multipart\/mixed/i.test(contentType ?? '')) {
    throw new SextantError('UPSTREAM_FAILED', `the /ipc endpoint did not answer multipart/mixed (got ${contentType ?? 'no content type'})`, {
      hint: 'use format json, or check that the source is a Hugr server',
    });
  }
  const out: DecodedIpc = {};
  const rowCounts: Record<string, number> = {};
  const data: Record<string, unknown> = {};
  const errors: GraphqlError[] = [];
  for (const part of splitMultipart(body, boundary)) {
    const type = part.headers['x-hugr-part-type'];
    const text = () => Buffer.from(part.body).toString('utf8');
    if (type === 'errors' || type === 'error') {
      const parsed = JSON.parse(text()) as GraphqlError[] | GraphqlError;
      errors.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    } else if (type === 'extensions') {
      out.extensions = { ...(out.extensions ?? {}), ...(JSON.parse(text()) as Record<string, unknown>) };
    } else if (type === 'data') {
      const path = (part.headers['x-hugr-path'] ?? '').split('.').filter(Boolean);
      if (path[0] === 'data') path.shift();
      if (path.length === 0) continue;
      if (part.headers['x-hugr-format'] === 'table') {
        const { rows, total } = decodeTable(part, options.maxRows ?? Infinity);
        if (total > rows.length) rowCounts[path.join('.')] = total;
        place(data, path, rows);
      } else place(data, path, part.body.length ? JSON.parse(text()) : null);
    }
  }
  if (errors.length) out.errors = errors;
  else out.data = data;
  if (Object.keys(rowCounts).length) out.rowCounts = rowCounts;
  return out;
}

export async function decodeIpcStream(response: Response, options: { maxRows?: number } = {}): Promise<DecodedIpc> {
  return decodeIpc(new Uint8Array(await response.arrayBuffer()), response.headers.get('content-type'), options);
}
