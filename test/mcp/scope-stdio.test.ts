/** The scope contract over stdio: each session is a `sextant mcp --project <name>` process of the built CLI. */
import { afterAll, beforeAll } from 'vitest';
import { connectStdio } from './fixture.js';
import { describeScopeContract } from './scope.contract.js';
import { prepareScopeCatalog, type ScopeCatalog } from './scope.fixture.js';

let catalog: ScopeCatalog;

beforeAll(async () => {
  catalog = await prepareScopeCatalog();
}, 180_000);

afterAll(async () => {
  await catalog?.cleanup();
});

describeScopeContract('stdio', async (project) => (await connectStdio(catalog.env, ['--project', project])).client);
