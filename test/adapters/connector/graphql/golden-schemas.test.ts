/**
 * The engine's own golden snapshots (real G3 generated schemas: modules and nesting, a prefixed
 * as_module source, a read-only source, M2M, parameterized views, functions in modules, vector
 * and embeddings objects) walked through the connector's mapping; every generated operation
 * validates against the snapshot schema.
 */
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { mergeCatalog } from '../../../../src/adapters/connector/graphql/merge-catalog.js';
import { SchemaIndex } from '../../../../src/adapters/connector/graphql/schema-model.js';
import { toSnapshot } from '../../../../src/adapters/connector/graphql/to-objects.js';
import { createTypeLookup } from '../../../../src/adapters/connector/graphql/type-lookup.js';
import { buildGoldenSchema, goldenSdl } from '../../../helpers/golden-schema.js';
import { hugrIntrospection } from '../../../helpers/hugr-annotate.js';

function mapGolden(name: 'harness' | 'multi' | 'vector') {
  const schema = buildGoldenSchema(goldenSdl(name));
  const index = new SchemaIndex(hugrIntrospection(schema).data.__schema);
  const catalog = mergeCatalog({ generation: 'G3', schema: index, summary: null, dataSources: null, warnings: [] });
  const snapshot = toSnapshot('g', catalog, createTypeLookup(index, catalog.dataObjects), {});
  return { schema, snapshot, byId: new Map(snapshot.objects.map((o) => [o.id, o])) };
}

describe.each(['harness', 'multi', 'vector'] as const)('golden %s', (name) => {
  it('every generated operation validates against the snapshot schema', () => {
    const { schema, snapshot } = mapGolden(name);
    const ops = snapshot.objects.filter((o) => o.definition && ['graphql_query', 'function', 'data_object'].includes(o.kind));
    expect(ops.length).toBeGreaterThan(5);
    for (const o of ops) expect(validate(schema, parse(o.definition!)).map((e) => `${o.id}: ${e.message}\n${o.definition}`)).toEqual([]);
  });
});

describe('golden shapes', () => {
  it('multi: a prefixed as_module source queried by original names; a read-only source has no mutations', () => {
    const { byId, snapshot } = mapGolden('multi');
    const items = byId.get('g:data_object:shop.items')!;
    expect(items.attributes).toMatchObject({ typeName: 'shop_items', originalName: 'items', graphqlPath: 'query.shop.items' });
    expect((items.attributes.mutations as unknown[]).length).toBe(3);
    const readOnly = snapshot.objects.filter(
      (o) => o.kind === 'data_object' && (o.attributes.mutations as unknown[]).length === 0 && o.attributes.objectKind === 'table',
    );
    expect(readOnly.length).toBeGreaterThan(0);
  });

  it('harness: nested modules, functions on both function roots', () => {
    const { snapshot } = mapGolden('harness');
    const modules = snapshot.objects.filter((o) => o.kind === 'module').map((o) => o.path);
    expect(modules).toEqual(expect.arrayContaining(['sales', 'sales.reports']));
    const fns = snapshot.objects.filter((o) => o.kind === 'function');
    expect(new Set(fns.map((f) => f.attributes.mutating))).toEqual(new Set([true, false]));
  });
});
