/**
 * @module demo/demo-connector
 * The demo source's database runs only while `sextant demo` indexes it. Work that needs the
 * live database later (glossary SQL validation, from the CLI or an MCP session) reopens it on
 * demand: this connector decorator, for source `demo` whose stored address no longer answers,
 * starts the embedded PostgreSQL from the demo data dir (0.3 s for a saved dir), probes there,
 * and stops it after a short idle time. Every other source and operation passes straight through.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isSextantError } from '../kernel/errors.js';
import type { Connector, QueryProbe, SourceRecord } from '../ports/connector.js';
import type { EmbeddedPostgres } from './embedded-postgres.js';
import { DEMO_SOURCE } from './run-demo.js';

/** Written by the demo loader when the data dir is complete (demo-data-dir.ts). */
const READY_MARKER = 'sextant-demo.ready.json';

export interface DemoConnectorOptions {
  /** Stop the embedded database this long after the last probe (default 1500 ms). */
  idleMs?: number;
}

export function withDemoDatabase(connector: Connector, dataDir: string, options: DemoConnectorOptions = {}): Connector {
  const inner = connector.probeQuery?.bind(connector);
  if (!inner) return connector;
  const idleMs = options.idleMs ?? 1500;
  let running: Promise<EmbeddedPostgres> | null = null;
  let users = 0;
  let timer: NodeJS.Timeout | null = null;

  async function acquire(): Promise<EmbeddedPostgres> {
    if (timer) clearTimeout(timer);
    timer = null;
    users += 1;
    if (!running) {
      const { startEmbeddedPostgres } = await import('./embedded-postgres.js');
      running = startEmbeddedPostgres({ dataDir });
      running.catch(() => (running = null));
    }
    try {
      return await running;
    } catch (err) {
      users -= 1;
      throw err;
    }
  }

  function release(): void {
    users -= 1;
    if (users > 0) return;
    timer = setTimeout(() => {
      const server = running;
      running = null;
      timer = null;
      void server?.then((s) => s.stop()).catch(() => undefined);
    }, idleMs);
  }

  async function probeQuery(source: SourceRecord, sql: string): Promise<QueryProbe> {
    if (source.name !== DEMO_SOURCE || !existsSync(join(dataDir, READY_MARKER))) return inner!(source, sql);
    if (!running) {
      try {
        return await inner!(source, sql);
      } catch (err) {
        if (!isSextantError(err) || err.code !== 'SOURCE_UNREACHABLE') throw err;
      }
    }
    const server = await acquire();
    try {
      return await inner!({ ...source, url: server.dsn }, sql);
    } finally {
      release();
    }
  }

  return Object.freeze({ ...connector, probeQuery });
}
