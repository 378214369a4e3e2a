/**
 * The catalog the scope contract runs on: two projects holding different sources of both
 * families. `alpha` = ledger (database) + mesh (GraphQL); `beta` = bulk + shopdb (databases) +
 * mesh2 (GraphQL, the same Hugr deployment under another name). `bulk` holds 120 tables whose
 * ids sort before every alpha object, so a resources/list that filtered after paging would
 * hand an alpha session an empty first page.
 */
import { join } from 'node:path';
import { openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import { SECRET, startAcmeServer } from '../helpers/acme-deployment.js';
import { assertBuilt, cliEnv } from '../helpers/cli.js';
import type { HugrTestServer } from '../helpers/hugr-test-server.js';
import { SHARED_MODELS_DIR } from '../helpers/models.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';
import { FIXTURE_SQL, type Catalog } from './fixture.js';

export const BULK_TABLES = 120;
export const ALPHA = { project: 'alpha', sources: ['ledger', 'mesh'] } as const;
export const BETA = { project: 'beta', sources: ['bulk', 'mesh2', 'shopdb'] } as const;

const BULK_SQL = `
CREATE SCHEMA bulk;
DO $$ BEGIN
  FOR i IN 1..${BULK_TABLES} LOOP
    EXECUTE format('CREATE TABLE bulk.t%s (id int PRIMARY KEY)', lpad(i::text, 3, '0'));
  END LOOP;
END $$;
`;

export interface ScopeCatalog extends Catalog {
  hugr: HugrTestServer;
}

export async function prepareScopeCatalog(): Promise<ScopeCatalog> {
  assertBuilt();
  const home = tempHome();
  const env = cliEnv(home.dir, { SEXTANT_EMBEDDINGS_PROVIDER: 'builtin', SEXTANT_MODELS_DIR: SHARED_MODELS_DIR, MESH_SECRET: SECRET });
  const engineOf = () => openEngine(loadConfig({ env, configFile: join(home.dir, 'config.yaml') }));
  let db: TempDatabase | null = null;
  let hugr: HugrTestServer | null = null;
  process.env.MESH_SECRET = SECRET; // the connector reads the secret from this process's environment while indexing
  try {
    db = await createTempDatabase('sxtscope');
    await db.exec(FIXTURE_SQL + BULK_SQL);
    hugr = await startAcmeServer();
    const engine = await engineOf();
    try {
      await engine.addSource({ name: 'shopdb', url: db.adminDsn, options: { schemas: ['shop'] } });
      await engine.addSource({ name: 'ledger', url: db.adminDsn, options: { schemas: ['billing'] } });
      await engine.addSource({ name: 'bulk', url: db.adminDsn, options: { schemas: ['bulk'] } });
      for (const name of ['mesh', 'mesh2']) await engine.addSource({ name, type: 'hugr', url: hugr.url, options: { secretKeyEnv: 'MESH_SECRET' } });
      const run = await engine.update({ allowExtraPrivileges: true });
      if (!run.ok) throw new Error(`scope fixture update failed: ${JSON.stringify(run.reports)}`);
      await engine.projects.create(ALPHA.project, { sources: ALPHA.sources });
      await engine.projects.create(BETA.project, { sources: BETA.sources });
    } finally {
      await engine.close();
    }
  } catch (err) {
    await hugr?.close();
    await db?.drop();
    home.cleanup();
    throw err;
  }
  const server = hugr;
  return {
    home: home.dir,
    env,
    hugr: server,
    engine: engineOf,
    async cleanup() {
      await server.close();
      await db?.drop();
      delete process.env.MESH_SECRET;
      home.cleanup();
    },
  };
}
