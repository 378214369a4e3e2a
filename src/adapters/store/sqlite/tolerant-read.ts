/**
 * @module adapters/store/sqlite/tolerant-read
 * Reads every row of a table of a damaged SQLite file that can still be read, in rowid order,
 * stepping over the pages that cannot: the in-process counterpart of the sqlite3 shell's
 * `.recover` for tables whose b-tree still leads to most of their pages.
 */
import type { Database } from 'better-sqlite3';
import { isCorruption } from './index-file.js';

/** Rows per statement while the pages read fine; a failing batch is re-read row by row. */
const BATCH = 256;
/** Past the largest rowid SQLite hands out on its own (2^53 keeps the arithmetic exact). */
const LAST_ROWID = Number.MAX_SAFE_INTEGER;

export interface TolerantReadResult {
  /** Rows handed to `onRow`. */
  read: number;
  /** Rows whose rowid was found but whose values could not be read (a damaged overflow page). */
  unreadableRows: number;
  /** Rowid ranges stepped over because their pages could not be read; their row count is unknown. */
  skippedRanges: number;
}

type Row = Record<string, unknown>;

/**
 * Calls `onRow` with each readable row of `table` (only `columns`, quoted by the caller's
 * schema), in rowid order. Only corruption errors are tolerated; anything else is thrown.
 */
export function readReadableRows(db: Database, table: string, columns: readonly string[], onRow: (row: Row) => void): TolerantReadResult {
  const list = columns.map((c) => `"${c}"`).join(', ');
  if (!hasRowid(db, table)) return scanUntilDamage(db, `SELECT ${list} FROM "${table}"`, onRow);
  const batch = db.prepare<[number], Row>(`SELECT rowid AS "__rowid", ${list} FROM "${table}" WHERE rowid > ? ORDER BY rowid LIMIT ${BATCH}`);
  const one = db.prepare<[number], Row>(`SELECT rowid AS "__rowid", ${list} FROM "${table}" WHERE rowid > ? ORDER BY rowid LIMIT 1`);
  const nextRowid = db.prepare<[number], number>(`SELECT rowid FROM "${table}" WHERE rowid > ? ORDER BY rowid LIMIT 1`).pluck();
  const result: TolerantReadResult = { read: 0, unreadableRows: 0, skippedRanges: 0 };
  let after = -LAST_ROWID;
  const take = (row: Row): void => {
    after = Number(row.__rowid);
    delete row.__rowid;
    result.read += 1;
    onRow(row);
  };
  for (;;) {
    const rows = attempt(() => batch.all(after));
    if (rows) {
      if (rows.length === 0) return result;
      rows.forEach(take);
      continue;
    }
    // Somewhere in the next batch a page is damaged: go row by row until past it.
    const row = attempt(() => one.get(after) ?? null);
    if (row !== undefined) {
      if (row === null) return result;
      take(row);
      continue;
    }
    const rowid = attempt(() => nextRowid.get(after) ?? null);
    if (rowid !== undefined) {
      // The row is there but its values are not (an overflow page): lose that one row.
      if (rowid === null) return result;
      result.unreadableRows += 1;
      after = rowid;
      continue;
    }
    const resume = firstSeekableRowid(after, (from) => attempt(() => nextRowid.get(from)) !== undefined);
    result.skippedRanges += 1;
    if (resume === null) return result;
    after = resume;
  }
}

function hasRowid(db: Database, table: string): boolean {
  try {
    db.prepare(`SELECT rowid FROM "${table}" LIMIT 0`);
    return true;
  } catch {
    return false;
  }
}

/**
 * A WITHOUT ROWID table has no number to seek past a damaged page by: its rows are read in key
 * order up to the first damaged page, and the rest counts as one skipped range.
 */
function scanUntilDamage(db: Database, sql: string, onRow: (row: Row) => void): TolerantReadResult {
  const result: TolerantReadResult = { read: 0, unreadableRows: 0, skippedRanges: 0 };
  const finished = attempt(() => {
    for (const row of db.prepare<[], Row>(sql).iterate()) {
      result.read += 1;
      onRow(row);
    }
    return true;
  });
  if (!finished) result.skippedRanges = 1;
  return result;
}

/** The result of `read`, or undefined when it failed on a damaged page. */
function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (err) {
    if (isCorruption(err)) return undefined;
    throw err;
  }
}

/**
 * The smallest `from > after` from which a rowid seek reads again, found by doubling the step
 * past the damaged pages and then halving back towards them; null when none does.
 */
function firstSeekableRowid(after: number, seeks: (from: number) => boolean): number | null {
  let step = 1;
  while (!seeks(after + step)) {
    if (after + step >= LAST_ROWID) return null;
    step = Math.min(step * 2, LAST_ROWID - after);
  }
  let bad = after + Math.floor(step / 2);
  let good = after + step;
  while (good - bad > 1) {
    const middle = bad + Math.floor((good - bad) / 2);
    if (seeks(middle)) good = middle;
    else bad = middle;
  }
  return good;
}
