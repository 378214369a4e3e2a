/**
 * `sextant update` of a code source indexed by another release, through the built CLI: the files
 * stored are rewritten through the Store port as the previous code scan wrote them (the same
 * objects, with the scan version before this one, hashed as the plan hashes them), or as the next
 * one would after a downgrade (the version after this one), so the next update re-reads every
 * file. A file whose text did not change is counted as rescanned by a different reader version,
 * not as changed, in either direction; a file edited meanwhile still counts as changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { groupByResource, historyAttributesOf, resourceHashOf, sourceHashOf } from '../../src/core/ingest/plan-update.js';
import { codeKind } from '../../src/core/kinds/code/code-kind.js';
import { CODE_FILE_KIND, CODE_SCAN_VERSION } from '../../src/ports/code.js';
import type { ResourceWrite } from '../../src/ports/store.js';
import { cliEnv, runCli } from '../helpers/cli.js';
import { indexShopRepo, SHOP_FILES, shopGit } from '../helpers/code-repo.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'shop');
const FILES = Object.keys(SHOP_FILES).length;
const OLDER_SCAN = CODE_SCAN_VERSION - 1;
const NEWER_SCAN = CODE_SCAN_VERSION + 1;
const git = shopGit(repo);
const update = (...more: string[]) => runCli(['update', '--source', 'shop', ...more], env, { timeoutMs: 120_000 });

/** Rewrites the stored index of `shop` as scan `version` would have written it: every file's `scan` that version. */
async function storeAsScan(version: number): Promise<void> {
  const store = await openSqliteStore(join(home.dir, 'index.sqlite'));
  try {
    const objects = (await store.sourceObjects('shop')).map((o) => (o.kind === CODE_FILE_KIND ? { ...o, attributes: { ...o.attributes, scan: version } } : o));
    const groups = groupByResource({ objects, edges: await store.sourceEdges('shop'), info: {} });
    const history = historyAttributesOf(codeKind);
    const changed: ResourceWrite[] = [...groups].map(([resource, g]) => ({ resource, hash: resourceHashOf(g, history).hash, ...g }));
    await store.applySourceUpdate({
      source: 'shop',
      sourceHash: sourceHashOf(new Map(changed.map((w) => [w.resource, w.hash]))),
      changed,
      removedResources: [],
      chunks: { upsert: [], remove: [], effectiveContexts: [] },
      outcome: { at: new Date().toISOString(), ok: true, message: 'updated', added: FILES, changed: 0, removed: 0, durationMs: 1 },
    });
    expect((await store.sourceObjects('shop')).filter((o) => o.kind === CODE_FILE_KIND && o.attributes.scan === version)).toHaveLength(FILES);
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  const first = await indexShopRepo(repo, env);
  expect(first.code, first.stderr).toBe(0);
  expect(first.json.reports[0]).toMatchObject({ status: 'updated', added: FILES, changed: 0, history: 0, rescanned: 0 });
}, 180_000);

afterAll(() => home.cleanup());

describe('update of a code source indexed by an older scan', () => {
  it('nothing changed in the repository: every file rescanned by a different reader version, none changed, stored with the current scan', async () => {
    await storeAsScan(OLDER_SCAN);
    const run = await update('--json');
    expect(run.code, run.stderr).toBe(0);
    expect(run.json.reports[0]).toMatchObject({ status: 'updated', added: 0, changed: 0, history: 0, rescanned: FILES, removed: 0 });
    // rewritten by this release's scan: the next update finds nothing to do
    expect((await update('--json')).json.reports[0]).toMatchObject({ status: 'unchanged', changed: 0, rescanned: 0 });
  });

  it('one file edited and committed meanwhile: 1 changed, every other file rescanned, said in the human output', async () => {
    await storeAsScan(OLDER_SCAN);
    writeFileSync(join(repo, 'src/billing/pay.ts'), `${readFileSync(join(repo, 'src/billing/pay.ts'), 'utf8')}// retries\n`);
    git('commit', '-qam', 'Retry card charges');
    const run = await update();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^shop: 0 added, 1 changed, ${FILES - 1} rescanned by a different reader version, 0 removed resources; `, 'm'));
  });
});

describe('update of a code source indexed by a newer scan (after a downgrade)', () => {
  it('nothing changed in the repository: every file rescanned, none changed, worded without calling the running scan newer', async () => {
    await storeAsScan(NEWER_SCAN);
    const run = await update();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^shop: 0 added, 0 changed, ${FILES} rescanned by a different reader version, 0 removed resources; `, 'm'));
    expect(run.stdout).not.toContain('newer');
    // stored with the running scan now: the next update finds nothing to do
    const again = await update('--json');
    expect(again.json.reports[0]).toMatchObject({ status: 'unchanged', changed: 0, rescanned: 0 });
  });

  it('--json counts them in the same field', async () => {
    await storeAsScan(NEWER_SCAN);
    const run = await update('--json');
    expect(run.code, run.stderr).toBe(0);
    expect(run.json.reports[0]).toMatchObject({ status: 'updated', added: 0, changed: 0, history: 0, rescanned: FILES, removed: 0 });
  });
});
