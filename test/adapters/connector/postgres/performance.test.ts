/**
 * Set-based introspection: the number of statements does not grow with the number of tables
 * (no per-table round trips). Counts every query the `pg` driver is asked to run.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresConnector } from '../../../../src/adapters/connector/postgres/index.js';
import type { SourceSnapshot } from '../../../../src/ports/catalog.js';
import { type TempDatabase, createTempDatabase } from '../../../helpers/postgres.js';
import { sourceFor } from './fixture.js';

const TABLES = 300;
let small: TempDatabase;
let large: TempDatabase;

function generatedSchema(tables: number): string {
  const statements = ['CREATE SCHEMA gen;'];
  for (let i = 0; i < tables; i++) {
    const fk = i > 0 ? `, parent_id int REFERENCES gen.t${i - 1} (id)` : '';
    statements.push(
      `CREATE TABLE gen.t${i} (id int PRIMARY KEY, name text NOT NULL, amount numeric(10,2) CHECK (amount >= 0), created_at timestamptz DEFAULT now()${fk});`,
      `CREATE INDEX t${i}_name_idx ON gen.t${i} (name);`,
      `COMMENT ON TABLE gen.t${i} IS 'Generated table ${i}';`,
      `COMMENT ON COLUMN gen.t${i}.name IS 'Name of row kind ${i}';`,
    );
    if (i % 10 === 0) statements.push(`CREATE VIEW gen.v${i} AS SELECT id, name FROM gen.t${i};`);
  }
  return statements.join('\n');
}

async function countedIntrospection(dsn: string): Promise<{ snapshot: SourceSnapshot; queries: number; ms: number }> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const started = performance.now();
    const snapshot = await createPostgresConnector().introspect(sourceFor(dsn));
    return { snapshot, queries: spy.mock.calls.length, ms: performance.now() - started };
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  [small, large] = await Promise.all([createTempDatabase('sxt_perf_s'), createTempDatabase('sxt_perf_l')]);
  await small.exec(generatedSchema(1));
  await large.exec(generatedSchema(TABLES));
});

afterAll(async () => {
  await Promise.all([small?.drop(), large?.drop()]);
});

describe('postgres introspection performance', () => {
  it(`introspects ${TABLES} tables with the same, small number of queries as 1 table`, async () => {
    const one = await countedIntrospection(small.adminDsn);
    const many = await countedIntrospection(large.adminDsn);
    expect(many.snapshot.objects.filter((o) => o.kind === 'table')).toHaveLength(TABLES);
    expect(many.snapshot.objects.filter((o) => o.kind === 'column')).toHaveLength(TABLES * 5 - 1 + (TABLES / 10) * 2);
    expect(many.snapshot.edges.filter((e) => e.kind === 'foreign_key')).toHaveLength(TABLES - 1);
    expect(many.queries).toBe(one.queries);
    expect(many.queries).toBeLessThanOrEqual(15);
    expect(many.snapshot.info.queries).toBe(many.queries);
    console.info(`postgres introspection: ${TABLES} tables, ${many.snapshot.objects.length} objects, ${many.queries} queries, ${Math.round(many.ms)} ms`);
  });
});
