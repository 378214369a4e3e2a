/**
 * Child process of builtin-cache-concurrency.test.ts: opens the builtin embedder the way the app
 * does on first use (ensureBuiltinEmbedder: load, else build then load) from a small wink JSON,
 * starting only when the test creates `<barrier>/go`, so every worker starts at the same moment.
 * Prints one JSON line: the vectors of a few probe texts (hex of their float32 bytes) or the error.
 * Usage: node --import tsx builtin-cache-worker.ts <cache path> <wink json> <barrier dir> <worker id> <probes as JSON>
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuiltinEmbedder } from '../../../src/adapters/embedder/builtin/index.js';
import { isSextantError } from '../../../src/kernel/errors.js';

const [cachePath, sourcePath, barrier, id, probes] = process.argv.slice(2) as [string, string, string, string, string];
writeFileSync(join(barrier, `ready-${id}`), '');
while (!existsSync(join(barrier, 'go'))) await new Promise((resolve) => setTimeout(resolve, 2));
try {
  const embedder = await ensureBuiltinEmbedder(cachePath, undefined, { sourcePath });
  const vectors = (await embedder.embed(JSON.parse(probes) as string[])).map((v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex'));
  console.log(JSON.stringify({ ok: true, pid: process.pid, vectors }));
} catch (err) {
  console.log(JSON.stringify({ ok: false, pid: process.pid, error: `${isSextantError(err) ? `${err.code}: ` : ''}${(err as Error).message}` }));
}
