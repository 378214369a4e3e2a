/**
 * @module demo/pglite-protocol
 * IPC messages between embedded-postgres.ts (parent) and pglite-server.ts (child). Types only.
 *
 * Sequence: parent `start` → child `progress`* → (new data dir only: child `need-init-sql` →
 * parent `init-sql` | `init-sql-failed`) → child `ready` | `failed`. Later: parent `stop` →
 * child closes the server and PGlite, then exits 0.
 */
import type { ErrorCode } from '../kernel/errors.js';

export interface StartRequest {
  type: 'start';
  /** Absolute path of the PGlite data directory (PGDATA). */
  dataDir: string;
  host: string;
  /** 0 = any free port. */
  port: number;
  /** How long a client waits for the single PGlite connection before it is refused. */
  connectionQueueTimeoutMs: number;
}

export type ParentMessage = StartRequest | { type: 'init-sql'; scripts: string[] } | { type: 'init-sql-failed'; message: string } | { type: 'stop' };

export type ChildMessage =
  | { type: 'progress'; message: string }
  | { type: 'need-init-sql' }
  | { type: 'ready'; port: number; fresh: boolean }
  | { type: 'failed'; code: ErrorCode; message: string; hint?: string; details?: Record<string, unknown> };
