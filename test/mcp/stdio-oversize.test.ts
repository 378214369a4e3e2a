/**
 * One stdin message over 10 MB used to end the stdio session with no answer and no log line.
 * Now it is answered with a JSON-RPC error naming the limit, logged, and the session goes on.
 * The official SDK client over a real process.
 */
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/temp-home.js';
import { connectStdio } from './fixture.js';

const home = tempHome();
afterAll(() => home.cleanup());

describe('an oversize message over stdio', () => {
  it('is answered with an error and the session keeps serving', async () => {
    const { client, stderr } = await connectStdio({ ...process.env, SEXTANT_HOME: home.dir, SEXTANT_EMBEDDINGS_PROVIDER: 'none' });
    try {
      const huge = client.callTool({ name: 'deep_search', arguments: { query: 'x'.repeat(11 * 1024 * 1024) } });
      const err = await huge.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(McpError);
      expect((err as McpError).code).toBe(-32600);
      expect((err as McpError).message).toMatch(/over the 10 MB limit; nothing was run/);
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).toContain('deep_search');
      expect(stderr()).toMatch(/"event":"message_too_large"/);
    } finally {
      await client.close();
    }
  }, 60_000);
});
