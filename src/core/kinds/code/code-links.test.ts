import { describe, expect, it } from 'vitest';
import type { CatalogObject } from '../../../ports/catalog.js';
import { codeDataEdges, relationIndex } from './code-links.js';

const rel = (source: string, path: string): CatalogObject => ({
  id: `${source}:table:${path}`,
  source,
  kind: 'table',
  path,
  name: path.split('.').at(-1)!,
  parentId: null,
  resource: `table:${path}`,
  comment: null,
  definition: null,
  attributes: {},
});

const RELATIONS = [rel('pg', 'billing.invoice'), rel('pg', 'public.customer'), rel('pg', 'crm.customer'), rel('pg', 'crm.lead')];

describe('code-to-data links', () => {
  it('resolves qualified names exactly, bare names when one schema has them (else public)', () => {
    const find = relationIndex(RELATIONS);
    expect(find('BILLING.Invoice')?.id).toBe('pg:table:billing.invoice');
    expect(find('invoice')?.id).toBe('pg:table:billing.invoice');
    expect(find('customer')?.id).toBe('pg:table:public.customer');
    expect(find('lead')?.id).toBe('pg:table:crm.lead');
    expect(find('sales.invoice')).toBeNull();
    expect(find('nothing')).toBeNull();
  });

  it('one uses_table edge per file and table, owned by the file, with the first line', () => {
    const file = { ...rel('svc', 'x'), id: 'svc:code_file:src/x.ts', kind: 'code_file', resource: 'file:src/x.ts' };
    file.attributes = {
      sqlTables: [
        { table: 'billing.invoice', line: 3 },
        { table: 'invoice', line: 9 },
        { table: 'ghost', line: 4 },
      ],
    };
    expect(codeDataEdges([file], relationIndex(RELATIONS))).toEqual([
      { fromId: 'svc:code_file:src/x.ts', toId: 'pg:table:billing.invoice', kind: 'uses_table', resource: 'file:src/x.ts', attributes: { line: 3 } },
    ]);
  });
});
