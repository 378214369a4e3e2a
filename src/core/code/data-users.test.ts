import { describe, expect, it } from 'vitest';
import type { CatalogEdge } from '../../ports/catalog.js';
import type { TableAccess } from '../../ports/code.js';
import type { SearchHit } from '../search/types.js';
import { dataUsersIndex, dataUsersOf, dataUseWhy, requestNames, seedDataUsers } from './data-users.js';
import { queryWords } from '../search/document-ranking.js';
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
    expect(
      dataUsersOf('invoice totals and books', [hit('pg', 'column', 'billing.invoice.total'), hit('api', 'graphql_query', 'query.books')], users).map((u) => [
        u.file,
        u.line,
      ]),
    ).toEqual([
      ['src/a.ts', 3],
      ['src/b.ts', 7],
      ['src/c.ts', 4],
    ]);
    expect(dataUsersOf('book titles', [hit('api', 'graphql_field', 'Book.title')], users).map(dataUseWhy)).toEqual(['uses GraphQL field Book.title (line 2)']);
    // what the file does to the table, where its code says
    const written = dataUsersIndex(
      [{ ...edge('src/a.ts', 'pg:table:billing.invoice', 'uses_table', 3), attributes: { line: 3, access: ['read', 'write'] } }],
      PATHS,
    );
    expect(dataUsersOf('invoices', [hit('pg', 'table', 'billing.invoice')], written).map(dataUseWhy)).toEqual([
      'reads and writes table billing.invoice (line 3)',
    ]);
    // the files that only declare it (a migration, a model) come after those that read or write it
    const declared = dataUsersIndex(
      [
        { ...edge('src/a.ts', 'pg:table:billing.invoice', 'uses_table', 3), attributes: { line: 3, access: ['schema'] } },
        { ...edge('src/b.ts', 'pg:table:billing.invoice', 'uses_table', 9), attributes: { line: 9, access: ['read'] } },
        edge('src/c.ts', 'pg:table:billing.invoice', 'uses_table', 4),
      ],
      PATHS,
    );
    expect(dataUsersOf('invoices', [hit('pg', 'table', 'billing.invoice')], declared).map((u) => u.file)).toEqual(['src/b.ts', 'src/c.ts', 'src/a.ts']);
    // SQL files (seed data, dumps) after the code that reads or writes it, before the declarations
    const seeded = dataUsersIndex(
      [
        { ...edge('db/data.sql', 'pg:table:billing.invoice', 'uses_table', 2), attributes: { line: 2, access: ['write'] } },
        { ...edge('src/a.ts', 'pg:table:billing.invoice', 'uses_table', 3), attributes: { line: 3, access: ['schema'] } },
        { ...edge('src/b.ts', 'pg:table:billing.invoice', 'uses_table', 9), attributes: { line: 9, access: ['write'] } },
      ],
      new Map([...PATHS, ['svc:code_file:db/data.sql', 'db/data.sql']]),
    );
    expect(dataUsersOf('invoices', [hit('pg', 'table', 'billing.invoice')], seeded).map((u) => u.file)).toEqual(['src/b.ts', 'db/data.sql', 'src/a.ts']);
    // a down migration after the declarations it undoes
    const migrations = ['db/migration/000001_init.down.sql', 'db/migration/000001_init.up.sql', 'migrations/down/0001.sql', 'migrations/up/0001.sql'];
    const migrated = dataUsersIndex(
      migrations.map((file, i) => ({
        ...edge(file, 'pg:table:billing.invoice', 'uses_table', i + 1),
        attributes: { line: 1, access: ['schema'] },
      })),
      new Map(
        ['db/migration/000001_init.down.sql', 'db/migration/000001_init.up.sql', 'migrations/down/0001.sql', 'migrations/up/0001.sql'].map((f) => [
          `svc:code_file:${f}`,
          f,
        ]),
      ),
    );
    expect(dataUsersOf('invoices', [hit('pg', 'table', 'billing.invoice')], migrated).map((u) => u.file)).toEqual([
      'db/migration/000001_init.up.sql',
      'migrations/up/0001.sql',
      'db/migration/000001_init.down.sql',
      'migrations/down/0001.sql',
    ]);
  });

  it('the code that reads or writes comes before the model, the tests and the migrations, even a migration that also updates rows', () => {
    // full-stack-fastapi-template's item table: a data migration listed first, the CRUD code after it
    const files: Array<[string, TableAccess[]]> = [
      ['backend/app/alembic/versions/d98dd8ec85a3_edit_replace_id.py', ['read', 'write', 'schema']],
      ['backend/app/alembic/versions/e2412789c190_initialize_models.py', ['schema']],
      ['backend/app/api/routes/items.py', ['read', 'write']],
      ['backend/app/crud.py', ['write']],
      ['backend/app/models.py', ['schema']],
      ['backend/tests/conftest.py', ['write']],
    ];
    const users = dataUsersIndex(
      files.map(([file, access], i) => ({ ...edge(file, 'pg:table:public.item', 'uses_table', i + 1), attributes: { line: i + 1, access } })),
      new Map(files.map(([f]) => [`svc:code_file:${f}`, f])),
    );
    expect(dataUsersOf('how are items created', [hit('pg', 'table', 'public.item')], users).map((u) => u.file)).toEqual([
      'backend/app/api/routes/items.py',
      'backend/app/crud.py',
      'backend/app/models.py',
      'backend/tests/conftest.py',
      'backend/app/alembic/versions/d98dd8ec85a3_edit_replace_id.py',
      'backend/app/alembic/versions/e2412789c190_initialize_models.py',
    ]);
  });

  it('among code of one kind, a file that uses more of the request’s tables comes first; code before any hit’s migrations', () => {
    // a request about deleting a site's visits and hits: the file deleting all three reads before the reports reading hits only
    const uses: Array<[string, string]> = [
      ['db/migrations/001_init.sql', 'public.hit'],
      ['src/reports/daily.ts', 'public.hit'],
      ['src/reports/pages.ts', 'public.hit'],
      ['src/sites/remove.ts', 'public.hit'],
      ['src/sites/remove.ts', 'public.site'],
      ['src/sites/remove.ts', 'public.visit'],
      ['src/sites/list.ts', 'public.site'],
    ];
    const users = dataUsersIndex(
      uses.map(([file, table], i) => ({
        ...edge(file, `pg:table:${table}`, 'uses_table', i + 1),
        attributes: { line: i + 1, access: file.endsWith('.sql') ? ['schema'] : ['read'] },
      })),
      new Map(uses.map(([f]) => [`svc:code_file:${f}`, f])),
    );
    const hits = ['public.hit', 'public.site', 'public.visit'].map((t) => hit('pg', 'table', t));
    expect(dataUsersOf('how does removing a site delete its hits and visits', hits, users).map((u) => u.file)).toEqual([
      'src/sites/remove.ts',
      'src/reports/daily.ts',
      'src/reports/pages.ts',
      'src/sites/list.ts',
      'db/migrations/001_init.sql',
    ]);
  });

  it('a column hit follows the files that use the column first, then its table’s other users', () => {
    const users = dataUsersIndex([...EDGES, edge('src/c.ts', 'pg:column:billing.invoice.total', 'uses_column', 9)], PATHS);
    expect(dataUsersOf('invoice total', [hit('pg', 'column', 'billing.invoice.total')], users).map(dataUseWhy)).toEqual([
      'uses column billing.invoice.total (line 9)',
      'uses table billing.invoice (line 3)',
      'uses table billing.invoice (line 7)',
    ]);
  });

  it('a hit the request does not name, or with no code users, adds nothing', () => {
    const users = dataUsersIndex(EDGES, PATHS);
    expect(dataUsersOf('how are payments settled', [hit('pg', 'table', 'billing.invoice', null)], users)).toEqual([]);
    expect(dataUsersOf('customers', [hit('pg', 'table', 'public.customer')], users)).toEqual([]);
    expect(dataUsersOf('invoices', [hit('pg', 'table', 'billing.invoice')], users).map((u) => u.file)).toEqual(['src/a.ts', 'src/b.ts']);
    // a lexical hit through one shared word is not followed
    const plans = dataUsersIndex([edge('src/c.ts', 'pg:column:billing.subscription_plan.plan_code', 'uses_column', 5)], PATHS);
    expect(dataUsersOf('how does a plan pick its starting file', [hit('pg', 'column', 'billing.subscription_plan.plan_code')], plans)).toEqual([]);
  });

  it('one shared word does not make a request about a table: every word of its name must be said', () => {
    const names = (request: string, kind: string, name: string) => requestNames(new Set(queryWords(request)), { kind, name });
    expect(names('how does a plan pick its starting file', 'column', 'billing.subscription_plan.plan_code')).toBe(false);
    expect(names('how does a plan pick its starting file', 'table', 'billing.subscription_plan')).toBe(false);
    expect(names('subscription plans and their prices', 'table', 'billing.subscription_plan')).toBe(true);
    // plural and singular, schema abbreviations (tkt → ticket)
    expect(names('ticket escalation history', 'table', 'support.tkt_esc_hist')).toBe(true);
    expect(names('ticket history', 'table', 'support.tkt_esc_hist')).toBe(false);
    // an abbreviation of two words wants both
    expect(names('where do foreign exchange rates come from', 'table', 'finance.fx_rate')).toBe(true);
    expect(names('exchange rates', 'table', 'finance.fx_rate')).toBe(false);
    // a column: its own words and one of its table's, or all of its table's
    expect(names('which code reads customer emails', 'column', 'shop.customer.email')).toBe(true);
    expect(names('which code reads emails', 'column', 'shop.customer.email')).toBe(false);
    expect(names('how are invoices paid', 'column', 'billing.invoice.paid_on')).toBe(true);
    expect(names('how are table comments introspected', 'column', 'support.satisfaction_survey.comment')).toBe(false);
    // a column that only repeats its table's words needs the whole table: `order` is not `sales_order`
    expect(names('where is the order of search results decided', 'column', 'shop.sales_order.order_id')).toBe(false);
    expect(names('which code writes sales orders', 'column', 'shop.sales_order.order_id')).toBe(true);
    // a participle of a name word says it (techschool/simplebank's `transfers`); a word under four letters has none
    expect(names('how is money transferred between accounts', 'table', 'public.transfers')).toBe(true);
    expect(names('when is a customer invoiced', 'table', 'billing.invoice')).toBe(true);
    expect(names('where are entries posting', 'table', 'ledger.post')).toBe(true);
    expect(names('how are requests logged', 'table', 'audit.log')).toBe(false);
    expect(names('how are transfers made', 'table', 'public.transfer_fee')).toBe(false);
    // GraphQL: an operation by its own name, a field with its type
    expect(names('which screens fetch books', 'graphql_query', 'query.books')).toBe(true);
    expect(names('book titles', 'graphql_field', 'Book.title')).toBe(true);
    expect(names('page titles', 'graphql_field', 'Book.title')).toBe(false);
  });

  it('the first hits this code uses are followed, not the first hits: other databases’ tables of the project do not crowd them out', () => {
    const users = dataUsersIndex(EDGES, PATHS);
    const others = ['orders', 'invoices', 'invoice_lines', 'customers', 'payments'].map((t) => hit('other', 'table', `public.${t}`));
    expect(dataUsersOf('orders, invoices, customers and payments', [...others, hit('pg', 'table', 'billing.invoice')], users).map((u) => u.file)).toEqual([
      'src/a.ts',
      'src/b.ts',
    ]);
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

describe("the seed's own tables", () => {
  const use = (from: string, table: string, line: number, access: TableAccess[]) => ({
    ...edge(from, `pg:table:public.${table}`, 'uses_table', line),
    attributes: { line, access },
  });
  const paths = ['routes/items.py', 'crud.py', 'models.py', 'migrations/001_init.py', 'migrations/002_backfill.py', 'tests/conftest.py'];
  const users = dataUsersIndex(
    [
      use('routes/items.py', 'item', 25, ['read', 'write']),
      use('models.py', 'item', 3, ['schema']),
      use('models.py', 'user', 9, ['schema']),
      use('migrations/001_init.py', 'item', 12, ['schema']),
      use('migrations/002_backfill.py', 'item', 20, ['schema', 'write']),
      use('tests/conftest.py', 'item', 8, ['write']),
      use('crud.py', 'item', 40, ['write']),
      use('crud.py', 'user', 10, ['read']),
    ],
    new Map(paths.map((p) => [`svc:code_file:${p}`, p])),
  );

  it('a seed alone reads every other user of its tables, the declaring ones too', () => {
    // code that reads or writes in edge order, then the models, tests, migrations
    expect(seedDataUsers('migrations/001_init.py', users).map((u) => u.file)).toEqual([
      'routes/items.py',
      'crud.py',
      'models.py',
      'tests/conftest.py',
      'migrations/002_backfill.py',
    ]);
  });

  it('worksOn: the users that read or write the tables the seed reads or writes; a file only declaring them, or a seed only declaring, reads none', () => {
    expect(seedDataUsers('routes/items.py', users, { worksOn: true }).map((u) => u.file)).toEqual([
      'crud.py',
      'tests/conftest.py',
      'migrations/002_backfill.py',
    ]);
    expect(seedDataUsers('models.py', users, { worksOn: true })).toEqual([]);
  });
});
