/**
 * Over stdio, tools answered before initialize (issue 11 §8). The built CLI as a child process,
 * spoken to line by line: a tools/call before initialize gets -32600 and runs nothing; after
 * initialize the same session serves.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, CLI } from '../helpers/cli.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
afterAll(() => home.cleanup());

describe('stdio before initialize', () => {
  it('refuses requests other than initialize until it arrives, then serves', async () => {
    assertBuilt();
    const child = spawn(process.execPath, [CLI, 'mcp'], {
      env: { ...process.env, SEXTANT_HOME: home.dir, SEXTANT_EMBEDDINGS_PROVIDER: 'none' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const replies = new Map<number, (message: any) => void>();
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as { id?: number };
      if (typeof message.id === 'number') replies.get(message.id)?.(message);
    });
    const send = (message: Record<string, unknown>) => child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    const ask = (id: number, method: string, params: Record<string, unknown> = {}) =>
      new Promise<any>((resolve) => {
        replies.set(id, resolve);
        send({ id, method, params });
      });
    try {
      const early = await ask(1, 'tools/call', { name: 'list_sources', arguments: {} });
      expect(early.error).toEqual({ code: -32600, message: 'tools/call before initialize; send initialize first' });
      expect((await ask(2, 'tools/list')).error.code).toBe(-32600);
      const init = await ask(3, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
      expect(init.result.serverInfo.name).toBe('sextant');
      send({ method: 'notifications/initialized' });
      expect((await ask(4, 'tools/list')).result.tools.length).toBeGreaterThan(0);
    } finally {
      child.stdin!.end();
      child.kill();
    }
  }, 60_000);
});
