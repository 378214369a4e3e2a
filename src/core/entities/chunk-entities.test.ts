import { describe, expect, it } from 'vitest';
import type { CatalogObject, Chunk } from '../../ports/catalog.js';
import { chunkEntityExtractor, entityInputOf, MAX_CHUNK_ENTITIES } from './chunk-entities.js';

function object(kind: string, path: string, extra: Partial<CatalogObject> = {}): CatalogObject {
  const parts = path.split('.');
  return {
    id: `shop:${kind}:${path}`,
    source: 'shop',
    kind,
    path,
    name: parts[parts.length - 1]!,
    parentId: kind === 'column' ? `shop:table:${parts.slice(0, 2).join('.')}` : null,
    resource: `relation:${parts.slice(0, 2).join('.')}`,
    comment: null,
    definition: null,
    attributes: {},
    ...extra,
  };
}

const chunkOf = (o: CatalogObject): Chunk => ({
  id: o.id,
  objectId: o.id,
  source: o.source,
  kind: o.kind,
  name: '',
  comment: '',
  definition: '',
  context: '',
  text: '',
  contentHash: '',
  project: null,
  session: null,
});

const orders = object('table', 'public.sales_orders', { comment: 'Orders placed in the web shop.' });
const customerId = object('column', 'public.sales_orders.customer_id', { attributes: { references: 'shop:column:public.customers.id' } });
const total = object('column', 'public.sales_orders.total_amount', { comment: 'Gross total in cents.' });
const objects = [orders, customerId, total];

describe('entityInputOf', () => {
  it('gives a relation its column names and a column its reference', () => {
    expect(entityInputOf(orders, '', [customerId, total]).definition).toBe('customer_id, total_amount');
    expect(entityInputOf(customerId, 'ctx').definition).toBe('references public.customers.id');
    expect(entityInputOf(customerId, 'ctx').context).toBe('ctx');
    expect(entityInputOf(total, '').definition).toBeNull();
  });
});

describe('chunkEntityExtractor', () => {
  const extract = chunkEntityExtractor(objects, new Map([[total.id, 'Reported to Acme Corp monthly.']]));
  const keys = (o: CatalogObject) => extract(chunkOf(o)).map((e) => `${e.semanticType}:${e.name}`);

  it('links a table to its own name, comment and column names', () => {
    expect(keys(orders)).toEqual(expect.arrayContaining(['TERM:sales order', 'CONCEPT:order', 'TERM:customer id', 'TERM:total amount', 'TERM:web shop']));
  });

  it('links a column to its relation at half the confidence, below its own name', () => {
    const entities = extract(chunkOf(total));
    const own = entities.find((e) => e.name === 'total amount')!;
    const parent = entities.find((e) => e.name === 'sales order')!;
    expect(parent.confidence).toBeCloseTo(own.confidence / 2, 3);
    expect(entities.map((e) => e.name)).toContain('acme corp');
    expect(keys(customerId)).toEqual(expect.arrayContaining(['TERM:customer id', 'CONCEPT:customer', 'TERM:sales order']));
  });

  it('is deterministic and bounded', () => {
    expect(extract(chunkOf(total))).toEqual(extract(chunkOf(total)));
    const wide = object('table', 'public.wide', {});
    const columns = Array.from({ length: 80 }, (_, i) => object('column', `public.wide.metric_${i}_value_amount`));
    const many = chunkEntityExtractor([wide, ...columns], new Map())(chunkOf(wide));
    expect(many.length).toBeLessThanOrEqual(MAX_CHUNK_ENTITIES);
  });

  it('falls back to the id for a chunk whose object is not in the pass', () => {
    const stray = object('table', 'public.refund_requests');
    expect(keys(stray)).toContain('TERM:refund request');
  });

  it('reads a passage of a passage kind (a document) from the passage, not from the whole document', () => {
    const manual = object('document', 'runbook.md', { definition: '# Keys\n\nRotate the api_key_store.\n\n# Backups\n\nCopy the wal_archive_dir.' });
    const passage = (n: number, text: string): Chunk => ({ ...chunkOf(manual), id: n ? `${manual.id}#${n + 1}` : manual.id, text });
    const byPassage = chunkEntityExtractor([manual], new Map(), new Set(['document']));
    const names = (c: Chunk) => byPassage(c).map((e) => e.name);
    expect(names(passage(0, 'Keys. Rotate the api_key_store'))).toContain('API key store');
    expect(names(passage(0, 'Keys. Rotate the api_key_store'))).not.toContain('wal archive dir');
    expect(names(passage(1, 'Backups. Copy the wal_archive_dir'))).toContain('wal archive dir');
    // without the passage kinds, every chunk reads the whole document
    expect(chunkEntityExtractor([manual], new Map())(passage(1, 'Backups')).map((e) => e.name)).toContain('API key store');
  });
});
