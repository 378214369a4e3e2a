/**
 * The guide prompt and the tool list stay in step: every tool the prompt names exists, every
 * always-listed tool is named, and the whole tools/list fits an agent's context budget
 * (≤ 3,000 tokens at about four characters a token). In memory: no transport needed.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import { localUser } from '../../src/core/auth/user.js';
import type { Engine } from '../../src/core/engine.js';
import { createLogger } from '../../src/presentations/mcp/logging.js';
import { GUIDE, PROMPT_NAME } from '../../src/presentations/mcp/prompt.js';
import { createServices, createSessionServer } from '../../src/presentations/mcp/server.js';

const home = mkdtempSync(join(tmpdir(), 'sextant-prompt-'));
let engine: Engine;
let client: Client;

beforeAll(async () => {
  engine = await openEngine(loadConfig({ env: { SEXTANT_HOME: home, SEXTANT_EMBEDDINGS_PROVIDER: 'none' }, configFile: join(home, 'none.yaml') }));
  const session = await engine.sessions.open({ project: 'default', user: localUser('test') });
  const services = createServices(engine, createLogger({ level: 'silent' }));
  const { server } = await createSessionServer(services, { session: session.id, project: 'default', user: localUser('test') }, { beforeCall: async () => undefined });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  client = new Client({ name: 't', version: '1' });
  await client.connect(b);
});

afterAll(async () => {
  await client?.close();
  await engine?.close();
  rmSync(home, { recursive: true, force: true });
});

describe('guide prompt', () => {
  it('names exactly the tools that are always listed', async () => {
    const listed = (await client.listTools()).tools.map((t) => t.name).sort();
    const named = [...new Set([...GUIDE.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!))].sort();
    expect(named).toEqual(listed);
  });

  it('is served as the sextant_guide prompt', async () => {
    const prompt = await client.getPrompt({ name: PROMPT_NAME });
    expect(prompt.messages[0]!.content).toEqual({ type: 'text', text: GUIDE });
  });
});

describe('tool list size', () => {
  it('fits in 3,000 tokens', async () => {
    const chars = JSON.stringify((await client.listTools()).tools).length;
    expect(Math.ceil(chars / 4)).toBeLessThanOrEqual(3000);
  });
});
