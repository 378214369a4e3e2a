/**
 * A database's update reads again the code linked to its tables (issue 16), and a project's admin
 * who runs it sees only their project's reports: the code source of another project is refreshed
 * (its links are right for everyone) without its name reaching this session. Real engine, real
 * PostgreSQL source, real code source.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import { localUser } from '../../src/core/auth/user.js';
import type { Engine } from '../../src/core/engine.js';
import { createScopedEngine } from '../../src/core/scope/scoped-engine.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
let engine: Engine;
let db: TempDatabase;

beforeAll(async () => {
  db = await createTempDatabase('sxt_scope');
  await db.exec('CREATE TABLE customer (id int PRIMARY KEY);');
  const repo = join(home.dir, 'repo');
  mkdirSync(join(repo, 'src'), { recursive: true });
  writeFileSync(join(repo, 'src/audit.ts'), "export const log = (db: any) => db.query('INSERT INTO audit_log (id) VALUES (1)');\n");
  engine = await openEngine(loadConfig({ env: { SEXTANT_HOME: home.dir, SEXTANT_EMBEDDINGS_PROVIDER: 'none' }, configFile: join(home.dir, 'none.yaml') }));
  await engine.addSource({ name: 'warehouse', type: 'postgres', url: db.adminDsn, options: {} });
  await engine.addSource({ name: 'app', type: 'code', url: repo, options: {} });
  expect((await engine.update({ allowExtraPrivileges: true })).ok).toBe(true);
  await engine.projects.create('data', { sources: ['warehouse'] });
  await engine.projects.create('code', { sources: ['app'] });
}, 60_000);

afterAll(async () => {
  await engine?.close();
  await db?.drop();
  home.cleanup();
});

it("refreshes another project's code without reporting it to this project's session", async () => {
  const usersOf = async (table: string) =>
    ((await engine.get(`warehouse:table:${table}`))?.incoming ?? []).filter((e) => e.kind === 'uses_table').map((e) => e.fromId);
  await db.exec('CREATE TABLE audit_log (id int);');
  await engine.sessions.open({ id: 's-data', project: 'data', user: localUser('ana') });
  const scoped = createScopedEngine(engine, { session: 's-data', project: 'data', user: localUser('ana') });
  const run = await scoped.operations.updateSource('warehouse', { allowExtraPrivileges: true });
  expect(run.reports.map((r) => [r.source, r.status])).toEqual([['warehouse', 'updated']]);
  expect(run.ok).toBe(true);
  expect(await usersOf('public.audit_log')).toEqual(['app:code_file:src/audit.ts']);
}, 60_000);
