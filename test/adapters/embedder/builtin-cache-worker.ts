/**
 * Child process of builtin-cache-concurrency.test.ts, from a small wink JSON and starting only when
 * the test creates `<barrier>/go`, so every worker starts at the same moment. Mode `ensure` opens
 * the builtin embedder the way the app does on first use (ensureBuiltinEmbedder); mode `build`
 * builds the cache unconditionally and then loads it, as the benches and tests that share a models
 * folder do. Prints one JSON line: whether this worker built the cache, the vectors of a few probe
 * texts (hex of their float32 bytes) or the error.
 * Usage: node --import tsx builtin-cache-worker.ts ensure|build <cache path> <wink json> <barrier dir> <worker id> <probes as JSON>
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBuiltinCache, ensureBuiltinEmbedder, loadBuiltinEmbedder } from '../../../src/adapters/embedder/builtin/index.js';
import { isSextantError } from '../../../src/kernel/errors.js';

const [mode, cachePath, sourcePath, barrier, id, probes] = process.argv.slice(2) as [string, string, string, string, string, string];
writeFileSync(join(barrier, `ready-${id}`), '');
while (!existsSync(join(barrier, 'go'))) await new Promise((resolve) => setTimeout(resolve, 2));
let built = false;
try {
  const onProgress = (): void => void (built = true);
  const embedder =
    mode === 'build'
      ? await buildBuiltinCache(cachePath, onProgress, { sourcePath }).then(() => loadBuiltinEmbedder(cachePath))
      : await ensureBuiltinEmbedder(cachePath, onProgress, { sourcePath });
  const vectors = (await embedder.embed(JSON.parse(probes) as string[])).map((v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex'));
  console.log(JSON.stringify({ ok: true, pid: process.pid, built, vectors }));
} catch (err) {
  console.log(JSON.stringify({ ok: false, pid: process.pid, error: `${isSextantError(err) ? `${err.code}: ` : ''}${(err as Error).message}` }));
}
