/**
 * @module core/graphql/compact-result
 * Turns a GraphQL result into compact tables an agent can read: every list of records becomes
 * `{ path, columns, rows, total, truncated }` capped at a row limit; single records and scalars
 * are kept as values at their path. Module nesting (objects holding only objects) is walked.
 */
import { isRecord } from '../../kernel/guards.js';

export interface CompactTable {
  /** Result path, e.g. `crm.pg_customers`. */
  path: string;
  columns: string[];
  rows: unknown[][];
  /** Rows the server returned. */
  total: number;
  /** True when rows were cut at the limit. */
  truncated: boolean;
  /** True when the server was asked for at most `total` rows: the table may hold more. */
  atLeast?: true;
}

export interface CompactOptions {
  /** Rows a table held where the connector decoded fewer, by path. */
  rowCounts?: Readonly<Record<string, number>>;
  /** Paths whose query got a row cap: their totals are lower bounds. */
  capped?: readonly string[];
}

export interface CompactResult {
  tables: CompactTable[];
  values: Array<{ path: string; value: unknown }>;
}

function cell(v: unknown): unknown {
  return v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
}

function table(path: string, list: unknown[], rowLimit: number, options: CompactOptions): CompactTable {
  const shown = list.slice(0, rowLimit);
  const total = Math.max(list.length, options.rowCounts?.[path] ?? 0);
  const bounds = { total, truncated: total > shown.length, ...(options.capped?.includes(path) && total > shown.length ? { atLeast: true as const } : {}) };
  if (shown.every((x) => !isRecord(x))) return { path, columns: ['value'], rows: shown.map((x) => [cell(x)]), ...bounds };
  const columns: string[] = [];
  for (const row of shown) if (isRecord(row)) for (const k of Object.keys(row)) if (!columns.includes(k)) columns.push(k);
  return { path, columns, rows: shown.map((row) => columns.map((c) => (isRecord(row) ? cell(row[c] ?? null) : null))), ...bounds };
}

export function compactResult(data: Record<string, unknown> | null, rowLimit: number, options: CompactOptions = {}): CompactResult {
  const out: CompactResult = { tables: [], values: [] };
  const walk = (value: unknown, path: string[]) => {
    const p = path.join('.');
    if (Array.isArray(value)) out.tables.push(table(p, value, rowLimit, options));
    // module nesting: objects whose members are all objects, lists or nulls (a null single-row query)
    else if (isRecord(value) && Object.values(value).length > 0 && Object.values(value).every((v) => isRecord(v) || Array.isArray(v) || v === null)) {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    } else if (path.length) out.values.push({ path: p, value });
  };
  walk(data ?? {}, []);
  return out;
}
