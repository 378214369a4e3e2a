/**
 * Integration, the proof of issue #9's source-kind seam: a CSV "data dictionary" family that
 * lives only under test/kinds/csv-dictionary/ is registered with one line next to the default
 * families and is then searchable (engine.query, MCP deep_search), describable (MCP describe,
 * get) and listed (MCP list_sources, list_objects, resources) through the official MCP client.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine, SOURCE_KINDS } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { Engine } from '../../src/core/engine.js';
import { SHARED_MODELS_DIR } from '../helpers/models.js';
import { tempHome } from '../helpers/temp-home.js';
import { call, connectHttp, startInProcess, type InProcessServer } from '../mcp/fixture.js';
import { csvDictionary } from './csv-dictionary/index.js';

const DICTIONARY = `schema,table,column,type,description
fleet,vehicles,,,"Trucks and vans the company owns, with their registration"
fleet,vehicles,plate_number,text,Licence plate as registered
fleet,vehicles,odometer_km,integer,"Kilometres driven, read at each service"
fleet,drivers,,,People allowed to drive company vehicles
fleet,drivers,licence_class,text,Driving licence category (B or C)
`;

const home = tempHome();
const env = { SEXTANT_HOME: home.dir, SEXTANT_EMBEDDINGS_PROVIDER: 'builtin', SEXTANT_MODELS_DIR: SHARED_MODELS_DIR };
const config = loadConfig({ env, configFile: join(home.dir, 'config.yaml') });
// The one registration line: the default families plus the test-only one.
const openWithDictionary = () => openEngine(config, { kinds: [...SOURCE_KINDS, csvDictionary] });

let engine: Engine;
let server: InProcessServer;
let client: Client;

beforeAll(async () => {
  const file = join(home.dir, 'fleet.csv');
  writeFileSync(file, DICTIONARY);
  engine = await openWithDictionary();
  const added = await engine.addSource({ name: 'fleet', url: pathToFileURL(file).href });
  expect(added.type).toBe('csv-dictionary');
  const run = await engine.update();
  expect(run.ok, run.reports.map((r) => r.message).join('; ')).toBe(true);
  server = await startInProcess({ home: home.dir, env, engine: openWithDictionary, cleanup: async () => undefined });
  client = await connectHttp(server.url);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  await engine?.close();
  home.cleanup();
});

describe('a test-only source kind registered with one line', () => {
  it('shows its kinds and source type in engine.kinds()', () => {
    const kinds = engine.kinds();
    expect(kinds.sourceTypes.map((t) => t.type)).toEqual(['postgres', 'openapi', 'hugr', 'graphql', 'docs', 'code', 'csv-dictionary']);
    expect(kinds.objectKinds.filter((k) => k.family === 'csv_dictionary').map((k) => [k.kind, k.chunked, k.listed])).toEqual([
      ['dictionary_table', true, true],
      ['dictionary_column', true, false],
    ]);
  });

  it("validates a new source's options with the family's options schema", async () => {
    const file = join(home.dir, 'fleet.csv');
    await expect(engine.addSource({ name: 'fleet2', url: pathToFileURL(file).href, options: { delimiter: ';;' } })).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('invalid option delimiter for a csv-dictionary source'),
    });
    expect((await engine.listSources()).map((s) => s.name)).toEqual(['fleet']);
  });

  it('is searchable through the engine', async () => {
    const result = await engine.query('trucks and vans with registration', { limit: 3 });
    expect(result.hits[0]?.objectId).toBe('fleet:dictionary_table:fleet.vehicles');
  });

  it('is searchable over MCP (deep_search)', async () => {
    const r = await call(client, 'deep_search', { query: 'driving licence category', top_k: 3 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain('fleet:dictionary_column:fleet.drivers.licence_class');
  });

  it('is describable over MCP (describe and get, by id and by URI)', async () => {
    const described = await call(client, 'describe', { object: 'fleet:dictionary_table:fleet.vehicles' });
    expect(described.isError, described.text).toBe(false);
    expect(described.text).toContain('Trucks and vans');
    expect(described.text).toContain('plate_number');
    const got = await call(client, 'get', { object: 'sextant://fleet/fleet.vehicles.odometer_km' });
    expect(got.isError, got.text).toBe(false);
    expect(got.text).toContain('Kilometres driven');
  });

  it('is listed over MCP (list_sources, list_objects, resources)', async () => {
    const sources = await call(client, 'list_sources');
    expect(sources.text).toMatch(/fleet \(csv-dictionary\): 5 objects/);
    const objects = await call(client, 'list_objects', { source: 'fleet', kind: 'dictionary_table' });
    expect(objects.isError, objects.text).toBe(false);
    expect(objects.data.items.map((o: { id: string }) => o.id)).toEqual(['fleet:dictionary_table:fleet.drivers', 'fleet:dictionary_table:fleet.vehicles']);
    const resources = await client.listResources();
    expect(resources.resources.map((r) => r.uri)).toEqual(expect.arrayContaining(['sextant://fleet/fleet.vehicles', 'sextant://fleet/fleet.drivers']));
  });
});
