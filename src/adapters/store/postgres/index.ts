/**
 * @module adapters/store/postgres
 * The shared store for teams: one PostgreSQL database, any number of servers and updaters.
 */
export {
  createPool,
  isPostgresUrl,
  migratePostgresStore,
  openPostgresStore,
  POSTGRES_CAPABILITIES,
  PostgresStore,
  unreachable,
  type PostgresStoreOptions,
} from './pg-store.js';
export { PG_SCHEMA, PG_SCHEMA_VERSION, type MigrationResult } from './schema.js';
