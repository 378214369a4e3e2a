/**
 * Integration: the embedded demo database. PGlite runs in a child process (forked through tsx
 * here, from dist/ after a build), is served over TCP, and keeps its data dir between starts.
 * Timings are logged, not asserted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type EmbeddedPostgres, type EmbeddedPostgresOptions, startEmbeddedPostgres } from '../../src/demo/embedded-postgres.js';
import { loadSampleSql } from '../../src/demo/sample-database.js';
import { readSampleCatalog, SAMPLE_SCHEMAS } from './sample-catalog.js';

describe('embedded demo PostgreSQL', () => {
  let root: string;
  let sampleDir: string;
  const started: EmbeddedPostgres[] = [];
  const clients: pg.Client[] = [];

  const start = async (options: EmbeddedPostgresOptions): Promise<{ db: EmbeddedPostgres; ms: number }> => {
    const t0 = performance.now();
    const db = await startEmbeddedPostgres(options);
    started.push(db);
    return { db, ms: Math.round(performance.now() - t0) };
  };
  const connect = async (dsn: string): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: dsn });
    client.on('error', () => undefined);
    clients.push(client);
    await client.connect();
    return client;
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'sextant-demo-'));
    sampleDir = join(root, 'sample');
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.end().catch(() => undefined)));
  });
  afterAll(async () => {
    await Promise.all(started.map((db) => db.stop()));
    rmSync(root, { recursive: true, force: true });
  });

  it('loads the sample schema on the first start and reopens it much faster', async () => {
    let initCalls = 0;
    const initSql = (): string[] => {
      initCalls++;
      return loadSampleSql();
    };
    const progress: string[] = [];
    const first = await start({ dataDir: sampleDir, initSql, onProgress: (m) => progress.push(m) });
    expect(first.db.fresh).toBe(true);
    expect(first.db.dsn).toBe(`postgres://postgres@127.0.0.1:${first.db.port}/postgres`);
    expect(progress).toContain('loading init SQL 3/3');

    const client = await connect(first.db.dsn);
    const catalog = await readSampleCatalog(client);
    expect(catalog.schemas).toEqual([...SAMPLE_SCHEMAS].sort());
    expect(catalog.tables.length).toBeGreaterThanOrEqual(30);
    expect(catalog.matviews).toEqual(['billing.monthly_revenue_by_category']);
    expect(catalog.views.length).toBeGreaterThanOrEqual(3);
    expect(catalog.functions.length).toBeGreaterThanOrEqual(3);
    expect(catalog.procedures.length).toBe(1);
    expect(catalog.enums.length).toBeGreaterThanOrEqual(2);
    expect(catalog.domains.length).toBeGreaterThanOrEqual(1);
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE'`,
      [[...SAMPLE_SCHEMAS]],
    );
    expect(rows[0]?.n).toBe(catalog.tables.length);
    await client.end();
    await first.db.stop();

    const second = await start({ dataDir: sampleDir, initSql });
    expect(second.db.fresh).toBe(false);
    expect(initCalls).toBe(1);
    const again = await connect(second.db.dsn);
    expect((await readSampleCatalog(again)).tables).toEqual(catalog.tables);
    await again.end();
    await second.db.stop();

    console.log(`embedded demo database: first start (create + load sample SQL) ${first.ms} ms, reopen ${second.ms} ms`);
  });

  it('makes a second client wait until the first disconnects, with a clean session', async () => {
    const { db } = await start({ dataDir: sampleDir, connectionQueueTimeoutMs: 10_000 });
    const first = await connect(db.dsn);
    await first.query(`SET application_name = 'first'`);
    await first.query('SET default_transaction_read_only = on');
    await first.query({ name: 'count_tables', text: 'SELECT count(*) FROM pg_class' });

    const second = new pg.Client({ connectionString: db.dsn });
    clients.push(second);
    let secondConnected = false;
    const connecting = second.connect().then(() => {
      secondConnected = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(secondConnected).toBe(false);

    await first.end();
    await connecting;
    const settings = await second.query<{ app: string; ro: string }>(
      `SELECT current_setting('application_name') AS app, current_setting('default_transaction_read_only') AS ro`,
    );
    expect(settings.rows[0]).toEqual({ app: '', ro: 'off' });
    // The first client's prepared statement is gone, so the same name can be prepared again.
    await second.query({ name: 'count_tables', text: 'SELECT count(*) FROM pg_class' });
    await second.end();
    await db.stop();
  });

  it('refuses a client that waits longer than the queue timeout', async () => {
    const { db } = await start({ dataDir: sampleDir, connectionQueueTimeoutMs: 300 });
    await connect(db.dsn);
    const waiting = new pg.Client({ connectionString: db.dsn });
    clients.push(waiting);
    await expect(waiting.connect()).rejects.toThrow(/one connection at a time/);
    await db.stop();
  });

  it('rejects with the SQL error when the init SQL fails, and rebuilds that half-loaded dir next time', async () => {
    const dataDir = join(root, 'broken');
    const failing = startEmbeddedPostgres({
      dataDir,
      initSql: () => ['CREATE SCHEMA first_script; CREATE TABLE first_script.t (id int);', 'SELECT 1;\nCREATE TABLE no_such_schema.t (id int);'],
    });
    await expect(failing).rejects.toThrow(/init SQL script 2 of 2, line 2: schema "no_such_schema" does not exist/);

    const progress: string[] = [];
    const { db } = await start({ dataDir, initSql: async () => ['CREATE TABLE rebuilt (id int);'], onProgress: (m) => progress.push(m) });
    expect(db.fresh).toBe(true);
    expect(progress.some((m) => m.includes('rebuilding'))).toBe(true);
    const client = await connect(db.dsn);
    const { rows } = await client.query<{ first: string | null; rebuilt: string | null }>(
      `SELECT to_regnamespace('first_script')::text AS first, to_regclass('public.rebuilt')::text AS rebuilt`,
    );
    expect(rows[0]).toEqual({ first: null, rebuilt: 'rebuilt' });
    await client.end();
    await db.stop();
  });

  it('rejects when the data dir is in use, foreign, or the port is taken', async () => {
    const { db } = await start({ dataDir: sampleDir });
    await expect(startEmbeddedPostgres({ dataDir: sampleDir })).rejects.toThrow(/in use by process \d+/);
    await db.stop();

    const foreign = join(root, 'foreign');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'notes.txt'), 'not a database');
    await expect(startEmbeddedPostgres({ dataDir: foreign })).rejects.toThrow(/is not empty and is not a Sextant demo database/);

    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await expect(startEmbeddedPostgres({ dataDir: sampleDir, port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      blocker.close();
    }
  });
});
