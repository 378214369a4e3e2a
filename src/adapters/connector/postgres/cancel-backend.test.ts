import { type Socket, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cancelBackend, cancelRequestPacket } from './cancel-backend.js';

describe('cancelRequestPacket', () => {
  it('spells the protocol CancelRequest: length 16, code 1234/5678, pid, key', () => {
    const packet = cancelRequestPacket({ processID: 4242, secretKey: -7 });
    expect(packet.length).toBe(16);
    expect([packet.readInt32BE(0), packet.readInt16BE(4), packet.readInt16BE(6), packet.readInt32BE(8), packet.readInt32BE(12)]).toEqual([
      16, 1234, 5678, 4242, -7,
    ]);
  });
});

describe('cancelBackend', () => {
  it('sends the packet and resolves true when the server hangs up, false when nobody answers in time', async () => {
    const received: Buffer[] = [];
    const sockets = new Set<Socket>();
    let hangUp = true;
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on('data', (chunk) => {
        received.push(chunk);
        if (hangUp) socket.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      expect(await cancelBackend({ host: '127.0.0.1', port }, { processID: 1, secretKey: 2 })).toBe(true);
      expect(Buffer.concat(received)).toEqual(cancelRequestPacket({ processID: 1, secretKey: 2 }));
      hangUp = false;
      const started = Date.now();
      expect(await cancelBackend({ host: '127.0.0.1', port }, { processID: 1, secretKey: 2 }, 200)).toBe(false);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('resolves false, without throwing, when nothing listens', async () => {
    expect(await cancelBackend({ host: '/nonexistent/socket/dir', port: 5432 }, { processID: 1, secretKey: 2 })).toBe(false);
  });
});
