/**
 * Introspection of a realistic fixture on the real PostgreSQL server: every object kind, ids,
 * attributes, definitions, comments, edges, and the include / skip filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresConnector } from '../../../../src/adapters/connector/postgres/index.js';
import type { CatalogObject, SourceSnapshot } from '../../../../src/ports/catalog.js';
import { type TempDatabase, createTempDatabase } from '../../../helpers/postgres.js';
import { fixtureSql, hasFileFdw, sourceFor } from './fixture.js';

let db: TempDatabase;
let readerDsn: string;
let withFdw: boolean;
let snapshot: SourceSnapshot;
const progress: [string, number, number][] = [];
const connector = createPostgresConnector();

function obj(id: string): CatalogObject {
  const found = snapshot.objects.find((o) => o.id === id);
  if (!found) throw new Error(`missing object ${id}`);
  return found;
}

beforeAll(async () => {
  db = await createTempDatabase('sxt_intro');
  withFdw = await hasFileFdw();
  await db.exec(fixtureSql(withFdw));
  // A read-only role: introspection needs no table privileges, only catalog access.
  ({ dsn: readerDsn } = await db.createRole(
    'reader',
    'GRANT USAGE ON SCHEMA shop, reporting TO {role}; GRANT SELECT ON ALL TABLES IN SCHEMA shop, reporting TO {role}',
  ));
  snapshot = await connector.introspect(sourceFor(readerDsn), { onProgress: (step, done, total) => progress.push([step, done, total]) });
});

afterAll(async () => {
  await db?.drop();
});

describe('postgres introspection: object kinds', () => {
  it('reads schemas with comments, and no system schemas', () => {
    const schemas = snapshot.objects.filter((o) => o.kind === 'schema').map((o) => o.id);
    expect(schemas).toEqual(['work:schema:public', 'work:schema:reporting', 'work:schema:shop']);
    expect(obj('work:schema:shop')).toMatchObject({
      path: 'shop',
      name: 'shop',
      parentId: null,
      resource: 'schema:shop',
      comment: 'Online shop: customers and their orders',
    });
  });

  it('reads tables with row estimates, owners and comments', () => {
    expect(obj('work:table:shop.customers')).toMatchObject({
      kind: 'table',
      path: 'shop.customers',
      name: 'customers',
      parentId: 'work:schema:shop',
      resource: 'relation:shop.customers',
      comment: 'People who buy things',
      definition: null,
      attributes: { rowEstimate: 40, owner: 'postgres', partitionOf: null },
    });
    expect(obj('work:table:shop.orders').attributes.rowEstimate).toBeNull(); // never analysed
  });

  it('reads a partitioned table and its partition', () => {
    expect(obj('work:partitioned_table:shop.events')).toMatchObject({
      comment: 'Event log, partitioned by day',
      attributes: { partitionKey: 'RANGE (happened_at)', partitionOf: null },
    });
    expect(obj('work:table:shop.events_2024')).toMatchObject({
      comment: 'Events of 2024',
      attributes: { partitionOf: 'work:partitioned_table:shop.events', partitionBound: "FOR VALUES FROM ('2024-01-01') TO ('2025-01-01')" },
    });
  });

  it("reads a foreign table (file_fdw) and leaves out the extension's own functions", (ctx) => {
    if (!withFdw) ctx.skip(); // file_fdw not shipped with this server; nothing else is faked
    expect(obj('work:foreign_table:shop.imports')).toMatchObject({
      resource: 'relation:shop.imports',
      comment: 'Lines of the nightly import file',
      attributes: { foreignServer: 'files', rowEstimate: null },
    });
    expect(obj('work:column:shop.imports.line').attributes.dataType).toBe('text');
    expect(snapshot.objects.filter((o) => o.name.startsWith('file_fdw'))).toEqual([]);
  });

  it('reads views and materialized views with their SQL', () => {
    const view = obj('work:view:reporting.order_totals');
    expect(view).toMatchObject({
      parentId: 'work:schema:reporting',
      resource: 'relation:reporting.order_totals',
      comment: 'Revenue per customer',
      attributes: { rowEstimate: null },
    });
    expect(view.definition).toMatch(/^SELECT c\.id,\s+c\.name,\s+sum\(o\.total\) AS total\s+FROM shop\.customers c\s+JOIN shop\.orders o/);
    const matview = obj('work:materialized_view:reporting.daily');
    expect(matview).toMatchObject({ comment: 'Orders per day', attributes: { populated: true } });
    expect(matview.definition).toMatch(/count\(\*\) AS orders\s+FROM shop\.orders/);
    expect(obj('work:column:reporting.order_totals.total')).toMatchObject({
      parentId: 'work:view:reporting.order_totals',
      resource: 'relation:reporting.order_totals',
      attributes: { dataType: 'numeric', position: 3 },
    });
  });

  it('reads columns: type, nullability, default, identity, generated, position, keys, references, comments', () => {
    expect(obj('work:column:shop.customers.id')).toMatchObject({
      kind: 'column',
      path: 'shop.customers.id',
      name: 'id',
      parentId: 'work:table:shop.customers',
      resource: 'relation:shop.customers',
      comment: null,
      attributes: { dataType: 'bigint', nullable: false, default: null, identity: 'always', generated: null, position: 1, isPrimaryKey: true },
    });
    expect(obj('work:column:shop.customers.email')).toMatchObject({
      comment: 'Where receipts go',
      attributes: { dataType: 'shop.email', isPrimaryKey: false },
    });
    expect(obj('work:column:shop.customers.name_upper').attributes).toMatchObject({ generated: 'upper(name)', default: null, identity: null });
    expect(obj('work:column:shop.orders.id').attributes).toMatchObject({
      dataType: 'integer',
      default: "nextval('shop.orders_id_seq'::regclass)",
      isPrimaryKey: true,
    });
    expect(obj('work:column:shop.orders.status').attributes).toMatchObject({
      dataType: 'shop.order_status',
      nullable: false,
      default: "'pending'::shop.order_status",
    });
    expect(obj('work:column:shop.orders.total').attributes.dataType).toBe('numeric(12,2)');
    expect(obj('work:column:shop.orders.customer_id').attributes).toMatchObject({ references: 'work:column:shop.customers.id', position: 2 });
    expect(obj('work:column:shop.orders.created_at').attributes).not.toHaveProperty('references');
  });

  it('reads primary, unique, foreign key, check and exclusion constraints', () => {
    expect(obj('work:constraint:shop.customers.customers_pkey')).toMatchObject({
      parentId: 'work:table:shop.customers',
      resource: 'relation:shop.customers',
      definition: 'PRIMARY KEY (id)',
      attributes: { type: 'primary_key', columns: ['id'] },
    });
    expect(obj('work:constraint:shop.customers.customers_email_key')).toMatchObject({
      comment: 'One account per address',
      definition: 'UNIQUE (email)',
      attributes: { type: 'unique', columns: ['email'] },
    });
    expect(obj('work:constraint:shop.orders.orders_customer_fk')).toMatchObject({
      definition: 'FOREIGN KEY (customer_id) REFERENCES shop.customers(id) ON DELETE CASCADE',
      attributes: {
        type: 'foreign_key',
        columns: ['customer_id'],
        referencedTable: 'work:table:shop.customers',
        referencedColumns: ['id'],
        onDelete: 'cascade',
        onUpdate: 'no action',
      },
    });
    expect(obj('work:constraint:shop.orders.orders_total_check')).toMatchObject({
      comment: 'No negative totals',
      definition: 'CHECK (total >= 0::numeric)',
      attributes: { type: 'check', columns: ['total'] },
    });
    expect(obj('work:constraint:shop.rooms.rooms_area_excl')).toMatchObject({
      definition: 'EXCLUDE USING gist (area WITH &&)',
      attributes: { type: 'exclusion', columns: ['area'] },
    });
  });

  it('reads indexes with columns, expressions, method and definition', () => {
    expect(obj('work:index:shop.orders.orders_customer_idx')).toMatchObject({
      parentId: 'work:table:shop.orders',
      resource: 'relation:shop.orders',
      definition: 'CREATE INDEX orders_customer_idx ON shop.orders USING btree (customer_id, created_at DESC)',
      attributes: { columns: ['customer_id', 'created_at'], unique: false, primary: false, method: 'btree' },
    });
    expect(obj('work:index:shop.customers.customers_lower_name_idx')).toMatchObject({
      comment: 'Case-insensitive name lookup',
      attributes: { columns: ['lower(name)'] },
    });
    expect(obj('work:index:shop.customers.customers_pkey').attributes).toMatchObject({ unique: true, primary: true });
    expect(obj('work:index:shop.rooms.rooms_area_excl').attributes.method).toBe('gist');
  });

  it('reads sequences, free-standing and owned', () => {
    expect(obj('work:sequence:shop.invoice_no')).toMatchObject({
      parentId: 'work:schema:shop',
      resource: 'sequence:shop.invoice_no',
      comment: 'Invoice numbers',
      attributes: { dataType: 'bigint', start: 1000, increment: 5, ownedBy: null, identity: false },
    });
    expect(obj('work:sequence:shop.orders_id_seq').attributes).toMatchObject({ dataType: 'integer', ownedBy: 'work:column:shop.orders.id', identity: false });
    expect(obj('work:sequence:shop.customers_id_seq').attributes).toMatchObject({ ownedBy: 'work:column:shop.customers.id', identity: true });
  });

  it('reads enums (values in order) and domains', () => {
    expect(obj('work:enum:shop.order_status')).toMatchObject({
      resource: 'type:shop.order_status',
      parentId: 'work:schema:shop',
      comment: 'Lifecycle of an order',
      attributes: { values: ['pending', 'paid', 'shipped'] },
    });
    expect(obj('work:domain:shop.email')).toMatchObject({
      resource: 'type:shop.email',
      comment: 'An e-mail address',
      attributes: { baseType: 'text', notNull: true, default: "'nobody@example.com'::text", checks: ["CHECK (VALUE ~ '@'::text)"] },
    });
  });

  it('reads functions and procedures; overloads get their arguments in the path', () => {
    expect(obj('work:function:shop.order_total')).toMatchObject({
      resource: 'routine:shop.order_total',
      parentId: 'work:schema:shop',
      comment: 'Total of one order',
      definition: 'order_total(p_order integer) RETURNS numeric',
      attributes: {
        arguments: 'p_order integer',
        returnType: 'numeric',
        language: 'sql',
        volatility: 'stable',
        routineKind: 'function',
        body: ' SELECT total FROM shop.orders WHERE id = p_order ',
      },
    });
    expect(obj('work:function:shop.fmt(a integer)')).toMatchObject({
      resource: 'routine:shop.fmt(a integer)',
      comment: null,
      attributes: { volatility: 'immutable' },
    });
    expect(obj('work:function:shop.fmt(a text, width integer)')).toMatchObject({
      comment: 'Pads text',
      definition: 'fmt(a text, width integer) RETURNS text',
      attributes: { arguments: 'a text, width integer DEFAULT 10' },
    });
    expect(snapshot.objects.find((o) => o.id === 'work:function:shop.fmt')).toBeUndefined();
    expect(obj('work:procedure:shop.archive')).toMatchObject({
      comment: 'Deletes old orders',
      definition: 'archive(IN before date)',
      attributes: { routineKind: 'procedure', returnType: null, language: 'plpgsql' },
    });
  });

  it('reads triggers and the function they call', () => {
    expect(obj('work:trigger:shop.orders.orders_touch')).toMatchObject({
      parentId: 'work:table:shop.orders',
      resource: 'relation:shop.orders',
      comment: 'Keeps created_at fresh',
      definition: 'CREATE TRIGGER orders_touch BEFORE UPDATE ON shop.orders FOR EACH ROW EXECUTE FUNCTION shop.touch()',
      attributes: { function: 'work:function:shop.touch', enabled: true },
    });
    expect(obj('work:function:shop.touch').comment).toBe('Stamps created_at');
  });

  it('has a comment on every kind that the fixture commented', () => {
    const commentedKinds = new Set(snapshot.objects.filter((o) => o.comment).map((o) => o.kind));
    const expected = [
      'schema',
      'table',
      'partitioned_table',
      'view',
      'materialized_view',
      'column',
      'constraint',
      'index',
      'sequence',
      'enum',
      'domain',
      'function',
      'procedure',
      'trigger',
    ];
    expect([...commentedKinds].sort()).toEqual(expect.arrayContaining(withFdw ? [...expected, 'foreign_table'] : expected));
  });
});

describe('postgres introspection: edges, determinism, no row values', () => {
  it('emits foreign key, view dependency and trigger edges, sorted', () => {
    expect(snapshot.edges).toEqual([
      {
        fromId: 'work:materialized_view:reporting.daily',
        toId: 'work:table:shop.orders',
        kind: 'depends_on',
        resource: 'relation:reporting.daily',
        attributes: {},
      },
      {
        fromId: 'work:table:shop.orders',
        toId: 'work:table:shop.customers',
        kind: 'foreign_key',
        resource: 'relation:shop.orders',
        attributes: { constraint: 'orders_customer_fk', columns: ['customer_id'], referencedColumns: ['id'] },
      },
      { fromId: 'work:trigger:shop.orders.orders_touch', toId: 'work:function:shop.touch', kind: 'calls', resource: 'relation:shop.orders', attributes: {} },
      {
        fromId: 'work:view:reporting.big_spenders',
        toId: 'work:view:reporting.order_totals',
        kind: 'depends_on',
        resource: 'relation:reporting.big_spenders',
        attributes: {},
      },
      {
        fromId: 'work:view:reporting.order_totals',
        toId: 'work:table:shop.customers',
        kind: 'depends_on',
        resource: 'relation:reporting.order_totals',
        attributes: {},
      },
      {
        fromId: 'work:view:reporting.order_totals',
        toId: 'work:table:shop.orders',
        kind: 'depends_on',
        resource: 'relation:reporting.order_totals',
        attributes: {},
      },
    ]);
  });

  it('is deterministic across runs and sorted by id', async () => {
    const again = await connector.introspect(sourceFor(readerDsn));
    expect(JSON.stringify(again.objects)).toBe(JSON.stringify(snapshot.objects));
    expect(JSON.stringify(again.edges)).toBe(JSON.stringify(snapshot.edges));
    const ids = snapshot.objects.map((o) => o.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never contains row values', () => {
    const text = JSON.stringify(snapshot);
    expect(text).not.toContain('c1@example.com');
    expect(text).not.toContain('Customer 1');
  });

  it('reports progress for each step and records server facts', () => {
    expect(progress.map(([step]) => step)).toEqual([
      'schemas',
      'relations',
      'columns',
      'constraints',
      'indexes',
      'sequences',
      'types',
      'routines',
      'triggers',
      'dependencies',
      'done',
    ]);
    expect(progress.at(-1)).toEqual(['done', 10, 10]);
    expect(progress.every(([, done, total], i) => done === i && total === 10)).toBe(true);
    expect(snapshot.info).toMatchObject({ database: db.name, serverVersion: expect.any(String), queries: 15, durationMs: expect.any(Number) });
  });
});

describe('postgres introspection: filters', () => {
  it('keeps only the included schemas', async () => {
    const snap = await connector.introspect(sourceFor(readerDsn, { schemas: ['shop'] }));
    expect(snap.objects.filter((o) => o.kind === 'schema').map((o) => o.id)).toEqual(['work:schema:shop']);
    expect(snap.objects.filter((o) => o.path.startsWith('reporting'))).toEqual([]);
    expect(snap.edges.filter((e) => e.kind === 'depends_on')).toEqual([]);
    expect(snap.edges.map((e) => e.kind).sort()).toEqual(['calls', 'foreign_key']);
    expect(snap.objects.some((o) => o.id === 'work:table:shop.orders')).toBe(true);
  });

  it('drops objects matching skip patterns, with their children and edges', async () => {
    const snap = await connector.introspect(sourceFor(readerDsn, { skipPatterns: ['tmp_*', 'reporting.daily', 'fmt'] }));
    const ids = snap.objects.map((o) => o.id);
    expect(ids.filter((id) => id.includes('tmp_scratch'))).toEqual([]);
    expect(ids.filter((id) => id.includes('reporting.daily'))).toEqual([]);
    expect(ids.filter((id) => id.includes('shop.fmt'))).toEqual([]);
    expect(ids).toContain('work:view:reporting.order_totals');
    expect(snap.edges.some((e) => e.fromId.includes('reporting.daily'))).toBe(false);
    expect(snap.edges).toHaveLength(snapshot.edges.length - 1);
  });

  it('skips a whole schema whose name matches a pattern', async () => {
    const snap = await connector.introspect(sourceFor(readerDsn, { skipPatterns: ['report*'] }));
    expect(snap.objects.filter((o) => o.path.startsWith('reporting'))).toEqual([]);
  });

  it('reports included schemas that do not exist', async () => {
    const snap = await connector.introspect(sourceFor(readerDsn, { schemas: ['shop', 'nope'] }));
    expect(snap.info.missingSchemas).toEqual(['nope']);
  });
});
