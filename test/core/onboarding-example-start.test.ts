/**
 * A plan seeded by its topic starts in the library, not in its `examples/` folder (issue 16): an
 * example says the library's words in its users' code, so it leads the word search (on trpc,
 * "how does a subscription get its data over websockets" started at an example app's page).
 * A request that asks for an example starts at one. A real engine over a git repository.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Engine } from '../../src/core/engine.js';
import { commitFiles, engineOverTree } from '../helpers/code-repo.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
let engine: Engine;

const FILES: Record<string, string> = {
  'examples/chat/server.ts':
    "import { subscribe } from '../../src/subscription';\n// How the chat delivers its websocket subscription data: a websocket subscription per room\nexport const deliverWebsocketSubscriptionData = subscribe('websocket subscription');\n",
  'examples/chat/client.ts':
    "import { deliverWebsocketSubscriptionData } from './server';\n// the websocket subscription client of the chat: its data delivered\nexport const websocketSubscriptionClient = deliverWebsocketSubscriptionData;\n",
  'src/subscription.ts': '/** Delivers a subscription to its listeners. */\nexport function subscribe(name: string) { return name; }\n',
  'src/pool.ts': 'export class Pool { open() { return 1; } }\n',
};

beforeAll(async () => {
  const repo = join(home.dir, 'lib');
  commitFiles(repo, FILES);
  engine = await engineOverTree(home.dir, 'lib', repo);
}, 60_000);

afterAll(async () => {
  await engine?.close();
  home.cleanup();
});

it('starts in the library though an example leads the word search', async () => {
  const hits = await engine.search('websocket subscription', { kinds: ['code_file'], limit: 5 });
  expect(hits.hits[0]!.objectId).toMatch(/^lib:code_file:examples\//);
  const r = await engine.onboardingPlan({ request: 'how does a websocket subscription deliver its data' });
  expect(r.context.seedId).toBe('src/subscription.ts');
  // the examples are still in the plan: they import the seed
  expect(r.context.relatedFiles).toContain('examples/chat/server.ts');
});

it('starts at an example when the request asks for one', async () => {
  const r = await engine.onboardingPlan({ request: 'an example of a websocket subscription' });
  expect(r.context.seedId).toMatch(/^examples\/chat\//);
});
