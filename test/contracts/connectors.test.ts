/**
 * Integration: the connector contract (connector.contract.ts) against the PostgreSQL connector
 * (a temp database on the real server, with rows), the GraphQL connector on a Hugr deployment
 * and on a plain GraphQL API, the OpenAPI connector on the TMDB spec, and the test-only CSV
 * data-dictionary connector.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCodeConnector } from '../../src/adapters/connector/code/index.js';
import { createGraphqlConnector } from '../../src/adapters/connector/graphql/index.js';
import { createOpenapiConnector } from '../../src/adapters/connector/openapi/index.js';
import { createPostgresConnector } from '../../src/adapters/connector/postgres/index.js';
import { codeKind } from '../../src/core/kinds/code/code-kind.js';
import { graphqlKind } from '../../src/core/kinds/graphql/graphql-kind.js';
import { openapiKind } from '../../src/core/kinds/openapi/openapi-kind.js';
import { sqlKind } from '../../src/core/kinds/sql/sql-kind.js';
import { ACME_DATA, SECRET, startAcmeServer } from '../helpers/acme-deployment.js';
import { writeShopRepo } from '../helpers/code-repo.js';
import { startPlainServer } from '../helpers/plain-graphql-server.js';
import { createTempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';
import { createCsvDictionaryConnector } from '../kinds/csv-dictionary/csv-dictionary-connector.js';
import { csvDictionaryKind } from '../kinds/csv-dictionary/csv-dictionary-kind.js';
import { describeConnectorContract } from './connector.contract.js';

const at = '2026-01-01T00:00:00.000Z';

describeConnectorContract('postgres', async () => {
  const db = await createTempDatabase('sxt_contract');
  await db.exec(`
    CREATE SCHEMA crm;
    COMMENT ON SCHEMA crm IS 'Customers and their orders';
    CREATE TYPE crm.tier AS ENUM ('gold', 'silver');
    CREATE TABLE crm.customers (id bigint PRIMARY KEY, email text UNIQUE NOT NULL, tier crm.tier);
    COMMENT ON TABLE crm.customers IS 'People who buy';
    CREATE TABLE crm.orders (id bigint PRIMARY KEY, customer_id bigint NOT NULL REFERENCES crm.customers (id), note text);
    CREATE INDEX orders_customer ON crm.orders (customer_id);
    CREATE VIEW crm.big_orders AS SELECT * FROM crm.orders WHERE id > 100;
    CREATE FUNCTION crm.order_count(c bigint) RETURNS bigint LANGUAGE sql STABLE AS 'SELECT count(*) FROM crm.orders WHERE customer_id = c';
    INSERT INTO crm.customers VALUES (1, 'row-value-ada@example.com', 'gold');
    INSERT INTO crm.orders VALUES (7, 1, 'row-value-fragile-parcel');
  `);
  return {
    connector: createPostgresConnector({ statementTimeoutMs: 5000 }),
    source: { name: 'crm', type: 'postgres', url: db.adminDsn, options: {}, createdAt: at },
    family: sqlKind,
    rowValues: ['row-value-ada@example.com', 'row-value-fragile-parcel'],
    cleanup: () => db.drop(),
  };
});

describeConnectorContract('graphql (Hugr)', async () => {
  const server = await startAcmeServer();
  return {
    connector: createGraphqlConnector({ type: 'hugr', env: { MESH_SECRET: SECRET } }),
    source: { name: 'mesh', type: 'hugr', url: server.url, options: { secretKeyEnv: 'MESH_SECRET' }, createdAt: at },
    family: graphqlKind,
    rowValues: [...ACME_DATA.pg_customers.flatMap((c) => [c.name, c.email]), 'Europe', 'Americas'],
    cleanup: () => server.close(),
  };
});

describeConnectorContract('graphql (plain API)', async () => {
  const server = await startPlainServer({ serviceToken: 'service-token-1234', userTokens: [] });
  return {
    connector: createGraphqlConnector({ type: 'graphql', env: { API_TOKEN: 'Bearer service-token-1234' } }),
    source: { name: 'library', type: 'graphql', url: server.url, options: { headerEnvs: { Authorization: 'API_TOKEN' } }, createdAt: at },
    family: graphqlKind,
    rowValues: ['Ursula K. Le Guin', 'The Dispossessed', 'SPQR'],
    cleanup: () => server.close(),
  };
});

describeConnectorContract('csv data dictionary (test-only family)', async () => {
  const home = tempHome();
  const file = join(home.dir, 'dictionary.csv');
  writeFileSync(file, 'schema,table,column,type,description\nhr,staff,,,Employees\nhr,staff,badge_no,text,Door badge number\nhr,teams,name,text,Team name\n');
  return {
    connector: createCsvDictionaryConnector(),
    source: { name: 'dict', type: 'csv-dictionary', url: pathToFileURL(file).href, options: {}, createdAt: at },
    family: csvDictionaryKind,
    rowValues: [],
    cleanup: async () => home.cleanup(),
  };
});

describeConnectorContract('openapi (TMDB spec)', async () => {
  const spec = resolve(__dirname, '../../../shared/bench/api-retrieval/specs/tmdb.json');
  if (!existsSync(spec)) throw new Error(`TMDB spec not found at ${spec}: the shared folder (../shared/bench/api-retrieval) must sit beside the repository`);
  return {
    connector: createOpenapiConnector(),
    source: { name: 'tmdb', type: 'openapi', url: spec, options: {}, createdAt: at },
    family: openapiKind,
    // Values of the spec's response examples: documentation of data, never indexed.
    rowValues: ['Brad Pitt', 'Pretty Little Liars'],
    cleanup: async () => undefined,
  };
});

describeConnectorContract('code (a small TypeScript repository)', async () => {
  const home = tempHome();
  const repo = join(home.dir, 'shop');
  writeShopRepo(repo);
  return {
    connector: createCodeConnector(),
    source: { name: 'shop', type: 'code', url: repo, options: {}, createdAt: at },
    family: codeKind,
    // file bodies are not indexed: a call's body (`charge(-1)`) never appears
    rowValues: ['charge(-1)', 'Math.round'],
    cleanup: async () => home.cleanup(),
  };
});
