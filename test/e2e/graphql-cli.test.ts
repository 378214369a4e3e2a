/**
 * The user story through the built CLI: add a Hugr mesh and a plain GraphQL API by
 * environment-variable names, update, query, get, update one element; secrets never printed or
 * stored.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET, startAcmeServer } from '../helpers/acme-deployment.js';
import { cliEnv, runCli } from '../helpers/cli.js';
import type { HugrTestServer } from '../helpers/hugr-test-server.js';
import { type PlainServer, startPlainServer } from '../helpers/plain-graphql-server.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const API_TOKEN = 'Bearer plain-service-token-42';
const env = cliEnv(home.dir, { HUGR_SECRET_KEY: SECRET, API_TOKEN });
let hugr: HugrTestServer;
let plain: PlainServer;

beforeAll(async () => {
  hugr = await startAcmeServer();
  plain = await startPlainServer({ serviceToken: 'plain-service-token-42', userTokens: [] });
});
afterAll(async () => {
  await hugr?.close();
  await plain?.close();
  home.cleanup();
});

function noSecrets(...texts: string[]): void {
  for (const t of texts) {
    expect(t).not.toContain(SECRET);
    expect(t).not.toContain('plain-service-token-42');
  }
}

describe('sextant with GraphQL sources', () => {
  it('adds sources by type with credential variable names only', async () => {
    const mesh = await runCli(['source', 'add', 'hugr', hugr.url, '--name', 'mesh', '--secret-key-env', 'HUGR_SECRET_KEY', '--json'], env);
    expect(mesh.code, mesh.stderr).toBe(0);
    // option values under secret-looking keys are masked in output, even though they are only variable names
    expect(mesh.json.source).toMatchObject({ name: 'mesh', type: 'hugr', options: { secretKeyEnv: expect.any(String) } });
    const api = await runCli(['source', 'add', 'graphql', plain.url, '--name', 'api', '--header-env', 'Authorization=API_TOKEN', '--json'], env);
    expect(api.code, api.stderr).toBe(0);
    expect(Object.keys(api.json.source.options.headerEnvs)).toEqual(['Authorization']);
    const bad = await runCli(['source', 'add', 'graphql', plain.url, '--name', 'bad', '--header-env', 'Authorization'], env);
    expect(bad.code).toBe(2);
    noSecrets(mesh.stdout, api.stdout, readFileSync(join(home.dir, 'index.sqlite')).toString('latin1'));
  });

  it('updates, searches both, gets a data object', async () => {
    const update = await runCli(['update', '--json'], env);
    expect(update.code, update.stdout + update.stderr).toBe(0);
    expect(update.json.reports.map((r: { source: string; status: string }) => [r.source, r.status]).sort()).toEqual([
      ['api', 'updated'],
      ['mesh', 'updated'],
    ]);
    const q = await runCli(['query', 'monthly revenue by region', '--source', 'mesh', '--json'], env);
    expect(q.code, q.stderr).toBe(0);
    expect(q.json.hits.slice(0, 3).map((h: { id: string }) => h.id)).toContain('mesh:data_object:analytics.finance.reports.monthly.pg_revenue_by_month');
    const both = await runCli(['search', 'books customers', '--json', '-n', '30'], env);
    expect(new Set(both.json.hits.map((h: { source: string }) => h.source))).toEqual(new Set(['mesh', 'api']));
    const get = await runCli(['get', 'mesh:data_object:analytics.finance.reports.monthly.pg_revenue_by_month'], env);
    expect(get.code).toBe(0);
    expect(get.stdout).toContain('monthly {');
    noSecrets(update.stdout, update.stderr, q.stdout, get.stdout);
  });

  it('describes a data object and walks modules step by step', async () => {
    const d = await runCli(['describe', 'mesh:data_object:analytics.finance.reports.monthly.pg_revenue_by_month', '--fields-query', 'revenue', '--json'], env);
    expect(d.code, d.stderr).toBe(0);
    expect(d.json.family).toBe('graphql');
    expect(d.json.operation).toContain('monthly');
    const sources = await runCli(['graphql', 'sources', '--json'], env);
    expect(sources.code, sources.stderr).toBe(0);
    expect(sources.json.data_sources.length).toBeGreaterThan(0);
    const top = await runCli(['graphql', 'modules', '--source', 'mesh', '--json'], env);
    expect(top.json.modules.map((m: { id: string }) => m.id)).toContain('mesh:module:analytics');
    const members = await runCli(['graphql', 'objects', 'analytics.finance.reports.monthly', '--source', 'mesh'], env);
    expect(members.code, members.stderr).toBe(0);
    expect(members.stdout).toContain('pg_revenue_by_month');
    noSecrets(d.stdout, sources.stdout, top.stdout, members.stdout);
  });

  it('updates one element, and says which when it does not exist', async () => {
    const one = await runCli(['update', '--source', 'mesh', '--object', 'crm.pg_customers', '--json'], env);
    expect(one.code, one.stderr).toBe(0);
    expect(one.json.reports[0]).toMatchObject({ source: 'mesh', status: 'unchanged' });
    const missing = await runCli(['update', '--source', 'mesh', '--object', 'crm.pg_custmers'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('crm.pg_customers');
  });

  it('fails clearly on an unreachable endpoint and a wrong key, without printing secrets', async () => {
    await runCli(['source', 'add', 'hugr', 'http://127.0.0.1:1', '--name', 'down', '--secret-key-env', 'HUGR_SECRET_KEY'], env);
    const down = await runCli(['update', '--source', 'down'], env);
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/cannot reach/);
    await runCli(['source', 'add', 'hugr', hugr.url, '--name', 'wrong', '--secret-key-env', 'WRONG_KEY'], env);
    const wrong = await runCli(['update', '--source', 'wrong'], { ...env, WRONG_KEY: 'definitely-wrong-key' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('401');
    expect(wrong.stderr).not.toContain('definitely-wrong-key');
    noSecrets(down.stderr, wrong.stderr);
  });
});
