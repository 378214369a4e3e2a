import { describe, expect, it } from 'vitest';
import type { CatalogObject, ContextRecord } from '../../ports/catalog.js';
import { resolveEffectiveContexts } from './effective.js';

const object = (id: string, kind: string, path: string, parentId: string | null): CatalogObject =>
  ({ id, kind, path, parentId, name: path, source: 'demo', comment: null, attributes: {} }) as unknown as CatalogObject;

const context = (id: number, target: string, text: string, origin: 'manual' | 'inferred'): ContextRecord =>
  ({ id, source: 'demo', targetKind: 'object', target, text, origin, evidence: [] }) as unknown as ContextRecord;

describe('resolveEffectiveContexts', () => {
  const objects = [
    object('demo:table:public.ord', 'table', 'public.ord', null),
    object('demo:column:public.ord.total', 'column', 'public.ord.total', 'demo:table:public.ord'),
  ];
  const contexts = [
    context(1, 'demo:table:public.ord', 'Orders of the legacy shop', 'inferred'),
    context(2, 'demo:column:public.ord.total', 'Gross amount', 'manual'),
  ];

  it('marks drafted contexts where they are shown, and inherits them into children', () => {
    const shown = resolveEffectiveContexts(objects, contexts);
    expect(shown.get('demo:table:public.ord')).toBe('(inferred) Orders of the legacy shop');
    expect(shown.get('demo:column:public.ord.total')).toBe('(inferred) Orders of the legacy shop\nGross amount');
  });

  it('leaves the mark out of the text chunks are indexed with', () => {
    const indexed = resolveEffectiveContexts(objects, contexts, { marked: false });
    expect(indexed.get('demo:table:public.ord')).toBe('Orders of the legacy shop');
    expect([...indexed.values()].join('\n')).not.toContain('inferred');
  });
});
