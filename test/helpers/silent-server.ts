/** Test helper: a TCP server on loopback that accepts connections and never answers, for client timeouts. */
import { createServer, type AddressInfo, type Socket } from 'node:net';

export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Runs `check` against a silent server's port, closing the server after. */
export async function withSilentServer(check: (port: number) => Promise<void>): Promise<void> {
  const silent = await startSilentServer();
  try {
    await check(silent.port);
  } finally {
    await silent.close();
  }
}
