import { describe, expect, it } from 'vitest';
import { MAX_LISTED_TABLES, type PrivilegeRow, type RoleRow, evaluateAccess } from './access-check.js';
import { createScope } from './scope.js';

const role = (name: string, depth: number, over: Partial<RoleRow> = {}): RoleRow => ({
  name,
  depth,
  via: null,
  inherits: true,
  superuser: false,
  createrole: false,
  createdb: false,
  replication: false,
  bypassrls: false,
  ...over,
});
const all = createScope({});

describe('evaluateAccess', () => {
  it('passes a plain role with only an informational membership', () => {
    const report = evaluateAccess([role('reader', 0), role('readers', 1, { via: 'reader' })], [], all);
    expect(report).toEqual({
      ok: true,
      role: 'reader',
      findings: [{ code: 'ROLE_MEMBERSHIP', severity: 'info', message: 'role reader inherits from readers' }],
    });
  });

  it('fails on attributes of the login role and of any role it can become', () => {
    const report = evaluateAccess([role('app', 0, { createdb: true }), role('admins', 2, { via: 'ops', superuser: true, inherits: false })], [], all);
    expect(report.ok).toBe(false);
    expect(report.findings).toEqual([
      { code: 'CREATEDB', severity: 'fail', message: 'role app can create databases (CREATEDB)' },
      { code: 'SUPERUSER', severity: 'fail', message: 'role app can SET ROLE to admins (via ops), which is a superuser' },
      { code: 'ROLE_MEMBERSHIP', severity: 'info', message: 'role app can SET ROLE to admins (via ops)' },
    ]);
  });

  it('fails on dangerous predefined roles, naming the intermediate role', () => {
    const report = evaluateAccess([role('app', 0), role('etl', 1, { via: 'app' }), role('pg_write_all_data', 2, { via: 'etl' })], [], all);
    expect(report.findings).toContainEqual({
      code: 'WRITE_ALL_DATA',
      severity: 'fail',
      message: 'role app inherits from pg_write_all_data (via etl), which may write every table',
    });
  });

  it('fails on write and create privileges in scope only', () => {
    const privileges: PrivilegeRow[] = [
      { kind: 'database', schema: null, name: 'shop', privileges: ['CREATE'] },
      { kind: 'schema', schema: 'public', name: 'public', privileges: ['CREATE'] },
      { kind: 'schema', schema: 'scratch', name: 'scratch', privileges: ['CREATE'] },
      { kind: 'relation', schema: 'public', name: 'orders', privileges: ['INSERT', 'UPDATE'] },
      { kind: 'relation', schema: 'public', name: 'tmp_load', privileges: ['INSERT'] },
    ];
    const report = evaluateAccess([role('app', 0)], privileges, createScope({ schemas: ['public'], skipPatterns: ['tmp_*'] }));
    expect(report.findings.map((f) => [f.code, f.message])).toEqual([
      ['DATABASE_CREATE', 'role app can CREATE in database shop'],
      ['SCHEMA_CREATE', 'role app can CREATE in schema public'],
      ['TABLE_WRITE', 'role app has INSERT, UPDATE on public.orders'],
    ]);
  });

  it('lists a bounded number of writable tables, then summarises', () => {
    const privileges: PrivilegeRow[] = Array.from({ length: MAX_LISTED_TABLES + 7 }, (_, i) => ({
      kind: 'relation',
      schema: 'public',
      name: `t${i}`,
      privileges: ['DELETE'],
    }));
    const report = evaluateAccess([role('app', 0)], privileges, all);
    expect(report.findings).toHaveLength(MAX_LISTED_TABLES + 1);
    expect(report.findings.at(-1)?.message).toBe('role app has write privileges on 7 more tables');
  });
});
