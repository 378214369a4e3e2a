/**
 * `sextant update` of a code source after new commits, through the built CLI: a file whose
 * content changed is counted as changed, and the files a commit only moved in the log (their
 * history attributes: commit counts, places in the log) are counted apart as history only; a
 * commit that touches no file of the tree changes nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { indexShopRepo, SHOP_FILES, shopGit } from '../helpers/code-repo.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'shop');
const FILES = Object.keys(SHOP_FILES).length;
const git = shopGit(repo);
const update = (...more: string[]) => runCli(['update', '--source', 'shop', ...more], env, { timeoutMs: 120_000 });

beforeAll(async () => {
  const first = await indexShopRepo(repo, env);
  expect(first.code, first.stderr).toBe(0);
  expect(first.json.reports[0]).toMatchObject({ status: 'updated', added: FILES, changed: 0, history: 0 });
}, 180_000);

afterAll(() => home.cleanup());

describe('update of a code source after new commits', () => {
  it('one file edited and committed: 1 changed, every other file history only', async () => {
    writeFileSync(join(repo, 'src/billing/pay.ts'), `${readFileSync(join(repo, 'src/billing/pay.ts'), 'utf8')}// retries\n`);
    git('commit', '-qam', 'Retry card charges');
    const run = await update('--json');
    expect(run.code, run.stderr).toBe(0);
    expect(run.json.reports[0]).toMatchObject({ status: 'updated', added: 0, changed: 1, history: FILES - 1, removed: 0 });
    // the history is stored updated: the file another commit moved says so
    const got = await runCli(['get', 'shop:file:src/billing/pay.ts'], env);
    expect(got.stdout).toMatch(/^last commit: Retry card charges$/m);
    expect((await update('--json')).json.reports[0]).toMatchObject({ status: 'unchanged', changed: 0, history: 0 });
  });

  it('a commit of a file that is not code: nothing changed, every file history only, said in the human output', async () => {
    writeFileSync(join(repo, 'NOTES.txt'), 'release notes\n');
    git('add', 'NOTES.txt');
    git('commit', '-qm', 'Release notes');
    const run = await update();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^shop: 0 added, 0 changed, ${FILES} with new history only, 0 removed resources; `, 'm'));
  });

  it('an empty commit reports no change', async () => {
    git('commit', '-q', '--allow-empty', '-m', 'Nothing');
    const run = await update('--json');
    expect(run.code, run.stderr).toBe(0);
    // git log of the tree leaves out a commit that changed none of its files: no place in the log moved
    expect(run.json.reports[0]).toMatchObject({ status: 'unchanged', added: 0, changed: 0, history: 0, removed: 0 });
  });
});
