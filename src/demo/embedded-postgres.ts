/**
 * @module demo/embedded-postgres
 * Starts the embedded demo PostgreSQL (PGlite, Postgres 18 in WebAssembly) in a child process
 * and hands back a DSN that any PostgreSQL client can use.
 *
 * PGlite blocks the event loop while it runs a query and takes seconds to create a database,
 * so it lives in `pglite-server.ts`, forked from here. The data dir persists between runs: the
 * first start creates the database and loads the init SQL (seconds), later starts reopen it.
 *
 * Connections: PGlite is a single Postgres session. Clients are served one at a time; while one
 * is connected, others wait (up to `connectionQueueTimeoutMs`, then they get SQLSTATE 53300).
 * Session settings do not leak between clients: the session is reset (DISCARD ALL) after each
 * one. Use one client, or a pool of size 1, and keep connections short.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { SextantError } from '../kernel/errors.js';
import type { ChildMessage, ParentMessage } from './pglite-protocol.js';

export interface EmbeddedPostgresOptions {
  /** Where the database lives (created if missing). Reused as is when fully loaded before. */
  dataDir: string;
  /** SQL scripts run once, in order, when the data dir is new; not called on later starts. */
  initSql?: () => Promise<string[]> | string[];
  /** Progress lines for the user ("creating the demo database ..."). */
  onProgress?: (message: string) => void;
  /** TCP port on 127.0.0.1; default 0 = any free port. */
  port?: number;
  /** How long a second client waits for the connection before it is refused; default 30 s. */
  connectionQueueTimeoutMs?: number;
  /** How long to wait for the database to come up; default 120 s. */
  startTimeoutMs?: number;
}

export interface EmbeddedPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (no password). */
  dsn: string;
  port: number;
  /** True when this start created the database and ran the init SQL. */
  fresh: boolean;
  /** Closes the server and PGlite (flushing the data dir); kills the process after 5 s. */
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const STOP_GRACE_MS = 5_000;
const OUTPUT_TAIL_CHARS = 2_000;

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const entry = serverEntry();
  const child = fork(entry.path, [], { execArgv: entry.execArgv, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const outputTail = captureOutput(child);

  // If this process exits without stop(), take the child down with it: SIGTERM, which the child
  // answers by closing PGlite (it can no longer be waited for from here), and the child gives
  // itself a deadline. If this process is killed outright, the child sees its IPC channel close
  // and shuts down the same way.
  const terminateChild = (): void => {
    child.kill('SIGTERM');
  };
  process.on('exit', terminateChild);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      process.off('exit', terminateChild);
      resolve();
    });
  });

  const send = (message: ParentMessage): void => {
    // With a callback a failed send (the child just died) is not an 'error' event; the child's
    // 'exit' reports that.
    if (child.connected) child.send(message, () => undefined);
  };
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    })();
    return stopping;
  };

  const provideInitSql = async (): Promise<void> => {
    try {
      send({ type: 'init-sql', scripts: options.initSql ? await options.initSql() : [] });
    } catch (err) {
      send({ type: 'init-sql-failed', message: err instanceof Error ? err.message : String(err) });
    }
  };

  child.on('message', (raw) => {
    const message = raw as ChildMessage;
    if (message.type === 'progress') options.onProgress?.(message.message);
    else if (message.type === 'need-init-sql') void provideInitSql();
  });

  const dataDir = resolvePath(options.dataDir);
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  try {
    const ready = await new Promise<{ port: number; fresh: boolean }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new SextantError('INTERNAL', `the demo database did not start within ${startTimeoutMs / 1000} s`, { details: { dataDir } })),
        startTimeoutMs,
      );
      child.on('message', (raw) => {
        const message = raw as ChildMessage;
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve({ port: message.port, fresh: message.fresh });
        } else if (message.type === 'failed') {
          clearTimeout(timer);
          reject(
            new SextantError(message.code, message.message, {
              ...(message.hint ? { hint: message.hint } : {}),
              ...(message.details ? { details: message.details } : {}),
            }),
          );
        }
      });
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(new SextantError('INTERNAL', `could not start the demo database process: ${err.message}`, { cause: err }));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        const output = outputTail();
        reject(
          new SextantError(
            'INTERNAL',
            `the demo database process exited before it was ready (${signal ?? `exit code ${code}`})${output ? `: ${output}` : ''}`,
            {
              details: { dataDir },
            },
          ),
        );
      });
      send({ type: 'start', dataDir, host: HOST, port: options.port ?? 0, connectionQueueTimeoutMs: options.connectionQueueTimeoutMs ?? 30_000 });
    });

    child.once('exit', (code, signal) => {
      if (!stopping) options.onProgress?.(`the demo database stopped unexpectedly (${signal ?? `exit code ${code}`})`);
    });
    return {
      dsn: `postgres://postgres@${HOST}:${ready.port}/postgres`,
      port: ready.port,
      fresh: ready.fresh,
      stop,
    };
  } catch (err) {
    await stop(); // the child exits on its own after `failed`; wait so its data-dir lock is gone
    throw err;
  }
}

/**
 * The child's entry: the compiled sibling `pglite-server.js` under dist/, or, when this module
 * runs from source (tsx, vitest), `pglite-server.ts` loaded through tsx.
 */
function serverEntry(): { path: string; execArgv: string[] } {
  const compiled = fileURLToPath(new URL('./pglite-server.js', import.meta.url));
  if (existsSync(compiled)) return { path: compiled, execArgv: [] };
  const source = fileURLToPath(new URL('./pglite-server.ts', import.meta.url));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { path: source, execArgv: ['--import', tsx] };
}

/** Keeps the last lines the child printed, for the error when it dies before it is ready. */
function captureOutput(child: ChildProcess): () => string {
  let tail = '';
  const append = (chunk: Buffer): void => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => tail.trim();
}
