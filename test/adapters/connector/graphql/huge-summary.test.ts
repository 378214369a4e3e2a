/**
 * The real 2 MB `schema_summary` of the query-engine e2e stack (../shared/hugr/fixtures/real),
 * served by the Hugr test server with introspection disabled, indexed end to end (mapping,
 * chunks, builtin embeddings, SQLite). Reports time and memory; checks the prefixed as_module
 * names and the nested rest_api.test functions came through.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBuiltinCache, loadBuiltinEmbedder } from '../../../../src/adapters/embedder/builtin/index.js';
import { createGraphqlConnector } from '../../../../src/adapters/connector/graphql/index.js';
import { openSqliteStore } from '../../../../src/adapters/store/sqlite/index.js';
import { createEngine, type Engine } from '../../../../src/core/engine.js';
import { lexicalField } from '../../../../src/core/search/lexical-text.js';
import { SECRET, acmeServerOptions } from '../../../helpers/acme-deployment.js';
import { readFixture } from '../../../helpers/hugr-fixtures.js';
import { type HugrTestServer, startHugrServer } from '../../../helpers/hugr-test-server.js';
import { SHARED_MODELS_DIR } from '../../../helpers/models.js';
import { tempHome } from '../../../helpers/temp-home.js';

const home = tempHome();
let server: HugrTestServer;
let engine: Engine;
let summaryChars = 0;

beforeAll(async () => {
  const text = readFixture('real/query-engine/schema_summary/expected.json.gz');
  summaryChars = text.length;
  const summary = JSON.parse(text).data.function.core.meta.schema_summary;
  server = await startHugrServer({ ...acmeServerOptions(), summary, introspectionDisabled: true });
  const cache = join(SHARED_MODELS_DIR, 'builtin-glove100.bin');
  if (!existsSync(cache)) await buildBuiltinCache(cache);
  const embedder = await loadBuiltinEmbedder(cache);
  engine = createEngine({
    store: await openSqliteStore(join(home.dir, 'index.sqlite'), { vector: 'js' }),
    connectors: new Map([['hugr', createGraphqlConnector({ type: 'hugr', env: { S: SECRET } })]]),
    embedder: async () => embedder,
    lexical: lexicalField,
  });
  await engine.addSource({ name: 'e2e', type: 'hugr', url: server.url, options: { secretKeyEnv: 'S' } });
}, 60_000);

afterAll(async () => {
  await engine?.close();
  await server?.close();
  home.cleanup();
});

it('indexes the real 2 MB schema_summary and reports time and memory', async () => {
  expect(summaryChars).toBeGreaterThan(1_900_000);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const run = await engine.update({ source: 'e2e' });
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const report = run.reports[0]!;
  console.log(
    `[huge schema_summary] ${(summaryChars / 2 ** 20).toFixed(2)} MB JSON → ${report.objects} objects, ${report.chunksEmbedded} chunks embedded in ${seconds.toFixed(2)} s; heap +${heapMb.toFixed(0)} MB, peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB`,
  );
  expect(report.status).toBe('updated');

  const products = await engine.get('e2e:data_object:pg_store.products');
  expect(products.object.attributes).toMatchObject({
    typeName: 'pg_store_products',
    originalName: 'products',
    dataSource: 'pg_store',
    graphqlPath: 'query.pg_store.products',
  });
  const fns = await engine.graphql.listDataObjects({ source: 'e2e', module: 'rest_api.test' });
  expect(fns.functions.length).toBe(2);
  expect(fns.functions.every((f) => f.graphqlPath?.startsWith('function.rest_api.test.'))).toBe(true);
  const sources = await engine.graphql.listDataSources('e2e');
  expect(sources.find((s) => s.name === 'ext_bridge')).toMatchObject({ asModule: false, prefix: 'ext_bridge' });
  const hits = await engine.search('products category', { sources: ['e2e'], kinds: ['data_object'] });
  expect(hits.hits.map((h) => h.id)).toContain('e2e:data_object:pg_store.products');
}, 120_000);
