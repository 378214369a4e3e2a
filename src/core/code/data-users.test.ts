import { describe, expect, it } from 'vitest';
import type { CatalogEdge } from '../../ports/catalog.js';
import type { SearchHit } from '../search/types.js';
import { dataUsersIndex, dataUsersOf, dataUseWhy } from './data-users.js';
import { buildCodeGraph } from './code-graph.js';
import { deterministicPlan } from './plan-steps.js';

const edge = (from: string, to: string, kind: string, line?: number): CatalogEdge => ({
  fromId: `svc:code_file:${from}`,
  toId: to,
  kind,
  resource: `file:${from}`,
  attributes: line ? { line } : {},
});
const hit = (source: string, kind: string, name: string, lexicalRank: number | null = 1): SearchHit => ({
  id: `${source}:${kind}:${name}`,
  objectId: `${source}:${kind}:${name}`,
  source,
  kind,
  name,
  score: 0.5,
  snippet: '',
  explain: { lexicalRank, vectorRank: 1, fused: 0, bonus: 0, lists: [], expansions: [], entities: [] },
});

const EDGES = [
  edge('src/a.ts', 'pg:table:billing.invoice', 'uses_table', 3),
  edge('src/b.ts', 'pg:table:billing.invoice', 'uses_table', 7),
  edge('src/b.ts', 'api:graphql_field:Book.title', 'uses_field', 2),
  edge('src/c.ts', 'api:graphql_query:query.books', 'uses_field', 4),
  edge('src/a.ts', 'svc:code_file:src/b.ts', 'imports'),
];
const PATHS = new Map(['src/a.ts', 'src/b.ts', 'src/c.ts'].map((p) => [`svc:code_file:${p}`, p]));

describe('data users', () => {
  it('follows table, column (through its table) and GraphQL hits to the files that use them, each file once', () => {
    const users = dataUsersIndex(EDGES, PATHS);
    expect(dataUsersOf([hit('pg', 'column', 'billing.invoice.total'), hit('api', 'graphql_query', 'query.books')], users).map((u) => [u.file, u.line])).toEqual(
      [
        ['src/a.ts', 3],
        ['src/b.ts', 7],
        ['src/c.ts', 4],
      ],
    );
    expect(dataUsersOf([hit('api', 'graphql_field', 'Book.title')], users).map(dataUseWhy)).toEqual(['uses GraphQL field Book.title (line 2)']);
  });

  it('a column hit follows the files that use the column first, then its table’s other users', () => {
    const users = dataUsersIndex([...EDGES, edge('src/c.ts', 'pg:column:billing.invoice.total', 'uses_column', 9)], PATHS);
    expect(dataUsersOf([hit('pg', 'column', 'billing.invoice.total')], users).map(dataUseWhy)).toEqual([
      'uses column billing.invoice.total (line 9)',
      'uses table billing.invoice (line 3)',
      'uses table billing.invoice (line 7)',
    ]);
  });

  it('a hit found by meaning only, or with no code users, adds nothing', () => {
    const users = dataUsersIndex(EDGES, PATHS);
    expect(dataUsersOf([hit('pg', 'table', 'billing.invoice', null)], users)).toEqual([]);
    expect(dataUsersOf([hit('pg', 'table', 'public.customer')], users)).toEqual([]);
  });

  it('the first hits this code uses are followed, not the first hits: other databases’ tables of the project do not crowd them out', () => {
    const users = dataUsersIndex(EDGES, PATHS);
    const others = ['orders', 'invoices', 'invoice_lines', 'customers', 'payments'].map((t) => hit('other', 'table', `public.${t}`));
    expect(dataUsersOf([...others, hit('pg', 'table', 'billing.invoice')], users).map((u) => u.file)).toEqual(['src/a.ts', 'src/b.ts']);
  });

  it('the plan gives the data users their own step after the seed, with why', () => {
    const graph = buildCodeGraph(['src/a.ts', 'src/b.ts', 'src/x.ts'], [{ source: 'src/x.ts', target: 'src/a.ts' }]);
    const plan = deterministicPlan(graph, {
      request: 'invoices',
      seed: 'src/a.ts',
      related: ['src/x.ts', 'src/b.ts'],
      distance: new Map([['src/x.ts', 1]]),
      dataUses: [{ file: 'src/b.ts', why: 'uses table billing.invoice (line 7)' }],
    });
    expect(plan.steps.map((s) => [s.title, s.files])).toEqual([
      ['Start at the entry points', ['src/x.ts']],
      ['Read src/a.ts', ['src/a.ts']],
      ['Code that touches the data', ['src/b.ts']],
    ]);
    expect(plan.steps[2]!.why).toContain('src/b.ts uses table billing.invoice (line 7)');
  });
});
