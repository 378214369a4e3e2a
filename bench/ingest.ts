/**
 * `npm run bench -- ingest [--tables 2000] [--columns 20] [--embeddings builtin|none] [--json]`
 * Generates a schema on the real PostgreSQL (127.0.0.1:5432), indexes it through the normal
 * pipeline, then runs an update with no change. Reports time, objects/s and peak RSS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openEngine } from '../src/app.js';
import { loadConfig } from '../src/config/load-config.js';
import { flag, mb, peakRssSampler } from './measure.js';

/** Admin connection to the benchmark PostgreSQL (SEXTANT_BENCH_PG, default the local trust-auth server). */
export const ADMIN = process.env.SEXTANT_BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement (or script) on its own connection. */
export async function admin(sql: string, dsn = ADMIN): Promise<void> {
  const c = new pg.Client({ connectionString: dsn });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** DDL in batches: one transaction for 2,000 tables with keys runs out of lock slots. */
function schemaSql(tables: number, columns: number): string[] {
  const parts: string[] = [];
  for (let t = 0; t < tables; t++) {
    const cols = ['id bigint PRIMARY KEY'];
    for (let c = 1; c < columns; c++) cols.push(`${c % 5 === 0 ? `ref_${c}_id bigint` : `attr_${c}_${c % 3 === 0 ? 'amt numeric' : 'name text'}`}`);
    parts.push(`CREATE TABLE bench.entity_${t} (${cols.join(', ')});`);
    parts.push(`COMMENT ON TABLE bench.entity_${t} IS 'Generated entity number ${t} for the ingest benchmark';`);
    if (t > 0) parts.push(`ALTER TABLE bench.entity_${t} ADD FOREIGN KEY (ref_5_id) REFERENCES bench.entity_${t - 1}(id);`);
  }
  const batches: string[] = [];
  for (let i = 0; i < parts.length; i += 300) batches.push(parts.slice(i, i + 300).join('\n'));
  return batches;
}

export async function run(argv: string[]): Promise<void> {
  const tables = Number(flag(argv, 'tables') ?? 2000);
  const columns = Number(flag(argv, 'columns') ?? 20);
  const embeddings = flag(argv, 'embeddings') ?? 'builtin';
  const json = argv.includes('--json');
  const db = `sxt_bench_${process.pid}`;
  const home = mkdtempSync(join(tmpdir(), 'sextant-bench-'));
  const log = (s: string) => !json && console.log(s);
  try {
    log(`creating ${tables} tables × ${columns} columns in database ${db}…`);
    await admin(`CREATE DATABASE ${db}`);
    const dsn = ADMIN.replace(/\/[^/]*$/, `/${db}`);
    await admin('CREATE SCHEMA bench', dsn);
    for (const batch of schemaSql(tables, columns)) await admin(batch, dsn);
    await admin('ANALYZE', dsn);

    const config = loadConfig({
      env: { ...process.env, SEXTANT_HOME: home, SEXTANT_EMBEDDINGS_PROVIDER: embeddings, SEXTANT_CONFIG: join(home, 'none.yaml') },
    });
    const engine = await openEngine(config);
    await engine.addSource({ name: 'bench', url: dsn });
    if (embeddings === 'builtin') await engine.update({ source: 'bench' }).catch(() => undefined); // warm: builds the vector cache once
    await engine.removeSource('bench');
    await engine.addSource({ name: 'bench', url: dsn });

    const rss = peakRssSampler();
    const t0 = performance.now();
    const first = await engine.update({ source: 'bench', allowExtraPrivileges: true });
    const firstMs = performance.now() - t0;
    const t1 = performance.now();
    const second = await engine.update({ source: 'bench', allowExtraPrivileges: true });
    const secondMs = performance.now() - t1;
    const peak = rss.stop();
    const status = await engine.status();
    await engine.close();

    const objects = first.reports[0]!.objects;
    const result = {
      tables,
      columns,
      embeddings,
      objects,
      chunks: status.index.chunks,
      firstUpdateMs: Math.round(firstMs),
      objectsPerSecond: Math.round(objects / (firstMs / 1000)),
      unchangedUpdateMs: Math.round(secondMs),
      unchangedStatus: second.reports[0]!.status,
      peakRssBytes: peak,
      indexBytes: status.index.sizeBytes,
    };
    if (json) console.log(JSON.stringify(result, null, 2));
    else {
      log(
        `first update (introspection + indexing${embeddings === 'none' ? '' : ' + embeddings'}): ${(firstMs / 1000).toFixed(2)} s, ${objects} objects, ${result.objectsPerSecond} objects/s, ${result.chunks} chunks`,
      );
      log(`update with no change: ${(secondMs / 1000).toFixed(2)} s (${result.unchangedStatus})`);
      log(`peak RSS: ${mb(peak)}; index size: ${mb(status.index.sizeBytes)}`);
    }
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => undefined);
    rmSync(home, { recursive: true, force: true });
  }
}
