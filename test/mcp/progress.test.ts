/**
 * Progress notifications (MCP's `notifications/progress`) through the SDK Client: a call that asks
 * for progress hears the process's own background work (the word-vector cache's first build) while
 * it runs, and stops hearing it when it has answered. The plan's scan progress is in
 * code-workspace.test.ts.
 */
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { Engine } from '../../src/core/engine.js';
import { progressFanOut } from '../../src/kernel/progress.js';
import { connectInMemory } from '../helpers/in-memory-mcp.js';
import { tempHome } from '../helpers/temp-home.js';
import { createHoldTool } from './hold-tool.js';

const home = tempHome();
const background = progressFanOut();
const hold = createHoldTool();
let engine: Engine;
let client: Client;

beforeAll(async () => {
  engine = await openEngine(loadConfig({ env: { SEXTANT_HOME: home.dir, SEXTANT_EMBEDDINGS_PROVIDER: 'none' }, configFile: join(home.dir, 'none.yaml') }));
  client = await connectInMemory(engine, 'default', { extraTools: [hold.tool], background });
});

afterAll(async () => {
  await client?.close();
  await engine?.close();
  home.cleanup();
});

async function until(ok: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`not so within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('progress notifications', () => {
  it('a call that asks for progress hears the background work while it runs, and no more once it has answered', async () => {
    const heard: Progress[] = [];
    const answer = client.callTool({ name: 'hold', arguments: {} }, undefined, { onprogress: (p) => heard.push(p) });
    await until(() => hold.running() === 1);
    background.emit({ source: '*', phase: 'model', done: 10, total: 100, detail: 'building the builtin word-vector cache (once)' });
    background.emit({ source: '*', phase: 'model', done: 100, total: 100, detail: 'building the builtin word-vector cache (once)' });
    await until(() => heard.length === 2);
    hold.release();
    expect((await answer).structuredContent).toEqual({ held: true });
    background.emit({ source: '*', phase: 'model', done: 0, total: 1, detail: 'after the answer' });
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual([
      { progress: 1, message: 'building the builtin word-vector cache (once) 10/100' },
      { progress: 2, message: 'building the builtin word-vector cache (once) 100/100' },
    ]);
  });
});
