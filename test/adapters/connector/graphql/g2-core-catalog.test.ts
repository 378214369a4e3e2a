/**
 * G2 discovery reads the `core { catalog { … } }` views next to introspection, as query-engine
 * v0.3.0–v0.3.44 declares them: data-source long descriptions and the disabled flag
 * (`schema_catalogs`, `catalogs` before v0.3.15), module and data-object long descriptions
 * (`modules.long_description`, `data_objects.type`), argument defaults from the `arguments` view
 * (module roots only, paged). The data sources behind a module come from introspection, since
 * `module_catalogs` fails on real servers; Hugr's generated module texts never become descriptions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphqlConnector } from '../../../../src/adapters/connector/graphql/index.js';
import type { SourceRecord } from '../../../../src/ports/connector.js';
import { ACME_DATA, SECRET, startAcmeServer } from '../../../helpers/acme-deployment.js';
import { type CoreCatalogOptions, coreCatalogRowsFrom } from '../../../helpers/hugr-core-catalog.js';
import { ACME } from '../../../helpers/hugr-fixtures.js';
import type { HugrTestServer } from '../../../helpers/hugr-test-server.js';
import { ARGUMENTS_PAGE } from '../../../../src/adapters/connector/graphql/core-catalog.js';

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

  it('enriches data sources, and takes the sources behind each module from introspection when module_catalogs fails', async () => {
    const snapshot = await connector.introspect(source(server.url));
    expect(snapshot.info.generation).toBe('G2');
    const byId = new Map(snapshot.objects.map((o) => [o.id, o]));
    expect(byId.get('mesh:data_source:pg')!.comment).toBe(PG_LONG);
    expect(byId.get('mesh:module:crm')!.attributes.dataSources).toEqual(['pg']);
    expect(byId.get('mesh:module:docs.kb')!.attributes.dataSources).toEqual(['docs']);
    const queries = sent(server).filter((q) => q.includes('SextantCoreCatalog'));
    expect(queries.find((q) => q.includes('module_catalogs'))).toContain('{ module catalog }');
    expect(queries.find((q) => q.includes('data_objects'))).toContain('type { description long_description module catalog }');
    // module_catalogs failing on the server is not worth a warning: introspection told the same
    expect((snapshot.info.warnings as string[]).filter((w) => /core\.catalog/.test(w))).toEqual([]);
    // the same objects as without the views, with the same ids
    const without = await connector.introspect(source(plain.url));
    expect(snapshot.objects.map((o) => o.id).sort()).toEqual(without.objects.map((o) => o.id).sort());
    expect(without.objects.find((o) => o.id === 'mesh:module:crm')!.attributes.dataSources).toEqual(['pg']);
    expect((without.info.warnings as string[]).some((w) => /core\.catalog views unavailable/.test(w))).toBe(true);
  });

  it('reads module_catalogs with its real columns where the relation exists', async () => {
    const options = catalog();
    options.rows.module_catalogs!.push({ module: 'analytics.finance', catalog: 'warehouse' });
    const backed = await startAcmeServer({ generation: 'G2', coreCatalog: { ...options, moduleCatalogsBacked: true } });
    try {
      const snapshot = await connector.introspect(source(backed.url));
      expect(snapshot.objects.find((o) => o.id === 'mesh:module:analytics.finance')!.attributes.dataSources).toEqual(['warehouse']);
    } finally {
      await backed.close();
    }
  });

  it('keeps the curated long descriptions of modules and of data objects (through data_objects.type)', async () => {
    const options = catalog();
    const crm = options.rows.modules!.find((m) => m.name === 'crm')!;
    crm.description = 'The root query object of the module crm';
    crm.long_description = 'Customer relationship management: customers, their orders and the regions they belong to.';
    const customers = options.rows.data_objects!.find((o) => o.name === 'pg_customers')!;
    const curated = 'Every company that has bought from us at least once; one row per legal entity, deduplicated weekly by the CRM team.';
    (customers.type as Record<string, unknown>).long_description = curated;
    const curatedServer = await startAcmeServer({ generation: 'G2', coreCatalog: options });
    try {
      const snapshot = await connector.introspect(source(curatedServer.url));
      expect(snapshot.objects.find((o) => o.id === 'mesh:module:crm')!.comment).toBe(crm.long_description);
      expect(snapshot.objects.find((o) => o.id === 'mesh:data_object:crm.pg_customers')!.comment).toBe(curated);
    } finally {
      await curatedServer.close();
    }
  });

  it('asks the former `catalogs` view on v0.3.0–v0.3.14 and marks disabled data sources', async () => {
    const options = catalog();
    options.rows.schema_catalogs!.find((r) => r.name === 'docs')!.disabled = true;
    const older = await startAcmeServer({ generation: 'G2', version: 'v0.3.12', coreCatalog: options });
    try {
      const snapshot = await connector.introspect(source(older.url));
      expect(sent(older).some((q) => q.includes('catalog { catalogs {'))).toBe(true);
      expect(snapshot.objects.find((o) => o.id === 'mesh:data_source:pg')!.comment).toBe(PG_LONG);
      const docs = snapshot.objects.find((o) => o.id === 'mesh:data_source:docs')!;
      expect(docs.attributes.disabled).toBe(true);
      expect(docs.comment).toMatch(/^Disabled on the server/);
      expect(snapshot.objects.find((o) => o.id === 'mesh:data_source:pg')!.attributes.disabled).toBeUndefined();
    } finally {
      await older.close();
    }
  });

  it('reads the arguments of module roots only, a page at a time', async () => {
    await connector.introspect(source(server.url));
    const asked = sent(server).filter((q) => q.includes('catalog { arguments('));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]).toContain(`limit: ${ARGUMENTS_PAGE}, offset: 0`);
    const roots = JSON.parse(/type_name: \{in: (\[[^\]]*\])\}/.exec(asked[0]!)![1]!) as string[];
    expect(roots).toEqual(expect.arrayContaining(['Query', '_module_crm_query', '_module_docs_kb_query']));
    expect(roots).not.toContain('pg_customers');
  });

  it('repairs argument types that MAX_DEPTH ≤ 4 collapsed to JSON, and names the setting', async () => {
    const shallow = await startAcmeServer({ generation: 'G2', maxDepth: 4, coreCatalog: catalog() });
    try {
      const expected = await connector.introspect(source(server.url));
      const snapshot = await connector.introspect(source(shallow.url));
      const args = (s: typeof snapshot) => s.objects.find((o) => o.id === 'mesh:graphql_query:crm.pg_customers')!.attributes.args;
      expect(args(snapshot)).toEqual(args(expected));
      expect((snapshot.info.warnings as string[]).some((w) => /MAX_DEPTH is 4 or less.*core\.catalog\.arguments/.test(w))).toBe(true);
    } finally {
      await shallow.close();
    }
  });

  it('says so when nothing can repair collapsed argument types', async () => {
    const shallow = await startAcmeServer({ generation: 'G2', maxDepth: 4 });
    try {
      const snapshot = await connector.introspect(source(shallow.url));
      expect((snapshot.info.warnings as string[]).some((w) => /MAX_DEPTH is 4 or less.*without types.*MAX_DEPTH to 5/.test(w))).toBe(true);
    } finally {
      await shallow.close();
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

describe("Hugr's generated module texts", () => {
  it('never become a description, in any variant', async () => {
    const introspection = ACME.introspection();
    const schema = introspection.data?.__schema ?? introspection.__schema;
    const field = (type: string, name: string) => schema.types.find((t: any) => t.name === type).fields.find((f: any) => f.name === name);
    field('Query', 'crm').description = 'The root query object of the module crm';
    field('_module_docs_query', 'kb').description = 'The root subscription object of the module docs.kb';
    field('Mutation', 'core').description = 'The root function mutation object of the module core';
    const generated = await startAcmeServer({ generation: 'G2', introspection });
    try {
      const snapshot = await connector.introspect(source(generated.url));
      for (const id of ['mesh:module:crm', 'mesh:module:docs.kb', 'mesh:module:core']) {
        expect(snapshot.objects.find((o) => o.id === id)!.comment, id).toBeNull();
      }
    } finally {
      await generated.close();
    }
  });
});
