import { describe, expect, it } from 'vitest';
import type { GlossaryTerm } from '../../ports/glossary.js';
import { clusterTerms, cosine, defaultK, textVectors } from './clusters.js';

function term(name: string, definition: string): GlossaryTerm {
  return {
    id: name.length,
    project: 'default',
    term: name,
    definition,
    sql: 'SELECT 1',
    source: 's',
    baseTable: null,
    outputColumns: [],
    origin: 'manual',
    aliases: [],
    validation: { status: 'valid', checkedAt: '', error: null },
    createdAt: '',
    createdBy: null,
    updatedAt: '',
    updatedBy: null,
  };
}

const TERMS = [
  term('Unpaid Invoices', 'Invoices not paid yet'),
  term('Invoice Amount', 'Total of the invoices in cents'),
  term('Paid Invoices', 'Invoices that were paid'),
  term('Churned Customers', 'Customers who cancelled'),
  term('Active Customers', 'Customers who did not cancel'),
  term('New Customers', 'Customers who signed up this month'),
];

describe('glossary clusters', () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 1],
    [8, 2],
    [50, 5],
  ])('picks about √(n/2) clusters for %i terms', (n, k) => {
    expect(defaultK(n)).toBe(Math.min(Math.max(n, 1), k));
  });

  it('falls back to unit hashed word vectors without an embedder', async () => {
    const { vectors, kind } = await textVectors(['paid invoices', 'invoice paid', 'customer churn'], null);
    expect(kind).toBe('words');
    expect(cosine(vectors[0]!, vectors[1]!)).toBeCloseTo(1, 5);
    expect(cosine(vectors[0]!, vectors[2]!)).toBeLessThan(0.2);
  });

  it('groups terms by shared meaning, the same way every time and in any input order', async () => {
    const a = await clusterTerms('default', TERMS, null, 2);
    const b = await clusterTerms('default', [...TERMS].reverse(), null, 2);
    expect(b.clustering).toEqual(a.clustering);
    const groups = a.clustering.clusters.map((c) => c.terms.map((t) => t.term).sort());
    expect(groups).toContainEqual(['Invoice Amount', 'Paid Invoices', 'Unpaid Invoices']);
    expect(groups).toContainEqual(['Active Customers', 'Churned Customers', 'New Customers']);
    expect(a.clustering.clusters.find((c) => c.terms.some((t) => t.term === 'Paid Invoices'))!.keywords).toContain('invoice');
  });

  it('handles no terms and a single cluster', async () => {
    expect((await clusterTerms('default', [], null)).clustering.clusters).toEqual([]);
    const one = await clusterTerms('default', TERMS.slice(0, 2), null);
    expect(one.clustering.k).toBe(1);
    expect(one.clustering.clusters[0]!.terms).toHaveLength(2);
  });
});
