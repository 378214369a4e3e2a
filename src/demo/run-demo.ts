/**
 * @module demo/run-demo
 * The main job on the embedded default: the bundled sample database in PGlite, served on a
 * loopback port, registered as source `demo` and indexed through the ordinary postgres connector.
 */
import { join } from 'node:path';
import type { Engine, UpdateRun } from '../core/engine.js';
import type { ProgressFn } from '../kernel/progress.js';
import type { StoreInfo } from '../ports/store.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { loadSampleSql } from './sample-database.js';

export const DEMO_SOURCE = 'demo';
/**
 * The demo source's address while its database is stopped: a name that never resolves (`.invalid`,
 * RFC 6761), shown instead of the last random port. The demo connector starts the embedded
 * database for any work on a source with this address.
 */
export const DORMANT_DEMO_URL = 'postgres://postgres@sextant-demo.invalid/postgres';

export interface DemoResult {
  source: string;
  dataDir: string;
  freshDatabase: boolean;
  startMs: number;
  update: UpdateRun;
  index: StoreInfo;
}

export function defaultDemoDataDir(home: string): string {
  return join(home, 'demo', 'pgdata');
}

export async function runDemo(engine: Engine, options: { dataDir: string; onProgress?: ProgressFn; signal?: AbortSignal }): Promise<DemoResult> {
  const started = Date.now();
  const say = (detail: string) => options.onProgress?.({ source: DEMO_SOURCE, phase: 'check', done: 0, total: 1, detail });
  say('starting the embedded PostgreSQL (PGlite)');
  const server = await startEmbeddedPostgres({ dataDir: options.dataDir, initSql: loadSampleSql, onProgress: say });
  const startMs = Date.now() - started;
  try {
    // PGlite runs everything as its one superuser; the demo database is ours, so the source
    // accepts the extra privileges (update and glossary SQL). Sextant's session is still
    // read-only guarded and glossary SQL is still screened.
    const accept = { allowExtraPrivileges: true };
    const existing = (await engine.listSources()).find((s) => s.name === DEMO_SOURCE);
    if (existing) await engine.setSourceUrl(DEMO_SOURCE, server.dsn, accept);
    else await engine.addSource({ name: DEMO_SOURCE, url: server.dsn, options: accept });
    const update = await engine.update({
      source: DEMO_SOURCE,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const status = await engine.status();
    return { source: DEMO_SOURCE, dataDir: options.dataDir, freshDatabase: server.fresh, startMs, update, index: status.index };
  } finally {
    await server.stop();
    if ((await engine.listSources()).some((s) => s.name === DEMO_SOURCE)) await engine.setSourceUrl(DEMO_SOURCE, DORMANT_DEMO_URL).catch(() => undefined);
  }
}
