/**
 * The attack suite: SQL that tries to change state or leak values through every glossary path
 * (test-sql, create, revalidation of stored SQL), with a superuser source and a plain writer
 * role. After every string the canary table, replication slots, large objects and a sentinel
 * backend are checked; errors must not carry the planted secret.
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresConnector } from '../../src/adapters/connector/postgres/index.js';
import { openSqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { createEngine, type Engine } from '../../src/core/engine.js';
import { cliActor } from '../../src/core/glossary/index.js';
import { lexicalField } from '../../src/core/search/lexical-text.js';
import { adminQuery, createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const SECRET = 'RT1-ROW-SECRET-7731';
const home = tempHome();
const ana = cliActor('ana');
let db: TempDatabase;
let engine: Engine;
let sentinel: pg.Client;
let sentinelPid: number;

interface Attack {
  sql: string;
  /** The refusal must name this (the screen refused it before running). */
  refused?: RegExp;
}

function attacks(dbName: string): Attack[] {
  const conn = `host=127.0.0.1 user=postgres dbname=${dbName}`;
  const dblink: Attack[] = [
    { sql: `SELECT dblink_exec('${conn}', 'DELETE FROM canary WHERE id=50') AS r`, refused: /dblink_exec/ },
    { sql: `SELECT public.dblink_exec('${conn}', 'DELETE FROM canary WHERE id=51') AS r`, refused: /dblink_exec/ },
    { sql: `SELECT "dblink_exec"('${conn}', 'DELETE FROM canary WHERE id=52') AS r`, refused: /dblink_exec/ },
    { sql: `SELECT DBLINK_EXEC('${conn}', 'DELETE FROM canary WHERE id=53') AS r`, refused: /dblink_exec/ },
    { sql: `SELECT * FROM dblink('${conn}', 'DELETE FROM canary WHERE id=54 RETURNING id') AS t(id int)`, refused: /dblink/ },
    { sql: `SELECT dblink_connect('x', '${conn}') AS c`, refused: /dblink_connect/ },
    { sql: `SELECT dblink_send_query('x', 'DELETE FROM canary') AS c`, refused: /dblink_send_query/ },
    { sql: `SELECT (SELECT dblink_exec('${conn}', 'DELETE FROM canary WHERE id=55')) AS r`, refused: /dblink_exec/ },
    { sql: `WITH x AS (SELECT dblink_exec('${conn}', 'DELETE FROM canary WHERE id=56') AS r) SELECT * FROM x`, refused: /dblink_exec/ },
    { sql: `SELECT 1 AS a WHERE EXISTS (SELECT dblink_exec('${conn}', 'TRUNCATE canary'))`, refused: /dblink_exec/ },
    { sql: 'SELECT * FROM v_evil', refused: /dblink_exec.*v_evil|v_evil.*dblink/ },
    { sql: 'SELECT * FROM v_evil_outer', refused: /dblink_exec/ },
    { sql: 'SELECT evil_definer() AS r', refused: /evil_definer.*SECURITY DEFINER/ },
    { sql: 'SELECT public.evil_definer() AS r', refused: /evil_definer/ },
    { sql: 'SELECT evil_plain() AS r', refused: /evil_plain.*dblink_exec/ },
  ];
  const escaping: Attack[] = [
    { sql: 'SELECT pg_terminate_backend({pid}) AS r', refused: /pg_terminate_backend/ },
    { sql: 'SELECT pg_cancel_backend({pid}) AS r', refused: /pg_cancel_backend/ },
    { sql: 'SELECT pg_terminate_backend(pid) AS r FROM pg_stat_activity', refused: /pg_terminate_backend/ },
    { sql: "SELECT pg_create_physical_replication_slot('sxt_slot') AS r", refused: /replication_slot/ },
    { sql: "SELECT * FROM pg_create_logical_replication_slot('sxt_slot2', 'test_decoding')", refused: /replication_slot/ },
    { sql: 'SELECT pg_advisory_lock(42) AS r', refused: /pg_advisory_lock/ },
    { sql: 'SELECT pg_try_advisory_lock(42) AS r', refused: /pg_try_advisory_lock/ },
    { sql: 'SELECT pg_advisory_xact_lock(42) AS r', refused: /pg_advisory_xact_lock/ },
    { sql: 'SELECT lo_create(0) AS r', refused: /lo_create/ },
    { sql: "SELECT lo_import('/etc/hostname') AS r", refused: /lo_import/ },
    { sql: "SELECT pg_notify('ch', 'x') AS r", refused: /pg_notify/ },
    { sql: "SELECT pg_read_file('/etc/passwd') AS r", refused: /pg_read_file/ },
    { sql: "SELECT pg_read_file('/etc/passwd')::int AS r", refused: /pg_read_file/ },
    { sql: "SELECT pg_read_binary_file('/etc/passwd') AS r", refused: /pg_read_binary_file/ },
    { sql: "SELECT * FROM pg_ls_dir('.') AS f", refused: /pg_ls_dir/ },
    { sql: "SELECT pg_stat_file('postgresql.conf') AS r", refused: /pg_stat_file/ },
    { sql: 'SELECT query FROM pg_stat_activity', refused: /pg_stat_activity/ },
    { sql: 'SELECT query FROM pg_catalog.pg_stat_activity', refused: /pg_stat_activity/ },
    { sql: 'SELECT * FROM pg_stat_get_activity(NULL)', refused: /pg_stat_get_activity/ },
    { sql: "SELECT query_to_xml('DELETE FROM canary', true, true, '') AS r", refused: /query_to_xml/ },
    { sql: "SELECT set_config('default_transaction_read_only', 'off', false) AS r", refused: /set_config/ },
    { sql: 'SELECT pg_reload_conf() AS r', refused: /pg_reload_conf/ },
    { sql: 'SELECT lo_unlink(1) AS r', refused: /lo_unlink/ },
    { sql: 'SELECT pg_advisory_lock_shared(7) AS r', refused: /pg_advisory_lock_shared/ },
    { sql: 'SELECT * FROM dblink_get_connections() AS c', refused: /dblink_get_connections/ },
    { sql: 'SELECT pg_switch_wal() AS r', refused: /pg_switch_wal/ },
    { sql: 'SELECT pg_log_backend_memory_contexts({pid}) AS r', refused: /pg_log_backend_memory_contexts/ },
  ];
  const leaks: Attack[] = [
    { sql: 'SELECT (SELECT secret FROM secrets WHERE id=1)::int AS r' },
    { sql: 'SELECT CAST((SELECT secret FROM secrets LIMIT 1) AS date) AS r' },
    { sql: 'SELECT (SELECT secret FROM secrets LIMIT 1)::numeric AS r' },
    { sql: 'SELECT 1 AS r WHERE (SELECT secret FROM secrets LIMIT 1)::int > 0' },
    { sql: 'SELECT (SELECT secret FROM secrets LIMIT 1)::uuid AS r' },
    { sql: 'SELECT (SELECT secret FROM secrets LIMIT 1)::json AS r' },
    { sql: 'SELECT (SELECT secret FROM secrets LIMIT 1)::boolean AS r' },
    { sql: "SELECT to_date((SELECT secret FROM secrets LIMIT 1), 'YYYY') AS r" },
  ];
  const classic: Attack[] = [
    { sql: 'SELECT 1 AS a; DELETE FROM canary' },
    { sql: 'DELETE FROM canary RETURNING *' },
    { sql: 'WITH d AS (DELETE FROM canary RETURNING *) SELECT * FROM d' },
    { sql: "SELECT nextval('canary_seq') AS n" },
    { sql: 'SELECT * FROM canary FOR UPDATE' },
    { sql: 'COMMIT; DELETE FROM canary' },
    { sql: 'SELECT * INTO canary_copy FROM canary' },
    { sql: 'UPDATE canary SET id = id + 1000' },
    { sql: 'TRUNCATE canary' },
    { sql: 'DROP TABLE canary' },
    { sql: 'SELECT 1 AS a) AS x; DELETE FROM canary; SELECT * FROM (SELECT 1' },
  ];
  return [...dblink, ...escaping, ...leaks, ...classic];
}

async function stateUnchanged(): Promise<void> {
  const [canary] = (await db.exec('SELECT count(*)::int AS n, sum(id)::int AS s FROM canary')).rows as Array<{ n: number; s: number }>;
  expect(canary).toEqual({ n: 100, s: 5050 });
  expect((await adminQuery("SELECT count(*)::int AS n FROM pg_replication_slots WHERE slot_name LIKE 'sxt_slot%'")).rows[0].n).toBe(0);
  expect((await db.exec('SELECT count(*)::int AS n FROM pg_largeobject_metadata')).rows[0].n).toBe(0);
  expect((await sentinel.query('SELECT 1 AS ok')).rows[0].ok).toBe(1);
}

beforeAll(async () => {
  db = await createTempDatabase('sxt_attack');
  await db.exec(`
    CREATE EXTENSION dblink;
    CREATE TABLE canary (id int PRIMARY KEY); INSERT INTO canary SELECT g FROM generate_series(1, 100) g;
    CREATE SEQUENCE canary_seq;
    CREATE TABLE secrets (id int PRIMARY KEY, secret text); INSERT INTO secrets VALUES (1, '${SECRET}');
    CREATE VIEW v_evil AS SELECT dblink_exec('host=127.0.0.1 user=postgres dbname=${db.name}', 'DELETE FROM canary WHERE id=60') AS r;
    CREATE VIEW v_evil_outer AS SELECT * FROM v_evil;
    CREATE FUNCTION evil_definer() RETURNS text LANGUAGE sql SECURITY DEFINER
      AS $$ SELECT dblink_exec('host=127.0.0.1 user=postgres dbname=${db.name}', 'DELETE FROM canary WHERE id=61') $$;
    CREATE FUNCTION evil_plain() RETURNS text LANGUAGE plpgsql
      AS $$ BEGIN RETURN dblink_exec('host=127.0.0.1 user=postgres dbname=${db.name}', 'DELETE FROM canary WHERE id=62'); END $$;
    CREATE FUNCTION later_fn() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;
  `);
  const writer = await db.createRole(
    'sxt_writer',
    'GRANT USAGE ON SCHEMA public TO {role}; GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role}; GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO {role}',
  );
  sentinel = new pg.Client({ connectionString: db.adminDsn });
  await sentinel.connect();
  sentinelPid = (await sentinel.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;

  engine = createEngine({
    store: await openSqliteStore(join(home.dir, 'index.sqlite')),
    connectors: new Map([['postgres', createPostgresConnector({ statementTimeoutMs: 3000 })]]),
    embedder: async () => null,
    lexical: lexicalField,
  });
  await engine.addSource({ name: 'su', url: db.adminDsn, options: { allowExtraPrivileges: true } });
  await engine.addSource({ name: 'writer', url: writer.dsn, options: { allowExtraPrivileges: true } });
  await engine.addSource({ name: 'su_plain', url: db.adminDsn });
  expect((await engine.update({ allowExtraPrivileges: true })).ok).toBe(true);
});

afterAll(async () => {
  await sentinel?.end();
  await engine?.close();
  await db?.drop();
  home.cleanup();
});

describe('attack strings through the glossary paths', () => {
  for (const source of ['su', 'writer']) {
    it(`changes nothing and leaks nothing through test-sql and create (source '${source}')`, async () => {
      const list = attacks(db.name);
      expect(list.length).toBeGreaterThanOrEqual(59);
      for (const [i, attack] of list.entries()) {
        const sql = attack.sql.replace('{pid}', String(sentinelPid));
        const tested = await engine.glossary.testSql('default', sql, source);
        expect(tested.valid, sql).toBe(false);
        const error = tested.valid ? '' : tested.error;
        expect(error, sql).not.toContain(SECRET);
        expect(error, sql).not.toMatch(/root:x:0:0/);
        if (attack.refused) expect(error, sql).toMatch(/refused without running/);
        if (attack.refused) expect(error, sql).toMatch(attack.refused);
        const created = await engine.glossary.create('default', { term: `attack ${source} ${i}`, definition: 'x', sql, source }, ana, 'manual');
        expect(created.success, sql).toBe(false);
        expect(JSON.stringify(created), sql).not.toContain(SECRET);
        await stateUnchanged();
      }
    });
  }

  it('refuses to run SQL at all through a role with more than read privileges that the source did not accept', async () => {
    const tested = await engine.glossary.testSql('default', 'SELECT count(*) AS n FROM canary', 'su_plain');
    expect(tested.valid).toBe(false);
    if (tested.valid) return;
    expect(tested.error).toMatch(/more than read privileges.*the SQL was not run$/);
    expect(tested.error.length).toBeLessThan(1200);
    // what to do is kept apart from what failed
    expect(tested.error).not.toMatch(/read-only role|--allow-extra-privileges/);
    expect(tested.hint).toMatch(/^connect as a read-only role .*add the source with --allow-extra-privileges$/);
    const created = await engine.glossary.create('default', { term: 'Plain', definition: 'x', sql: 'SELECT 1 AS n', source: 'su_plain' }, ana, 'manual');
    expect(created).toMatchObject({ success: false, code: 'SQL_INVALID', hint: tested.hint });
    expect(created.success ? '' : created.error).toMatch(/^SQL validation failed: role .* the SQL was not run$/);
  });

  it('re-validates stored SQL through the same screen: a function turned hostile makes the term stale without running it', async () => {
    const created = await engine.glossary.create('default', { term: 'Later', definition: 'x', sql: 'SELECT later_fn() AS n', source: 'su' }, ana, 'manual');
    expect(created.success).toBe(true);
    await db.exec(`CREATE OR REPLACE FUNCTION later_fn() RETURNS int LANGUAGE sql SECURITY DEFINER
      AS $$ SELECT length(dblink_exec('host=127.0.0.1 user=postgres dbname=${db.name}', 'DELETE FROM canary WHERE id=70')) $$`);
    await engine.glossary.revalidate(['su']);
    const term = await engine.glossary.get('default', 'Later');
    expect(term.validation.status).toBe('stale');
    expect(term.validation.error).toMatch(/later_fn.*SECURITY DEFINER/);
    await stateUnchanged();
  });

  it('keeps the class of an error and the values the user wrote, but hides the values it quotes from the database', async () => {
    const leaked = await engine.glossary.testSql('default', 'SELECT (SELECT secret FROM secrets LIMIT 1)::int AS b', 'su');
    expect(leaked.valid).toBe(false);
    if (leaked.valid) return;
    expect(leaked.sqlState).toBe('22P02');
    expect(leaked.error).toMatch(/invalid input syntax for type integer: "‹value hidden›"/);
    expect(leaked.error).not.toContain(SECRET);
    const written = await engine.glossary.testSql('default', "SELECT 'abc'::int AS a", 'su');
    expect(written.valid ? '' : written.error).toMatch(/"abc"/);
    expect(written.valid ? null : written.position).toBe(8);
  });
});
