/**
 * `sextant repair` on an index with damaged pages ("database disk image is malformed"), through
 * the built CLI on a real PostgreSQL: what people made (sources, contexts, glossary, tokens)
 * survives, the lost catalog rows are rebuilt from the source, the report names the losses per
 * table, and the damaged file is kept beside the new one. A source the re-index cannot reach
 * is reported with its hint apart from what failed.
 */
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { damageLeafPages } from '../helpers/damage-pages.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const TABLES = 120;
const FIXTURE = `
CREATE TABLE orders (id int PRIMARY KEY, total numeric NOT NULL);
DO $$ BEGIN
  FOR i IN 1..${TABLES} LOOP
    EXECUTE format('CREATE TABLE stock_%s (id int PRIMARY KEY, item text, amount numeric, noted_at timestamptz)', i);
    EXECUTE format('COMMENT ON TABLE stock_%s IS %L', i, 'stock ledger number ' || i || ' of the warehouse');
  END LOOP;
END $$;`;

interface Counts {
  objects: number;
  chunks: number;
  links: number;
}

function counts(path: string): Counts {
  const db = new Database(path, { readonly: true });
  try {
    const n = (sql: string) => db.prepare<[], number>(sql).pluck().get()!;
    return { objects: n('SELECT count(*) FROM objects'), chunks: n('SELECT count(*) FROM chunks'), links: n('SELECT count(*) FROM chunk_entities') };
  } finally {
    db.close();
  }
}

function malformed(path: string): string | null {
  const db = new Database(path, { readonly: true });
  try {
    db.prepare('SELECT count(text) FROM chunks').get();
    db.prepare('SELECT count(definition) FROM objects').get();
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    db.close();
  }
}

describe('repair salvages an index with damaged pages', () => {
  let db: TempDatabase;
  let readerRole = '';
  const home = tempHome();
  const env = cliEnv(home.dir);
  const run = (...args: string[]) => runCli(args, env);
  const indexPath = join(home.dir, 'index.sqlite');
  let healthy: Counts;
  let cleanCopy: string;

  beforeAll(async () => {
    db = await createTempDatabase('sxt_salvage');
    await db.exec(FIXTURE);
    const reader = await db.createRole('sxt_reader', 'GRANT USAGE ON SCHEMA public TO {role}; GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role};');
    readerRole = reader.role;
    for (const args of [
      ['source', 'add', reader.dsn, '--name', 'shop'],
      ['update'],
      ['context', 'add', 'shop:table:public.orders', 'Checkout orders, one per basket'],
      ['glossary', 'add', 'Revenue', '--definition', 'Sum of order totals', '--sql', 'SELECT sum(total) FROM orders', '--alias', 'turnover'],
      ['token', 'create', '--name', 'alice', '--role', 'editor'],
    ]) {
      const result = await run(...args);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    }
    healthy = counts(indexPath);
    cleanCopy = join(home.dir, 'clean-copy.sqlite');
    copyFileSync(indexPath, cleanCopy);
  }, 120_000);

  afterAll(async () => {
    await db?.drop();
    home.cleanup();
  });

  it('keeps what people made, rebuilds the catalog from the source and reports per table what was lost (--json)', async () => {
    damageLeafPages(indexPath, 'chunks', { skip: 4, count: 3 });
    damageLeafPages(indexPath, 'objects', { skip: 8, count: 2 });
    expect(malformed(indexPath)).toMatch(/database disk image is malformed/);
    const damagedBytes = readFileSync(indexPath);

    const repaired = await run('repair', '--json');
    expect(repaired.code, repaired.stderr).toBe(0);
    const report = repaired.json;
    expect(report.action).toBe('salvaged');
    expect(report.backupPath).toMatch(/index\.sqlite\.damaged-\d{4}-\d\d-\d\dT/);
    expect(readFileSync(report.backupPath).equals(damagedBytes)).toBe(true);
    expect(readdirSync(home.dir).filter((f) => f.startsWith('index.sqlite.damaged-'))).toEqual([report.backupPath.split('/').pop()]);

    const table = (name: string) => report.salvage.tables.find((t: { table: string }) => t.table === name);
    for (const name of ['sources', 'contexts', 'tokens', 'glossary_terms', 'glossary_aliases', 'glossary_history']) {
      expect(table(name), name).toMatchObject({ kind: 'human', lost: 0, damaged: false });
      expect(table(name).recovered, name).toBeGreaterThan(0);
    }
    expect(table('chunks')).toMatchObject({ kind: 'derived', damaged: true });
    expect(table('chunks').lost).toBeGreaterThan(0);
    expect(table('chunks').recovered + table('chunks').lost).toBe(healthy.chunks);
    expect(table('objects').lost).toBeGreaterThan(0);
    expect(report.salvage.reindexNeeded).toBe(true);
    expect(report.message).toMatch(/lost \d+ objects, \d+ chunks/);
    expect(report.reindex).toEqual({ ok: true, sources: [{ source: 'shop', status: 'updated', message: 'updated' }] });

    // The new file is sound and whole again: the catalog came back from the source.
    expect(malformed(indexPath)).toBeNull();
    expect(counts(indexPath)).toEqual(healthy);
    const contexts = await run('context', 'list', '--json');
    expect(contexts.json.contexts).toMatchObject([{ target: 'shop:table:public.orders', text: 'Checkout orders, one per basket' }]);
    const terms = await run('glossary', 'list', '--json');
    expect(terms.json.terms).toMatchObject([{ term: 'Revenue', aliases: ['turnover'], validation: { status: 'valid' } }]);
    const tokens = await run('token', 'list', '--json');
    expect(tokens.json.tokens).toMatchObject([{ name: 'alice', roles: ['editor'] }]);
    const found = await run('search', 'stock ledger warehouse', '--json');
    expect(found.code, found.stderr).toBe(0);
    expect(found.json.hits.length).toBeGreaterThan(0);
  });

  it('says in plain text what was recovered, what was lost and where the damaged file is', async () => {
    copyFileSync(cleanCopy, indexPath);
    damageLeafPages(indexPath, 'chunks', { skip: 2, count: 2 });
    const repaired = await run('repair');
    expect(repaired.code, repaired.stderr).toBe(0);
    expect(repaired.stdout).toMatch(/^repair: damaged pages .*copied every readable row into a fresh index, lost \d+ chunks/);
    expect(repaired.stdout).toMatch(/the damaged file is at .*index\.sqlite\.damaged-/);
    expect(repaired.stdout).toMatch(/human\s+contexts\s+1 recovered, 0 lost/);
    expect(repaired.stdout).toMatch(/derived\s+chunks\s+\d+ recovered, [1-9]\d* lost/);
    expect(repaired.stdout).toMatch(/re-index shop: updated/);
    expect(counts(indexPath)).toEqual(healthy);
    const backups = readdirSync(home.dir).filter((f) => f.startsWith('index.sqlite.damaged-'));
    expect(backups).toHaveLength(2);
    expect(backups.every((f) => existsSync(join(home.dir, f)))).toBe(true);
  });

  it('reports a source the re-index cannot reach with its hint apart, in --json and in print', async () => {
    await db.exec(`ALTER ROLE ${readerRole} NOLOGIN`);
    try {
      for (const json of [true, false]) {
        copyFileSync(cleanCopy, indexPath);
        damageLeafPages(indexPath, 'objects', { skip: 8, count: 2 });
        const repaired = await run('repair', ...(json ? ['--json'] : []));
        expect(repaired.code, repaired.stderr).toBe(0);
        if (json) {
          expect(repaired.json.reindex.ok).toBe(false);
          const [shop] = repaired.json.reindex.sources;
          expect(shop).toMatchObject({
            source: 'shop',
            status: 'failed',
            message: expect.stringMatching(/not permitted to log in/),
            hint: expect.stringMatching(/^check the user name/),
          });
          expect(shop.message).not.toContain('check the user name');
        } else {
          expect(repaired.stdout).toMatch(
            /\nre-index shop: failed \([^\n]*not permitted to log in[^\n]*\); its salvaged rows stay until `sextant update` succeeds\n {2}hint: check the user name/,
          );
        }
      }
    } finally {
      await db.exec(`ALTER ROLE ${readerRole} LOGIN`);
    }
  });
});
