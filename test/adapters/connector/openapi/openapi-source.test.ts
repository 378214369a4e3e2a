/**
 * `openapi` sources end to end through the engine: a Swagger 2.0 spec of our own and the TMDB
 * spec RestBench ships (../shared/bench/api-retrieval), served from files and from a real HTTP
 * server on loopback. Every bad input gets one clear error and leaves the previous index intact.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenapiConnector } from '../../../../src/adapters/connector/openapi/index.js';
import { openSqliteStore } from '../../../../src/adapters/store/sqlite/index.js';
import { createEngine, type Engine } from '../../../../src/core/engine.js';
import type { OperationDescription } from '../../../../src/core/openapi/operations.js';
import { lexicalField } from '../../../../src/core/search/lexical-text.js';
import { tempHome } from '../../../helpers/temp-home.js';
import { PETSTORE_SWAGGER2 } from './petstore-swagger2.js';

const TMDB = resolve(__dirname, '../../../../../shared/bench/api-retrieval/specs/tmdb.json');
const home = tempHome();
const specs = join(home.dir, 'specs');
const TOKEN = 'spec-token-7f3a';
let engine: Engine;
let server: Server;
let base: string;

function write(name: string, text: string): string {
  const path = join(specs, name);
  writeFileSync(path, text);
  return path;
}

/** The one-line error of updating a source (an update of one named source throws it). */
async function updateError(name: string): Promise<string> {
  try {
    const run = await engine.update({ source: name });
    expect(run.ok).toBe(false);
    return run.reports[0]!.message;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

async function failure(name: string, url: string): Promise<string> {
  await engine.addSource({ name, type: 'openapi', url });
  return updateError(name);
}

const minimal = (extra = '') =>
  `openapi: 3.0.3\ninfo: { title: Mini, version: "1" }\npaths:\n  /things:\n    get:\n      summary: List things\n      responses:\n        "200":\n          description: ok\n${extra}`;

beforeAll(async () => {
  if (!existsSync(TMDB)) throw new Error(`TMDB spec not found at ${TMDB}: the shared folder (../shared/bench/api-retrieval) must sit beside the repository`);
  mkdirSync(specs, { recursive: true });
  server = createServer((req, res) => {
    if (req.url === '/private/openapi.yaml') {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) res.writeHead(401).end('no');
      else res.writeHead(200, { 'content-type': 'application/yaml' }).end(minimal());
    } else if (req.url === '/remote-with-file-ref.yaml') {
      res.writeHead(200).end(minimal(`components:\n  schemas:\n    Secret:\n      $ref: "${join(specs, 'secret.yaml')}#/Secret"\n`));
    } else res.writeHead(404).end('not here');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = await openSqliteStore(join(home.dir, 'index.sqlite'));
  engine = createEngine({
    store,
    connectors: new Map([['openapi', createOpenapiConnector({ env: { SPEC_AUTH: `Bearer ${TOKEN}`, WRONG_AUTH: 'Bearer nope' } })]]),
    embedder: async () => null,
    lexical: lexicalField,
  });
});

afterAll(async () => {
  await engine?.close();
  await new Promise((r) => server?.close(r));
  home.cleanup();
});

describe('a Swagger 2.0 spec', () => {
  beforeAll(async () => {
    await engine.addSource({ name: 'pets', type: 'openapi', url: write('petstore.yaml', PETSTORE_SWAGGER2) });
    const run = await engine.update({ source: 'pets' });
    expect(run.ok, run.reports[0]?.message).toBe(true);
  });

  it('indexes each operation with a ready request: server, body skeleton from the schema, form fields', async () => {
    const add = await engine.get('pets:api_endpoint:POST /pets');
    expect(add.object.definition).toContain('POST https://petstore.example.com/v2/pets');
    expect(add.object.definition).toContain('"name": "<string>"');
    expect(add.object.attributes.security).toEqual(['api_key']);
    const upload = await engine.get('pets:api_endpoint:POST /pets/{pet_id}/photo');
    expect(upload.object.definition).toContain('Content-Type: multipart/form-data');
    expect(upload.object.definition).toContain('"caption"');
    const remove = await engine.get('pets:api_endpoint:DELETE /pets/{pet_id}');
    expect(remove.object.attributes.deprecated).toBe(true);
  });

  it('gives named schemas their own objects, allOf merged, a cycle marked and cut', async () => {
    const pet = await engine.get('pets:api_schema:Pet');
    expect((pet.object.attributes.fields as Array<{ name: string }>).map((f) => f.name).sort()).toEqual(['category', 'id', 'name', 'tag']);
    const category = await engine.get('pets:api_schema:Category');
    expect(category.object.attributes.circular).toBe(true);
    const add = await engine.get('pets:api_endpoint:POST /pets');
    // The body skeleton expands Category once, then marks where it would repeat.
    expect(add.object.definition).toContain('<circular Category>');
  });

  it('describes how to obtain the id an operation takes', async () => {
    const d = await engine.describe('pets:api_endpoint:GET /pets/{pet_id}');
    expect(d.family).toBe('openapi');
    const description = d.description as OperationDescription;
    expect(description.inputs[0]!.parameter).toBe('pet_id');
    expect(description.inputs[0]!.producers[0]).toMatchObject({ operation: 'GET /pets', field: '[].id' });
  });

  it('lists operations by tag, path prefix and method, paged', async () => {
    expect((await engine.listOperations({ source: 'pets', tag: 'photos' })).items.map((o) => o.path)).toEqual(['/pets/{pet_id}/photo']);
    expect((await engine.listOperations({ source: 'pets', method: 'post' })).total).toBe(2);
    // a method no spec can hold is a mistake, not an empty page
    await expect(engine.listOperations({ source: 'pets', method: 'FETCH' })).rejects.toMatchObject({
      code: 'USAGE',
      message: "'FETCH' is not an HTTP method",
    });
    const first = await engine.listOperations({ source: 'pets', pathPrefix: '/pets/', limit: 2 });
    expect(first.total).toBe(3);
    const second = await engine.listOperations({ source: 'pets', pathPrefix: '/pets/', limit: 2, cursor: first.nextCursor! });
    expect([...first.items, ...second.items].map((o) => `${o.method} ${o.path}`)).toEqual([
      'DELETE /pets/{pet_id}',
      'GET /pets/{pet_id}',
      'POST /pets/{pet_id}/photo',
    ]);
  });

  it('keeps unchanged operations on update and rebuilds only the one that changed', async () => {
    const again = await engine.update({ source: 'pets' });
    expect(again.reports[0]).toMatchObject({ status: 'unchanged', added: 0, changed: 0, removed: 0 });
    write('petstore.yaml', PETSTORE_SWAGGER2.replace('summary: Upload a photo of a pet', 'summary: Upload a picture of a pet'));
    const changed = await engine.update({ source: 'pets' });
    expect(changed.reports[0]).toMatchObject({ status: 'updated', added: 0, changed: 1, removed: 0 });
    expect((await engine.search('picture', { kinds: ['api_endpoint'] })).hits[0]?.objectId).toBe('pets:api_endpoint:POST /pets/{pet_id}/photo');
  });
});

describe('the TMDB spec', () => {
  beforeAll(async () => {
    await engine.addSource({ name: 'tmdb', type: 'openapi', url: TMDB });
    expect((await engine.update({ source: 'tmdb' })).ok).toBe(true);
  });

  it('finds operations by words and tells how to get the person id a credits call takes', async () => {
    const hits = await engine.search('movie credits of a person', { kinds: ['api_endpoint'], sources: ['tmdb'], limit: 5 });
    expect(hits.hits.map((h) => h.objectId)).toContain('tmdb:api_endpoint:GET /person/{person_id}/movie_credits');
    const d = (await engine.describe('tmdb:api_endpoint:GET /person/{person_id}/movie_credits')).description as OperationDescription;
    expect(d.inputs[0]!.producers[0]!.operation).toBe('GET /search/person');
    expect((await engine.get('tmdb:api_endpoint:GET /search/person')).object.attributes.lookup).toBe(true);
    expect((await engine.get('tmdb:api_endpoint:GET /person/popular')).object.attributes.lookup).toBeUndefined();
  });
});

describe('bad input', () => {
  it('names the line and column of invalid JSON and YAML', async () => {
    expect(await failure('badjson', write('bad.json', '{\n  "openapi": "3.0.0",\n  "paths": {,}\n}'))).toMatch(/invalid JSON .* at line 3, column \d+/);
    expect(await failure('badyaml', write('bad.yaml', 'openapi: 3.0.0\npaths:\n  /a:\n    get: [unclosed\n'))).toMatch(
      /invalid YAML .* at line \d+, column \d+/,
    );
  });

  it('refuses a document that is neither Swagger nor OpenAPI', async () => {
    expect(await failure('notspec', write('package.json', '{"name": "x", "version": "1.0.0"}'))).toMatch(/neither a Swagger 2\.0 nor an OpenAPI 3 document/);
  });

  it('names an unresolvable $ref, internal or external', async () => {
    const internal = minimal('          content:\n            application/json:\n              schema:\n                $ref: "#/components/schemas/Nope"\n');
    expect(await failure('badref', write('badref.yaml', internal))).toMatch(/unresolvable \$ref #\/components\/schemas\/Nope/);
    const external = minimal('          content:\n            application/json:\n              schema:\n                $ref: "./missing.yaml#/Thing"\n');
    expect(await failure('badext', write('badext.yaml', external))).toMatch(/unresolvable \$ref .*missing\.yaml/);
  });

  it('refuses a spec over the size cap, naming the cap', async () => {
    const huge = write('huge.json', `{"openapi":"3.0.0","x-pad":"${'a'.repeat(33 * 1024 * 1024)}"}`);
    expect(await failure('huge', huge)).toMatch(/over the 32 MB cap/);
  });

  it('refuses duplicate operationIds, naming both operations', async () => {
    const dup = `openapi: 3.0.0\ninfo: { title: D, version: "1" }\npaths:\n  /a:\n    get: { operationId: same, responses: { "200": { description: ok } } }\n  /b:\n    get: { operationId: same, responses: { "200": { description: ok } } }\n`;
    expect(await failure('dup', write('dup.yaml', dup))).toMatch(/duplicate operationId 'same' .*GET \/a and GET \/b/);
  });

  it('says when the URL is unreachable or refuses the credentials', async () => {
    expect(await failure('gone', `${base}/nothing.json`)).toMatch(/HTTP 404/);
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect(await failure('down', `http://127.0.0.1:${port}/openapi.json`)).toMatch(/cannot fetch the spec/);
    await engine.addSource({
      name: 'wrongkey',
      type: 'openapi',
      url: `${base}/private/openapi.yaml`,
      options: { headerEnvs: { Authorization: 'WRONG_AUTH' } },
    });
    const refused = await updateError('wrongkey');
    expect(refused).toMatch(/refused the spec request \(HTTP 401\)/);
    expect(refused).not.toContain('nope');
  });

  it('reads a private spec with header credentials from the environment', async () => {
    await engine.addSource({ name: 'private', type: 'openapi', url: `${base}/private/openapi.yaml`, options: { headerEnvs: { Authorization: 'SPEC_AUTH' } } });
    expect((await engine.update({ source: 'private' })).ok).toBe(true);
    expect((await engine.listOperations({ source: 'private' })).items.map((o) => o.path)).toEqual(['/things']);
  });

  it('never lets a spec fetched from a URL read local files through $ref', async () => {
    write('secret.yaml', 'Secret:\n  type: object\n  description: local only\n');
    expect(await failure('remote', `${base}/remote-with-file-ref.yaml`)).toMatch(/unresolvable \$ref/);
  });

  it('leaves the previous index of a source intact when an update fails', async () => {
    const path = write('keep.yaml', minimal());
    await engine.addSource({ name: 'keep', type: 'openapi', url: path });
    expect((await engine.update({ source: 'keep' })).ok).toBe(true);
    write('keep.yaml', '{ not json');
    expect(await updateError('keep')).toMatch(/invalid JSON/);
    expect((await engine.get('keep:api_endpoint:GET /things')).object.comment).toBe('List things');
  });
});
