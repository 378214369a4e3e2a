/**
 * What a chat model is told of a table counts the joins its ORM declares as it counts foreign keys:
 * a drafted context's facts (`context generate`) and glossary inference's schema (`glossary infer`)
 * name the table a Prisma relation references where the database declares no key. Real engine, real
 * PostgreSQL source, real code tree, a local chat-completions server.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Engine } from '../../src/core/engine.js';
import { startChatServer, type ChatServer } from '../helpers/chat-server.js';
import { engineOverDatabaseAndTree } from '../helpers/code-repo.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const repo = join(home.dir, 'repo');
let engine: Engine;
let db: TempDatabase;
let chat: ChatServer;

const SCHEMA = [
  'model Account {',
  '  id       Int       @id',
  '  invoices Invoice[]',
  '  @@map("account")',
  '}',
  '',
  'model Invoice {',
  '  id        Int     @id',
  '  accountId Int     @map("account_id")',
  '  account   Account @relation(fields: [accountId], references: [id])',
  '  @@map("invoice")',
  '}',
].join('\n');

/** The user messages the model was sent that hold `text`. */
const asked = (text: string) => chat.requests.map((r) => r.body.messages[1]?.content ?? '').filter((m) => m.includes(text));

beforeAll(async () => {
  chat = await startChatServer(() => ({ content: JSON.stringify({ skip: 'not enough to go on', terms: [] }) }));
  db = await createTempDatabase('declared_joins_llm');
  await db.exec('CREATE TABLE account (id int PRIMARY KEY); CREATE TABLE invoice (id int PRIMARY KEY, account_id int NOT NULL);');
  mkdirSync(join(repo, 'prisma'), { recursive: true });
  writeFileSync(join(repo, 'prisma/schema.prisma'), SCHEMA);
  engine = await engineOverDatabaseAndTree(home.dir, db.adminDsn, repo, { SEXTANT_LLM_URL: chat.url, SEXTANT_LLM_MODEL: 'drafter' });
}, 60_000);

afterAll(async () => {
  await engine?.close();
  await db?.drop();
  await chat?.close();
  home.cleanup();
});

it("a drafted context's facts name the table a declared join references, with its columns", async () => {
  await engine.generateContexts({ object: 'pg:table:public.invoice', dryRun: true });
  const [prompt] = asked('Facts about table public.invoice');
  expect(prompt).toMatch(/^F\d+: references table public\.account \(account_id → id\)/m);
  await engine.generateContexts({ object: 'pg:table:public.account', dryRun: true });
  expect(asked('Facts about table public.account')[0]).toMatch(/^F\d+: referenced by table public\.invoice \(id ← account_id\)/m);
});

it("glossary inference's schema says the invoice references the account", async () => {
  await engine.glossary.infer({ project: 'default', source: 'pg' });
  const [schema] = asked('Schema of source "pg"');
  expect(schema).toContain('table public.invoice\n  id integer (primary key)\n  account_id integer\n  references public.account');
});
