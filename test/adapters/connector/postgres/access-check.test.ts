/**
 * The read-only privilege policy against real roles: inherited grants through pg_auth_members,
 * table and schema privileges, role attributes and dangerous predefined roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresConnector } from '../../../../src/adapters/connector/postgres/index.js';
import type { AccessReport } from '../../../../src/ports/connector.js';
import { type TempDatabase, adminQuery, createTempDatabase, uniqueName } from '../../../helpers/postgres.js';
import { sourceFor } from './fixture.js';

const READ = 'GRANT USAGE ON SCHEMA shop TO {role}; GRANT SELECT ON ALL TABLES IN SCHEMA shop TO {role};';
const connector = createPostgresConnector();
let db: TempDatabase;
const groupRoles: string[] = [];

async function check(grants: string, options = {}): Promise<{ role: string; report: AccessReport }> {
  const { role, dsn } = await db.createRole('acc', grants);
  return { role, report: await connector.checkAccess(sourceFor(dsn, options)) };
}

const codes = (report: AccessReport) => report.findings.filter((f) => f.severity === 'fail').map((f) => f.code);

beforeAll(async () => {
  db = await createTempDatabase('sxt_access');
  await db.exec(`CREATE SCHEMA shop;
    CREATE TABLE shop.orders (id int PRIMARY KEY, total numeric);
    CREATE TABLE shop.tmp_load (x int);
    CREATE VIEW shop.order_ids AS SELECT id FROM shop.orders;`);
});

afterAll(async () => {
  await db?.drop();
  for (const role of groupRoles) await adminQuery(`DROP ROLE IF EXISTS ${role}`);
});

describe('postgres access check', () => {
  it('passes a read-only role (USAGE + SELECT)', async () => {
    const { role, report } = await check(READ);
    expect(report).toEqual({ ok: true, role, findings: [] });
  });

  it('fails a role with INSERT on a table, naming the table', async () => {
    const { role, report } = await check(`${READ} GRANT INSERT ON shop.orders TO {role};`);
    expect(report.ok).toBe(false);
    expect(report.findings).toEqual([{ code: 'TABLE_WRITE', severity: 'fail', message: `role ${role} has INSERT on shop.orders` }]);
  });

  it('counts column-level UPDATE and whole-table DELETE / TRUNCATE', async () => {
    const { report } = await check(`${READ} GRANT UPDATE (total) ON shop.orders TO {role}; GRANT DELETE, TRUNCATE ON shop.order_ids TO {role};`);
    expect(report.findings.map((f) => f.message.replace(/^role \S+ /, ''))).toEqual(['has DELETE, TRUNCATE on shop.order_ids', 'has UPDATE on shop.orders']);
  });

  it('ignores writable tables outside the scope (skip patterns, other schemas)', async () => {
    const { report } = await check(`${READ} GRANT INSERT ON shop.tmp_load TO {role};`, { skipPatterns: ['tmp_*'] });
    expect(report.ok).toBe(true);
  });

  it('fails CREATE on a schema in scope and on the database', async () => {
    const { role, report } = await check(`${READ} GRANT CREATE ON SCHEMA shop TO {role}; GRANT CREATE ON DATABASE ${db.name} TO {role};`);
    expect(report.findings).toEqual([
      { code: 'DATABASE_CREATE', severity: 'fail', message: `role ${role} can CREATE in database ${db.name}` },
      { code: 'SCHEMA_CREATE', severity: 'fail', message: `role ${role} can CREATE in schema shop` },
    ]);
  });

  it('fails CREATEDB', async () => {
    const { report } = await check(`${READ} ALTER ROLE {role} CREATEDB;`);
    expect(codes(report)).toEqual(['CREATEDB']);
  });

  it('fails membership in pg_write_all_data inherited through an intermediate role', async () => {
    const etl = uniqueName('etl');
    groupRoles.push(etl);
    await adminQuery(`CREATE ROLE ${etl} NOLOGIN; GRANT pg_write_all_data TO ${etl};`);
    const { role, report } = await check(`${READ} GRANT ${etl} TO {role};`);
    expect(report.ok).toBe(false);
    expect(report.findings).toContainEqual({ code: 'ROLE_MEMBERSHIP', severity: 'info', message: `role ${role} inherits from ${etl}` });
    expect(report.findings).toContainEqual({
      code: 'WRITE_ALL_DATA',
      severity: 'fail',
      message: `role ${role} inherits from pg_write_all_data (via ${etl}), which may write every table`,
    });
    // Inherited write privileges show up on every table too.
    expect(report.findings.filter((f) => f.code === 'TABLE_WRITE').map((f) => f.message)).toEqual([
      `role ${role} has INSERT, UPDATE, DELETE on shop.order_ids`,
      `role ${role} has INSERT, UPDATE, DELETE on shop.orders`,
      `role ${role} has INSERT, UPDATE, DELETE on shop.tmp_load`,
    ]);
  });

  it('fails a role that can SET ROLE to a CREATEROLE role even without inheriting', async () => {
    const admins = uniqueName('admins');
    groupRoles.push(admins);
    await adminQuery(`CREATE ROLE ${admins} NOLOGIN CREATEROLE`);
    const { role, report } = await check(`${READ} ALTER ROLE {role} NOINHERIT; GRANT ${admins} TO {role};`);
    expect(report.findings).toContainEqual({
      code: 'CREATEROLE',
      severity: 'fail',
      message: `role ${role} can SET ROLE to ${admins}, which can create roles (CREATEROLE)`,
    });
  });

  it('fails a superuser', async () => {
    const { report } = await check('ALTER ROLE {role} SUPERUSER;', { schemas: ['shop'] });
    expect(report.ok).toBe(false);
    expect(codes(report)).toContain('SUPERUSER');
    expect(report.findings[0]?.code).toBe('SUPERUSER');
  });
});
