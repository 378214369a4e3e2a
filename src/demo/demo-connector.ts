/**
 * @module demo/demo-connector
 * The demo source's database runs only while `sextant demo` indexes it; afterwards the source's
 * address is DORMANT_DEMO_URL. Work that needs the live database later (glossary SQL validation,
 * `update`, `auth check`, from the CLI or an MCP session) reopens it on demand: this connector
 * decorator starts the embedded PostgreSQL from the demo data dir (0.3 s for a saved dir), works
 * there, and stops it after a short idle time. An index from before the dormant address (a stale
 * random port) is served the same way once that port does not answer. Every other source passes
 * straight through.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isSextantError } from '../kernel/errors.js';
import type { CatalogObject } from '../ports/catalog.js';
import type { AccessCheckOptions, Connector, IntrospectOptions, QueryProbe, SourceRecord } from '../ports/connector.js';
import type { EmbeddedPostgres } from './embedded-postgres.js';
import { DEMO_SOURCE, DORMANT_DEMO_URL } from './run-demo.js';

/** Written by the demo loader when the data dir is complete (demo-data-dir.ts). */
const READY_MARKER = 'sextant-demo.ready.json';

export interface DemoConnectorOptions {
  /** Stop the embedded database this long after the last probe (default 1500 ms). */
  idleMs?: number;
}

export function withDemoDatabase(connector: Connector, dataDir: string, options: DemoConnectorOptions = {}): Connector {
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

  const isDemo = (source: SourceRecord) => source.name === DEMO_SOURCE && existsSync(join(dataDir, READY_MARKER));

  /** Runs `work` on the demo source's live database: its stored address if that answers, else the embedded one. */
  async function onDemo<T>(source: SourceRecord, work: (live: SourceRecord) => Promise<T>): Promise<T> {
    if (!isDemo(source)) return work(source);
    if (!running && source.url !== DORMANT_DEMO_URL) {
      try {
        return await work(source);
      } catch (err) {
        if (!isSextantError(err) || err.code !== 'SOURCE_UNREACHABLE') throw err;
      }
    }
    const server = await acquire();
    try {
      return await work({ ...source, url: server.dsn });
    } finally {
      release();
    }
  }

  const probeQuery = connector.probeQuery?.bind(connector);
  const introspectElement = connector.introspectElement?.bind(connector);
  return Object.freeze({
    ...connector,
    checkAccess: (source: SourceRecord, options?: AccessCheckOptions) => onDemo(source, (live) => connector.checkAccess(live, options)),
    introspect: (source: SourceRecord, o?: IntrospectOptions) => onDemo(source, (live) => connector.introspect(live, o)),
    ...(probeQuery ? { probeQuery: (source: SourceRecord, sql: string): Promise<QueryProbe> => onDemo(source, (live) => probeQuery(live, sql)) } : {}),
    ...(introspectElement
      ? {
          introspectElement: (source: SourceRecord, element: CatalogObject, stored: readonly CatalogObject[], o?: IntrospectOptions) =>
            onDemo(source, (live) => introspectElement(live, element, stored, o)),
        }
      : {}),
  } satisfies Connector);
}
