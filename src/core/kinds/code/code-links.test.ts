import { describe, expect, it } from 'vitest';
import type { CatalogObject } from '../../../ports/catalog.js';
import { codeDataEdges, codeGraphqlEdges, columnIndex, relationIndex } from './code-links.js';
import { graphqlIndex } from './graphql-links.js';

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
    const find = (name: string) => relationIndex(RELATIONS)(name).map((r) => r.id);
    expect(find('BILLING.Invoice')).toEqual(['pg:table:billing.invoice']);
    expect(find('invoice')).toEqual(['pg:table:billing.invoice']);
    expect(find('customer')).toEqual(['pg:table:public.customer']);
    expect(find('lead')).toEqual(['pg:table:crm.lead']);
    expect(find('sales.invoice')).toEqual([]);
    expect(find('nothing')).toEqual([]);
  });

  it("SQL's names match as PostgreSQL folds them (unquoted `user` is not Prisma's \"User\"); an ORM's match in any case", () => {
    const tables = [rel('pg', 'public.User'), rel('pg', 'public.orders'), rel('pg', 'audit.Log')];
    const find = (name: string, exact: boolean) => relationIndex(tables)(name, exact).map((r) => r.path);
    expect(find('user', true)).toEqual([]);
    expect(find('User', true)).toEqual(['public.User']);
    expect(find('user', false)).toEqual(['public.User']);
    expect(find('audit.log', true)).toEqual([]);
    expect(find('audit.Log', true)).toEqual(['audit.Log']);
    const file = { ...rel('svc', 'x'), id: 'svc:code_file:src/x.ts', kind: 'code_file', resource: 'file:src/x.ts' };
    file.attributes = {
      sqlTables: [
        { table: 'user', line: 2 },
        { table: 'orders', line: 3 },
      ],
      ormTables: [{ table: 'user', line: 5, via: 'prisma' }],
    };
    expect(codeDataEdges([file], relationIndex(tables)).map((e) => [e.toId, e.attributes.line])).toEqual([
      ['pg:table:public.orders', 3],
      ['pg:table:public.User', 5],
    ]);
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

  it('the edge says what the file does to the table, from all its lines, in read-write-schema order; nothing where no line says', () => {
    const file = { ...rel('svc', 'x'), id: 'svc:code_file:src/x.ts', kind: 'code_file', resource: 'file:src/x.ts' };
    file.attributes = {
      sqlTables: [
        { table: 'billing.invoice', line: 3, access: ['schema'] },
        { table: 'invoice', line: 9, access: ['write'] },
        { table: 'invoice', line: 12, access: ['read', 'bogus'] },
        { table: 'lead', line: 4 },
      ],
    };
    const edges = codeDataEdges([file], relationIndex(RELATIONS));
    expect(edges.map((e) => [e.toId, e.attributes])).toEqual([
      ['pg:table:billing.invoice', { line: 3, access: ['read', 'write', 'schema'] }],
      ['pg:table:crm.lead', { line: 4 }],
    ]);
  });

  it('a name two databases have goes to the one that has most of the code source’s tables, or to each of a tie (dev and prod copies)', () => {
    const relations = [
      ...RELATIONS,
      rel('other', 'public.customer'),
      rel('other', 'public.orders'),
      rel('copy', 'public.customer'),
      rel('copy', 'public.orders'),
    ];
    const file = (path: string, tables: string[]) => ({
      ...rel('svc', 'x'),
      id: `svc:code_file:${path}`,
      kind: 'code_file',
      resource: `file:${path}`,
      attributes: { sqlTables: tables.map((table, i) => ({ table, line: i + 1 })) },
    });
    const edges = codeDataEdges([file('a.ts', ['customer']), file('b.ts', ['invoice', 'lead']), file('c.ts', ['orders'])], relationIndex(relations));
    expect(edges.map((e) => `${e.fromId} ${e.toId}`)).toEqual([
      'svc:code_file:a.ts pg:table:public.customer',
      'svc:code_file:b.ts pg:table:billing.invoice',
      'svc:code_file:b.ts pg:table:crm.lead',
      'svc:code_file:c.ts copy:table:public.orders',
      'svc:code_file:c.ts other:table:public.orders',
    ]);
  });
});

const obj = (source: string, kind: string, path: string, attributes: Record<string, unknown> = {}, parentId: string | null = null): CatalogObject => ({
  id: `${source}:${kind}:${path}`,
  source,
  kind,
  path,
  name: path.split('.').at(-1)!,
  parentId,
  resource: kind,
  comment: null,
  definition: null,
  attributes,
});

describe('ORM and GraphQL links', () => {
  it('an ORM model links with its via; an alternative name serves when the first is no table; SQL and ORM on one table make one edge', () => {
    const file = { ...rel('svc', 'x'), id: 'svc:code_file:src/m.ts', kind: 'code_file', resource: 'file:src/m.ts' };
    file.attributes = {
      sqlTables: [{ table: 'lead', line: 9 }],
      ormTables: [
        { table: 'leads', alternatives: ['lead'], line: 2, via: 'sequelize' },
        { table: 'invoice', line: 5, via: 'typeorm' },
      ],
    };
    expect(codeDataEdges([file], relationIndex(RELATIONS)).map((e) => [e.toId, e.attributes])).toEqual([
      ['pg:table:crm.lead', { line: 2, via: 'sequelize' }],
      ['pg:table:billing.invoice', { line: 5, via: 'typeorm' }],
    ]);
  });

  it('GraphQL paths walk a plain API (operation, then the return type’s fields) and a Hugr module tree (query, data object, its fields)', () => {
    const objects = [
      obj('api', 'graphql_query', 'query.books', { root: 'query', returns: '[Book!]!' }),
      obj('api', 'graphql_type', 'Book'),
      obj('api', 'graphql_type', 'Author'),
      obj('api', 'graphql_field', 'Book.title', { dataType: 'String!' }),
      obj('api', 'graphql_field', 'Book.author', { dataType: 'Author!' }),
      obj('api', 'graphql_field', 'Author.name', { dataType: 'String!' }),
      obj('mesh', 'module', 'sales'),
      obj('mesh', 'data_object', 'sales.orders'),
      obj('mesh', 'graphql_query', 'sales.orders', { root: 'query' }, 'mesh:data_object:sales.orders'),
      obj('mesh', 'graphql_field', 'sales.orders.total', { dataType: 'Float' }),
    ];
    const resolve = graphqlIndex(objects);
    const ids = (path: string) => resolve(path).map((o) => o.id);
    expect(ids('query.books.author.name')).toEqual(['api:graphql_query:query.books', 'api:graphql_field:Book.author', 'api:graphql_field:Author.name']);
    expect(ids('Book.title')).toEqual(['api:graphql_field:Book.title']);
    expect(ids('query.sales.orders.total')).toEqual([
      'mesh:graphql_query:sales.orders',
      'mesh:data_object:sales.orders',
      'mesh:graphql_field:sales.orders.total',
    ]);
    expect(ids('query.nothing.here')).toEqual([]);
    expect(ids('query.books.missing')).toEqual(['api:graphql_query:query.books']);

    const file = obj('svc', 'code_file', 'src/q.ts', {
      graphqlFields: [
        { path: 'query.books', line: 3 },
        { path: 'query.books.title', line: 4 },
        { path: 'Book.title', line: 9 },
      ],
    });
    expect(codeGraphqlEdges([file], resolve).map((e) => [e.kind, e.toId, e.attributes.line])).toEqual([
      ['uses_field', 'api:graphql_query:query.books', 3],
      ['uses_field', 'api:graphql_field:Book.title', 4],
    ]);
  });
});

describe('column links', () => {
  const col = (source: string, path: string): CatalogObject => ({
    ...obj(source, 'column', path, {}, `${source}:table:${path.split('.').slice(0, -1).join('.')}`),
  });
  const COLUMNS = [
    col('pg', 'billing.invoice.id'),
    col('pg', 'billing.invoice.total'),
    col('pg', 'billing.invoice.customer_id'),
    col('pg', 'public.customer.id'),
    col('pg', 'public.customer.name'),
    col('pg', 'public.customer.createdAt'),
    col('pg', 'crm.lead.name'),
  ];
  const file = (attributes: Record<string, unknown>) => ({ ...obj('svc', 'code_file', 'src/x.ts', attributes), resource: 'file:src/x.ts' });
  const columnEdges = (attributes: Record<string, unknown>) =>
    codeDataEdges([file(attributes)], relationIndex(RELATIONS), columnIndex(COLUMNS))
      .filter((e) => e.kind === 'uses_column')
      .map((e) => [e.toId, e.attributes.line]);

  it('links the columns named for a table to that table’s columns, each once with its first line and what every line does to it; unknown columns link to nothing', () => {
    const edges = codeDataEdges(
      [
        file({
          sqlTables: [
            { table: 'invoice', line: 7, columns: ['total', 'customer_id'], columnAccess: { total: ['write'] } },
            { table: 'billing.invoice', line: 3, columns: ['id', 'total', 'nosuch'] },
            { table: 'customer', line: 4, columns: ['CreatedAt', 'total'] },
            { table: 'ghost', line: 5, columns: ['id'] },
          ],
        }),
      ],
      relationIndex(RELATIONS),
      columnIndex(COLUMNS),
    );
    expect(edges.map((e) => [e.kind, e.toId, e.attributes])).toEqual([
      ['uses_table', 'pg:table:billing.invoice', { line: 3 }],
      ['uses_table', 'pg:table:public.customer', { line: 4 }],
      ['uses_column', 'pg:column:billing.invoice.id', { line: 3, access: ['read'] }],
      // read at line 3, written at line 7: one edge at its first line, with both
      ['uses_column', 'pg:column:billing.invoice.total', { line: 3, access: ['read', 'write'] }],
      ['uses_column', 'pg:column:public.customer.createdAt', { line: 4, access: ['read'] }],
      ['uses_column', 'pg:column:billing.invoice.customer_id', { line: 7, access: ['read'] }],
    ]);
    expect(edges.every((e) => e.fromId === 'svc:code_file:src/x.ts' && e.resource === 'file:src/x.ts')).toBe(true);
  });

  it('an unqualified column of several tables links only where exactly one candidate table has it', () => {
    expect(
      columnEdges({
        sqlTables: [
          { table: 'invoice', line: 2 },
          { table: 'customer', line: 2 },
        ],
        sqlColumnChoices: [{ columns: ['total', 'id', 'name', 'nosuch'], tables: ['invoice', 'customer', 'ghost'], line: 2 }],
      }),
    ).toEqual([
      ['pg:column:billing.invoice.total', 2], // only invoice has total
      ['pg:column:public.customer.name', 2], // only customer has name (crm.lead is no candidate); id is both's, nosuch nobody's
    ]);
  });

  it('without a column index, or without columns named, there are no column edges; ORM models name none', () => {
    const attributes = { sqlTables: [{ table: 'invoice', line: 1, columns: ['total'] }], ormTables: [{ table: 'customer', line: 2, via: 'typeorm' }] };
    expect(codeDataEdges([file(attributes)], relationIndex(RELATIONS)).map((e) => e.kind)).toEqual(['uses_table', 'uses_table']);
    expect(columnEdges({ sqlTables: [{ table: 'invoice', line: 1 }] })).toEqual([]);
    expect(columnEdges({ sqlTables: [{ table: 'invoice', line: 1, columns: 'total' }], sqlColumnChoices: 'bad' })).toEqual([]);
  });
});
