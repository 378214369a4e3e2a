/**
 * The graphql connector against the Hugr test server: generation probes (G1, G2, G3),
 * concurrent discovery, the snapshot's objects, single-element introspection, and the bad
 * inputs (unreachable, 401, 403, non-GraphQL, malformed introspection, introspection disabled).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphqlConnector } from '../../../../src/adapters/connector/graphql/index.js';
import type { SourceRecord } from '../../../../src/ports/connector.js';
import { SECRET, acmeServerOptions, startAcmeServer } from '../../../helpers/acme-deployment.js';
import { type HugrTestServer, startHugrServer } from '../../../helpers/hugr-test-server.js';

const env = { MESH_SECRET: SECRET, WRONG_SECRET: 'not-the-key' };
const connector = createGraphqlConnector({ type: 'hugr', env });

function source(url: string, options: Record<string, unknown> = { secretKeyEnv: 'MESH_SECRET' }): SourceRecord {
  return { name: 'mesh', type: 'hugr', url, options, createdAt: new Date().toISOString() };
}

describe.each(['G1', 'G2', 'G3'] as const)('discovery on a %s deployment', (generation) => {
  let server: HugrTestServer;
  beforeAll(async () => {
    server = await startAcmeServer({ generation });
  });
  afterAll(() => server.close());

  it('probes the generation and indexes modules, data objects, functions and data sources', async () => {
    const snapshot = await connector.introspect(source(server.url));
    expect(snapshot.info.generation).toBe(generation);
    const ids = new Set(snapshot.objects.map((o) => o.id));
    for (const id of [
      'mesh:module:analytics.finance.reports.monthly',
      'mesh:data_object:crm.pg_customers',
      'mesh:data_object:pg_regions',
      'mesh:function:crm.pg_recalc_order_totals',
      'mesh:data_object:docs.kb.documents',
    ]) {
      expect(ids, id).toContain(id);
    }
    // data sources: from schema_summary (G1) or core.data_sources (G2/G3 here: served from memory)
    expect([...ids].filter((id) => id.startsWith('mesh:data_source:')).length).toBeGreaterThan(0);
    const paths = server.requests.filter((r) => r.path === '/query').map((r) => JSON.parse(r.body).query as string);
    expect(paths.some((q) => q.includes('schema_summary') && !q.includes('__type'))).toBe(generation === 'G1');
  });
});

describe('G3 without access to core.data_sources', () => {
  it('reads data sources from _dataSources and infers their prefixes from type names', async () => {
    const server = await startAcmeServer({
      generation: 'G3',
      apiKeys: { 'reader-key-1': 'reader' },
      roles: { reader: { disabled: { _module_core_query: ['data_sources'] } } },
    });
    try {
      const reader = createGraphqlConnector({ type: 'hugr', env: { KEY: 'reader-key-1' } });
      const snapshot = await reader.introspect(source(server.url, { apiKeyEnv: 'KEY' }));
      const sent = server.requests.map((r) => JSON.parse(r.body).query as string);
      expect(sent.some((q) => q.includes('_dataSources'))).toBe(true);
      const sources = snapshot.objects.filter((o) => o.kind === 'data_source').map((o) => [o.name, o.attributes.prefix, o.attributes.asModule]);
      expect(sources).toEqual([
        ['docs', 'docs', true],
        ['emb', '', false],
        ['pg', 'pg', false],
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('discovery details', () => {
  let server: HugrTestServer;
  beforeAll(async () => {
    server = await startAcmeServer({ data: { core_data_sources: [] } as never });
  });
  afterAll(() => server.close());

  it('runs the independent discovery queries concurrently after the probe', async () => {
    const before = server.requests.length;
    const snapshot = await connector.introspect(source(server.url));
    const mine = server.requests.slice(before).map((r) => JSON.parse(r.body).query as string);
    expect(mine[0]).toContain('__type(name: "Query")');
    expect(mine.some((q) => q.includes('SextantIntrospection'))).toBe(true);
    expect(Object.keys(snapshot.info.timings as object)).toEqual(expect.arrayContaining(['probe', 'introspection', 'schema_summary']));
  });

  it('re-reads one data object, function and module with __type requests only', async () => {
    const full = await connector.introspect(source(server.url));
    for (const id of [
      'mesh:data_object:crm.pg_customers',
      'mesh:data_object:analytics.finance.reports.monthly.pg_revenue_by_month',
      'mesh:function:crm.pg_order_total',
      'mesh:function:crm.pg_recalc_order_totals',
      'mesh:data_object:pg_regions',
    ]) {
      const element = full.objects.find((o) => o.id === id)!;
      const before = server.requests.length;
      const part = await connector.introspectElement!(source(server.url), element, full.objects);
      const sent = server.requests.slice(before).map((r) => JSON.parse(r.body).query as string);
      expect(sent.every((q) => q.startsWith('query SextantTypes'))).toBe(true);
      const expected = full.objects.filter((o) => o.resource === element.resource);
      expect(part.objects.map((o) => o.id).sort(), id).toEqual(expected.map((o) => o.id).sort());
      // same content as a full discovery, so the element hash is unchanged
      for (const o of part.objects) expect(o, o.id).toEqual(expected.find((e) => e.id === o.id));
    }
    const module = full.objects.find((o) => o.id === 'mesh:module:analytics')!;
    const sub = await connector.introspectElement!(source(server.url), module, full.objects);
    expect(sub.objects.map((o) => o.id)).toEqual(
      expect.arrayContaining(['mesh:module:analytics.finance.reports.monthly', 'mesh:data_object:analytics.finance.reports.monthly.pg_revenue_by_month']),
    );
  });

  it('drops introspection fields the server cannot resolve and retries', async () => {
    const older = await startAcmeServer({ unresolvable: ['mcp_exclude'] });
    try {
      const snapshot = await connector.introspect(source(older.url));
      expect((snapshot.info.warnings as string[]).join(' ')).toContain('does not resolve mcp_exclude');
      expect(snapshot.objects.some((o) => o.id === 'mesh:data_object:crm.pg_customers')).toBe(true);
      const queries = older.requests.map((r) => JSON.parse(r.body).query as string).filter((q) => q.includes('SextantIntrospection'));
      expect(queries).toHaveLength(2);
      expect(queries[1]).not.toContain('mcp_exclude');
    } finally {
      await older.close();
    }
  });

  it('handles a small depth budget: the flat introspection fits', async () => {
    const tight = await startAcmeServer({ maxDepth: 4 });
    try {
      const snapshot = await connector.introspect(source(tight.url));
      expect(snapshot.objects.some((o) => o.id === 'mesh:data_object:crm.pg_customers')).toBe(true);
    } finally {
      await tight.close();
    }
  });
});

describe('bad inputs: one clear error each', () => {
  it('unreachable endpoint', async () => {
    await expect(connector.introspect(source('http://127.0.0.1:1'))).rejects.toMatchObject({ code: 'SOURCE_UNREACHABLE' });
  });

  it('401 with a wrong secret, 401 without one', async () => {
    const server = await startAcmeServer();
    try {
      await expect(connector.introspect(source(server.url, { secretKeyEnv: 'WRONG_SECRET' }))).rejects.toMatchObject({
        code: 'AUTH_FAILED',
        message: expect.stringContaining('401'),
      });
      await expect(connector.introspect(source(server.url, {}))).rejects.toMatchObject({ code: 'AUTH_FAILED' });
      const err = await connector.introspect(source(server.url, { secretKeyEnv: 'WRONG_SECRET' })).catch((e: Error) => e);
      expect(String(err)).not.toContain('not-the-key');
    } finally {
      await server.close();
    }
  });

  it('403 for a credential whose role is unknown', async () => {
    const server = await startAcmeServer({ apiKeys: { 'ghost-key-123': 'ghost' } });
    try {
      const forbidden = createGraphqlConnector({ type: 'hugr', env: { KEY: 'ghost-key-123' } });
      await expect(forbidden.introspect(source(server.url, { apiKeyEnv: 'KEY' }))).rejects.toMatchObject({
        code: 'AUTH_FAILED',
        message: expect.stringContaining('403'),
      });
    } finally {
      await server.close();
    }
  });

  it('a non-GraphQL answer', async () => {
    const html = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>welcome</html>'));
    await new Promise<void>((r) => html.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
      await expect(connector.introspect(source(url))).rejects.toMatchObject({
        code: 'UPSTREAM_FAILED',
        message: expect.stringContaining('did not answer with GraphQL JSON'),
      });
    } finally {
      await new Promise((r) => html.close(r));
    }
  });

  it('malformed introspection', async () => {
    const server = await startHugrServer({
      ...acmeServerOptions(),
      summary: undefined,
      introspection: { __schema: { queryType: { name: 'Query' }, types: [{ name: 'Query', kind: 'OBJECT', fields: 'oops' }] } },
    });
    try {
      await expect(connector.introspect(source(server.url))).rejects.toMatchObject({
        code: 'INTROSPECTION_FAILED',
        message: expect.stringContaining('malformed introspection'),
      });
    } finally {
      await server.close();
    }
  });

  it('introspection disabled, without and with a schema_summary to fall back on', async () => {
    const off = await startAcmeServer({ introspectionDisabled: true, generation: 'G2' });
    try {
      await expect(connector.introspect(source(off.url))).rejects.toMatchObject({
        code: 'INTROSPECTION_FAILED',
        message: expect.stringContaining('introspection is disabled'),
      });
    } finally {
      await off.close();
    }
    const g1 = await startAcmeServer({ introspectionDisabled: true });
    try {
      const snapshot = await connector.introspect(source(g1.url));
      expect(snapshot.objects.some((o) => o.id === 'mesh:data_object:crm.pg_customers')).toBe(true);
      expect((snapshot.info.warnings as string[]).join(' ')).toContain('schema_summary only');
    } finally {
      await g1.close();
    }
  });
});
