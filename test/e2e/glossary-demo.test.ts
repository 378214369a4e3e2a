/**
 * Issue 5's "done when" on the demo: after `sextant demo` (which stops its embedded PostgreSQL
 * when done), an MCP client session over stdio sees only the glossary's read tools with
 * developer tools off, and with them on creates, updates, lists and deletes terms whose SQL is
 * validated against the demo database (reopened on demand); the CLI does the same.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { tempHome } from '../helpers/temp-home.js';
import { call, connectStdio } from '../mcp/fixture.js';

const WRITE_TOOLS = ['create_glossary_term', 'delete_glossary_term', 'update_glossary_term'];
const OPEN_ORDERS = "SELECT count(*) AS open_orders FROM shop.sales_order WHERE status <> 'cancelled'";

describe('glossary on the demo', () => {
  const home = tempHome();
  const env = cliEnv(home.dir);
  const run = (...args: string[]) => runCli(args, env, { timeoutMs: 120_000 });
  let client: Client | null = null;

  beforeAll(async () => {
    const demo = await run('demo', '--json');
    expect(demo.code, demo.stderr).toBe(0);
  }, 180_000);

  afterAll(async () => {
    await client?.close();
    home.cleanup();
  });

  it('validates a CLI term against the demo database, which is not running any more', async () => {
    const added = await run(
      'glossary',
      'add',
      'Open Orders',
      '--definition',
      'Orders not cancelled',
      '--sql',
      OPEN_ORDERS,
      '--base-table',
      'shop.sales_order',
      '--json',
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.json.term).toMatchObject({ source: 'demo', outputColumns: [{ name: 'open_orders', type: 'bigint' }] });
    const bad = await run('glossary', 'test-sql', 'SELECT total FROM shop.sales_order');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/column "total" does not exist/);
  }, 60_000);

  it('serves an MCP session: read tools only while developer tools are off, the full lifecycle when on', async () => {
    ({ client } = await connectStdio(env));
    const off = (await client.listTools()).tools.map((t) => t.name);
    expect(off).toEqual(expect.arrayContaining(['list_glossary', 'get_glossary_sql']));
    for (const t of WRITE_TOOLS) expect(off).not.toContain(t);

    expect((await run('project', 'set', 'default', 'developer-tools', 'on')).code).toBe(0);
    await call(client, 'list_glossary');
    const on = (await client.listTools()).tools.map((t) => t.name);
    for (const t of WRITE_TOOLS) expect(on).toContain(t);

    const created = await call(client, 'create_glossary_term', {
      term: 'Shipping Revenue',
      definition: 'Shipping fees charged on orders, in cents',
      defining_sql: 'SELECT sum(shipping_cents) AS shipping_cents FROM shop.sales_order',
      aliases: ['freight income'],
    });
    expect(created.data).toMatchObject({
      success: true,
      term: { term: 'Shipping Revenue', origin: 'client', output_columns: [{ name: 'shipping_cents', type: 'numeric' }] },
    });
    const updated = await call(client, 'update_glossary_term', { term: 'freight income', definition: 'Shipping fees charged on orders (cents)' });
    expect(updated.data).toMatchObject({ success: true, term: { definition: 'Shipping fees charged on orders (cents)' } });
    const listed = await call(client, 'list_glossary');
    expect(listed.data.terms.map((t: { term: string }) => t.term)).toEqual(['Open Orders', 'Shipping Revenue']);
    const deleted = await call(client, 'delete_glossary_term', { term: 'Shipping Revenue' });
    expect(deleted.data).toEqual({ success: true, message: "Term 'Shipping Revenue' deleted successfully" });
    const history = await run('glossary', 'history', 'Shipping Revenue', '--json');
    expect(history.json.changes.map((c: { action: string; actor: { client: string } }) => [c.action, c.actor.client])).toEqual([
      ['create', 'sextant-test/1.0.0'],
      ['update', 'sextant-test/1.0.0'],
      ['delete', 'sextant-test/1.0.0'],
    ]);

    expect((await run('project', 'set', 'default', 'developer-tools', 'off')).code).toBe(0);
    await call(client, 'list_glossary');
    const offAgain = (await client.listTools()).tools.map((t) => t.name);
    for (const t of WRITE_TOOLS) expect(offAgain).not.toContain(t);
  }, 120_000);
});
