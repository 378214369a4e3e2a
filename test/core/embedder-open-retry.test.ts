/**
 * The engine opens its embedder once and shares it, but does not keep a failed open: a search
 * after one that failed to open the embedder tries again instead of failing for the life of the
 * process (an MCP server would otherwise answer every later search with the first error).
 */
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { createEngine } from '../../src/core/engine.js';
import { lexicalField } from '../../src/core/search/lexical-text.js';
import { SextantError } from '../../src/kernel/errors.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
afterAll(() => home.cleanup());

it('tries to open the embedder again after a failed open, and keeps the one that opened', async () => {
  const store = await openSqliteStore(join(home.dir, 'index.sqlite'), { vector: 'js' });
  let opens = 0;
  const engine = createEngine({
    store,
    connectors: new Map(),
    embedder: async () => {
      opens++;
      if (opens === 1) throw new SextantError('INDEX_CORRUPT', 'the word-vector cache was unusable');
      return null;
    },
    lexical: lexicalField,
  });
  try {
    await expect(engine.query('customer email')).rejects.toThrow(/word-vector cache was unusable/);
    await expect(engine.query('customer email')).resolves.toBeDefined();
    await expect(engine.query('order lines')).resolves.toBeDefined();
    expect(opens).toBe(2);
  } finally {
    await engine.close();
  }
});
