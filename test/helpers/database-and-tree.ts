/** Test helper: a suite over a temporary PostgreSQL database and a code tree, indexed by one engine, dropped after the suite. */
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ObjectDescription } from '../../src/core/discovery/describe.js';
import type { Engine } from '../../src/core/engine.js';
import { engineOverDatabaseAndTree, writeFiles } from './code-repo.js';
import { createTempDatabase, type TempDatabase } from './postgres.js';
import { tempHome } from './temp-home.js';

/**
 * Registers the suite's setup: a database named after `name` made by `sql`, the `files` (path →
 * text) written under a temporary tree (`repo`), both indexed (sources `pg` and `app`); the engine once set up.
 */
export function databaseAndTreeSuite(name: string, sql: string, files: Record<string, string>): { engine: () => Engine; repo: string } {
  const home = tempHome();
  const repo = join(home.dir, 'repo');
  let engine: Engine | undefined;
  let db: TempDatabase | undefined;
  beforeAll(async () => {
    db = await createTempDatabase(name);
    await db.exec(sql);
    writeFiles(repo, files);
    engine = await engineOverDatabaseAndTree(home.dir, db.adminDsn, repo);
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
    await db?.drop();
    home.cleanup();
  });
  return {
    repo,
    engine: () => {
      if (!engine) throw new Error('the suite is not set up');
      return engine;
    },
  };
}

/** The joins `describe` lists for a table of source `pg` (`public.orders`), each as `on -- via file:line` (its declaring ORM, file and line). */
export async function declaredJoinsOf(engine: Engine, table: string): Promise<string[] | undefined> {
  const description = (await engine.describe(`pg:table:${table}`, { detail: 'full' })).description as ObjectDescription;
  return description.joins?.map((j) => `${j.on} -- ${j.declaredIn?.via} ${j.declaredIn?.file.split(':').at(-1)}:${j.declaredIn?.line}`);
}

/** The files that use a table of source `pg` (`public.orders`), each as `path:line access,…`, sorted. */
export async function tableUsersOf(engine: Engine, table: string): Promise<string[]> {
  return ((await engine.get(`pg:table:${table}`))?.incoming ?? [])
    .filter((e) => e.kind === 'uses_table')
    .map((e) => `${e.fromId.split(':').at(-1)}:${String(e.attributes?.line)} ${((e.attributes?.access as string[] | undefined) ?? []).join()}`)
    .sort();
}
