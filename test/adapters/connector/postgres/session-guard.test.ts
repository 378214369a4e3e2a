/**
 * Session guards and failure classification on the real PostgreSQL server: writes are refused
 * even for a role that may write, the guard settings are in force, and every failure is a
 * SextantError with the right code and no password in it.
 */
import { type Socket, createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyPgError } from '../../../../src/adapters/connector/postgres/classify-error.js';
import { parseDsn, resolveTarget } from '../../../../src/adapters/connector/postgres/dsn.js';
import { createPostgresConnector } from '../../../../src/adapters/connector/postgres/index.js';
import { withGuardedSession } from '../../../../src/adapters/connector/postgres/session-guard.js';
import { SextantError } from '../../../../src/kernel/errors.js';
import { type TempDatabase, adminQuery, createTempDatabase } from '../../../helpers/postgres.js';
import { sourceFor } from './fixture.js';

const PASSWORD = 'Sup3r-Secret-pw';
let db: TempDatabase;
let writer: { role: string; dsn: string };

async function failure(promise: Promise<unknown>): Promise<SextantError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SextantError);
  const e = err as SextantError;
  for (const text of [e.message, e.hint ?? '', JSON.stringify(e.details ?? {}), e.toLine()]) expect(text).not.toContain(PASSWORD);
  return e;
}

/** A TCP port on 127.0.0.1 with nothing listening. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const withPassword = (dsn: string, password = PASSWORD): string => dsn.replace(/^postgres:\/\/([^@:]+)@/, `postgres://$1:${password}@`);

beforeAll(async () => {
  db = await createTempDatabase('sxt_guard');
  await db.exec(`CREATE SCHEMA shop;
    CREATE TABLE shop.orders (id int PRIMARY KEY, total numeric);
    INSERT INTO shop.orders VALUES (1, 10), (2, 20);
    CREATE VIEW shop.order_totals AS SELECT sum(total) AS total FROM shop.orders;`);
  writer = await db.createRole(
    'writer',
    'GRANT USAGE ON SCHEMA shop TO {role}; GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA shop TO {role};',
    PASSWORD,
  );
});

afterAll(async () => {
  await db?.drop();
});

describe('guarded sessions', () => {
  it('refuses writes from a role that has INSERT (SQLSTATE 25006), and nothing changes', async () => {
    const target = resolveTarget(sourceFor(writer.dsn));
    const insert = 'INSERT INTO shop.orders VALUES (3, 30)';
    const inTransaction = await failure(withGuardedSession(target, {}, (s) => s.query(insert)));
    expect(inTransaction.details).toMatchObject({ sqlState: '25006' });
    expect(inTransaction.message).toMatch(/read-only transaction/);
    // Outside the wrapping READ ONLY transaction the session default still refuses writes.
    const autocommit = await failure(
      withGuardedSession(target, {}, async (s) => {
        await s.query('ROLLBACK');
        return s.query('UPDATE shop.orders SET total = 0');
      }),
    );
    expect(autocommit.details).toMatchObject({ sqlState: '25006' });
    const { rows } = await adminQuery('SELECT count(*)::int AS n, sum(total)::int AS total FROM shop.orders', db.adminDsn);
    expect(rows[0]).toEqual({ n: 2, total: 30 });
  });

  it('has every guard in force (SHOW)', async () => {
    const show = async (options = {}) =>
      withGuardedSession(resolveTarget(sourceFor(writer.dsn)), options, async (s) => {
        const values: Record<string, string> = {};
        for (const name of [
          'default_transaction_read_only',
          'statement_timeout',
          'idle_in_transaction_session_timeout',
          'application_name',
          'transaction_read_only',
        ]) {
          const [row] = await s.query<Record<string, string>>(`SHOW ${name}`);
          values[name] = Object.values(row ?? {})[0] ?? '';
        }
        return values;
      });
    expect(await show()).toEqual({
      default_transaction_read_only: 'on',
      statement_timeout: '5s',
      idle_in_transaction_session_timeout: '10s',
      application_name: 'sextant',
      transaction_read_only: 'on',
    });
    expect((await show({ statementTimeoutMs: 1234 })).statement_timeout).toBe('1234ms');
  });

  it('sees the guards from the server side too (pg_stat_activity)', async () => {
    const seen = await withGuardedSession(resolveTarget(sourceFor(writer.dsn)), {}, async (s) => {
      const { rows } = await adminQuery(`SELECT application_name, state FROM pg_stat_activity WHERE usename = '${writer.role}'`);
      return { rows, count: s.queryCount };
    });
    expect(seen.rows).toEqual([{ application_name: 'sextant', state: 'idle in transaction' }]);
    expect(seen.count).toBe(2); // the guard statement, then BEGIN READ ONLY
  });
});

describe('failures', () => {
  const connector = createPostgresConnector();

  it('invalid DSN → INVALID_DSN', async () => {
    const source = sourceFor(`mysql://root:${PASSWORD}@127.0.0.1/shop`);
    expect(() => connector.validate(source)).toThrow(SextantError);
    const err = await failure(connector.introspect(source));
    expect(err.code).toBe('INVALID_DSN');
    expect(err.message).toContain('mysql://root:***@');
  });

  it('unreachable host (closed port) → SOURCE_UNREACHABLE within a few seconds', async () => {
    const port = await closedPort();
    const started = Date.now();
    const err = await failure(connector.introspect(sourceFor(`postgres://${writer.role}:${PASSWORD}@127.0.0.1:${port}/${db.name}`)));
    expect(err.code).toBe('SOURCE_UNREACHABLE');
    expect(err.hint).toBe('check host/port and that the server is running, then retry');
    expect(err.message).toContain(`127.0.0.1:${port}/${db.name}`);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a host that never answers → SOURCE_UNREACHABLE after the connect timeout', async () => {
    // A listening socket that accepts but never speaks the protocol: the login times out.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const started = Date.now();
      const target = resolveTarget(sourceFor(`postgres://u:${PASSWORD}@127.0.0.1:${port}/db`));
      const err = await failure(withGuardedSession(target, { connectTimeoutMs: 300 }, async () => undefined));
      expect(err.code).toBe('SOURCE_UNREACHABLE');
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('wrong password → AUTH_FAILED, or connects when pg_hba trusts 127.0.0.1', async () => {
    const { rows } = await adminQuery(
      `SELECT auth_method FROM pg_hba_file_rules WHERE type = 'host' AND '127.0.0.1' = ANY(ARRAY[address]) ORDER BY line_number LIMIT 1`,
    );
    const trusted = rows[0]?.auth_method === 'trust';
    const attempt = connector.introspect(sourceFor(withPassword(writer.dsn, 'not-the-password')));
    if (trusted) {
      // This server's pg_hba.conf says `host all all 127.0.0.1/32 trust`: passwords are never checked.
      await expect(attempt).resolves.toMatchObject({ objects: expect.any(Array) });
    } else {
      expect((await failure(attempt)).code).toBe('AUTH_FAILED');
    }
  });

  it('unknown role (with a password) → AUTH_FAILED', async () => {
    const err = await failure(connector.introspect(sourceFor(`postgres://no_such_role_x:${PASSWORD}@127.0.0.1:5432/${db.name}`)));
    expect(err.code).toBe('AUTH_FAILED');
    expect(err.details).toEqual({ sqlState: '28000' });
    expect(err.message).toContain('no_such_role_x');
  });

  it('NOLOGIN role, password from passwordEnv → AUTH_FAILED, the password is redacted', async () => {
    await adminQuery(`ALTER ROLE ${writer.role} NOLOGIN`);
    process.env.SXT_TEST_GUARD_PW = PASSWORD;
    try {
      const err = await failure(connector.checkAccess(sourceFor(writer.dsn, { passwordEnv: 'SXT_TEST_GUARD_PW' })));
      expect(err.code).toBe('AUTH_FAILED');
      expect(err.message).toMatch(/not permitted to log in/);
    } finally {
      delete process.env.SXT_TEST_GUARD_PW;
      await adminQuery(`ALTER ROLE ${writer.role} LOGIN`);
    }
  });

  it('missing database → DATABASE_NOT_FOUND', async () => {
    const err = await failure(connector.introspect(sourceFor(withPassword(writer.dsn).replace(/\/[^/]+$/, '/no_such_db_x'))));
    expect(err.code).toBe('DATABASE_NOT_FOUND');
    expect(err.details).toEqual({ sqlState: '3D000' });
  });

  it('statement timeout during introspection (a view whose table is locked) → STATEMENT_TIMEOUT', async () => {
    // pg_get_viewdef takes AccessShareLock on the tables a view reads, so it waits behind an
    // ACCESS EXCLUSIVE lock held by another session until statement_timeout cancels it.
    const locker = new pg.Client({ connectionString: db.adminDsn });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE shop.orders IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const err = await failure(createPostgresConnector({ statementTimeoutMs: 200 }).introspect(sourceFor(withPassword(writer.dsn))));
      expect(err.code).toBe('STATEMENT_TIMEOUT');
      expect(err.details).toEqual({ sqlState: '57014' });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  });
});

describe('client-side timeout', () => {
  /** Backends of `role` still running a query that contains `marker`, seen from another connection. */
  async function stillRunning(role: string, marker: string): Promise<number> {
    const { rows } = await adminQuery(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = '${role}' AND state = 'active' AND query LIKE '%${marker}%' AND pid <> pg_backend_pid()`,
    );
    return rows[0].n as number;
  }

  it('cancels the backend when the client gives up, so nothing keeps running after the reported timeout', async () => {
    // The server-side statement_timeout is switched off inside the session, as on a server or
    // pooler that does not enforce it: only the client-side backstop can end the query.
    const target = resolveTarget(sourceFor(withPassword(writer.dsn)));
    const marker = 'pg_sleep(30.25)';
    const err = await failure(
      withGuardedSession(target, { statementTimeoutMs: 100 }, async (s) => {
        await s.query('SET statement_timeout = 0');
        return s.query(`SELECT ${marker}`);
      }),
    );
    expect(err.code).toBe('STATEMENT_TIMEOUT');
    const deadline = Date.now() + 2_000;
    let running = await stillRunning(writer.role, marker);
    while (running > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      running = await stillRunning(writer.role, marker);
    }
    expect(running).toBe(0);
    expect(err.message).toMatch(/cancelled on the server/);
  });
});

describe('connection failures name their real cause', () => {
  it('tells a server without SSL, a missing socket directory and a missing password apart from catalog errors', async () => {
    const attempt = (dsn: string) =>
      withGuardedSession(parseDsn(dsn), {}, async (s) => s.query('SELECT 1')).then(
        () => null,
        (e: unknown) => e as { code: string; message: string; hint?: string },
      );
    const ssl = await attempt('postgres://postgres@127.0.0.1:5432/postgres?sslmode=require');
    expect(ssl?.message).toMatch(/does not accept SSL/);
    expect(ssl?.hint).toMatch(/sslmode=prefer or sslmode=disable/);
    const socket = await attempt('postgres:///postgres?host=/nonexistent/socket/dir&user=postgres');
    expect(socket?.code).toBe('SOURCE_UNREACHABLE');
    expect(socket?.hint).toMatch(/socket directory/);
    const noPassword = classifyPgError(new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string'), 'db:5432/shop');
    expect(noPassword.code).toBe('AUTH_FAILED');
    expect(noPassword.hint).toMatch(/--password-env/);
  });
});
