import { describe, expect, it } from 'vitest';
import type { CatalogObject, SourceSnapshot } from '../../ports/catalog.js';
import { SextantError } from '../../kernel/errors.js';
import { planUpdate } from './plan-update.js';

function table(name: string, comment: string | null = null): CatalogObject[] {
  const tableId = `s:table:public.${name}`;
  return [
    {
      id: tableId,
      source: 's',
      kind: 'table',
      path: `public.${name}`,
      name,
      parentId: null,
      resource: `relation:public.${name}`,
      comment,
      definition: null,
      attributes: {},
    },
    {
      id: `s:column:public.${name}.id`,
      source: 's',
      kind: 'column',
      path: `public.${name}.id`,
      name: 'id',
      parentId: tableId,
      resource: `relation:public.${name}`,
      comment: null,
      definition: null,
      attributes: { dataType: 'integer' },
    },
  ];
}

const snap = (...objects: CatalogObject[][]): SourceSnapshot => ({ objects: objects.flat(), edges: [], info: {} });

describe('planUpdate', () => {
  it('adds everything on first run and nothing on an identical second run', () => {
    const first = planUpdate(snap(table('a'), table('b')), new Map());
    expect(first.added.map((r) => r.resource).sort()).toEqual(['relation:public.a', 'relation:public.b']);
    const second = planUpdate(snap(table('a'), table('b')), first.resourceHashes);
    expect(second.sourceHash).toBe(first.sourceHash);
    expect([second.added, second.changed, second.removed].map((x) => x.length)).toEqual([0, 0, 0]);
  });

  it('reports one changed and one removed resource', () => {
    const first = planUpdate(snap(table('a'), table('b'), table('c')), new Map());
    const next = planUpdate(snap(table('a', 'now commented'), table('b')), first.resourceHashes);
    expect(next.sourceHash).not.toBe(first.sourceHash);
    expect(next.changed.map((r) => r.resource)).toEqual(['relation:public.a']);
    expect(next.removed).toEqual(['relation:public.c']);
    expect(next.added).toEqual([]);
  });

  it('hashes independently of attribute key order', () => {
    const a = table('a');
    const reordered = a.map((o) => ({ ...o, attributes: Object.fromEntries(Object.entries(o.attributes).reverse()) }));
    expect(planUpdate(snap(a), new Map()).sourceHash).toBe(planUpdate(snap(reordered), new Map()).sourceHash);
  });

  it('refuses a snapshot that names one object twice, naming the object, before anything is planned', () => {
    const [t, column] = table('a');
    const twice = snap([t!, column!, { ...column!, comment: 'again' }]);
    expect(() => planUpdate(twice, new Map())).toThrow(SextantError);
    expect(() => planUpdate(twice, new Map())).toThrow("the scan of source 's' named object 's:column:public.a.id' twice (in relation:public.a)");
  });
});
