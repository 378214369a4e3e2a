/**
 * The README's main job end to end: `sextant demo` starts the embedded PostgreSQL (PGlite),
 * registers source `demo`, indexes it through the ordinary postgres connector with the builtin
 * embedder, and the catalog is then usable with no database running.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { SHARED_MODELS_DIR } from '../helpers/models.js';
import { tempHome } from '../helpers/temp-home.js';

describe('sextant demo (embedded PGlite)', () => {
  const home = tempHome();
  const env = cliEnv(home.dir, { SEXTANT_EMBEDDINGS_PROVIDER: 'builtin', SEXTANT_MODELS_DIR: SHARED_MODELS_DIR });
  afterAll(() => home.cleanup());

  it('indexes the sample database on a first run and finds nothing changed on the second', async () => {
    const first = await runCli(['demo', '--json'], env, { timeoutMs: 120_000 });
    expect(first.code, first.stderr).toBe(0);
    expect(first.json.freshDatabase).toBe(true);
    expect(first.json.update.reports[0].status).toBe('updated');
    const kinds = first.json.index.countsByKind;
    expect(kinds.table).toBeGreaterThanOrEqual(25);
    expect(kinds.materialized_view).toBe(1);
    expect(kinds.function + kinds.procedure).toBeGreaterThanOrEqual(4);
    expect(first.json.index.vectors).toBe(first.json.index.chunks);

    const second = await runCli(['demo', '--json'], env, { timeoutMs: 120_000 });
    expect(second.code, second.stderr).toBe(0);
    expect(second.json.freshDatabase).toBe(false);
    expect(second.json.update.reports[0].status).toBe('unchanged');
  }, 240_000);

  it('get shows columns, keys and dependencies with no database running, and contexts are inherited', async () => {
    const ctx = await runCli(['context', 'add', 'sextant://demo/shop.sales_order', 'One row per checkout; cancelled orders keep status=cancelled'], env);
    expect(ctx.code, ctx.stderr).toBe(0);
    const got = await runCli(['get', 'demo:table:shop.sales_order', '--json'], env);
    expect(got.code, got.stderr).toBe(0);
    expect(got.json.columns.length).toBeGreaterThan(5);
    expect(got.json.constraints.some((c: { attributes: { type: string } }) => c.attributes.type === 'primary_key')).toBe(true);
    expect(got.json.outgoing.some((e: { kind: string }) => e.kind === 'foreign_key')).toBe(true);
    expect(got.json.incoming.length).toBeGreaterThan(0);
    const column = got.json.columns[0].id as string;
    const col = await runCli(['get', column, '--json'], env);
    expect(col.json.effectiveContext).toContain('One row per checkout');
  });

  it('query finds the materialized view for a business question, deterministically', async () => {
    const a = await runCli(['query', 'monthly revenue by product category', '--kind', 'table,view,materialized_view', '--json'], env);
    expect(a.code, a.stderr).toBe(0);
    const ids = a.json.hits.map((h: { objectId: string }) => h.objectId);
    expect(ids.slice(0, 3)).toContain('demo:materialized_view:billing.monthly_revenue_by_category');
    const b = await runCli(['query', 'monthly revenue by product category', '--kind', 'table,view,materialized_view', '--json'], env);
    expect(b.json.hits.map((h: { objectId: string }) => h.objectId)).toEqual(ids);
    for (const h of a.json.hits) (expect(h.score).toBeGreaterThanOrEqual(0), expect(h.score).toBeLessThanOrEqual(1));
    const scores = a.json.hits.map((h: { score: number }) => h.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
  });
});
