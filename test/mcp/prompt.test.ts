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
  const { server } = await createSessionServer(
    services,
    { session: session.id, project: 'default', user: localUser('test') },
    { beforeCall: async () => undefined },
  );
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
  it('names every tool, write tools included, and only tools that exist', async () => {
    const named = [...new Set([...GUIDE.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!))].sort();
    const readAndSession = (await client.listTools()).tools.map((t) => t.name);
    await engine.projects.set('default', 'developer-tools', 'on');
    try {
      await client.callTool({ name: 'status', arguments: {} }); // a call syncs the write tools
      const all = (await client.listTools()).tools.map((t) => t.name).sort();
      expect(all.length).toBeGreaterThan(readAndSession.length);
      expect(named).toEqual(all);
    } finally {
      await engine.projects.set('default', 'developer-tools', 'off');
    }
  });

  it('is served as the sextant_guide prompt', async () => {
    const prompt = await client.getPrompt({ name: PROMPT_NAME });
    expect(prompt.messages[0]!.content).toEqual({ type: 'text', text: GUIDE });
  });
});

describe('tool list size', () => {
  // Tokens are estimated as characters / 4 of the tools/list JSON (the usual rule of thumb for English and JSON).
  it('fits in 1,500 tokens with every family registered and developer tools off, in the compact shape', async () => {
    await client.callTool({ name: 'status', arguments: {} }); // developer tools are off: write tools unlisted
    const list = await client.listTools();
    const chars = JSON.stringify(list).length;
    console.log(`tools/list: ${list.tools.length} tools, ${chars} characters, ~${Math.ceil(chars / 4)} tokens`);
    expect(Math.ceil(chars / 4)).toBeLessThanOrEqual(1500);
    for (const tool of list.tools) {
      expect(tool.inputSchema).not.toHaveProperty('$schema');
      expect(tool.annotations ?? {}).not.toHaveProperty('title');
      // an integer nothing bounds is advertised without zod's safe-integer bounds
      expect(JSON.stringify(tool.inputSchema)).not.toContain(String(Number.MAX_SAFE_INTEGER));
    }
  });

  it('keeps the old step names callable though unlisted', async () => {
    const listed = (await client.listTools()).tools.map((t) => t.name);
    for (const alias of ['list_schemas', 'search', 'list_data_sources', 'list_modules', 'list_data_objects']) {
      expect(listed).not.toContain(alias);
      const result = await client.callTool({
        name: alias,
        arguments:
          alias === 'search' ? { query: 'orders' } : alias === 'list_schemas' ? { source: 'nope' } : alias === 'list_data_objects' ? { module: '' } : {},
      });
      const text = (result.content as Array<{ text: string }>)[0]!.text;
      expect(text).not.toMatch(/unknown tool/);
    }
  });
});
