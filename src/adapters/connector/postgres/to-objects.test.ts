import { describe, expect, it } from 'vitest';
import type { CatalogRows, ColumnRow, ConstraintRow, RelationRow, RoutineRow } from './catalog-queries.js';
import { routinePath, routineSignature, toSnapshot } from './to-objects.js';

const relation = (oid: number, schema: string, name: string, over: Partial<RelationRow> = {}): RelationRow => ({
  oid,
  schema,
  name,
  relkind: 'r',
  owner: 'app',
  reltuples: -1,
  definition: null,
  parent_schema: null,
  parent_name: null,
  parent_relkind: null,
  partition_bound: null,
  partition_key: null,
  foreign_server: null,
  populated: true,
  comment: null,
  ...over,
});
const column = (rel_oid: number, position: number, name: string, over: Partial<ColumnRow> = {}): ColumnRow => ({
  rel_oid,
  position,
  name,
  data_type: 'integer',
  nullable: true,
  default: null,
  generated: null,
  identity: '',
  comment: null,
  ...over,
});
const fk = (rel_oid: number, name: string, columns: string[], ref: [string, string, string[]], over: Partial<ConstraintRow> = {}): ConstraintRow => ({
  rel_oid,
  name,
  type: 'f',
  columns,
  ref_schema: ref[0],
  ref_table: ref[1],
  ref_relkind: 'r',
  ref_columns: ref[2],
  on_delete: 'c',
  on_update: 'a',
  deferrable: false,
  validated: true,
  definition: `FOREIGN KEY (${columns.join(', ')}) REFERENCES ...`,
  comment: null,
  ...over,
});
const routine = (oid: number, name: string, identity_args: string, over: Partial<RoutineRow> = {}): RoutineRow => ({
  oid,
  schema: 'app',
  name,
  kind: 'f',
  identity_args,
  arguments: identity_args,
  result: 'integer',
  language: 'sql',
  volatility: 'i',
  body: 'SELECT 1',
  comment: null,
  ...over,
});

function rows(over: Partial<CatalogRows>): CatalogRows {
  return {
    server: { database: 'db', server_version: '15.2', version_num: 150002 },
    schemas: [{ name: 'app', owner: 'app', comment: 'The app' }],
    relations: [],
    columns: [],
    constraints: [],
    indexes: [],
    sequences: [],
    types: [],
    routines: [],
    triggers: [],
    viewDependencies: [],
    ...over,
  };
}

describe('routine paths and signatures', () => {
  it('qualifies overloads with their identity arguments only', () => {
    expect(routinePath({ schema: 'app', name: 'f', identity_args: 'a integer' }, false)).toBe('app.f');
    expect(routinePath({ schema: 'app', name: 'f', identity_args: 'a integer' }, true)).toBe('app.f(a integer)');
    expect(routineSignature({ name: 'f', identity_args: 'a integer', result: 'text' })).toBe('f(a integer) RETURNS text');
    expect(routineSignature({ name: 'p', identity_args: 'IN d date', result: null })).toBe('p(IN d date)');
  });
});

describe('toSnapshot', () => {
  it('maps relations, columns and foreign keys with the id conventions', () => {
    const snap = toSnapshot(
      'src',
      rows({
        relations: [
          relation(1, 'app', 'orders', { reltuples: 1234.4 }),
          relation(2, 'app', 'customers', { reltuples: 0 }),
          relation(3, 'app', 'v', { relkind: 'v', definition: ' SELECT 1;', reltuples: 5 }),
        ],
        columns: [column(1, 1, 'id'), column(1, 2, 'customer_id', { identity: 'd' }), column(2, 1, 'id', { nullable: false })],
        constraints: [
          fk(1, 'orders_customer_fk', ['customer_id'], ['app', 'customers', ['id']]),
          { ...fk(2, 'customers_pkey', ['id'], ['', '', []]), type: 'p', ref_schema: null, ref_table: null, ref_relkind: null },
        ],
        viewDependencies: [
          { view_oid: 3, ref_schema: 'app', ref_name: 'orders', ref_relkind: 'r' },
          { view_oid: 3, ref_schema: 'other', ref_name: 'gone', ref_relkind: 'r' },
        ],
      }),
    );
    const byId = new Map(snap.objects.map((o) => [o.id, o]));
    expect(byId.get('src:schema:app')).toMatchObject({ parentId: null, resource: 'schema:app', comment: 'The app' });
    expect(byId.get('src:table:app.orders')).toMatchObject({
      parentId: 'src:schema:app',
      resource: 'relation:app.orders',
      attributes: { rowEstimate: 1234, partitionOf: null },
    });
    expect(byId.get('src:table:app.customers')?.attributes.rowEstimate).toBeNull();
    expect(byId.get('src:view:app.v')).toMatchObject({ definition: 'SELECT 1;', attributes: { rowEstimate: null } });
    expect(byId.get('src:column:app.orders.customer_id')).toMatchObject({
      parentId: 'src:table:app.orders',
      resource: 'relation:app.orders',
      attributes: { identity: 'by default', isPrimaryKey: false, references: 'src:column:app.customers.id', position: 2 },
    });
    expect(byId.get('src:column:app.customers.id')?.attributes).toMatchObject({ isPrimaryKey: true, nullable: false });
    expect(byId.get('src:constraint:app.orders.orders_customer_fk')?.attributes).toEqual({
      type: 'foreign_key',
      columns: ['customer_id'],
      referencedTable: 'src:table:app.customers',
      referencedColumns: ['id'],
      onDelete: 'cascade',
      onUpdate: 'no action',
    });
    expect(snap.edges).toEqual([
      {
        fromId: 'src:table:app.orders',
        toId: 'src:table:app.customers',
        kind: 'foreign_key',
        resource: 'relation:app.orders',
        attributes: { constraint: 'orders_customer_fk', columns: ['customer_id'], referencedColumns: ['id'] },
      },
      { fromId: 'src:view:app.v', toId: 'src:table:app.orders', kind: 'depends_on', resource: 'relation:app.v', attributes: {} },
    ]);
  });

  it('keeps no edge to an object outside the snapshot but still names it in attributes', () => {
    const snap = toSnapshot(
      's',
      rows({
        relations: [relation(1, 'app', 'orders')],
        constraints: [fk(1, 'fk_ext', ['x'], ['other', 'parts', ['id']], { ref_relkind: 'p' })],
      }),
    );
    expect(snap.edges).toEqual([]);
    expect(snap.objects.find((o) => o.kind === 'constraint')?.attributes.referencedTable).toBe('s:partitioned_table:other.parts');
  });

  it('does not set references for a multi-column foreign key', () => {
    const snap = toSnapshot(
      's',
      rows({
        relations: [relation(1, 'app', 'a'), relation(2, 'app', 'b')],
        columns: [column(1, 1, 'x'), column(1, 2, 'y')],
        constraints: [fk(1, 'a_b_fk', ['x', 'y'], ['app', 'b', ['x', 'y']])],
      }),
    );
    expect(snap.objects.filter((o) => o.kind === 'column').map((o) => o.attributes.references)).toEqual([undefined, undefined]);
    expect(snap.edges).toHaveLength(1);
  });

  it('names overloaded routines by their arguments and links triggers to them', () => {
    const snap = toSnapshot(
      's',
      rows({
        relations: [relation(1, 'app', 't')],
        routines: [
          routine(10, 'f', 'a integer'),
          routine(11, 'f', 'a text'),
          routine(12, 'touch', '', { result: 'trigger', kind: 'f' }),
          routine(13, 'p', 'IN d date', { kind: 'p', result: null }),
          routine(14, 'agg', 'integer', { kind: 'a', body: null }),
        ],
        triggers: [
          {
            rel_oid: 1,
            name: 't_touch',
            definition: 'CREATE TRIGGER ...',
            function_oid: 12,
            function_schema: 'app',
            function_name: 'touch',
            enabled: 'O',
            comment: null,
          },
          {
            rel_oid: 1,
            name: 't_ext',
            definition: 'CREATE TRIGGER ...',
            function_oid: 99,
            function_schema: 'ext',
            function_name: 'audit',
            enabled: 'D',
            comment: null,
          },
        ],
      }),
    );
    const ids = snap.objects.map((o) => o.id);
    expect(ids).toEqual(
      expect.arrayContaining(['s:function:app.f(a integer)', 's:function:app.f(a text)', 's:function:app.touch', 's:procedure:app.p', 's:function:app.agg']),
    );
    expect(snap.objects.find((o) => o.id === 's:procedure:app.p')).toMatchObject({
      resource: 'routine:app.p',
      definition: 'p(IN d date)',
      attributes: { routineKind: 'procedure', returnType: null, volatility: 'immutable' },
    });
    expect(snap.objects.find((o) => o.id === 's:function:app.agg')?.attributes).toMatchObject({ routineKind: 'aggregate' });
    expect(snap.objects.find((o) => o.id === 's:function:app.agg')?.attributes).not.toHaveProperty('body');
    expect(snap.objects.find((o) => o.id === 's:trigger:app.t.t_ext')?.attributes).toEqual({ function: null, functionName: 'ext.audit', enabled: false });
    expect(snap.edges).toEqual([
      { fromId: 's:trigger:app.t.t_touch', toId: 's:function:app.touch', kind: 'calls', resource: 'relation:app.t', attributes: {} },
    ]);
  });

  it('maps sequences, enums and domains', () => {
    const snap = toSnapshot(
      's',
      rows({
        sequences: [
          {
            schema: 'app',
            name: 'seq',
            data_type: 'bigint',
            start: '1000',
            increment: '5',
            min: '1',
            max: '9223372036854775807',
            cycle: false,
            owned_schema: 'app',
            owned_table: 't',
            owned_column: 'id',
            owned_kind: 'a',
            comment: 'c',
          },
        ],
        types: [
          { schema: 'app', name: 'mood', type: 'e', values: ['sad', "it's ok"], base_type: null, not_null: false, default: null, checks: null, comment: null },
          {
            schema: 'app',
            name: 'email',
            type: 'd',
            values: null,
            base_type: 'text',
            not_null: true,
            default: "'x'::text",
            checks: ["CHECK (VALUE ~ '@'::text)"],
            comment: null,
          },
        ],
      }),
    );
    const byId = new Map(snap.objects.map((o) => [o.id, o]));
    expect(byId.get('s:sequence:app.seq')).toMatchObject({
      resource: 'sequence:app.seq',
      attributes: { start: 1000, increment: 5, max: '9223372036854775807', ownedBy: 's:column:app.t.id', identity: false },
    });
    expect(byId.get('s:enum:app.mood')).toMatchObject({
      resource: 'type:app.mood',
      definition: "ENUM ('sad', 'it''s ok')",
      attributes: { values: ['sad', "it's ok"] },
    });
    expect(byId.get('s:domain:app.email')).toMatchObject({
      resource: 'type:app.email',
      definition: "text NOT NULL DEFAULT 'x'::text CHECK (VALUE ~ '@'::text)",
      attributes: { baseType: 'text', notNull: true, checks: ["CHECK (VALUE ~ '@'::text)"] },
    });
  });

  it('is deterministic: objects sorted by id, edges by from, to, kind, whatever the row order', () => {
    const input = rows({
      relations: [relation(2, 'app', 'b'), relation(1, 'app', 'a')],
      columns: [column(2, 1, 'z'), column(1, 1, 'y')],
      constraints: [fk(2, 'b_fk', ['z'], ['app', 'a', ['y']]), fk(1, 'a_fk', ['y'], ['app', 'b', ['z']])],
    });
    const reversed = {
      ...input,
      relations: [...input.relations].reverse(),
      columns: [...input.columns].reverse(),
      constraints: [...input.constraints].reverse(),
    };
    const a = toSnapshot('s', input);
    expect(JSON.stringify(toSnapshot('s', reversed))).toBe(JSON.stringify(a));
    const ids = a.objects.map((o) => o.id);
    expect(ids).toEqual([...ids].sort());
  });
});
