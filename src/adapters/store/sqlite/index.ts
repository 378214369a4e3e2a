/**
 * @module adapters/store/sqlite
 * The default embedded store: one SQLite file (FTS5 + float32 vectors).
 */
export { openSqliteStore, SQLITE_CAPABILITIES, SqliteStore, type SqliteStoreOptions } from './sqlite-store.js';
export { DEFAULT_PAGE_SIZE } from './object-pages.js';
export { repairIndex, type IndexRepairReport } from './repair-index.js';
export { repairIndexFile, type IndexFileRepair } from './index-file-repair.js';
export { BUSY_TIMEOUT_MS } from './index-file.js';
export { SCHEMA_VERSION, APP_MARKER, MIGRATIONS, type Migration } from './schema.js';
export { BM25_WEIGHTS, FTS_TOKENIZER } from './lexical.js';
export { AUTO_PREFERENCE, type VectorBackendChoice, type VectorBackendName } from './vectors.js';
