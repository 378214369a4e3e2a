/**
 * @module adapters/store/sqlite/index-file-repair
 * Makes an index file openable again: moves a corrupt or foreign file aside, migrates another
 * schema version in place, or rebuilds it keeping the user's sources and contexts.
 */
import type { Database } from 'better-sqlite3';
import { existsSync, renameSync } from 'node:fs';
import { classifyOpenError, connect, isCorruption, openIndexDatabase } from './index-file.js';
import { inspectIndex, META, migrationPath, SCHEMA_VERSION, writeMeta, type IndexState } from './schema.js';

/** What {@link repairIndexFile} did. */
export interface IndexFileRepair {
  path: string;
  /**
   * `none`: the file was fine (or absent); `moved-aside`: not SQLite or not ours, moved to
   * `backupPath` and replaced by a fresh index; `migrated`: upgraded in place;
   * `rebuilt`: another schema version without a migration, moved to `backupPath` and replaced by
   * a fresh index that keeps its sources and contexts (objects, chunks and vectors are
   * re-created by the next `sextant update`).
   */
  action: 'none' | 'moved-aside' | 'migrated' | 'rebuilt';
  message: string;
  previousVersion: number | null;
  schemaVersion: number;
  backupPath: string | null;
  keptSources: number;
  keptContexts: number;
}

/** Makes the file at `path` openable by this version of Sextant, keeping user data when it can. */
export async function repairIndexFile(path: string): Promise<IndexFileRepair> {
  const base = { path, previousVersion: null, schemaVersion: SCHEMA_VERSION, backupPath: null, keptSources: 0, keptContexts: 0 };
  if (!existsSync(path)) return { ...base, action: 'none', message: 'no index file yet; a fresh one is created on first use' };
  let state: IndexState | { kind: 'corrupt'; reason: string };
  let db: Database | null = null;
  try {
    db = connect(path);
    state = inspectIndex(db);
  } catch (err) {
    if (!isCorruption(err)) throw classifyOpenError(path, err);
    state = { kind: 'corrupt', reason: (err as Error).message };
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
  contexts: Array<{ id: number; source: string; target_kind: string; target: string; text: string; created_at: string }>;
}

/** Sources and contexts of an index of another version, read defensively (columns may differ). */
function readUserData(db: Database): UserData {
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
    contexts.push({ id: Number(r.id), source, target_kind: kind!, target, text: body, created_at: text(r.created_at) ?? now });
  }
  return { sources, contexts };
}

function writeUserData(db: Database, data: UserData): void {
  const source = db.prepare('INSERT INTO sources (name, type, url, options, created_at) VALUES (?, ?, ?, ?, ?)');
  for (const s of data.sources) source.run(s.name, s.type, s.url, s.options, s.created_at);
  const context = db.prepare('INSERT INTO contexts (id, source, target_kind, target, text, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  for (const c of data.contexts) context.run(Number.isInteger(c.id) && c.id > 0 ? c.id : null, c.source, c.target_kind, c.target, c.text, c.created_at);
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
