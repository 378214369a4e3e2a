/**
 * @module demo/pglite-server
 * Child-process entry of the embedded demo database. Opens PGlite on a data dir, loads the init
 * SQL the first time, and serves it over TCP with pglite-socket behind a connection gate.
 * Forked by embedded-postgres.ts; talks to its parent only over IPC (see pglite-protocol.ts).
 * Runs in its own process because PGlite blocks the event loop while it executes a query.
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

import { SextantError } from '../kernel/errors.js';
import { type ConnectionGate, openConnectionGate } from './connection-gate.js';
import { type DataDirLock, lockDataDir, markDataDirReady, prepareDataDir } from './demo-data-dir.js';
import type { ChildMessage, ParentMessage, StartRequest } from './pglite-protocol.js';

const BACKEND_HOST = '127.0.0.1';
const SOCKET_STOP_TIMEOUT_MS = 2_000;
const SHUTDOWN_DEADLINE_MS = 4_000;

const running: { lock?: DataDirLock; db?: PGlite; server?: PGLiteSocketServer; gate?: ConnectionGate } = {};
let initSqlWaiter: { resolve(scripts: string[]): void; reject(err: Error): void } | undefined;
let shuttingDown: Promise<void> | undefined;

function send(message: ChildMessage): void {
  if (process.connected) process.send?.(message);
}

const progress = (message: string): void => send({ type: 'progress', message });

process.on('message', (raw) => {
  const message = raw as ParentMessage;
  switch (message.type) {
    case 'start':
      void start(message);
      break;
    case 'init-sql':
      initSqlWaiter?.resolve(message.scripts);
      break;
    case 'init-sql-failed':
      initSqlWaiter?.reject(new SextantError('INTERNAL', `the init SQL could not be read: ${message.message}`));
      break;
    case 'stop':
      void shutdown(0);
      break;
  }
});
// The parent died or closed the channel: nobody can stop us any more, so stop now.
process.on('disconnect', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function start(request: StartRequest): Promise<void> {
  try {
    running.lock = lockDataDir(request.dataDir);
    const { fresh } = prepareDataDir(request.dataDir, progress);
    progress(fresh ? 'creating the demo database (the first start takes a few seconds)' : 'opening the demo database');
    const db = await PGlite.create(request.dataDir);
    running.db = db;
    if (fresh) {
      const scripts = await requestInitSql();
      await runInitSql(db, scripts);
      await db.exec('CHECKPOINT');
      markDataDirReady(request.dataDir, { scripts: scripts.length });
    }
    // pglite-socket listens on a private port; clients reach it through the gate, which lets
    // exactly one of them through at a time (see connection-gate.ts for why).
    const server = new PGLiteSocketServer({ db, host: BACKEND_HOST, port: 0, maxConnections: 2 });
    running.server = server;
    await server.start();
    running.gate = await openConnectionGate({
      host: request.host,
      port: request.port,
      backendHost: BACKEND_HOST,
      backendPort: portOf(server.getServerConn()),
      queueTimeoutMs: request.connectionQueueTimeoutMs,
      onIdle: () => resetSession(db),
      onError: (err) => process.stderr.write(`demo database: resetting the session failed: ${messageOf(err)}\n`),
    });
    progress(`listening on ${request.host}:${running.gate.port}`);
    send({ type: 'ready', port: running.gate.port, fresh });
  } catch (err) {
    send(toFailure(err, request));
    await shutdown(1);
  }
}

function requestInitSql(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    initSqlWaiter = { resolve, reject };
    send({ type: 'need-init-sql' });
  });
}

async function runInitSql(db: PGlite, scripts: string[]): Promise<void> {
  for (const [index, sql] of scripts.entries()) {
    progress(`loading init SQL ${index + 1}/${scripts.length}`);
    try {
      await db.exec(sql);
    } catch (err) {
      const line = lineOf(sql, (err as { position?: unknown }).position);
      const where = `init SQL script ${index + 1} of ${scripts.length}${line ? `, line ${line}` : ''}`;
      throw new SextantError('INTERNAL', `${where}: ${messageOf(err)}`, {
        hint: 'Fix the SQL; the unfinished demo database is rebuilt on the next start',
        details: { script: index + 1, line, sqlstate: (err as { code?: unknown }).code },
        cause: err,
      });
    }
  }
}

/**
 * PGlite is one session shared by every client that ever connects, so settings (e.g. a
 * read-only guard), prepared statements and temp tables would leak from one client to the next.
 * A short pause lets pglite-socket notice the disconnect and roll back an abandoned transaction.
 */
async function resetSession(db: PGlite): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 10));
  if (db.closed) return;
  if (db.isInTransaction()) await db.exec('ROLLBACK');
  await db.exec('DISCARD ALL');
}

async function shutdown(code: number): Promise<void> {
  shuttingDown ??= (async () => {
    // Exit even if closing hangs; the parent may be gone and unable to kill us.
    setTimeout(() => process.exit(code), SHUTDOWN_DEADLINE_MS).unref();
    initSqlWaiter?.reject(new SextantError('INTERRUPTED', 'the demo database is shutting down'));
    await running.gate?.close().catch(() => undefined);
    if (running.server) await withTimeout(running.server.stop(), SOCKET_STOP_TIMEOUT_MS).catch(() => undefined);
    // Closing PGlite flushes the data dir; it must finish before the process exits.
    if (running.db && !running.db.closed) await running.db.close().catch(() => undefined);
    running.lock?.release();
    process.exit(code);
  })();
  return shuttingDown;
}

function toFailure(err: unknown, request: StartRequest): ChildMessage {
  if (err instanceof SextantError) {
    return { type: 'failed', code: err.code, message: err.message, ...(err.hint ? { hint: err.hint } : {}), ...(err.details ? { details: err.details } : {}) };
  }
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    return {
      type: 'failed',
      code: 'USAGE',
      message: `cannot listen on ${request.host}:${request.port}: ${messageOf(err)}`,
      hint: 'Choose another port, or port 0 for any free one',
    };
  }
  return { type: 'failed', code: 'INTERNAL', message: `the demo database failed to start: ${messageOf(err)}` };
}

function lineOf(sql: string, position: unknown): number | undefined {
  const offset = Number(position);
  if (!Number.isInteger(offset) || offset < 1) return undefined;
  return sql.slice(0, offset - 1).split('\n').length;
}

function portOf(conn: string): number {
  return Number(conn.slice(conn.lastIndexOf(':') + 1));
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
