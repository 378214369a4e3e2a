/**
 * Test helper: a throw-away database (and roles) on the real PostgreSQL at 127.0.0.1:5432.
 * Each call creates uniquely named objects and `drop()` removes them.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_DSN = process.env.SEXTANT_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

export async function adminQuery(sql: string, dsn = ADMIN_DSN): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: dsn });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TempDatabase {
  name: string;
  /** Superuser DSN to the temp database (for setting up fixtures). */
  adminDsn: string;
  /** Creates a LOGIN role (dropped with the database) and returns its DSN. */
  createRole(prefix: string, grants: string, password?: string): Promise<{ role: string; dsn: string }>;
  exec(sql: string): Promise<pg.QueryResult>;
  drop(): Promise<void>;
}

export async function createTempDatabase(prefix = 'sxt'): Promise<TempDatabase> {
  const name = uniqueName(prefix);
  await adminQuery(`CREATE DATABASE ${name}`);
  const adminDsn = ADMIN_DSN.replace(/\/[^/]*$/, `/${name}`);
  const roles: string[] = [];
  return {
    name,
    adminDsn,
    async createRole(rolePrefix, grants, password) {
      const role = uniqueName(rolePrefix);
      await adminQuery(`CREATE ROLE ${role} LOGIN ${password ? `PASSWORD '${password}'` : ''}`);
      roles.push(role);
      if (grants.trim()) await adminQuery(grants.replaceAll('{role}', role), adminDsn);
      const auth = password ? `${role}:${password}` : role;
      return { role, dsn: `postgres://${auth}@127.0.0.1:5432/${name}` };
    },
    exec: (sql) => adminQuery(sql, adminDsn),
    async drop() {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      for (const role of roles) {
        await adminQuery(`DROP OWNED BY ${role}`).catch(() => undefined);
        await adminQuery(`DROP ROLE IF EXISTS ${role}`);
      }
    },
  };
}
