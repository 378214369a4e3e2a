/**
 * The joins a Prisma schema declares, through the MCP SDK Client: `describe` of a table whose
 * database has no foreign key answers the same core description as the CLI, the join with the
 * file and line it is declared at, in the structured content and in the text.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { Engine } from '../../src/core/engine.js';
import { connectInMemory } from '../helpers/in-memory-mcp.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
let engine: Engine;
let db: TempDatabase;
let client: Client;

beforeAll(async () => {
  db = await createTempDatabase('orm_joins_mcp');
  await db.exec('CREATE TABLE author (id int PRIMARY KEY); CREATE TABLE book (id int PRIMARY KEY, author_id int);');
  const repo = join(home.dir, 'lib');
  mkdirSync(join(repo, 'prisma'), { recursive: true });
  writeFileSync(
    join(repo, 'prisma/schema.prisma'),
    'model Author {\n  id    Int    @id\n  books Book[]\n  @@map("author")\n}\n\nmodel Book {\n  id       Int    @id\n  authorId Int    @map("author_id")\n  author   Author @relation(fields: [authorId], references: [id])\n  @@map("book")\n}\n',
  );
  engine = await openEngine(loadConfig({ env: { SEXTANT_HOME: home.dir, SEXTANT_EMBEDDINGS_PROVIDER: 'none' }, configFile: join(home.dir, 'none.yaml') }));
  await engine.addSource({ name: 'pg', url: db.adminDsn, options: { allowExtraPrivileges: true } });
  await engine.addSource({ name: 'lib', type: 'code', url: repo, options: {} });
  expect((await engine.update({ allowExtraPrivileges: true })).ok).toBe(true);
  client = await connectInMemory(engine, 'default');
}, 120_000);

afterAll(async () => {
  await client?.close();
  await engine?.close();
  await db?.drop();
  home.cleanup();
});

it('describe lists the join the Prisma relation declares, with its file and line', async () => {
  const result = await client.callTool({ name: 'describe', arguments: { object: 'pg:table:public.book' } });
  expect(result.isError).toBeFalsy();
  expect((result.structuredContent as { joins: unknown[] }).joins).toEqual([
    { table: 'pg:table:public.author', on: 'book.author_id = author.id', declaredIn: { file: 'lib:code_file:prisma/schema.prisma', line: 10, via: 'prisma' } },
  ]);
  const text = (result.content as Array<{ text: string }>).map((c) => c.text).join('\n');
  expect(text).toContain(
    'join pg:table:public.author ON book.author_id = author.id -- declared by prisma at lib:code_file:prisma/schema.prisma:10 (no foreign key)',
  );
});
