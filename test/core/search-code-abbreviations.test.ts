/**
 * Code chunks spell out the abbreviations of their words (core/kinds/code/code-chunks.ts): a
 * question in full words finds `wsLink.ts`, whose words are `ws` and `link`. A real engine over a
 * git repository (no embeddings: the lexical side alone).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Engine } from '../../src/core/engine.js';
import { commitFiles, engineOverTree } from '../helpers/code-repo.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
let engine: Engine;

const FILES: Record<string, string> = {
  'src/links/wsLink.ts':
    "import { createWsClient } from './wsClient';\nexport function wsLink(opts: { url: string }) {\n  const ws = createWsClient(opts.url);\n  return (op: string) => ws.send(op);\n}\n",
  'src/links/wsClient.ts':
    'export function createWsClient(url: string) {\n  const ws = new WebSocket(url);\n  return { send: (op: string) => ws.send(op) };\n}\n',
  'src/links/httpLink.ts': 'export function httpLink(opts: { url: string }) {\n  return (op: string) => fetch(opts.url, { body: op });\n}\n',
  'src/links/splitLink.ts': 'export function splitLink(left: unknown, right: unknown) {\n  return [left, right];\n}\n',
  'src/server/upgrade.ts':
    '/** Accepts a websocket upgrade request and keeps the websocket open. */\nexport function upgrade(socket: unknown) {\n  return socket;\n}\n',
};

beforeAll(async () => {
  const repo = join(home.dir, 'links');
  commitFiles(repo, FILES);
  engine = await engineOverTree(home.dir, 'links', repo);
}, 60_000);

afterAll(async () => {
  await engine?.close();
  home.cleanup();
});

const files = async (query: string) => (await engine.search(query, { kinds: ['code_file'], limit: 5 })).hits.map((h) => h.objectId.split(':')[2]);

it('"websocket link" finds wsLink.ts first', async () => {
  expect((await files('websocket link'))[0]).toBe('src/links/wsLink.ts');
});

it('the symbol wsLink is found by the spelled-out word too', async () => {
  const hits = (await engine.search('websocket link', { kinds: ['code_symbol'], limit: 3 })).hits.map((h) => h.objectId.split('#')[1]);
  expect(hits[0]).toBe('wsLink');
});
