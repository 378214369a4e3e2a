/**
 * One credential's flood cannot starve the others (issue 11 §4): with one tool call at a time
 * per credential, a second call of the same credential waits its turn while another
 * credential's call is answered at once. SDK clients on loopback HTTP.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectHttp, prepareCatalog, startInProcess, type Catalog, type InProcessServer } from './fixture.js';
import { createHoldTool } from './hold-tool.js';

const hold = createHoldTool();
let catalog: Catalog;
let server: InProcessServer;
const clients: Client[] = [];

async function connectAs(name: string): Promise<Client> {
  const { token } = await server.engine.tokens.create({ name });
  const client = await connectHttp(server.url, { Authorization: `Bearer ${token}` });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  catalog = await prepareCatalog();
  server = await startInProcess(catalog, { callsPerCredential: 1, extraTools: [hold.tool] });
}, 180_000);

afterAll(async () => {
  hold.release();
  hold.release();
  for (const c of clients) await c.close().catch(() => undefined);
  await server?.close();
  await catalog?.cleanup();
});

describe('work per credential', () => {
  it("queues a credential's calls beyond its share and runs others' calls meanwhile", async () => {
    const flooder = await connectAs('flooder');
    const other = await connectAs('other');
    const first = call(flooder, 'hold');
    const second = call(flooder, 'hold');
    await new Promise((r) => setTimeout(r, 200));
    expect(hold.running()).toBe(1);
    const started = performance.now();
    expect((await call(other, 'list_sources')).isError).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
    hold.release();
    expect((await first).data.held).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(hold.running()).toBe(1);
    hold.release();
    expect((await second).data.held).toBe(true);
    expect(hold.peak()).toBe(1);
  });
});
