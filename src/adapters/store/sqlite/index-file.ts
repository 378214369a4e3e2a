/**
 * @module adapters/store/sqlite/index-file
 * Opening the index file: pragmas, and telling our files from corrupt, foreign or other-version
 * ones (which are refused with a hint to run `sextant repair`).
 */
import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { SextantError } from '../../../kernel/errors.js';
import { createSchema, inspectIndex, SCHEMA_VERSION, type IndexState } from './schema.js';

/**
 * How long a statement waits for another connection's lock before failing with SQLITE_BUSY.
 * WAL lets readers run during a write, but writers are serialised: `sextant update` in a terminal
 * and a running MCP server share this file, and without a timeout the second writer fails at
 * once instead of waiting for the first commit (a full 100k-object update commits in a few
 * seconds, so 5 s covers the common case without hanging forever on a stuck process).
 */
export const BUSY_TIMEOUT_MS = 5000;

const REPAIR_HINT = 'run `sextant repair` (it moves the file aside and creates a fresh index)';

/** Opens (creating if needed) the index at `path` with WAL, busy timeout and foreign keys. */
export function openIndexDatabase(path: string): Database.Database {
  createPrivately(path);
  const db = connect(path);
  try {
    const state = inspectIndex(db);
    refuseUnusable(path, state);
    db.pragma('journal_mode = WAL');
    // NORMAL is durable across application crashes in WAL mode (only an OS crash can lose the last commit).
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    if (state.kind === 'empty') {
      db.transaction(() => {
        // Another process may have created the schema between our check and this lock.
        const again = inspectIndex(db);
        if (again.kind === 'empty') createSchema(db, new Date().toISOString());
        else refuseUnusable(path, again);
      }).immediate();
    }
    return db;
  } catch (err) {
    db.close();
    throw classifyOpenError(path, err);
  }
}

/**
 * The index holds source URLs (inline passwords among them) and tokens' hashes: its folder is
 * created 0700 and the file 0600 (SQLite gives its -wal and -shm files the same mode); a file
 * left readable by others by an earlier version is tightened.
 */
function createPrivately(path: string): void {
  if (path === ':memory:') return;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  else if ((statSync(path).mode & 0o077) !== 0) {
    try {
      chmodSync(path, 0o600);
    } catch {
      // not ours to change (another user's file opened read-only): leave it
    }
  }
}

export function connect(path: string): Database.Database {
  let db: Database.Database;
  try {
    db = new Database(path);
  } catch (err) {
    throw classifyOpenError(path, err);
  }
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return db;
}

function refuseUnusable(path: string, state: IndexState): void {
  if (state.kind === 'foreign') {
    throw new SextantError('INDEX_CORRUPT', `${path} is a SQLite file but not a Sextant index: ${state.reason}`, {
      hint: `move the file away or ${REPAIR_HINT}`,
      details: { path },
    });
  }
  if (state.kind === 'ours' && state.version !== SCHEMA_VERSION) {
    throw new SextantError('INDEX_VERSION_MISMATCH', `index schema version ${state.version}, this sextant needs ${SCHEMA_VERSION}`, {
      hint: 'run `sextant repair`',
      details: { path, found: state.version, expected: SCHEMA_VERSION },
    });
  }
}

export function isCorruption(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT';
}

export function classifyOpenError(path: string, err: unknown): unknown {
  if (err instanceof SextantError) return err;
  if (isCorruption(err)) {
    return new SextantError('INDEX_CORRUPT', `${path} is not a readable SQLite database: ${(err as Error).message}`, {
      hint: `move the file away or ${REPAIR_HINT}`,
      details: { path },
      cause: err,
    });
  }
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY' || code === 'SQLITE_PERM') {
    return new SextantError('CONFIG_INVALID', `cannot open the index file ${path}: ${(err as Error).message}`, {
      hint: 'check that SEXTANT_HOME points to a writable directory',
      details: { path },
      cause: err,
    });
  }
  return err;
}
