/**
 * @module adapters/store/sqlite/index-file-repair
 * Makes an index file openable again: moves a corrupt or foreign file aside, salvages a damaged
 * one, migrates another schema version in place, or rebuilds it keeping the user's sources and
 * contexts.
 */
import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { classifyOpenError, connect, isCorruption, openIndexDatabase } from './index-file.js';
import { salvageInto, type SalvageReport } from './salvage-index.js';
import { inspectIndex, META, migrationPath, SCHEMA_VERSION, writeMeta, type IndexState } from './schema.js';

/** What {@link repairIndexFile} did. */
export interface IndexFileRepair {
  path: string;
  /**
   * `none`: the file was fine (or absent); `moved-aside`: not SQLite or not ours, moved to
   * `backupPath` and replaced by a fresh index; `migrated`: upgraded in place;
   * `rebuilt`: another schema version without a migration, moved to `backupPath` and replaced by
   * a fresh index that keeps its sources and contexts (objects, chunks and vectors are
   * re-created by the next `sextant update`); `salvaged`: damaged pages, moved to `backupPath`
   * and every row that could still be read copied into a fresh index (see `salvage`).
   */
  action: 'none' | 'moved-aside' | 'migrated' | 'rebuilt' | 'salvaged';
  message: string;
  previousVersion: number | null;
  schemaVersion: number;
  backupPath: string | null;
  keptSources: number;
  keptContexts: number;
  /** Per table what was recovered and lost, when the file was salvaged; null otherwise. */
  salvage: SalvageReport | null;
}

/** Makes the file at `path` openable by this version of Sextant, keeping user data when it can. */
export async function repairIndexFile(path: string): Promise<IndexFileRepair> {
  const base = { path, previousVersion: null, schemaVersion: SCHEMA_VERSION, backupPath: null, keptSources: 0, keptContexts: 0, salvage: null };
  if (!existsSync(path)) return { ...base, action: 'none', message: 'no index file yet; a fresh one is created on first use' };
  let state: IndexState | { kind: 'corrupt'; reason: string } | { kind: 'damaged'; reason: string };
  let db: Database.Database | null = null;
  try {
    db = connect(path);
    state = inspectIndex(db);
    if (state.kind === 'ours' && state.version === SCHEMA_VERSION) state = findDamage(db) ?? state;
  } catch (err) {
    if (!isCorruption(err)) throw classifyOpenError(path, err);
    // A SQLite file whose pages are damaged may still hold readable rows: try to salvage them.
    state =
      (err as { code?: unknown }).code === 'SQLITE_CORRUPT'
        ? { kind: 'damaged', reason: (err as Error).message }
        : { kind: 'corrupt', reason: (err as Error).message };
  }
  if (state.kind === 'damaged') {
    db?.close();
    const salvaged = salvageFile(path, state.reason);
    if (salvaged) return { ...base, ...salvaged };
    state = { kind: 'corrupt', reason: state.reason };
  }
  if (state.kind === 'empty' || (state.kind === 'ours' && state.version === SCHEMA_VERSION)) {
    db?.close();
    openIndexDatabase(path).close();
    return {
      ...base,
      previousVersion: state.kind === 'ours' ? state.version : null,
      action: 'none',
      message: `index is current (schema version ${SCHEMA_VERSION})`,
    };
  }
  if (state.kind === 'corrupt' || state.kind === 'foreign') {
    db?.close();
    const backupPath = moveAside(path, 'broken');
    openIndexDatabase(path).close();
    return { ...base, action: 'moved-aside', backupPath, message: `not a Sextant index (${state.reason}); moved to ${backupPath} and created a fresh index` };
  }
  const open = db!;
  const from = state.version;
  const steps = migrationPath(from, SCHEMA_VERSION);
  if (steps) {
    open
      .transaction(() => {
        const record = open.prepare('INSERT OR REPLACE INTO migrations (version, applied_at, description) VALUES (?, ?, ?)');
        for (const step of steps) {
          step.up(open);
          record.run(step.to, new Date().toISOString(), step.description);
        }
        writeMeta(open, META.schemaVersion, String(SCHEMA_VERSION));
      })
      .immediate();
    open.close();
    return { ...base, previousVersion: from, action: 'migrated', message: `migrated schema version ${from} to ${SCHEMA_VERSION} in place` };
  }
  const kept = readUserData(open);
  open.close();
  const backupPath = moveAside(path, `v${from}`);
  const fresh = openIndexDatabase(path);
  try {
    fresh.transaction(() => writeUserData(fresh, kept)).immediate();
  } finally {
    fresh.close();
  }
  return {
    ...base,
    previousVersion: from,
    action: 'rebuilt',
    backupPath,
    keptSources: kept.sources.length,
    keptContexts: kept.contexts.length,
    message:
      `no migration from schema version ${from} to ${SCHEMA_VERSION}: rebuilt keeping ${kept.sources.length} source(s) ` +
      `and ${kept.contexts.length} context(s); the old file is at ${backupPath}; run \`sextant update\` to re-index`,
  };
}

/** A current-version index whose pages fail SQLite's own check (`quick_check`), or null when it passes. */
function findDamage(db: Database.Database): { kind: 'damaged'; reason: string } | null {
  const problems = db
    .prepare<[], string>('PRAGMA quick_check(20)')
    .pluck()
    .all()
    .flatMap((text) => text.split('\n'))
    .filter((line) => line !== 'ok' && !line.startsWith('***'));
  if (problems.length === 0) return null;
  return { kind: 'damaged', reason: `SQLite's check found ${problems.length >= 20 ? '20 or more' : problems.length} problem(s), the first: ${problems[0]}` };
}

/**
 * Moves the damaged file aside (kept, for a later look or a manual `.recover`), creates a fresh
 * index and copies into it every row that can still be read. Null when not even the damaged
 * file's table list can be read (the file is then treated as corrupt: moved aside, replaced).
 */
function salvageFile(
  path: string,
  reason: string,
): Pick<IndexFileRepair, 'action' | 'backupPath' | 'message' | 'salvage' | 'keptSources' | 'keptContexts'> | null {
  const backupPath = moveAside(path, 'damaged');
  const damaged = openForSalvage(backupPath);
  if (!damaged) {
    restore(backupPath, path);
    return null;
  }
  const fresh = openIndexDatabase(path);
  try {
    const salvage = salvageInto(damaged, fresh);
    const kept = (table: string): number => salvage.tables.find((t) => t.table === table)?.recovered ?? 0;
    const lost = salvage.tables.filter((t) => t.lost !== 0);
    const losses = lost.length ? `lost ${lost.map((t) => `${t.lost ?? 'some'} ${t.table}`).join(', ')}` : 'nothing lost';
    return {
      action: 'salvaged',
      backupPath,
      salvage,
      keptSources: kept('sources'),
      keptContexts: kept('contexts'),
      message: `damaged pages (${reason}): copied every readable row into a fresh index, ${losses}; the damaged file is at ${backupPath}`,
    };
  } finally {
    damaged.close();
    fresh.close();
    removeEmptyWal(backupPath);
  }
}

/** A read-only open of a WAL file leaves an empty -wal and its -shm behind: remove them, they hold nothing. */
function removeEmptyWal(path: string): void {
  if (existsSync(`${path}-wal`) && statSync(`${path}-wal`).size === 0) {
    for (const suffix of ['-wal', '-shm']) rmSync(path + suffix, { force: true });
  }
}

/** The damaged file opened read-only (read-write when its WAL needs it), its table list readable; null otherwise. */
function openForSalvage(path: string): Database.Database | null {
  for (const readonly of [true, false]) {
    let db: Database.Database | undefined;
    try {
      db = new Database(path, { readonly, fileMustExist: true });
      db.prepare('SELECT count(*) FROM sqlite_master').get();
      return db;
    } catch {
      db?.close();
    }
  }
  return null;
}

/** Undoes {@link moveAside}. */
function restore(backupPath: string, path: string): void {
  renameSync(backupPath, path);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(backupPath + suffix)) renameSync(backupPath + suffix, path + suffix);
  }
}

/** Renames the file and its -wal/-shm companions to `<path>.<label>-<timestamp>`. */
function moveAside(path: string, label: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  let target = `${path}.${label}-${stamp}`;
  for (let n = 1; existsSync(target); n++) target = `${path}.${label}-${stamp}-${n}`;
  renameSync(path, target);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, target + suffix);
  }
  return target;
}

interface UserData {
  sources: Array<{ name: string; type: string; url: string; options: string; created_at: string }>;
  contexts: Array<{
    id: number;
    source: string;
    target_kind: string;
    target: string;
    text: string;
    created_at: string;
    origin: string;
    evidence: string | null;
  }>;
}

/** Sources and contexts of an index of another version, read defensively (columns may differ). */
function readUserData(db: Database.Database): UserData {
  const rows = (table: string): Array<Record<string, unknown>> => {
    try {
      return db.prepare<[], Record<string, unknown>>(`SELECT * FROM ${table}`).all();
    } catch {
      return [];
    }
  };
  const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  const now = new Date().toISOString();
  const sources: UserData['sources'] = [];
  for (const r of rows('sources')) {
    const name = text(r.name);
    const type = text(r.type);
    const url = text(r.url);
    if (name === null || type === null || url === null) continue;
    sources.push({ name, type, url, options: validJson(r.options) ?? '{}', created_at: text(r.created_at) ?? now });
  }
  const contexts: UserData['contexts'] = [];
  for (const r of rows('contexts')) {
    const source = text(r.source);
    const kind = text(r.target_kind);
    const target = text(r.target);
    const body = text(r.text);
    if (source === null || target === null || body === null || !['source', 'schema', 'object'].includes(kind ?? '')) continue;
    contexts.push({
      id: Number(r.id),
      source,
      target_kind: kind!,
      target,
      text: body,
      created_at: text(r.created_at) ?? now,
      origin: r.origin === 'inferred' ? 'inferred' : 'manual',
      evidence: validJson(r.evidence),
    });
  }
  return { sources, contexts };
}

function writeUserData(db: Database.Database, data: UserData): void {
  const source = db.prepare('INSERT INTO sources (name, type, url, options, created_at) VALUES (?, ?, ?, ?, ?)');
  for (const s of data.sources) source.run(s.name, s.type, s.url, s.options, s.created_at);
  const context = db.prepare('INSERT INTO contexts (id, source, target_kind, target, text, created_at, origin, evidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  for (const c of data.contexts)
    context.run(Number.isInteger(c.id) && c.id > 0 ? c.id : null, c.source, c.target_kind, c.target, c.text, c.created_at, c.origin, c.evidence);
}

function validJson(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  try {
    JSON.parse(v);
    return v;
  } catch {
    return null;
  }
}
