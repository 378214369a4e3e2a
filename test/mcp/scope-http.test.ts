/** The scope contract over Streamable HTTP: each session on `/mcp/{project}` of the server in this process. */
import { afterAll, beforeAll } from 'vitest';
import { connectHttp, startInProcess, type InProcessServer } from './fixture.js';
import { describeScopeContract } from './scope.contract.js';
import { prepareScopeCatalog, type ScopeCatalog } from './scope.fixture.js';

let catalog: ScopeCatalog;
let server: InProcessServer;

beforeAll(async () => {
  catalog = await prepareScopeCatalog();
  server = await startInProcess(catalog);
}, 180_000);

afterAll(async () => {
  await server?.close();
  await catalog?.cleanup();
});

describeScopeContract('streamable http', (project) => connectHttp(`${server.url}/${project}`));
