/**
 * @module adapters/store/sqlite/repair-index
 * `sextant repair` for the SQLite index: make the file openable, then rebuild derived tables.
 */
import { resolve } from 'node:path';
import { repairIndexFile, type IndexFileRepair } from './index-file-repair.js';
import { openSqliteStore, type SqliteStoreOptions } from './sqlite-store.js';

export interface IndexRepairReport extends IndexFileRepair {
  /** Counts from `Store.repair()` on the (possibly new) file: FTS rows and vectors rebuilt. */
  rebuilt: Record<string, number>;
  /** One line for people. */
  summary: string;
}

/**
 * Repairs the file (move aside a corrupt or foreign one, migrate or rebuild another version,
 * see {@link repairIndexFile}), then rebuilds the FTS rows and the vectors table from chunks.
 * Stop servers using the index first: a file moved aside under a running server stays open there.
 */
export async function repairIndex(path: string, options: Pick<SqliteStoreOptions, 'vector'> = {}): Promise<IndexRepairReport> {
  const location = resolve(path);
  const file = await repairIndexFile(location);
  const store = await openSqliteStore(location, options);
  try {
    const rebuilt = await store.repair();
    const dropped = rebuilt.vectorsDropped ? `, dropped ${rebuilt.vectorsDropped} stale vector(s)` : '';
    const summary = `${file.message}; rebuilt ${rebuilt.ftsRows ?? 0} full-text row(s) and ${rebuilt.vectors ?? 0} vector(s)${dropped}`;
    return { ...file, rebuilt, summary };
  } finally {
    await store.close();
  }
}
