/**
 * G3 discovery reads the `_catalog` module tree (HUGR.md §2.1, §8 step 4) next to introspection,
 * level by level with `_module(name:)` batches: long descriptions of modules, data objects and
 * functions, the data sources behind each module. Fields the server does not resolve are dropped
 * and the request retried; a server that refuses the tree leaves a warning, not a failure.
 */
import { describe, expect, it } from 'vitest';
import { createGraphqlConnector } from '../../../../src/adapters/connector/graphql/index.js';
import type { SourceRecord } from '../../../../src/ports/connector.js';
import { SECRET, startAcmeServer } from '../../../helpers/acme-deployment.js';
import type { HugrServerOptions, HugrTestServer } from '../../../helpers/hugr-test-server.js';

const connector = createGraphqlConnector({ type: 'hugr', env: { MESH_SECRET: SECRET } });
const source = (url: string): SourceRecord => ({
  name: 'mesh',
  type: 'hugr',
  url,
  options: { secretKeyEnv: 'MESH_SECRET' },
  createdAt: new Date().toISOString(),
});
const sent = (server: HugrTestServer) => server.requests.filter((r) => r.path === '/query').map((r) => JSON.parse(r.body).query as string);

const LONG = {
  crm: 'Customer relationship management: customers, their orders and order totals, fed by the operational PostgreSQL database.',
  pg_customers: 'Customers of the company, one row per legal entity; email is personal data and hidden from agents.',
  'crm.pg_order_total': 'Total amount of one order in its currency, computed from its lines at query time.',
  'analytics.finance.reports.monthly': 'Monthly finance reports: revenue per region and month, refreshed nightly.',
};

async function withServer<T>(overrides: Partial<HugrServerOptions>, work: (server: HugrTestServer) => Promise<T>): Promise<T> {
  const server = await startAcmeServer({ generation: 'G3', ...overrides });
  try {
    return await work(server);
  } finally {
    await server.close();
  }
}

describe('G3 _catalog module tree', () => {
  it('walks the tree level by level and takes long descriptions and module data sources', async () => {
    await withServer({ metaCatalog: { longDescriptions: LONG } }, async (server) => {
      const snapshot = await connector.introspect(source(server.url));
      expect(snapshot.info.generation).toBe('G3');
      const byId = new Map(snapshot.objects.map((o) => [o.id, o]));
      expect(byId.get('mesh:module:crm')!.comment).toBe(LONG.crm);
      expect(byId.get('mesh:module:crm')!.attributes.dataSources).toEqual(['pg']);
      expect(byId.get('mesh:module:analytics.finance.reports.monthly')!.comment).toBe(LONG['analytics.finance.reports.monthly']);
      expect(byId.get('mesh:module:docs.kb')!.attributes.dataSources).toEqual(['docs']);
      expect(byId.get('mesh:data_object:crm.pg_customers')!.comment).toBe(LONG.pg_customers);
      expect(byId.get('mesh:function:crm.pg_order_total')!.comment).toBe(LONG['crm.pg_order_total']);
      // a short description stays when there is no long one
      expect(byId.get('mesh:data_object:pg_regions')!.comment).toBe('Sales regions');
      const queries = sent(server);
      expect(queries.filter((q) => q.includes('SextantCatalog'))).toHaveLength(1);
      // one request per tree level (each level fits one batch here), never a recursive selection
      const levels = queries.filter((q) => q.includes('SextantModules'));
      expect(levels.length).toBe(4);
      expect(levels.every((q) => !/modules \{ name [a-z]/.test(q) && !q.includes('modules { modules'))).toBe(true);
      expect((snapshot.info.warnings as string[]).filter((w) => /_catalog/.test(w))).toEqual([]);
    });
  });

  it('drops fields the server does not resolve and asks again', async () => {
    await withServer({ metaCatalog: { longDescriptions: LONG }, unresolvable: ['longDescription'] }, async (server) => {
      const snapshot = await connector.introspect(source(server.url));
      const crm = snapshot.objects.find((o) => o.id === 'mesh:module:crm')!;
      expect(crm.comment).toBeNull();
      expect(crm.attributes.dataSources).toEqual(['pg']);
      const catalogQueries = sent(server).filter((q) => q.includes('SextantCatalog'));
      expect(catalogQueries).toHaveLength(2);
      expect(catalogQueries[1]).not.toContain('longDescription');
      expect((snapshot.info.warnings as string[]).filter((w) => /_catalog/.test(w))).toEqual([]);
    });
  });

  it('indexes from introspection with a warning when the tree is refused', async () => {
    await withServer({ metaCatalog: false }, async (server) => {
      const snapshot = await connector.introspect(source(server.url));
      expect(snapshot.objects.map((o) => o.id)).toContain('mesh:data_object:crm.pg_customers');
      expect((snapshot.info.warnings as string[]).some((w) => /_catalog module tree not read/.test(w))).toBe(true);
    });
  });
});
