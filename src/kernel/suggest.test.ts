import { describe, expect, it } from 'vitest';
import { closest } from './suggest.js';

const ids = Array.from({ length: 20_000 }, (_, i) => `shop:column:public.table_${i % 500}.column_${i}`);

describe('closest', () => {
  it('still finds the near miss among many ids', () => {
    expect(closest('shop:column:public.table_7.colum_507', ids, 3)[0]).toBe('shop:column:public.table_7.column_507');
    expect(closest('ordrs', ['orders', 'customers', 'order_items'], 2)).toEqual(['orders', 'order_items']);
  });

  it('counts a shared word once, however often a candidate repeats it', () => {
    const files = [
      'self:code_file:src/core/kinds/code/code-file.ts',
      'self:code_file:src/core/code/onboarding-model.ts',
      'self:code_file:src/core/code/code-graph.ts',
    ];
    expect(closest('self:code_file:src/core/code/onbording-model.ts', files, 3)[0]).toBe('self:code_file:src/core/code/onboarding-model.ts');
  });

  it('does no work for an input no one typed, and bounded work for a long one', () => {
    expect(closest('x'.repeat(100_000), ids)).toEqual([]);
    // The answer stays correct within the bound: a 250-character id compared with 20,000 ids.
    const long = `shop:column:public.table_3.${'c'.repeat(220)}`;
    expect(closest(long, ids, 1)[0]).toMatch(/^shop:column:public\.table_3\./);
  });
});
