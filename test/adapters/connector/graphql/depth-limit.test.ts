/**
 * Introspection against a server whose depth budget refuses the one-shot `__schema` query
 * (HUGR.md §1.3 `max depth exceeded`): discovery falls back to the flat type list plus
 * `__type(name:)` batches (a few in flight), and indexes the same objects as without a limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphqlConnector } from '../../../../src/adapters/connector/graphql/index.js';
import { TYPE_CONCURRENCY, mapLimit } from '../../../../src/adapters/connector/graphql/introspection-by-type.js';
import type { SourceRecord } from '../../../../src/ports/connector.js';
import { SECRET, startAcmeServer } from '../../../helpers/acme-deployment.js';
import type { HugrTestServer } from '../../../helpers/hugr-test-server.js';

const connector = createGraphqlConnector({ type: 'hugr', env: { MESH_SECRET: SECRET } });
const source = (url: string): SourceRecord => ({
  name: 'mesh',
  type: 'hugr',
  url,
  options: { secretKeyEnv: 'MESH_SECRET' },
  createdAt: new Date().toISOString(),
});
const queries = (server: HugrTestServer) => server.requests.filter((r) => r.path === '/query').map((r) => JSON.parse(r.body).query as string);
const ids = (objects: ReadonlyArray<{ id: string }>) => objects.map((o) => o.id).sort();

describe.each(['G1', 'G2'] as const)('introspection under a depth limit (%s)', (generation) => {
  let open: HugrTestServer;
  let limited: HugrTestServer;
  let tight: HugrTestServer;
  beforeAll(async () => {
    open = await startAcmeServer({ generation });
    // type-reference hops count: the 4-level chain under field arguments no longer fits in 7
    limited = await startAcmeServer({ generation, maxDepth: 7, depthCountsTypeRefs: true });
    // field arguments themselves are out of reach
    tight = await startAcmeServer({ generation, maxDepth: 2 });
  });
  afterAll(async () => {
    await Promise.all([open.close(), limited.close(), tight.close()]);
  });

  it('retries type by type with a shorter reference chain and indexes the same objects', async () => {
    const expected = await connector.introspect(source(open.url));
    const snapshot = await connector.introspect(source(limited.url));
    const sent = queries(limited);
    expect(sent.some((q) => q.includes('SextantIntrospection'))).toBe(true);
    expect(sent.some((q) => q.includes('SextantTypeList'))).toBe(true);
    const batches = sent.filter((q) => q.includes('SextantTypes'));
    expect(batches.length).toBeGreaterThan(2);
    // some types need the shorter chain (three ofType levels, still enough for [T!]!)
    expect(batches.some((q) => q.includes('fragment TypeRef on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }'))).toBe(
      true,
    );
    expect(ids(snapshot.objects)).toEqual(ids(expected.objects));
    const customers = (s: typeof snapshot) => s.objects.find((o) => o.id === 'mesh:graphql_query:crm.pg_customers')!;
    expect(customers(snapshot).attributes.args).toEqual(customers(expected).attributes.args);
    expect((snapshot.info.warnings as string[]).some((w) => /depth limit/.test(w))).toBe(true);
  });

  it('drops field arguments as a last resort and says so', async () => {
    const snapshot = await connector.introspect(source(tight.url));
    expect(snapshot.objects.map((o) => o.id)).toContain('mesh:data_object:crm.pg_customers');
    expect((snapshot.info.warnings as string[]).some((w) => /without field arguments/.test(w))).toBe(true);
  });
});

describe('mapLimit', () => {
  it('keeps at most the given number of requests in flight and the input order', async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await mapLimit([...Array(13).keys()], TYPE_CONCURRENCY, async (i) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5 + (i % 3)));
      inFlight--;
      return i * 2;
    });
    expect(peak).toBe(TYPE_CONCURRENCY);
    expect(out).toEqual([...Array(13).keys()].map((i) => i * 2));
  });
});
