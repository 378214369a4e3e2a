/**
 * Test helper: counts what the demo sample schema defined, read from pg_catalog, so the same
 * checks run against PGlite (embedded demo) and the real PostgreSQL server.
 */
import type pg from 'pg';

export const SAMPLE_SCHEMAS = ['shop', 'billing', 'support'] as const;

export interface SampleCatalog {
  schemas: string[];
  tables: string[];
  /** Tables with a COMMENT ON TABLE. */
  commentedTables: string[];
  /** Tables with neither a table comment nor any column comment. */
  bareTables: string[];
  views: string[];
  matviews: string[];
  functions: string[];
  procedures: string[];
  enums: string[];
  domains: string[];
  triggers: string[];
  sequences: string[];
  identityColumns: number;
  checkConstraints: number;
  uniqueConstraints: number;
  indexes: number;
  /** Foreign keys whose table and referenced table are in different schemas. */
  crossSchemaForeignKeys: string[];
}

const IN_SAMPLE = `n.nspname IN ('shop', 'billing', 'support')`;

export async function readSampleCatalog(client: pg.Client): Promise<SampleCatalog> {
  const names = async (sql: string): Promise<string[]> => (await client.query<{ name: string }>(sql)).rows.map((r) => r.name).sort();
  const count = async (sql: string): Promise<number> => Number((await client.query<{ n: string }>(sql)).rows[0]?.n ?? 0);
  const relations = (kind: string, extra = 'true'): Promise<string[]> =>
    names(`SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE ${IN_SAMPLE} AND c.relkind = '${kind}' AND ${extra}`);
  const routines = (kind: string): Promise<string[]> =>
    names(`SELECT n.nspname || '.' || p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
           WHERE ${IN_SAMPLE} AND p.prokind = '${kind}'`);
  const types = (kind: string): Promise<string[]> =>
    names(`SELECT n.nspname || '.' || t.typname AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
           WHERE ${IN_SAMPLE} AND t.typtype = '${kind}'`);
  const constraints = (kind: string): Promise<number> =>
    count(`SELECT count(*) AS n FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace
           WHERE ${IN_SAMPLE} AND k.contype = '${kind}'`);

  return {
    schemas: await names(`SELECT n.nspname AS name FROM pg_namespace n WHERE ${IN_SAMPLE}`),
    tables: await relations('r'),
    commentedTables: await relations('r', `obj_description(c.oid, 'pg_class') IS NOT NULL`),
    bareTables: await relations(
      'r',
      `obj_description(c.oid, 'pg_class') IS NULL AND NOT EXISTS (
         SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
           AND col_description(c.oid, a.attnum) IS NOT NULL)`,
    ),
    views: await relations('v'),
    matviews: await relations('m'),
    functions: await routines('f'),
    procedures: await routines('p'),
    enums: await types('e'),
    domains: await types('d'),
    triggers: await names(`SELECT n.nspname || '.' || c.relname || '.' || g.tgname AS name FROM pg_trigger g
                           JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                           WHERE ${IN_SAMPLE} AND NOT g.tgisinternal`),
    sequences: await relations('S'),
    identityColumns: await count(`SELECT count(*) AS n FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
                                  JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${IN_SAMPLE} AND a.attidentity <> ''`),
    checkConstraints: await constraints('c'),
    uniqueConstraints: await constraints('u'),
    indexes: await count(`SELECT count(*) AS n FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                          JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${IN_SAMPLE}`),
    crossSchemaForeignKeys: await names(`SELECT k.conrelid::regclass::text || ' -> ' || k.confrelid::regclass::text AS name
                                         FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace
                                         JOIN pg_class r ON r.oid = k.confrelid
                                         WHERE ${IN_SAMPLE} AND k.contype = 'f' AND r.relnamespace <> k.connamespace`),
  };
}
