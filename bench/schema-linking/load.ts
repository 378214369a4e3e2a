/**
 * Loads every schema file into ONE PostgreSQL database, one schema per database id, either into
 * the embedded PGlite (cached data folder, reopened on the next run) or into a fresh database on a
 * real server (`--pg`).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/demo/embedded-postgres.js';
import { schemasFingerprint, type SchemaFile } from './dataset.js';
import { columnKey, tableKey } from './metrics.js';

/** Bump when the way files are loaded changes: cached embedded databases are then rebuilt. */
const LOADER_VERSION = 1;
export const SERVER_DATABASE = 'sxt_schema_linking';

export interface LoadFailure {
  file: string;
  message: string;
}

/** What the database holds, from its catalog (lower-case keys, see metrics.ts). */
export interface Catalog {
  schemas: Set<string>;
  tables: Set<string>;
  columns: Set<string>;
}

export interface LoadedDatabase {
  mode: 'pglite' | 'server';
  dsn: string;
  /** PGlite data folder, or the server database name. */
  location: string;
  /** False when a cached embedded database was reopened. */
  loaded: boolean;
  /** Start (and load, when loaded) time. */
  ms: number;
  failures: LoadFailure[];
  catalog: Catalog;
  stop(): Promise<void>;
}

export interface LoadOptions {
  schemas: readonly SchemaFile[];
  /** Admin DSN of a real server; absent: embedded PGlite. */
  pg?: string;
  /** Keep the server database at the end. */
  keep: boolean;
  /** Folder of the cached embedded database. */
  cacheDir: string;
  /** Ignore (and rebuild) a cached embedded database. */
  fresh: boolean;
  say: (line: string) => void;
  progress: (label: string, done: number, total: number) => void;
}

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Line of the file an error position (1-based, into the whole query text) falls on. */
function lineOf(sql: string, prefixLength: number, position: unknown): number | null {
  const pos = Number(position);
  if (!Number.isFinite(pos) || pos <= prefixLength) return null;
  return sql.slice(0, pos - 1 - prefixLength).split('\n').length;
}

/** Loads each file in its own transaction; a failing file is rolled back and reported. */
export async function loadFiles(dsn: string, schemas: readonly SchemaFile[], progress: LoadOptions['progress']): Promise<LoadFailure[]> {
  const client = new pg.Client({ connectionString: dsn });
  await client.connect();
  const failures: LoadFailure[] = [];
  try {
    for (const [i, s] of schemas.entries()) {
      const prefix = `DROP SCHEMA IF EXISTS ${quoteIdent(s.schema)} CASCADE; CREATE SCHEMA ${quoteIdent(s.schema)}; SET LOCAL search_path TO ${quoteIdent(s.schema)};\n`;
      await client.query('BEGIN');
      try {
        await client.query(prefix + s.sql);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        const e = err as Error & { position?: string };
        const line = lineOf(s.sql, prefix.length, e.position);
        failures.push({ file: s.file, message: `${line ? `line ${line}: ` : ''}${e.message}` });
      }
      progress('loading schemas', i + 1, schemas.length);
    }
  } finally {
    await client.end();
  }
  return failures;
}

/** Tables, views and their columns in the given schemas. */
export async function readCatalog(dsn: string, schemaNames: readonly string[]): Promise<Catalog> {
  const client = new pg.Client({ connectionString: dsn });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string; rel: string; col: string | null }>(
      `SELECT n.nspname AS schema, c.relname AS rel, a.attname AS col
         FROM pg_catalog.pg_class c
         JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE c.relkind IN ('r', 'v', 'p', 'm', 'f') AND n.nspname = ANY($1::text[])`,
      [schemaNames],
    );
    const catalog: Catalog = { schemas: new Set(), tables: new Set(), columns: new Set() };
    for (const r of rows) {
      catalog.schemas.add(r.schema.toLowerCase());
      catalog.tables.add(tableKey(r.schema, r.rel));
      if (r.col !== null) catalog.columns.add(columnKey(r.schema, r.rel, r.col));
    }
    return catalog;
  } finally {
    await client.end();
  }
}

/** DSN of another database on the same server (URL form only). */
export function withDatabase(dsn: string, database: string): string {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    throw new Error(`--pg expects a postgres:// URL, got something else`);
  }
  if (!/^postgres(ql)?:$/.test(url.protocol)) throw new Error(`--pg expects a postgres:// URL (got ${url.protocol}//…)`);
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(dsn: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: dsn });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function loadIntoServer(options: LoadOptions & { pg: string }): Promise<LoadedDatabase> {
  const t0 = performance.now();
  const dsn = withDatabase(options.pg, SERVER_DATABASE);
  options.say(`creating database ${SERVER_DATABASE} on the server given by --pg`);
  await adminQuery(options.pg, `DROP DATABASE IF EXISTS ${SERVER_DATABASE} WITH (FORCE)`);
  await adminQuery(options.pg, `CREATE DATABASE ${SERVER_DATABASE}`);
  const drop = async () => {
    if (!options.keep) await adminQuery(options.pg, `DROP DATABASE IF EXISTS ${SERVER_DATABASE} WITH (FORCE)`).catch(() => undefined);
  };
  try {
    const failures = await loadFiles(dsn, options.schemas, options.progress);
    const catalog = await readCatalog(
      dsn,
      options.schemas.map((s) => s.schema),
    );
    return { mode: 'server', dsn, location: SERVER_DATABASE, loaded: true, ms: performance.now() - t0, failures, catalog, stop: drop };
  } catch (err) {
    await drop();
    throw err;
  }
}

interface Marker {
  fingerprint: string;
  files: number;
  failures: LoadFailure[];
}

/**
 * The embedded database lives in `<cacheDir>/pgdata-<fingerprint>`; a marker file beside it is
 * written once every file was loaded, so a run interrupted while loading starts over.
 */
async function loadIntoPglite(options: LoadOptions): Promise<LoadedDatabase> {
  const t0 = performance.now();
  const fingerprint = schemasFingerprint(options.schemas, LOADER_VERSION);
  const dataDir = join(options.cacheDir, `pgdata-${fingerprint}`);
  const markerFile = `${dataDir}.loaded.json`;
  const readMarker = (): Marker | null => {
    try {
      const m = JSON.parse(readFileSync(markerFile, 'utf8')) as Marker;
      return m.fingerprint === fingerprint ? m : null;
    } catch {
      return null;
    }
  };
  let marker = options.fresh ? null : readMarker();
  if (!marker) {
    rmSync(markerFile, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(dirname(dataDir), { recursive: true });
  options.say(`${marker ? 'reopening' : 'creating'} the embedded PostgreSQL (PGlite) in ${dataDir}`);
  const server = await startEmbeddedPostgres({ dataDir, onProgress: (detail: string) => options.say(detail) });
  try {
    const names = options.schemas.map((s) => s.schema);
    let failures: LoadFailure[];
    let catalog: Catalog | null = null;
    if (marker) {
      catalog = await readCatalog(server.dsn, names);
      const expected = names.length - marker.failures.length;
      if (catalog.schemas.size !== expected) {
        options.say(`the cached database holds ${catalog.schemas.size} of ${expected} schemas; loading again`);
        marker = null;
        catalog = null;
      }
    }
    if (!marker) {
      failures = await loadFiles(server.dsn, options.schemas, options.progress);
      writeFileSync(markerFile, JSON.stringify({ fingerprint, files: names.length, failures } satisfies Marker, null, 2));
    } else {
      failures = marker.failures;
    }
    catalog ??= await readCatalog(server.dsn, names);
    return { mode: 'pglite', dsn: server.dsn, location: dataDir, loaded: !marker, ms: performance.now() - t0, failures, catalog, stop: () => server.stop() };
  } catch (err) {
    await server.stop().catch(() => undefined);
    throw err;
  }
}

export function loadDatabase(options: LoadOptions): Promise<LoadedDatabase> {
  return options.pg ? loadIntoServer({ ...options, pg: options.pg }) : loadIntoPglite(options);
}
