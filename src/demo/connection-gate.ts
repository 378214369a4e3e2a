/**
 * @module demo/connection-gate
 * A TCP front door for a backend that must serve one client at a time: the first client is
 * piped through to the backend, later ones wait in a FIFO queue, and one that waits longer than
 * the queue timeout is refused with a PostgreSQL error (SQLSTATE 53300, too_many_connections).
 *
 * Why it exists (pglite-socket 0.2.17, measured): PGlite is a single Postgres session.
 * - With `PGLiteSocketServer`'s default `maxConnections: 1`, Node's `net.Server.maxConnections`
 *   drops a second socket as soon as it connects; node-postgres reports only
 *   "Connection terminated unexpectedly". The first client is unaffected, and a new client can
 *   connect once it has disconnected.
 * - With `maxConnections > 1` it multiplexes clients onto that one session, queueing each
 *   protocol message separately. Extended-protocol messages of different clients interleave:
 *   four pooled clients mixing BEGIN/COMMIT with parameterised queries got
 *   `portal "" does not exist` and then hung. Session state (SET, temp tables) is shared too.
 * So the backend keeps one client at a time, and this gate turns "dropped" into "waits its turn".
 */
import { connect, createServer, type Socket } from 'node:net';

export interface ConnectionGateOptions {
  host: string;
  /** 0 = any free port. */
  port: number;
  backendHost: string;
  backendPort: number;
  /** How long a client may wait in the queue before it is refused. */
  queueTimeoutMs: number;
  /**
   * Runs after a client has gone and before the next one is admitted, e.g. to reset the
   * backend's session state. Its failure is reported through `onError`; the gate carries on.
   */
  onIdle?: () => Promise<void>;
  onError?: (err: unknown) => void;
}

export interface ConnectionGate {
  readonly port: number;
  /** Clients waiting for their turn (the one being served is not counted). */
  readonly waiting: number;
  close(): Promise<void>;
}

interface Waiter {
  socket: Socket;
  timer: NodeJS.Timeout;
}

export async function openConnectionGate(options: ConnectionGateOptions): Promise<ConnectionGate> {
  const queue: Waiter[] = [];
  const sockets = new Set<Socket>();
  let busy = false;
  let closed = false;

  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.once('close', () => sockets.delete(socket));
  };

  const admitNext = (): void => {
    if (busy || closed) return;
    const waiter = queue.shift();
    if (!waiter) return;
    clearTimeout(waiter.timer);
    const client = waiter.socket;
    if (client.destroyed) {
      admitNext();
      return;
    }
    busy = true;
    const backend = connect({ host: options.backendHost, port: options.backendPort, noDelay: true });
    track(backend);
    const release = (): void => {
      client.destroy();
      backend.destroy();
    };
    client.once('close', release);
    backend.once('close', () => {
      release();
      void (async () => {
        try {
          await options.onIdle?.();
        } catch (err) {
          options.onError?.(err);
        }
        busy = false;
        admitNext();
      })();
    });
    // Bytes the client sent while queued (its startup message) are buffered and flow now.
    client.pipe(backend);
    backend.pipe(client);
  };

  const refuse = (waiter: Waiter): void => {
    const index = queue.indexOf(waiter);
    if (index >= 0) queue.splice(index, 1);
    const seconds = Math.round(options.queueTimeoutMs / 1000);
    // Read and drop what the client sent, otherwise closing with unread data sends a TCP reset
    // that can overtake the error message.
    waiter.socket.on('data', () => undefined);
    waiter.socket.end(
      postgresError(
        '53300',
        `the Sextant demo database serves one connection at a time, and another client held it for more than ${seconds} s`,
        'Close the other connection (or use a single client) and retry.',
      ),
    );
    setTimeout(() => waiter.socket.destroy(), 1_000).unref();
  };

  const server = createServer({ noDelay: true }, (socket) => {
    track(socket);
    if (closed) {
      socket.destroy();
      return;
    }
    const waiter: Waiter = { socket, timer: setTimeout(() => refuse(waiter), options.queueTimeoutMs) };
    queue.push(waiter);
    admitNext();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    port,
    get waiting() {
      return queue.length;
    },
    async close() {
      closed = true;
      for (const waiter of queue.splice(0)) clearTimeout(waiter.timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A backend ErrorResponse message ('E'), which clients show as the connection error. */
function postgresError(sqlstate: string, message: string, hint: string): Buffer {
  const fields: Array<[string, string]> = [
    ['S', 'FATAL'],
    ['V', 'FATAL'],
    ['C', sqlstate],
    ['M', message],
    ['H', hint],
  ];
  const body = Buffer.concat([...fields.map(([key, value]) => Buffer.from(`${key}${value}\0`, 'utf8')), Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header.write('E', 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
