/**
 * G2 discovery reads the `core { catalog { … } }` views (HUGR.md §2.1) next to introspection:
 * data-source long descriptions, the data sources behind each module, module descriptions where
 * the server has them; columns a server does not know are dropped and the view asked again, and
 * a missing view costs only itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphqlConnector } from '../../../../src/adapters/connector/graphql/index.js';
import type { SourceRecord } from '../../../../src/ports/connector.js';
import { ACME_DATA, SECRET, startAcmeServer } from '../../../helpers/acme-deployment.js';
import { type CoreCatalogOptions, coreCatalogRowsFrom } from '../../../helpers/hugr-core-catalog.js';
import { ACME } from '../../../helpers/hugr-fixtures.js';
import type { HugrTestServer } from '../../../helpers/hugr-test-server.js';

const connector = createGraphqlConnector({ type: 'hugr', env: { MESH_SECRET: SECRET } });
const source = (url: string): SourceRecord => ({
  name: 'mesh',
  type: 'hugr',
  url,
  options: { secretKeyEnv: 'MESH_SECRET' },
  createdAt: new Date().toISOString(),
});
const sent = (server: HugrTestServer) => server.requests.filter((r) => r.path === '/query').map((r) => JSON.parse(r.body).query as string);

const PG_LONG = 'Operational CRM database (PostgreSQL). Holds customers, their orders and the regions they belong to; revenue views are refreshed nightly.';

function catalog(): CoreCatalogOptions {
  const sources = ACME_DATA.data_sources.map((d) => ({
    name: d.name,
    description: d.description,
    long_description: d.name === 'pg' ? PG_LONG : '',
    type: d.type,
    prefix: d.prefix,
    as_module: d.as_module,
    read_only: d.read_only,
    disabled: false,
    suspended: false,
    version: '1',
  }));
  return { rows: coreCatalogRowsFrom(ACME.introspection(), sources) };
}

describe('G2 core.catalog views', () => {
  let server: HugrTestServer;
  let plain: HugrTestServer;
  beforeAll(async () => {
    server = await startAcmeServer({ generation: 'G2', coreCatalog: catalog() });
    plain = await startAcmeServer({ generation: 'G2' });
  });
  afterAll(async () => {
    await Promise.all([server.close(), plain.close()]);
  });

  it('enriches data sources and modules, dropping the columns this server does not have', async () => {
    const snapshot = await connector.introspect(source(server.url));
    expect(snapshot.info.generation).toBe('G2');
    const byId = new Map(snapshot.objects.map((o) => [o.id, o]));
    expect(byId.get('mesh:data_source:pg')!.comment).toBe(PG_LONG);
    expect(byId.get('mesh:module:crm')!.attributes.dataSources).toEqual(['pg']);
    expect(byId.get('mesh:module:docs.kb')!.attributes.dataSources).toEqual(['docs']);
    const queries = sent(server).filter((q) => q.includes('SextantCoreCatalog'));
    // data_objects asked with module/catalog/description first, then without them
    const dataObjects = queries.filter((q) => q.includes('data_objects'));
    expect(dataObjects[0]).toContain('catalog description');
    expect(dataObjects.at(-1)).toContain('{ name filter_type_name args_type_name }');
    expect((snapshot.info.warnings as string[]).filter((w) => /core\.catalog/.test(w))).toEqual([]);
    // the same objects as without the views, with the same ids
    const without = await connector.introspect(source(plain.url));
    expect(snapshot.objects.map((o) => o.id).sort()).toEqual(without.objects.map((o) => o.id).sort());
    expect((without.info.warnings as string[]).some((w) => /core\.catalog views unavailable/.test(w))).toBe(true);
  });

  it('takes module descriptions where a newer server has them and survives a missing view', async () => {
    const options = catalog();
    for (const row of options.rows.modules!) if (row.name === 'crm') row.description = 'Customer relationship management: customers and orders';
    const newer = await startAcmeServer({
      generation: 'G2',
      coreCatalog: { ...options, extraColumns: { modules: { description: 'String' } }, omitViews: ['module_catalogs'] },
    });
    try {
      const snapshot = await connector.introspect(source(newer.url));
      const crm = snapshot.objects.find((o) => o.id === 'mesh:module:crm')!;
      expect(crm.comment).toBe('Customer relationship management: customers and orders');
      expect(crm.attributes.dataSources).toBeUndefined();
      expect(snapshot.objects.find((o) => o.id === 'mesh:data_source:pg')!.comment).toBe(PG_LONG);
      expect((snapshot.info.warnings as string[]).filter((w) => /core\.catalog/.test(w))).toEqual([
        expect.stringMatching(/core\.catalog\.module_catalogs unavailable/),
      ]);
    } finally {
      await newer.close();
    }
  });

  it('is not asked on G1 or G3 deployments', async () => {
    for (const generation of ['G1', 'G3'] as const) {
      const other = await startAcmeServer({ generation });
      try {
        await connector.introspect(source(other.url));
        expect(sent(other).some((q) => q.includes('SextantCoreCatalog'))).toBe(false);
      } finally {
        await other.close();
      }
    }
  });
});
