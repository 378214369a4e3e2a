/**
 * `onboarding_plan` over SQL files, through the MCP SDK Client, with a real PostgreSQL source and a
 * scanned code source laid out like spring-petclinic: the data step lists one of each group of
 * dialect copies (`db/h2/schema.sql`, `db/mysql/schema.sql`, `db/postgres/schema.sql`) and names
 * the others; a request about behaviour starts at code, not at a schema file whose table names it says.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function addClinic(files: Record<string, string>): Promise<void> {
  const root = join(home.dir, 'clinic');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  await engine.addSource({ name: 'clinic', type: 'code', url: root, options: {} });
  expect((await engine.update({ source: 'clinic' })).ok).toBe(true);
}

async function plan(args: Record<string, unknown>) {
  const result = await client.callTool({ name: 'onboarding_plan', arguments: args });
  expect(result.isError).toBeFalsy();
  return result.structuredContent as {
    plan: { steps: Array<{ title: string; files: string[]; why: string }> };
    context: { seed_id: string; related_files: string[]; data_uses?: Array<{ file: string; also_in?: string[] }>; seed_also_in?: string[] };
    user_summary: string;
  };
}

beforeAll(async () => {
  db = await createTempDatabase('sxt_sqlcopies');
  await db.exec(`CREATE TABLE vets (id int PRIMARY KEY, first_name text);
                 CREATE TABLE visits (id int PRIMARY KEY, vet_id int REFERENCES vets(id), visit_date date, description text);`);
  engine = await openEngine(loadConfig({ env: { SEXTANT_HOME: home.dir, SEXTANT_EMBEDDINGS_PROVIDER: 'none' }, configFile: join(home.dir, 'none.yaml') }));
  await engine.addSource({ name: 'pg', url: db.adminDsn, options: { allowExtraPrivileges: true } });
  expect((await engine.update({ source: 'pg', allowExtraPrivileges: true })).ok).toBe(true);
  client = await connectInMemory(engine, 'default');
}, 120_000);

afterAll(async () => {
  await client?.close();
  await engine?.close();
  await db?.drop();
  home.cleanup();
});

describe('onboarding_plan over SQL files in several dialects', () => {
  it('lists one of each group of dialect copies (the PostgreSQL one) and does not start a request about behaviour at a schema file', async () => {
    // spring-petclinic's layout: one schema per dialect, seed data for two, and code that books visits
    const schema =
      'CREATE TABLE vets (id INTEGER PRIMARY KEY, first_name VARCHAR(30));\n' +
      'CREATE TABLE visits (id INTEGER PRIMARY KEY, vet_id INTEGER REFERENCES vets(id), visit_date DATE, description VARCHAR(255));\n';
    const data = "INSERT INTO vets VALUES (1, 'James');\nINSERT INTO visits VALUES (1, 1, '2013-01-01', 'rabies shot');\n";
    const files: Record<string, string> = {
      'db/h2/schema.sql': schema,
      'db/mysql/schema.sql': schema,
      'db/postgres/schema.sql': schema,
      'db/h2/data.sql': data,
      'db/postgres/data.sql': data,
      'src/clinic/appointments.ts':
        "/** Takes an appointment for a pet. */\nexport const takeAppointment = (db: any, vet: number) => db.query('INSERT INTO visits (vet_id) VALUES ($1)', [vet]);\n",
    };
    await addClinic(files);
    // the schema files name both tables the request says and led the topic (db/mysql/schema.sql was the start)
    const out = await plan({ request: 'how are visits to a vet booked' });
    expect(out.context.seed_id).toBe('src/clinic/appointments.ts');
    const step = out.plan.steps.find((s) => s.title === 'Code that touches the data');
    expect(step?.files).toEqual(['db/postgres/data.sql', 'db/postgres/schema.sql']);
    expect(step?.why).toContain('db/postgres/schema.sql declares table public.visits (line 2), also in db/h2/, db/mysql/');
    expect(out.context.data_uses?.find((u) => u.file === 'db/postgres/data.sql')).toMatchObject({ also_in: ['db/h2/data.sql'] });
    // a request about the schema itself may start at a schema file
    const asked = await plan({ request: 'which tables hold visits to a vet' });
    expect(asked.context.seed_id).toMatch(/^db\/(h2|mysql|postgres)\/schema\.sql$/);
    // a seed among the copies stands for them: the others are named, not listed
    const seeded = await plan({ request: 'how are visits to a vet booked', seed_file: 'db/mysql/schema.sql' });
    expect(seeded.context.related_files).not.toContain('db/postgres/schema.sql');
    expect(seeded.plan.steps.find((s) => s.title === 'Read db/mysql/schema.sql')?.why).toContain('also in db/h2/, db/postgres/');
    expect(seeded.context).toMatchObject({ seed_also_in: ['db/h2/schema.sql', 'db/postgres/schema.sql'] });
    // the copies a bare base name also matches are the seed's copies, not other files it could mean
    const named = await plan({ seed_file: 'schema.sql' });
    expect(named.context).toMatchObject({ seed_id: 'db/h2/schema.sql', seed_also_in: ['db/mysql/schema.sql', 'db/postgres/schema.sql'] });
    expect(named.context).not.toHaveProperty('seed_alternatives');
    expect(named.user_summary).not.toContain('that name');
  });
});
