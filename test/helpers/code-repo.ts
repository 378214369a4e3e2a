/** Test helper: a small TypeScript repository (a shop: billing, users, mail, utilities) as a git working tree. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { Engine } from '../../src/core/engine.js';
import { runCli, type CliResult } from './cli.js';
import { SHARED_MODELS_DIR } from './models.js';

export const SHOP_FILES: Record<string, string> = {
  'src/index.ts': "/** Starts the shop server. */\nimport { route } from './http/router.js';\nexport function start() { return route; }\n",
  'src/http/router.ts':
    "/** Maps HTTP paths to handlers. */\nimport { payInvoice } from '../billing/pay.js';\nimport { signUp } from '../users/signup.js';\nexport const route = { payInvoice, signUp };\n",
  'src/billing/pay.ts':
    "/** Pays an invoice: charges the card through the gateway and books the payment. */\nimport { charge } from './gateway.js';\nimport { Invoice } from './invoice.js';\nexport async function payInvoice(i: Invoice) { return charge(i.total); }\n",
  'src/billing/gateway.ts':
    "/** Card payment gateway client. */\nimport { retry } from '../util/retry.js';\nexport function charge(amount: number) { return retry(() => amount); }\n",
  'src/billing/invoice.ts': '/** Invoice model: lines, totals, due dates. */\nexport class Invoice { total = 0; }\n',
  'src/billing/refund.ts': "/** Refunds a paid invoice. */\nimport { charge } from './gateway.js';\nexport function refundInvoice() { return charge(-1); }\n",
  'src/users/signup.ts':
    "/** Registers a new customer account with email confirmation. */\nimport { sendMail } from '../mail/send.js';\nexport function signUp() { return sendMail(); }\n",
  'src/users/profile.ts': '/** Customer profile: name, address, preferences. */\nexport interface Profile { name: string }\n',
  'src/mail/send.ts': '/** Sends email through SMTP. */\nexport function sendMail() { return true; }\n',
  'src/util/retry.ts': '/** Retries a failing call with exponential backoff. */\nexport function retry<T>(f: () => T) { return f(); }\n',
  'src/util/dates.ts': '/** Calendar helpers: business days, month ends. */\nexport function monthEnd() { return 31; }\n',
  'src/search/catalog.ts': '/** Product catalog search with facets. */\nexport function searchProducts() { return []; }\n',
};

/** Writes each file (path → text) under `root`, making its folders. */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

export function writeShopRepo(root: string): void {
  writeFiles(root, SHOP_FILES);
  execFileSync('git', ['init', '-q', root]);
}

/** The shop committed at `root` as git user `t` (`git -C root …` with that author), for tests that commit more. */
export function shopGit(root: string): (...args: string[]) => Buffer {
  return (...args) => execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args]);
}

/** Writes the shop at `root` as one commit, adds it as source `shop` and runs its first `update --json`. */
export async function indexShopRepo(root: string, env: NodeJS.ProcessEnv): Promise<CliResult> {
  writeShopRepo(root);
  const git = shopGit(root);
  git('add', '.');
  git('commit', '-qm', 'the shop');
  return indexCodeTree(root, 'shop', env);
}

/** Adds the tree at `root` as code source `name` and runs its first `update --json`. */
export async function indexCodeTree(root: string, name: string, env: NodeJS.ProcessEnv): Promise<CliResult> {
  const added = await runCli(['source', 'add', 'code', root, '--name', name], env);
  if (added.code !== 0) throw new Error(`source add failed: ${added.stderr}`);
  return runCli(['update', '--source', name, '--json'], env, { timeoutMs: 120_000 });
}

/** Writes `files` at `root` as one commit of a new git repository; returns `git -C root …` as user `t`. */
export function commitFiles(root: string, files: Record<string, string>): (...args: string[]) => Buffer {
  writeFiles(root, files);
  const git = shopGit(root);
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'init');
  return git;
}

/** An engine in `homeDir` (no embeddings, or the builtin word vectors) with the tree at `root` added as code source `name` and indexed. */
export async function engineOverTree(homeDir: string, name: string, root: string, options: { vectors?: boolean } = {}): Promise<Engine> {
  const embeddings = options.vectors
    ? { SEXTANT_EMBEDDINGS_PROVIDER: 'builtin', SEXTANT_MODELS_DIR: SHARED_MODELS_DIR }
    : { SEXTANT_EMBEDDINGS_PROVIDER: 'none' };
  const engine = await openEngine(loadConfig({ env: { SEXTANT_HOME: homeDir, ...embeddings }, configFile: join(homeDir, 'none.yaml') }));
  await engine.addSource({ name, type: 'code', url: root, options: {} });
  const result = await engine.update({ source: name });
  if (!result.ok) throw new Error(`update of ${name} failed: ${JSON.stringify(result)}`);
  return engine;
}

/**
 * An engine in `homeDir` (no embeddings; `env` adds to it) with the PostgreSQL database at `dsn` as
 * source `pg` and the tree at `root` as code source `app`, both indexed.
 */
export async function engineOverDatabaseAndTree(homeDir: string, dsn: string, root: string, env: Record<string, string> = {}): Promise<Engine> {
  const engine = await openEngine(
    loadConfig({ env: { SEXTANT_HOME: homeDir, SEXTANT_EMBEDDINGS_PROVIDER: 'none', ...env }, configFile: join(homeDir, 'none.yaml') }),
  );
  await engine.addSource({ name: 'pg', type: 'postgres', url: dsn, options: {} });
  await engine.addSource({ name: 'app', type: 'code', url: root, options: {} });
  const result = await engine.update({ allowExtraPrivileges: true });
  if (!result.ok) throw new Error(`update failed: ${JSON.stringify(result)}`);
  return engine;
}
