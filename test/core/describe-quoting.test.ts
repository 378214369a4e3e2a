/**
 * `describe` spells identifiers the way SQL must: a mixed-case table or column (`"Posts"`,
 * `"CreaionDate"`) and a reserved word (`"order"`) come with their double quotes, in the column
 * list and in the join conditions an agent pastes into a query.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresConnector } from '../../src/adapters/connector/postgres/index.js';
import { openSqliteStore } from '../../src/adapters/store/sqlite/index.js';
import { createEngine, type Engine } from '../../src/core/engine.js';
import type { ObjectDescription } from '../../src/core/discovery/describe.js';
import { lexicalField } from '../../src/core/search/lexical-text.js';
import { renderDescription } from '../../src/presentations/text/describe-text.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
let db: TempDatabase;
let engine: Engine;

beforeAll(async () => {
  db = await createTempDatabase('sxt_quoting');
  await db.exec(`
    CREATE TABLE "Users" (id bigint PRIMARY KEY, "DisplayName" text);
    CREATE TABLE "Posts" (id bigint PRIMARY KEY, "OwnerUserId" bigint REFERENCES "Users" (id), "CreaionDate" timestamptz, "order" int, title text);
  `);
  const store = await openSqliteStore(join(home.dir, 'index.sqlite'));
  engine = createEngine({
    store,
    connectors: new Map([['postgres', createPostgresConnector({ statementTimeoutMs: 2000 })]]),
    embedder: async () => null,
    lexical: lexicalField,
  });
  await engine.addSource({ name: 'so', url: db.adminDsn, options: { allowExtraPrivileges: true } });
  expect((await engine.update({ allowExtraPrivileges: true })).ok).toBe(true);
});

afterAll(async () => {
  await engine?.close();
  await db?.drop();
  home.cleanup();
});

describe('describe and SQL spelling', () => {
  it('quotes mixed-case and reserved names, leaves plain ones alone', async () => {
    const d = (await engine.describe('so:table:public.Posts')).description as ObjectDescription;
    expect(d.sqlName).toBe('public."Posts"');
    const byName = new Map(d.columns!.map((c) => [c.name, c.sqlName]));
    expect(byName.get('CreaionDate')).toBe('"CreaionDate"');
    expect(byName.get('order')).toBe('"order"');
    expect(byName.get('title')).toBeUndefined();
    expect(d.joins![0]!.on).toBe('"Posts"."OwnerUserId" = "Users".id');
    const text = renderDescription(d);
    expect(text).toContain('in SQL: public."Posts"');
    expect(text).toMatch(/^ {2}"CreaionDate" timestamp/m);
  });
});
