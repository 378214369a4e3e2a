/**
 * Search through the built CLI on a realistic catalog (the bundled sample schema loaded into the
 * real PostgreSQL): lexical, vector and hybrid search, filters, explain, the rerank hook, and
 * switching the embedding model (re-embeds, never mixes).
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSampleSql } from '../../src/demo/sample-database.js';
import { cliEnv, runCli } from '../helpers/cli.js';
import { SHARED_MODELS_DIR } from '../helpers/models.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';
import { writeTinyOnnxModel } from '../helpers/tiny-onnx-model.js';

describe('search commands on the sample catalog', () => {
  let db: TempDatabase;
  const home = tempHome();
  const env = cliEnv(home.dir, { SEXTANT_EMBEDDINGS_PROVIDER: 'builtin', SEXTANT_MODELS_DIR: SHARED_MODELS_DIR });
  const run = (args: string[], extra: Record<string, string> = {}) => runCli(args, { ...env, ...extra });
  const ids = (r: { json: { hits: Array<{ objectId: string }> } }) => r.json.hits.map((h) => h.objectId);

  beforeAll(async () => {
    db = await createTempDatabase('sxt_search');
    for (const sql of loadSampleSql()) await db.exec(sql);
    const reader = await db.createRole(
      'sxt_search_reader',
      'GRANT USAGE ON SCHEMA shop, billing, support TO {role}; GRANT SELECT ON ALL TABLES IN SCHEMA shop, billing, support TO {role};',
    );
    expect((await run(['init'])).code).toBe(0);
    expect((await run(['source', 'add', reader.dsn, '--name', 'shop'])).code).toBe(0);
    const update = await run(['update', '--json']);
    expect(update.code, update.stderr).toBe(0);
  }, 180_000);

  afterAll(async () => {
    await db?.drop();
    home.cleanup();
  });

  it('describe and schemas: a source, a schema, a table with its joins; a bare table word suggests ids', async () => {
    const schemas = await run(['schemas', 'shop', '--json']);
    expect(schemas.code, schemas.stderr).toBe(0);
    expect(schemas.json.schemas.map((s: { name: string }) => s.name).sort()).toEqual(['billing', 'public', 'shop', 'support']);
    const table = await run(['describe', 'shop:table:shop.sales_order', '--json']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.json).toMatchObject({ family: 'catalog', level: 'object', id: 'shop:table:shop.sales_order' });
    expect(table.json.columns.map((c: { name: string }) => c.name)).toContain('status');
    const text = await run(['describe', 'sextant://shop/shop']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('table shop:table:shop.sales_order');
    const word = await run(['describe', 'sales_order', '--json']);
    expect(word.code).toBe(1);
    expect(word.json.error.suggestions).toContain('shop:table:shop.sales_order');
  });

  it('search (BM25) finds columns by words and by the identifiers themselves', async () => {
    const words = await run(['search', 'customer email', '--json']);
    expect(words.code, words.stderr).toBe(0);
    expect(words.json.mode).toBe('lexical');
    expect(ids(words).slice(0, 3)).toContain('shop:column:shop.customer.email');
    const ident = await run(['search', 'legacy_cust_no', '--json']);
    expect(ids(ident)[0]).toBe('shop:column:shop.customer.legacy_cust_no');
  });

  it('vsearch finds by meaning, query fuses both and explains itself', async () => {
    const vec = await run(['vsearch', 'how much money did each client spend', '-n', '10', '--json']);
    expect(vec.code, vec.stderr).toBe(0);
    expect(vec.json.hits.length).toBe(10);
    expect(vec.json.hits.every((h: { explain?: unknown }) => h.explain === undefined)).toBe(true);

    const q = await run(['query', 'monthly revenue by product category', '--kind', 'table,view,materialized_view', '--explain', '--json']);
    expect(q.code, q.stderr).toBe(0);
    expect(ids(q)[0]).toBe('shop:materialized_view:billing.monthly_revenue_by_category');
    const top = q.json.hits[0];
    expect(top.explain.lexicalRank).not.toBeNull();
    expect(top.explain.vectorRank).not.toBeNull();
    expect(top.score).toBeGreaterThan(0);
    expect(top.score).toBeLessThanOrEqual(1);
    const text = await run(['query', 'monthly revenue by product category', '--explain']);
    expect(text.stdout).toMatch(/lexical rank \d+, vector rank \d+, fused/);
  });

  it('leads with the object a query names, and says so', async () => {
    const q = await run(['query', 'sales order', '--explain', '--json']);
    expect(q.code, q.stderr).toBe(0);
    expect(ids(q)[0]).toBe('shop:table:shop.sales_order');
    expect(q.json.hits[0].explain.named).toBe('name');
    const text = await run(['search', 'billing.invoice', '--explain']);
    expect(text.stdout.split('\n')[0]).toContain('shop:table:billing.invoice');
    expect(text.stdout).toMatch(/fused [\d.]+ \(bonus [\d.]+\), first: the query is its whole name/);
  });

  it('searches a misspelt query respelt when it finds nothing sure, suggests otherwise, and --as-typed keeps it', async () => {
    const respelt = await run(['query', 'invoce', '--json']);
    expect(respelt.code, respelt.stderr).toBe(0);
    expect(respelt.json).toMatchObject({ query: 'invoice', correctedFrom: 'invoce' });
    expect(ids(respelt)[0]).toBe('shop:table:billing.invoice');
    const text = await run(['search', 'invoce']);
    expect(text.stdout.split('\n')[0]).toBe('showing results for "invoice": nothing matched "invoce" well (`--as-typed` searches it as typed)');
    const typed = await run(['query', 'invoce', '--as-typed', '--json']);
    expect(typed.json.query).toBe('invoce');
    expect(typed.json.correctedFrom).toBeUndefined();
  });

  it('finds cryptic legacy tables through spelled-out abbreviations', async () => {
    const q = await run(['query', 'invoice line item quantity', '--kind', 'table', '-n', '5', '--json']);
    expect(ids(q)).toContain('shop:table:billing.inv_ln_itm');
  });

  it('filters by kind, source and minimum score, and rejects bad flags as usage errors', async () => {
    const cols = await run(['query', 'ticket priority', '--kind', 'column', '--json']);
    expect(cols.json.hits.every((h: { kind: string }) => h.kind === 'column')).toBe(true);
    const min = await run(['query', 'ticket priority', '--min-score', '0.5', '--json']);
    expect(min.json.hits.every((h: { score: number }) => h.score >= 0.5)).toBe(true);
    const none = await run(['query', 'ticket priority', '--source', 'nope', '--json']);
    expect(none.code).toBe(1);
    expect(none.json.error.code).toBe('SOURCE_NOT_FOUND');
    const bad = await run(['query', 'x', '-n', '0']);
    expect(bad.code).toBe(2);
    const long = await run(['query', 'ticket priority', '--limit', '3', '--json']);
    expect(long.json.hits).toHaveLength(3);
    const badScore = await run(['query', 'x', '--min-score', '7']);
    expect(badScore.code).toBe(2);
  });

  it('gives the same order for the same index and query, every time', async () => {
    const first = ids(await run(['query', 'refund of a payment for a support ticket', '-n', '15', '--json']));
    for (let i = 0; i < 3; i++) expect(ids(await run(['query', 'refund of a payment for a support ticket', '-n', '15', '--json']))).toEqual(first);
  });

  it('applies a rerank hook, and keeps the fused order when the hook fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sextant-hook-'));
    const reverse = join(dir, 'reverse.mjs');
    writeFileSync(
      reverse,
      "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const p=JSON.parse(s);console.log(JSON.stringify(p.results.map(r=>r.id).reverse()))});",
    );
    const broken = join(dir, 'broken.sh');
    writeFileSync(broken, '#!/bin/sh\necho "not json"\n');
    chmodSync(broken, 0o755);
    const fused = await run(['query', 'customer address', '-n', '5', '--json']);
    const reversed = await run(['query', 'customer address', '-n', '5', '--json'], { SEXTANT_RERANK_HOOK: `node ${reverse}` });
    expect(reversed.json.rerank).toEqual({ applied: true, error: null });
    expect(ids(reversed)).toEqual([...ids(fused)].reverse());
    const failed = await run(['query', 'customer address', '-n', '5', '--json'], { SEXTANT_RERANK_HOOK: broken });
    expect(failed.json.rerank.applied).toBe(false);
    expect(failed.json.rerank.error).toMatch(/json/i);
    expect(ids(failed)).toEqual(ids(fused));
  });

  it('a model change re-embeds everything instead of mixing vectors', async () => {
    const modelDir = mkdtempSync(join(tmpdir(), 'sextant-tiny-onnx-'));
    writeTinyOnnxModel(modelDir);
    const init = await run(['init', '--model-path', modelDir, '--json']);
    expect(init.code, init.stderr).toBe(0);
    expect(init.json.provider).toBe('onnx');
    const onnxEnv = { SEXTANT_EMBEDDINGS_PROVIDER: 'onnx', SEXTANT_EMBEDDINGS_MODEL_PATH: modelDir };
    const update = await run(['update', '--json'], onnxEnv);
    expect(update.code, update.stderr).toBe(0);
    expect(update.json.reembedded).toBeGreaterThan(100);
    const status = await run(['status', '--json'], onnxEnv);
    expect(status.json.index.embeddingModel.dimension).toBe(8);
    expect(status.json.index.vectors).toBe(status.json.index.chunks);
    const back = await run(['update', '--json']);
    expect(back.json.reembedded).toBe(update.json.reembedded);
    const builtin = await run(['status', '--json']);
    expect(builtin.json.index.embeddingModel.dimension).toBe(100);
  });
});
