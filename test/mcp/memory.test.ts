/**
 * A long session over one keep-alive connection keeps memory flat (issue 11 §2): the SDK's
 * transport kept every answered JSON response of a session (about the size of the answer a
 * call) until the session closed, and 16 busy clients grew the heap until it died. Here one SDK
 * client on loopback HTTP makes a few hundred calls of a tool with a 32 KB answer; the heap
 * after a full collection grows by far less than those answers add up to (about 10 MB before
 * the fix).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineTool } from '../../src/presentations/mcp/tool-registry.js';
import { call, startWithHttpClient, type HttpSetup } from './fixture.js';

const ANSWER_CHARS = 32 * 1024;
const CALLS = 300;
const MAX_GROWTH_BYTES = 3 * 1024 * 1024;

const bulky = defineTool({
  name: 'bulky',
  title: 'Bulky',
  description: 'Test only: a 32 KB answer.',
  access: 'read',
  input: {},
  run: async () => ({ structured: { size: ANSWER_CHARS }, text: 'x'.repeat(ANSWER_CHARS) }),
});

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterCollection(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

let setup: HttpSetup;

beforeAll(async () => {
  setup = await startWithHttpClient({ extraTools: [bulky] });
}, 180_000);

afterAll(async () => {
  await setup?.close();
});

describe('memory over a long keep-alive session', () => {
  it(`${CALLS} calls with 32 KB answers grow the heap by less than 3 MB`, async () => {
    for (let i = 0; i < 20; i++) await call(setup.client, 'bulky');
    const before = heapAfterCollection();
    for (let i = 0; i < CALLS; i++) expect((await call(setup.client, 'bulky')).text).toHaveLength(ANSWER_CHARS);
    const growth = heapAfterCollection() - before;
    expect(growth).toBeLessThan(MAX_GROWTH_BYTES);
  });
});
