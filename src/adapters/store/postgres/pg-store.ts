/**
 * @module adapters/store/postgres/pg-store
 * The shared Store: every table in one PostgreSQL database (schema `sextant`), so several
 * stateless servers and updaters work on one index. Writes are transactions (one per call; a
 * source update is one, so readers see the old index or the new, never half); each moves the
 * change counter and logs the chunks it touched (./change-log.ts). Lexical search is tsvector +
 * GIN; vector search is exact cosine in JS over an in-memory matrix per process, refreshed from
 * the change log when another process's write is heard (LISTEN, ./change-feed.ts) or, while the
 * listening connection is down, when a poll of the counter sees it move.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import pg from 'pg';
import { SextantError } from '../../../kernel/errors.js';
import { redactDsn } from '../../../kernel/redact.js';
import type { CatalogEdge, CatalogObject, Chunk, ContextRecord, NewContext } from '../../../ports/catalog.js';
import type { SourceRecord } from '../../../ports/connector.js';
import type {
  CachedCompletion,
  ChangeActor,
  GlossaryChange,
  GlossaryTerm,
  OutputColumn,
  TermFields,
  TermIndexWrite,
  TermValidation,
} from '../../../ports/glossary.js';
import type {
  ChunkChanges,
  ChunkFilter,
  ChunkWrite,
  EmbeddingModelInfo,
  EntityFilter,
  EntityLink,
  EntityLinks,
  EntityPage,
  LexicalQuery,
  ObjectFilter,
  ObjectPage,
  ProjectRecord,
  ScoredChunk,
  SessionDocumentRecord,
  SessionRecord,
  SourceLock,
  SourceUpdate,
  Store,
  StoreCapabilities,
  StoreHealth,
  StoreInfo,
  StoredSource,
  TokenRecord,
  UpdateOutcome,
  VectorQuery,
} from '../../../ports/store.js';
import { decodeCursor, encodeCursor } from '../cursors.js';
import {
  CHUNK_COLUMNS,
  EDGE_COLUMNS,
  inOrder,
  OBJECT_COLUMNS,
  toChunk,
  toContext,
  toEdge,
  toObject,
  toStoredSource,
  type ChunkRow,
  type ContextRow,
  type EdgeRow,
  type ObjectRow,
  type SourceRow,
} from '../rows.js';
import { LocalSourceLocks } from '../source-locks.js';
import { decodeVector } from '../vector-matrix.js';
import { ChangeFeed } from './change-feed.js';
import { pruneChangeLog } from './change-log.js';
import { chunkFilterSql, objectFilterSql, Params, type Db } from './db.js';
import * as entities from './entities.js';
import * as glossary from './glossary.js';
import { PgLexicalIndex } from './lexical.js';
import { migrate, PG_SCHEMA, PG_SCHEMA_VERSION, refuseNewer, refuseOlder, storedVersion, type MigrationResult } from './schema.js';
import * as scopes from './sessions.js';
import { SweepLock } from './sweep-lock.js';
import { canRetryWrite, inTransaction, RECONNECT_DELAYS_MS, retryPoolQueries } from './tx.js';
import { PgVectorCache, type VectorCacheStats } from './vector-cache.js';
import * as writes from './writes.js';

export interface PostgresStoreOptions {
  /** Connections per process (default 10). */
  poolSize?: number;
  /** statement_timeout of every store connection, ms (default 30 000). */
  statementTimeoutMs?: number;
  /** Name of an environment variable holding the password (the URL then carries none). */
  passwordEnv?: string;
  /** How the refusal of an older store names the upgrade (default `sextant store migrate --store <url>`). */
  migrateCommand?: string;
  /** TLS as libpq's sslmode: disable, prefer (as disable here), require (encrypted, any certificate), verify-ca, verify-full. */
  sslmode?: SslMode;
  /** PEM file of the CA that signed the server's certificate (verify-ca, verify-full). */
  sslRootCert?: string;
}

export type SslMode = 'disable' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';

/** Shared across processes, lexical proximity through phrase operators, exact (not ANN) vectors. */
export const POSTGRES_CAPABILITIES: Readonly<StoreCapabilities> = Object.freeze({
  ann: false,
  proximity: true,
  sharedAcrossProcesses: true,
  serversShareSessions: true,
});

const UPGRADE_SEXTANT = 'npm install -g sextant-context@latest';
const DEFAULT_PAGE_SIZE = 100;
/** How long a process trusts the change counter it read last while it cannot LISTEN (see PostgresStore.#freshStamp). */
const STAMP_TTL_MS = 250;

/** A `postgres://` or `postgresql://` URL. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** How a store connection is made (the pool's and the listening connection's). */
export function clientConfig(url: string, options: PostgresStoreOptions = {}): pg.ClientConfig {
  const password = options.passwordEnv ? process.env[options.passwordEnv] : undefined;
  if (options.passwordEnv && password === undefined) {
    throw new SextantError('CONFIG_INVALID', `the store password variable ${options.passwordEnv} is not set`, {
      hint: `export ${options.passwordEnv}=… before starting`,
    });
  }
  try {
    new URL(url);
  } catch {
    // node-postgres would only say "Invalid URL"
    throw new SextantError('CONFIG_INVALID', `the store URL is not a valid URL: ${redactDsn(url)}`, {
      hint: 'percent-encode the password in store.url (@ as %40, / as %2F, ? as %3F, # as %23), or keep it out of the URL with store.password_env',
    });
  }
  const ssl = sslOptions(url, options);
  return {
    // the URL's own sslmode parameter would override the option (the option wins), and node-postgres reads it unlike libpq
    connectionString: ssl === undefined ? url : withoutSslParams(url),
    ...(password === undefined ? {} : { password }),
    ...(ssl === undefined ? {} : { ssl }),
    options: `-c search_path=${PG_SCHEMA} -c statement_timeout=${options.statementTimeoutMs ?? 30_000}`,
    application_name: 'sextant-store',
    connectionTimeoutMillis: 10_000,
  };
}

export function createPool(url: string, options: PostgresStoreOptions = {}): pg.Pool {
  const pool = new pg.Pool({ ...clientConfig(url, options), max: options.poolSize ?? 10 });
  // an idle client losing its connection (server restart) must not crash the process
  pool.on('error', () => undefined);
  retryPoolQueries(pool);
  return pool;
}

/**
 * The `ssl` option of node-postgres for an sslmode: the option's, else the URL's `sslmode=` (with
 * its `sslrootcert=`), read as libpq reads them; node-postgres itself would take `require` for
 * `verify-full` (and warn on stderr). Undefined: no sslmode at all, so no TLS.
 */
function sslOptions(url: string, options: PostgresStoreOptions): pg.ClientConfig['ssl'] | undefined {
  const params = new URL(url).searchParams;
  const mode = options.sslmode ?? params.get('sslmode') ?? undefined;
  if (mode === undefined) return undefined;
  const rootCert = options.sslRootCert ?? params.get('sslrootcert') ?? undefined;
  const ca = rootCert ? readFileSync(rootCert, 'utf8') : undefined;
  switch (mode) {
    case 'disable':
    case 'allow':
    case 'prefer':
      return false;
    case 'require':
      return { rejectUnauthorized: false };
    case 'verify-ca':
      return { rejectUnauthorized: true, ...(ca ? { ca } : {}), checkServerIdentity: () => undefined };
    case 'verify-full':
      return { rejectUnauthorized: true, ...(ca ? { ca } : {}) };
    default:
      throw new SextantError('CONFIG_INVALID', `unknown sslmode ${JSON.stringify(mode)} for the store ${redactDsn(url)}`, {
        hint: 'use disable, prefer, require, verify-ca or verify-full',
      });
  }
}

function withoutSslParams(url: string): string {
  const parsed = new URL(url);
  for (const key of ['sslmode', 'ssl', 'sslrootcert', 'sslcert', 'sslkey']) parsed.searchParams.delete(key);
  return parsed.toString();
}

/** One clear error for a store that cannot be reached, with the URL's password masked. */
export function unreachable(url: string, err: unknown): SextantError {
  const detail = err instanceof Error ? err.message : String(err);
  return new SextantError('SOURCE_UNREACHABLE', `cannot reach the store ${redactDsn(url)}: ${redactDsn(detail)}`, {
    hint: unreachableHint(err, detail),
    cause: err,
  });
}

const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** What to do about a refused connection to the store, by its SQLSTATE or socket error. */
function unreachableHint(err: unknown, detail: string): string {
  const code = err !== null && typeof err === 'object' && 'code' in err ? String(err.code) : '';
  if (code === '3D000') return 'create the database first (CREATE DATABASE, or createdb); an empty database gets the schema on first use';
  if (code === '28P01' || code === '28000' || /password/i.test(detail))
    return 'check the user name and password in store.url, or the variable store.password_env names';
  if (/does not support SSL/i.test(detail)) return 'set store.sslmode to disable (or sslmode=disable in the URL), or enable SSL on the server';
  if (SOCKET_ERRORS.has(code)) return 'check the host and port in store.url (or SEXTANT_STORE_URL) and that PostgreSQL runs there';
  return 'check store.url (or SEXTANT_STORE_URL), that PostgreSQL runs and accepts this user, and the password variable';
}

/** `sextant store migrate`: creates or upgrades the store's schema. */
export async function migratePostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<MigrationResult> {
  const pool = createPool(url, { ...options, poolSize: 1 });
  try {
    const client = await pool.connect().catch((err: unknown) => {
      throw unreachable(url, err);
    });
    try {
      return await migrate(client, UPGRADE_SEXTANT);
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

/** Opens the store at `url`: an empty database gets the schema; another version is refused. */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
  const pool = createPool(url, options);
  try {
    const client = await pool.connect().catch((err: unknown) => {
      throw unreachable(url, err);
    });
    try {
      const version = await storedVersion(client);
      if (version === 0) await migrate(client, UPGRADE_SEXTANT);
      else {
        refuseNewer(version, PG_SCHEMA_VERSION, UPGRADE_SEXTANT);
        refuseOlder(version, PG_SCHEMA_VERSION, options.migrateCommand ?? `sextant store migrate --store ${redactDsn(url)}`);
      }
    } finally {
      client.release();
    }
    return new PostgresStore(pool, redactDsn(url), clientConfig(url, options));
  } catch (err) {
    await pool.end();
    throw err;
  }
}

export class PostgresStore implements Store {
  readonly capabilities: StoreCapabilities = POSTGRES_CAPABILITIES;
  /** The URL with its password masked. */
  readonly location: string;
  readonly #pool: pg.Pool;
  readonly #lexical: PgLexicalIndex;
  readonly #vectors: PgVectorCache;
  readonly #feed: ChangeFeed | null;
  #closed = false;
  #stamp: { n: number; at: number } | null = null;
  #modelCache: { stamp: number; model: EmbeddingModelInfo | null } | null = null;
  readonly #locks = new LocalSourceLocks();
  readonly #sweepLock: SweepLock;

  /** `listen`: how to open the connection that hears other processes' writes (none: poll only). */
  constructor(pool: pg.Pool, location: string, listen?: pg.ClientConfig) {
    this.#pool = pool;
    this.location = location;
    this.#lexical = new PgLexicalIndex(pool, () => this.#freshStamp());
    this.#sweepLock = new SweepLock(pool);
    this.#vectors = new PgVectorCache(pool);
    this.#feed = listen
      ? new ChangeFeed(listen, {
          onChange: (seq) => this.#heard(seq),
          // notifications may have been missed while it was down: read the counter again
          onConnect: () => (this.#stamp = null),
        })
      : null;
  }

  /** Whether the store answers, and whether this process hears other processes' writes. */
  health(): StoreHealth {
    this.#feed?.start();
    const health: StoreHealth = this.#feed ? this.#feed.health() : { status: 'ok', changes: 'poll' };
    return this.#vectors.loaded ? { ...health, vectorsAt: this.#vectors.stats().stamp } : health;
  }

  /** The vector matrix's refreshes so far (tests and status). */
  vectorCacheStats(): VectorCacheStats {
    return this.#vectors.stats();
  }

  /** Another process committed counter `seq`: trust it, and bring loaded vectors up to it now. */
  #heard(seq: number): void {
    if (!this.#stamp || this.#stamp.n < seq) this.#stamp = { n: seq, at: Date.now() };
    if (this.#vectors.loaded) this.#vectors.at(seq).catch(() => undefined);
  }

  /** The pool, for the advisory locks of updates (see ./locks.ts). */
  get pool(): pg.Pool {
    return this.#pool;
  }

  get vectorBackend(): string {
    return 'js';
  }

  async changeCounter(): Promise<number> {
    const n = Number((await this.#pool.query<{ n: string }>('SELECT n FROM change_counter WHERE id = 1')).rows[0]!.n);
    this.#stamp = { n, at: Date.now() };
    return n;
  }

  /**
   * The change counter for this process's own caches (vector matrix, model, document
   * frequencies): read at most every {@link STAMP_TTL_MS}, so a search costs no extra round trip
   * and another process's write shows here within that time. Own writes reset it.
   */
  async #freshStamp(): Promise<number> {
    this.#feed?.start();
    const stamp = this.#stamp;
    // while listening, the last value heard is current; otherwise it is trusted for a moment
    if (stamp && (this.#feed?.listening || Date.now() - stamp.at < STAMP_TTL_MS)) return stamp.n;
    return this.changeCounter();
  }

  /** The embedding model, cached with the stamp it was read at. */
  async #model(): Promise<EmbeddingModelInfo | null> {
    const stamp = await this.#freshStamp();
    if (this.#modelCache?.stamp !== stamp) this.#modelCache = { stamp, model: await writes.readModel(this.#pool) };
    return this.#modelCache.model;
  }

  async info(): Promise<StoreInfo> {
    const countsByKind: Record<string, number> = {};
    for (const row of (await this.#pool.query<{ kind: string; n: number }>('SELECT kind, count(*)::int AS n FROM objects GROUP BY kind ORDER BY kind')).rows) {
      countsByKind[row.kind] = row.n;
    }
    const sizes = await this.#pool.query<{ size: string; chunks: number; vectors: number }>(
      `SELECT (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = $1 AND c.relkind = 'r')::text AS size,
              (SELECT count(*)::int FROM chunks) AS chunks, (SELECT count(*)::int FROM vectors) AS vectors`,
      [PG_SCHEMA],
    );
    const s = sizes.rows[0]!;
    return {
      location: this.location,
      schemaVersion: PG_SCHEMA_VERSION,
      sizeBytes: Number(s.size),
      vectorBackend: `${this.vectorBackend} (exact, in memory, refreshed from the change log; ${await this.#pgvector()})`,
      embeddingModel: await writes.readModel(this.#pool),
      countsByKind,
      chunks: s.chunks,
      vectors: s.vectors,
    };
  }

  /**
   * What the database offers of pgvector, for `status`. The HNSW path is not built yet (this
   * project's machines cannot install the extension to test it), so the JS matrix serves either way.
   */
  async #pgvector(): Promise<string> {
    const row = (
      await this.#pool.query<{ installed: string | null; available: string | null }>(
        `SELECT (SELECT extversion FROM pg_extension WHERE extname = 'vector') AS installed,
                (SELECT default_version FROM pg_available_extensions WHERE name = 'vector') AS available`,
      )
    ).rows[0]!;
    if (row.installed) return `pgvector ${row.installed} is installed in the database but not used yet`;
    if (row.available) return `pgvector ${row.available} is available to CREATE EXTENSION but not used yet`;
    return 'pgvector is not available in this database';
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#sweepLock.release();
    await this.#feed?.close();
    await this.#pool.end();
  }

  // sources

  async addSource(source: SourceRecord): Promise<void> {
    await this.#write(async (db) => {
      const inserted = await db.query('INSERT INTO sources (name, type, url, options, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING', [
        source.name,
        source.type,
        source.url,
        JSON.stringify(source.options ?? {}),
        source.createdAt,
      ]);
      if (inserted.rowCount === 0) {
        throw new SextantError('SOURCE_EXISTS', `a source named ${JSON.stringify(source.name)} already exists`, {
          hint: 'pick another name or remove the existing source first',
        });
      }
    });
  }

  async getSource(name: string): Promise<StoredSource | null> {
    const row = (await this.#pool.query<SourceRow>('SELECT * FROM sources WHERE name = $1', [name])).rows[0];
    return row ? toStoredSource(row) : null;
  }

  async listSources(): Promise<StoredSource[]> {
    return (await this.#pool.query<SourceRow>('SELECT * FROM sources ORDER BY name')).rows.map(toStoredSource);
  }

  async updateSource(name: string, patch: { url?: string; options?: SourceRecord['options'] }): Promise<void> {
    await this.#write(async (db) => {
      const changed = await db.query('UPDATE sources SET url = coalesce($1, url), options = coalesce($2, options) WHERE name = $3', [
        patch.url ?? null,
        patch.options === undefined ? null : JSON.stringify(patch.options),
        name,
      ]);
      if (changed.rowCount === 0) throw writes.sourceNotFound(name);
    });
  }

  async removeSource(name: string): Promise<boolean> {
    return this.#write((db) => writes.removeSource(db, name));
  }

  async recordOutcome(name: string, outcome: UpdateOutcome): Promise<void> {
    await this.#write(async (db) => {
      const changed = await db.query('UPDATE sources SET last_update = $1 WHERE name = $2', [JSON.stringify(outcome), name]);
      if (changed.rowCount === 0) throw writes.sourceNotFound(name);
    });
  }

  async resourceHashes(source: string): Promise<Map<string, string>> {
    const rows = await this.#pool.query<{ resource: string; hash: string }>('SELECT resource, hash FROM resources WHERE source = $1 ORDER BY resource', [
      source,
    ]);
    return new Map(rows.rows.map((r) => [r.resource, r.hash]));
  }

  async applySourceUpdate(update: SourceUpdate): Promise<void> {
    await this.#write((db) => writes.applySourceUpdate(db, update));
  }

  /**
   * A session-level advisory lock on a connection of its own, held until `release` (or until the
   * holder's connection ends: a killed updater frees it). A waiter learns the holder from the
   * lock connection's application_name (host and pid).
   */
  async lockSource(source: string, options: { onWait?: (holder: string) => void } = {}): Promise<SourceLock> {
    const local = await this.#locks.acquire(source, options.onWait);
    let client: pg.PoolClient | null = null;
    const ignore = (): void => undefined;
    try {
      client = await this.#pool.connect();
      // the connection sits idle while the update runs: its loss (server restart) must not crash the process
      client.on('error', ignore);
      await client.query(`SELECT set_config('application_name', $1, false)`, [`sextant update ${source} on ${hostname()} pid ${process.pid}`.slice(0, 63)]);
      const key = [`sextant-update:${source}`];
      const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', key);
      if (!got.rows[0]!.ok) {
        const holder = await this.#pool.query<{ who: string }>(
          `SELECT coalesce(nullif(a.application_name, ''), 'pid ' || a.pid) || coalesce(' from ' || host(a.client_addr), '') AS who
           FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
           WHERE l.locktype = 'advisory' AND l.granted AND l.objid = (hashtext($1)::bigint & 4294967295)::oid AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          key,
        );
        options.onWait?.(holder.rows[0]?.who ?? 'another updater');
        await client.query('SELECT pg_advisory_lock(hashtext($1))', key);
      }
    } catch (err) {
      client?.off('error', ignore);
      client?.release(true);
      await local.release();
      throw err;
    }
    const held = client;
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        held.off('error', ignore);
        try {
          await held.query('SELECT pg_advisory_unlock(hashtext($1))', [`sextant-update:${source}`]);
          await held.query("SELECT set_config('application_name', 'sextant-store', false)");
          held.release();
        } catch {
          held.release(true);
        }
        await local.release();
      },
    };
  }

  // objects

  async getObject(id: string): Promise<CatalogObject | null> {
    const row = (await this.#pool.query<ObjectRow>(`SELECT ${OBJECT_COLUMNS} FROM objects WHERE id = $1`, [id])).rows[0];
    return row ? toObject(row) : null;
  }

  async getObjects(ids: readonly string[]): Promise<CatalogObject[]> {
    const rows = await this.#pool.query<ObjectRow>(`SELECT ${OBJECT_COLUMNS} FROM objects WHERE id = ANY($1::text[])`, [ids]);
    return inOrder(ids, rows.rows).map(toObject);
  }

  async listObjects(filter: ObjectFilter): Promise<ObjectPage> {
    const p = new Params();
    const condition = objectFilterSql(filter, p);
    const limit = Math.max(1, Math.floor(filter.limit ?? DEFAULT_PAGE_SIZE));
    const total = (await this.#pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM objects WHERE ${condition}`, p.values)).rows[0]!.n;
    const after = filter.cursor ? decodeCursor(filter.cursor) : null;
    const page = new Params(p.values);
    const rows = await this.#pool.query<ObjectRow>(
      `SELECT ${OBJECT_COLUMNS} FROM objects WHERE ${condition}${after === null ? '' : ` AND id > ${page.add(after)}`} ORDER BY id LIMIT ${page.add(limit + 1)}`,
      page.values,
    );
    const items = rows.rows.slice(0, limit).map(toObject);
    const nextCursor = rows.rows.length > limit ? encodeCursor(items[items.length - 1]!.id) : null;
    return { items, total, nextCursor };
  }

  async sourceObjects(source: string, kinds?: readonly string[]): Promise<CatalogObject[]> {
    const only = kinds ? ' AND kind = ANY($2)' : '';
    return (
      await this.#pool.query<ObjectRow>(`SELECT ${OBJECT_COLUMNS} FROM objects WHERE source = $1${only} ORDER BY id`, kinds ? [source, kinds] : [source])
    ).rows.map(toObject);
  }

  async edgesOf(id: string): Promise<{ outgoing: CatalogEdge[]; incoming: CatalogEdge[] }> {
    const rows = await this.#pool.query<EdgeRow & { out: boolean }>(
      `SELECT * FROM (SELECT ${EDGE_COLUMNS}, true AS out FROM edges WHERE from_id = $1
                     UNION ALL SELECT ${EDGE_COLUMNS}, false AS out FROM edges WHERE to_id = $1) e
       ORDER BY out DESC, CASE WHEN out THEN to_id ELSE from_id END, kind, resource, attributes`,
      [id],
    );
    return { outgoing: rows.rows.filter((r) => r.out).map(toEdge), incoming: rows.rows.filter((r) => !r.out).map(toEdge) };
  }

  async sourceEdges(source: string, kinds?: readonly string[]): Promise<CatalogEdge[]> {
    const only = kinds ? ' AND kind = ANY($2)' : '';
    return (
      await this.#pool.query<EdgeRow>(
        `SELECT ${EDGE_COLUMNS} FROM edges WHERE source = $1${only} ORDER BY from_id, to_id, kind, resource, attributes`,
        kinds ? [source, kinds] : [source],
      )
    ).rows.map(toEdge);
  }

  async objectIds(source?: string): Promise<string[]> {
    const rows =
      source === undefined
        ? await this.#pool.query<{ id: string }>('SELECT id FROM objects ORDER BY id')
        : await this.#pool.query<{ id: string }>('SELECT id FROM objects WHERE source = $1 ORDER BY id', [source]);
    return rows.rows.map((r) => r.id);
  }

  // contexts

  async addContext(context: NewContext): Promise<ContextRecord> {
    return this.#write(async (db) => {
      if ((await db.query('SELECT 1 FROM sources WHERE name = $1', [context.source])).rows.length === 0) throw writes.sourceNotFound(context.source);
      const evidence = context.evidence?.length ? JSON.stringify(context.evidence) : null;
      const row = await db.query<ContextRow>(
        'INSERT INTO contexts (source, target_kind, target, text, created_at, origin, evidence) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *',
        [context.source, context.targetKind, context.target, context.text, context.createdAt ?? new Date().toISOString(), context.origin ?? 'manual', evidence],
      );
      return toContext(row.rows[0]!);
    });
  }

  async listContexts(source?: string): Promise<ContextRecord[]> {
    const rows =
      source === undefined
        ? await this.#pool.query<ContextRow>('SELECT * FROM contexts ORDER BY id')
        : await this.#pool.query<ContextRow>('SELECT * FROM contexts WHERE source = $1 ORDER BY id', [source]);
    return rows.rows.map(toContext);
  }

  async removeContext(id: number): Promise<ContextRecord | null> {
    return this.#write(async (db) => {
      const row = (await db.query<ContextRow>('DELETE FROM contexts WHERE id = $1 RETURNING *', [id])).rows[0];
      return row ? toContext(row) : null;
    });
  }

  async effectiveContext(objectId: string): Promise<string | null> {
    return (await this.#pool.query<{ text: string }>('SELECT text FROM effective_contexts WHERE object_id = $1', [objectId])).rows[0]?.text ?? null;
  }

  // chunks and vectors

  async applyChunkChanges(source: string, changes: ChunkChanges): Promise<void> {
    await this.#write((db) => writes.applyChunkChanges(db, source, changes));
  }

  async getChunks(ids: readonly string[]): Promise<Chunk[]> {
    const rows = await this.#pool.query<ChunkRow>(`SELECT ${CHUNK_COLUMNS} FROM chunks WHERE id = ANY($1::text[])`, [ids]);
    return inOrder(ids, rows.rows).map(toChunk);
  }

  async chunkHashes(source: string): Promise<Map<string, string>> {
    const rows = await this.#pool.query<{ id: string; content_hash: string }>(
      'SELECT id, content_hash FROM chunks WHERE source = $1 AND project IS NULL AND session IS NULL ORDER BY id',
      [source],
    );
    return new Map(rows.rows.map((r) => [r.id, r.content_hash]));
  }

  async chunksWithoutVectors(limit: number): Promise<Chunk[]> {
    const rows = await this.#pool.query<ChunkRow>(
      `SELECT ${CHUNK_COLUMNS} FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM vectors v WHERE v.rid = c.rid) ORDER BY id LIMIT $1`,
      [Math.max(0, Math.floor(limit))],
    );
    return rows.rows.map(toChunk);
  }

  async lexicalSearch(query: LexicalQuery): Promise<ScoredChunk[]> {
    return this.#lexical.search(query);
  }

  async vectorSearch(query: VectorQuery): Promise<ScoredChunk[]> {
    const model = await this.#model();
    if (!model) return [];
    if (query.vector.length !== model.dimension) {
      throw new SextantError('INTERNAL', `query vector has dimension ${query.vector.length}, the index model ${model.modelId} has ${model.dimension}`, {
        hint: 'record the embedder in use with setEmbeddingModel and re-embed the chunks',
      });
    }
    return (await this.#vectors.at(await this.#freshStamp())).search(query);
  }

  async embeddingModel(): Promise<EmbeddingModelInfo | null> {
    return writes.readModel(this.#pool);
  }

  async setEmbeddingModel(model: EmbeddingModelInfo): Promise<void> {
    if (!Number.isInteger(model.dimension) || model.dimension <= 0 || model.modelId === '') {
      throw new SextantError('INTERNAL', `invalid embedding model ${JSON.stringify(model)}`);
    }
    await this.#write(async (db) => {
      await db.query("SELECT pg_advisory_xact_lock(hashtext('sextant-embedding-model'))");
      const current = await writes.readModel(db);
      if (current && current.modelId === model.modelId && current.dimension === model.dimension) return;
      await db.query('DELETE FROM vectors');
      await db.query(
        `INSERT INTO meta (key, value) VALUES ('embedding_model_id', $1), ('embedding_dimension', $2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [model.modelId, String(model.dimension)],
      );
    });
  }

  async putVectors(vectors: Array<{ chunkId: string; vector: Float32Array }>): Promise<void> {
    await this.#write((db) => writes.putVectors(db, vectors));
  }

  async vectorsOf(chunkIds: readonly string[]): Promise<Map<string, Float32Array>> {
    const rows = await this.#pool.query<{ id: string; vector: Buffer }>(
      'SELECT c.id, v.vector FROM vectors v JOIN chunks c ON c.rid = v.rid WHERE c.id = ANY($1::text[])',
      [chunkIds],
    );
    return new Map(rows.rows.map((r) => [r.id, decodeVector(r.vector)]));
  }

  async countVectors(filter: ChunkFilter): Promise<number> {
    const p = new Params();
    const where = chunkFilterSql(filter, 'c', p);
    return (await this.#pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM vectors v JOIN chunks c ON c.rid = v.rid WHERE ${where}`, p.values)).rows[0]!
      .n;
  }

  // entities

  async countChunks(filter: ChunkFilter): Promise<number> {
    return entities.countChunks(this.#pool, filter);
  }
  async entityLinks(chunkIds: readonly string[], filter: ChunkFilter, options: { maxDf: number }): Promise<EntityLinks> {
    return entities.entityLinks(this.#pool, chunkIds, filter, options.maxDf);
  }
  async entitiesOf(chunkIds: readonly string[]): Promise<Map<string, EntityLink[]>> {
    return entities.entitiesOf(this.#pool, chunkIds);
  }
  async listEntities(filter: EntityFilter, page: { limit?: number; cursor?: string } = {}): Promise<EntityPage> {
    return entities.listEntities(this.#pool, filter, page);
  }

  // projects, tokens and sessions

  async listProjects(): Promise<ProjectRecord[]> {
    return scopes.listProjects(this.#pool);
  }
  async getProject(name: string): Promise<ProjectRecord | null> {
    return scopes.getProject(this.#pool, name);
  }
  async putProject(project: ProjectRecord): Promise<void> {
    await this.#write((db) => scopes.putProject(db, project));
  }
  async addToken(token: TokenRecord): Promise<void> {
    await this.#write((db) => scopes.addToken(db, token), false);
  }
  async listTokens(): Promise<TokenRecord[]> {
    return scopes.listTokens(this.#pool);
  }
  async findTokenByHash(hash: string): Promise<TokenRecord | null> {
    return scopes.findTokenByHash(this.#pool, hash);
  }
  async removeToken(nameOrId: string): Promise<boolean> {
    return this.#write((db) => scopes.removeToken(db, nameOrId), false);
  }
  async putSession(session: SessionRecord): Promise<void> {
    await this.#write((db) => scopes.putSession(db, session), false);
  }
  async getSession(id: string): Promise<SessionRecord | null> {
    return scopes.getSession(this.#pool, id);
  }
  async listSessions(): Promise<SessionRecord[]> {
    return scopes.listSessions(this.#pool);
  }
  async touchSession(id: string, lastSeenAt: string, expiresAt: string): Promise<boolean> {
    return scopes.touchSession(this.#pool, id, lastSeenAt, expiresAt);
  }
  async removeSession(id: string): Promise<boolean> {
    return this.#write((db) => scopes.removeSession(db, id));
  }
  async removeExpiredSessions(now: string): Promise<string[]> {
    return this.#write((db) => scopes.removeExpiredSessions(db, now));
  }
  async putSessionDocument(document: SessionDocumentRecord, chunks: ChunkWrite[]): Promise<void> {
    await this.#write((db) => scopes.putSessionDocument(db, document, chunks));
  }
  async getSessionDocument(session: string, name: string): Promise<SessionDocumentRecord | null> {
    return scopes.getSessionDocument(this.#pool, session, name);
  }
  async listSessionDocuments(session: string): Promise<SessionDocumentRecord[]> {
    return scopes.listSessionDocuments(this.#pool, session);
  }
  async removeSessionDocument(session: string, name: string): Promise<boolean> {
    return this.#write((db) => scopes.removeSessionDocument(db, session, name));
  }
  async sessionChunkIds(session: string): Promise<string[]> {
    return scopes.sessionChunkIds(this.#pool, session);
  }
  async holdSweepLock(): Promise<boolean> {
    return this.#sweepLock.hold();
  }

  // glossary

  async listTerms(project?: string): Promise<GlossaryTerm[]> {
    return glossary.listTerms(this.#pool, project);
  }
  async termsOfSource(source: string): Promise<GlossaryTerm[]> {
    return glossary.termsOfSource(this.#pool, source);
  }
  async findTerm(project: string, nameOrAlias: string): Promise<GlossaryTerm | null> {
    return glossary.findTerm(this.#pool, project, nameOrAlias);
  }
  async createTerm(fields: TermFields, index: TermIndexWrite, actor: ChangeActor, at: string): Promise<GlossaryTerm> {
    return this.#write((db) => glossary.createTerm(db, fields, index, actor, at));
  }
  async updateTerm(id: number, fields: TermFields, index: TermIndexWrite, actor: ChangeActor, at: string, seen?: GlossaryTerm): Promise<GlossaryTerm> {
    return this.#write((db) => glossary.updateTerm(db, id, fields, index, actor, at, seen));
  }
  async deleteTerm(id: number, actor: ChangeActor, at: string): Promise<GlossaryTerm | null> {
    return this.#write((db) => glossary.deleteTerm(db, id, actor, at));
  }
  async setTermValidation(id: number, validation: TermValidation, outputColumns?: OutputColumn[]): Promise<void> {
    await this.#write((db) => glossary.setTermValidation(db, id, validation, outputColumns));
  }
  async glossaryHistory(project: string, termId?: number): Promise<GlossaryChange[]> {
    return glossary.glossaryHistory(this.#pool, project, termId);
  }
  async glossaryAliases(): Promise<Array<{ project: string; alias: string; term: string }>> {
    return glossary.glossaryAliases(this.#pool);
  }
  async getCachedCompletion(key: string): Promise<string | null> {
    return (await this.#pool.query<{ response: string }>('SELECT response FROM llm_cache WHERE key = $1', [key])).rows[0]?.response ?? null;
  }
  async putCachedCompletion(key: string, model: string, response: string, createdAt?: string): Promise<void> {
    await this.#pool.query(
      `INSERT INTO llm_cache (key, model, response, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key) DO UPDATE SET response = excluded.response, created_at = excluded.created_at`,
      [key, model, response, createdAt ?? new Date().toISOString()],
    );
  }
  async listCachedCompletions(): Promise<CachedCompletion[]> {
    return glossary.listCachedCompletions(this.#pool);
  }
  async allGlossaryHistory(): Promise<GlossaryChange[]> {
    return glossary.allGlossaryHistory(this.#pool);
  }
  async restoreGlossary(terms: ReadonlyArray<{ term: GlossaryTerm; index: TermIndexWrite }>, history: readonly GlossaryChange[]): Promise<void> {
    await this.#write((db) => glossary.restoreGlossary(db, terms, history));
  }

  // maintenance

  async cleanup(): Promise<Record<string, number>> {
    const counts = await this.#write(async (db) => {
      const out: Record<string, number> = { ...(await scopes.deleteExpiredSessions(db, new Date().toISOString())) };
      const run = async (sql: string): Promise<number> => (await db.query(sql)).rowCount ?? 0;
      const noSource = 'source NOT IN (SELECT name FROM sources)';
      const live = 'EXISTS (SELECT 1 FROM session_documents d WHERE d.session = chunks.session AND d.object_id = chunks.object_id)';
      const orphanChunk = `NOT ${live} AND (${noSource} OR object_id NOT IN (SELECT id FROM objects))`;
      out.objects = await run(`DELETE FROM objects WHERE ${noSource}`);
      out.edges = await run(`DELETE FROM edges WHERE ${noSource}`);
      out.resources = await run(`DELETE FROM resources WHERE ${noSource}`);
      out.contexts = await run(`DELETE FROM contexts WHERE ${noSource}`);
      out.vectors = await run(`DELETE FROM vectors WHERE rid IN (SELECT rid FROM chunks WHERE ${orphanChunk})`);
      out.chunks = await run(`DELETE FROM chunks WHERE ${orphanChunk}`);
      out.effectiveContexts = await run('DELETE FROM effective_contexts WHERE object_id NOT IN (SELECT id FROM objects)');
      // tombstones of the change log are bookkeeping, not leftovers: pruned, not counted
      await pruneChangeLog(db);
      return { ...out, ...(await entities.deleteEntityOrphans(db)) };
    });
    await this.#pool.query('VACUUM (ANALYZE) chunks, vectors, objects, edges, chunk_entities, entities');
    return counts;
  }

  /** Recomputes every chunk's tsvector and drops vectors of another dimension than the model's. */
  async repair(): Promise<Record<string, number>> {
    return this.#write(async (db) => {
      const model = await writes.readModel(db);
      const ftsRows = (await db.query('UPDATE chunks SET name = name')).rowCount ?? 0;
      const vectorsDropped = (await db.query('DELETE FROM vectors WHERE length(vector) <> $1', [model ? model.dimension * 4 : -1])).rowCount ?? 0;
      const vectors = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM vectors')).rows[0]!.n;
      return { ftsRows, vectors, vectorsDropped, ...(await entities.deleteEntityOrphans(db)) };
    });
  }

  // helpers

  /**
   * One transaction on one pooled connection; `visible` writes end by stamping their changes
   * (the counter moves, the change log gets its value, listeners are notified at commit).
   * Serialization failures, deadlocks and connections lost before COMMIT are retried.
   */
  async #write<T>(fn: (db: Db) => Promise<T>, visible = true): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await inTransaction(this.#pool, 'BEGIN', async (client) => {
          const result = await fn(client);
          if (visible) await client.query('SELECT stamp_changes()');
          return result;
        });
      } catch (err) {
        if (attempt <= RECONNECT_DELAYS_MS.length && canRetryWrite(err)) {
          await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAYS_MS[attempt - 1]));
          continue;
        }
        throw err;
      } finally {
        this.#lexical.invalidate();
        this.#stamp = null;
      }
    }
  }
}
