/**
 * `onboarding_plan` for a topic about data (issue 16), through the MCP SDK Client: a real
 * PostgreSQL source whose table the request is about, and a code source where a file no import
 * links to the topic's files reads that table; the file joins the related files with why.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { Engine } from '../../src/core/engine.js';
import { connectInMemory } from '../helpers/in-memory-mcp.js';
import { writeShopRepo } from '../helpers/code-repo.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
let engine: Engine;
let db: TempDatabase;
let client: Client;

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

async function plan(args: Record<string, unknown>) {
  const result = await client.callTool({ name: 'onboarding_plan', arguments: args });
  expect(result.isError).toBeFalsy();
  return result.structuredContent as {
    plan: { steps: Array<{ title: string; files: string[]; why: string }> };
    context: { seed_id: string; related_files: string[]; data_uses?: Array<{ file: string; uses: string; kind: string; line?: number }> };
  };
}

beforeAll(async () => {
  db = await createTempDatabase('sxt_datatopic');
  await db.exec(`CREATE TABLE refund_request (id int PRIMARY KEY, approved boolean);
                 COMMENT ON TABLE refund_request IS 'Refund requests from customers awaiting approval';`);
  engine = await openEngine(loadConfig({ env: { SEXTANT_HOME: home.dir, SEXTANT_EMBEDDINGS_PROVIDER: 'none' }, configFile: join(home.dir, 'none.yaml') }));
  await engine.addSource({ name: 'pg', url: db.adminDsn, options: { allowExtraPrivileges: true } });
  expect((await engine.update({ source: 'pg', allowExtraPrivileges: true })).ok).toBe(true);
  const repo = join(home.dir, 'shop');
  writeShopRepo(repo);
  mkdirSync(join(repo, 'src/jobs'), { recursive: true });
  writeFileSync(
    join(repo, 'src/jobs/nightly.ts'),
    "/** Nightly batch. */\nexport async function runBatch(db: any) {\n  return db.query('SELECT id FROM refund_request WHERE approved = false');\n}\n",
  );
  await engine.addSource({ name: 'shop', type: 'code', url: repo, options: {} });
  expect((await engine.update({ source: 'shop' })).ok).toBe(true);
  client = await connectInMemory(engine, 'default');
}, 120_000);

afterAll(async () => {
  await client?.close();
  await engine?.close();
  await db?.drop();
  home.cleanup();
});

describe('onboarding_plan for a topic about data', () => {
  it('adds the code that reads the table the request is about, with why', async () => {
    const out = await plan({ request: 'refund requests awaiting approval' });
    expect(out.context.seed_id).toBe('src/billing/refund.ts');
    expect(out.context.related_files).toContain('src/jobs/nightly.ts');
    const step = out.plan.steps.find((s) => s.title === 'Code that touches the data');
    expect(step?.files).toEqual(['src/jobs/nightly.ts']);
    expect(step?.why).toContain('src/jobs/nightly.ts reads table public.refund_request (line 3)');
    // and as data an agent can follow: the object each file uses, by id
    expect(out.context.data_uses).toEqual([
      { file: 'src/jobs/nightly.ts', uses: expect.stringMatching(/:table:public\.refund_request$/), kind: 'uses_table', line: 3, access: ['read'] },
    ]);
  });

  it("get with detail full says each link's line and what the file does to the table, as the CLI does", async () => {
    const got = await client.callTool({ name: 'get', arguments: { object: 'shop:file:src/jobs/nightly.ts', detail: 'full' } });
    const text = (got.content as Array<{ text: string }>).map((c) => c.text).join('\n');
    expect(text).toContain('→ uses_table pg:table:public.refund_request (line 3, reads)');
    const table = await client.callTool({ name: 'get', arguments: { object: 'pg:table:public.refund_request', detail: 'full' } });
    expect((table.content as Array<{ text: string }>).map((c) => c.text).join('\n')).toContain(
      '← uses_table shop:code_file:src/jobs/nightly.ts (line 3, reads)',
    );
  });

  it('the data users take at most half of a plan whose seed has neighbours, code before SQL files', async () => {
    const ops = join(home.dir, 'ops');
    const files: Record<string, string> = {
      'src/refunds.ts':
        "import { fmt } from './format.js';\nexport const approve = (db: any) => db.query(`UPDATE refund_request SET approved = true`);\nfmt();\n",
      'src/format.ts': 'export function fmt() { return 1; }\n',
      'db/seed.sql': 'INSERT INTO refund_request VALUES (1, false);\n',
      'src/audit.ts': "export const audit = (db: any) => db.query('SELECT approved FROM refund_request');\n",
      'src/export.ts': "export const dump = (db: any) => db.query('SELECT id FROM refund_request');\n",
    };
    writeFiles(ops, files);
    await engine.addSource({ name: 'ops', type: 'code', url: ops, options: {} });
    expect((await engine.update({ source: 'ops' })).ok).toBe(true);
    const out = await plan({ request: 'refund requests awaiting approval', seed_file: 'src/refunds.ts', limit: 4 });
    expect(out.context.seed_id).toBe('src/refunds.ts');
    expect(out.context.data_uses?.map((u) => u.file)).toEqual(['src/audit.ts', 'src/export.ts']);
    expect(out.context.related_files).toEqual(['src/format.ts', 'src/audit.ts', 'src/export.ts']);
    const wide = await plan({ request: 'refund requests awaiting approval', seed_file: 'src/refunds.ts', limit: 8 });
    expect(wide.context.data_uses?.map((u) => u.file)).toEqual(['src/audit.ts', 'src/export.ts', 'db/seed.sql']);
  });

  it("a seed that imports nothing (sqlc's queries) reads the other users of its own tables: code first, then the schema", async () => {
    const sqlc = join(home.dir, 'sqlc');
    const files: Record<string, string> = {
      'db/query/refund.sql': '-- name: ListOpen :many\nSELECT * FROM refund_request WHERE approved = false;\n',
      'db/migration/000001_init.up.sql': 'CREATE TABLE refund_request (id int PRIMARY KEY, approved boolean);\n',
      'db/sqlc/refund.sql.go': 'package db\n\nconst listOpen = `-- name: ListOpen :many\nSELECT id, approved FROM refund_request WHERE approved = false\n`\n',
    };
    writeFiles(sqlc, files);
    await engine.addSource({ name: 'sqlc', type: 'code', url: sqlc, options: {} });
    expect((await engine.update({ source: 'sqlc' })).ok).toBe(true);
    const out = await plan({ seed_file: 'db/query/refund.sql' }); // no request: what belongs with the file, as `plan --seed`
    expect(out.context.seed_id).toBe('db/query/refund.sql');
    expect(out.context.related_files).toEqual(['db/sqlc/refund.sql.go', 'db/migration/000001_init.up.sql']);
    const step = out.plan.steps.find((s) => s.title === 'Code that touches the data');
    expect(step?.why).toContain('db/query/refund.sql uses data these files use too: db/sqlc/refund.sql.go reads table public.refund_request (line 3)');
  });

  it('wants a request or a seed file', async () => {
    const neither = await client.callTool({ name: 'onboarding_plan', arguments: {} });
    expect(neither.isError).toBe(true);
    expect((neither.content as Array<{ text: string }>)[0]?.text).toContain('needs a request or a seed_file');
  });

  it('a topic that is not about data adds nothing', async () => {
    const out = await plan({ request: 'sends email through SMTP' });
    expect(out.context.related_files).not.toContain('src/jobs/nightly.ts');
    expect(out.context).not.toHaveProperty('data_uses');
    expect(out.plan.steps.map((s) => s.title)).not.toContain('Code that touches the data');
  });
});
