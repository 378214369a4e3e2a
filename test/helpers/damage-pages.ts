/**
 * Test helper: damages an SQLite file the way a bad disk does, by overwriting whole pages of a
 * table with garbage, so SQLite answers "database disk image is malformed" when it reaches them.
 */
import Database from 'better-sqlite3';
import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Overwrites `count` leaf pages of `table` (skipping its first `skip` leaves) and returns their
 * numbers. The file must be closed by every other connection (and its WAL checkpointed).
 */
export function damageLeafPages(path: string, table: string, options: { skip: number; count: number }): number[] {
  const db = new Database(path, { readonly: true });
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const leaves = db.prepare<[string], number>("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno").pluck().all(table);
  db.close();
  const pages = leaves.slice(options.skip, options.skip + options.count);
  if (pages.length < options.count) throw new Error(`${table} has only ${leaves.length} leaf pages`);
  const fd = openSync(path, 'r+');
  try {
    for (const page of pages) writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
  return pages;
}
