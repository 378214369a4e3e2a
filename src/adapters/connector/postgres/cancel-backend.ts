/**
 * @module adapters/connector/postgres/cancel-backend: asks the server to cancel the query a backend
 * is running, with the protocol's CancelRequest on a separate connection (what psql's Ctrl-C sends).
 */
import { connect } from 'node:net';
import type { PgTarget } from './dsn.js';

/** What the server handed out at login to let a second connection cancel this backend's query. */
export interface BackendKey {
  processID: number;
  secretKey: number;
}

/** The request code PostgreSQL reserves for CancelRequest (1234 << 16 | 5678). */
const CANCEL_REQUEST_CODE = 80_877_102;

/** The 16-byte CancelRequest packet: length, code, process id, secret key. */
export function cancelRequestPacket(key: BackendKey): Buffer {
  const packet = Buffer.alloc(16);
  packet.writeInt32BE(16, 0);
  packet.writeInt32BE(CANCEL_REQUEST_CODE, 4);
  packet.writeInt32BE(key.processID, 8);
  packet.writeInt32BE(key.secretKey, 12);
  return packet;
}

/**
 * Sends a CancelRequest for `key` to the server of `target` and resolves true once the server
 * closed the connection (it answers a cancel that way), false on any failure or after
 * `timeoutMs`. Never throws. Plain TCP (or the Unix socket) on purpose: the server reads a
 * CancelRequest before any SSL negotiation or authentication, so no credential is sent.
 */
export function cancelBackend(target: Pick<PgTarget, 'host' | 'port'>, key: BackendKey, timeoutMs = 2_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = target.host.startsWith('/') ? connect(`${target.host}/.s.PGSQL.${target.port}`) : connect(target.port, target.host);
    let sent = false;
    const finish = (ok: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    timer.unref();
    socket.on('connect', () => {
      sent = true;
      socket.write(cancelRequestPacket(key));
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(sent));
  });
}
