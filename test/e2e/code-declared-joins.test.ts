/**
 * Joins a Prisma schema declares, through the built CLI: a real PostgreSQL database with no foreign
 * key at all (Prisma's `relationMode = "prisma"`) and a git tree holding `prisma/schema.prisma`;
 * `describe` of a table lists the joins the relations declare, with the file and line, and `get`
 * shows the `declared_join` edges.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'shop');
let db: TempDatabase;

const SCHEMA = `datasource db {
  provider     = "postgresql"
  url          = env("DATABASE_URL")
  relationMode = "prisma"
}

model Customer {
  id     Int     @id @map("customer_id")
  orders Order[]
  @@map("customer")
}

model Order {
  id         Int      @id
  customerId Int      @map("customer_id")
  customer   Customer @relation(fields: [customerId], references: [id])
  @@map("orders")
}
`;

beforeAll(async () => {
  db = await createTempDatabase('orm_joins_e2e');
  await db.exec(`CREATE TABLE customer (customer_id int PRIMARY KEY, name text);
                 CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL);`);
  mkdirSync(join(repo, 'prisma'), { recursive: true });
  writeFileSync(join(repo, 'prisma/schema.prisma'), SCHEMA);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'schema');
  expect((await runCli(['source', 'add', db.adminDsn, '--name', 'pg', '--allow-extra-privileges'], env)).code).toBe(0);
  expect((await runCli(['update', '--source', 'pg', '--allow-extra-privileges'], env)).code).toBe(0);
  expect((await runCli(['source', 'add', 'code', repo, '--name', 'shop'], env)).code).toBe(0);
  const update = await runCli(['update', '--source', 'shop'], env);
  expect(update.code, update.stdout + update.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  await db?.drop();
  home.cleanup();
});

describe('joins declared by a Prisma schema', () => {
  it('describe lists them on both tables with the file and line; get shows the edge', async () => {
    const orders = await runCli(['describe', 'pg:table:public.orders', '--json'], env);
    expect(orders.code, orders.stderr).toBe(0);
    expect(orders.json.joins).toEqual([
      {
        table: 'pg:table:public.customer',
        on: 'orders.customer_id = customer.customer_id',
        declaredIn: { file: 'shop:code_file:prisma/schema.prisma', line: 16, via: 'prisma' },
      },
    ]);
    const customer = await runCli(['describe', 'pg:table:public.customer', '--detail', 'full'], env);
    expect(customer.stdout).toContain(
      'referenced by pg:table:public.orders ON orders.customer_id = customer.customer_id -- declared by prisma at shop:code_file:prisma/schema.prisma:16 (no foreign key)',
    );
    const got = await runCli(['get', 'pg:table:public.orders'], env);
    expect(got.stdout).toContain('→ declared_join pg:table:public.customer (customer_id → customer_id) (shop:code_file:prisma/schema.prisma line 16, prisma)');
  });
});
