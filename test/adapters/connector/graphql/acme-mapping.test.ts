/**
 * Mapping the hand-built G1 "acme" deployment (../shared/hugr/fixtures/hand-built) to canonical
 * objects: modules at every depth, data objects with their query variants, functions on both
 * function roots, prefix and as_module naming, mcp_exclude, and every generated operation
 * validated with graphql-js against the served SDL.
 */
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { mergeCatalog } from '../../../../src/adapters/connector/graphql/merge-catalog.js';
import { resolveOriginalName, resolveTypeName } from '../../../../src/adapters/connector/graphql/prefix.js';
import { SchemaIndex } from '../../../../src/adapters/connector/graphql/schema-model.js';
import { toSnapshot } from '../../../../src/adapters/connector/graphql/to-objects.js';
import { createTypeLookup } from '../../../../src/adapters/connector/graphql/type-lookup.js';
import { ACME } from '../../../helpers/hugr-fixtures.js';

function acmeSnapshot(withSummary = true, withIntrospection = true) {
  const schema = withIntrospection ? new SchemaIndex(ACME.introspection().data.__schema) : null;
  const summary = withSummary ? ACME.summary().data.function.core.meta.schema_summary : null;
  const catalog = mergeCatalog({ generation: withSummary ? 'G1' : 'G2', schema, summary, dataSources: null, warnings: [] });
  return { catalog, snapshot: toSnapshot('mesh', catalog, createTypeLookup(schema, catalog.dataObjects), {}) };
}

describe('acme (G1) mapping', () => {
  const { catalog, snapshot } = acmeSnapshot();
  const byId = new Map(snapshot.objects.map((o) => [o.id, o]));

  it('builds the module tree with parents at every depth and root types', () => {
    const monthly = byId.get('mesh:module:analytics.finance.reports.monthly')!;
    expect(monthly.parentId).toBe('mesh:module:analytics.finance.reports');
    expect(byId.get('mesh:module:analytics.finance.reports')!.parentId).toBe('mesh:module:analytics.finance');
    expect(byId.get('mesh:module:analytics')!.parentId).toBeNull();
    expect(monthly.attributes.roots).toEqual({ query: '_module_analytics_finance_reports_monthly_query' });
    expect(byId.get('mesh:module:crm')!.attributes.roots).toEqual({
      query: '_module_crm_query',
      mutation: '_module_crm_mutation',
      function: '_module_crm_function',
      mut_function: '_module_crm_mut_function',
    });
  });

  it('finds data objects with all query variants, including the root-level one schema_summary drops', () => {
    const customers = byId.get('mesh:data_object:crm.pg_customers')!;
    expect(customers.attributes).toMatchObject({
      typeName: 'pg_customers',
      originalName: 'customers',
      dataSource: 'pg',
      objectKind: 'table',
      graphqlPath: 'query.crm.pg_customers',
    });
    expect((customers.attributes.queries as Array<{ variant: string }>).map((q) => q.variant)).toEqual(['select', 'select_one', 'aggregate', 'bucket_agg']);
    expect((customers.attributes.mutations as Array<{ name: string }>).map((q) => q.name)).toEqual([
      'insert_pg_customers',
      'update_pg_customers',
      'delete_pg_customers',
    ]);
    expect(byId.get('mesh:data_object:pg_regions')).toBeDefined();
    expect(byId.get('mesh:data_object:analytics.finance.reports.monthly.pg_revenue_by_month')!.attributes).toMatchObject({
      objectKind: 'view',
      argsType: 'pg_revenue_by_month_args',
    });
  });

  it('names as_module objects by their original name inside the source module', () => {
    const docs = byId.get('mesh:data_object:docs.kb.documents')!;
    expect(docs.attributes).toMatchObject({
      typeName: 'docs_documents',
      originalName: 'documents',
      dataSource: 'docs',
      graphqlPath: 'query.docs.kb.documents',
    });
    expect(byId.get('mesh:graphql_query:docs.kb.insert_documents')!.attributes.graphqlPath).toBe('mutation.docs.kb.insert_documents');
  });

  it('maps read and mutating functions under function { … } and mutation { function { … } }', () => {
    expect(byId.get('mesh:function:crm.pg_order_total')!.attributes).toMatchObject({
      mutating: false,
      graphqlPath: 'function.crm.pg_order_total',
      originalName: 'order_total',
      dataSource: 'pg',
    });
    expect(byId.get('mesh:function:crm.pg_recalc_order_totals')!.attributes).toMatchObject({
      mutating: true,
      graphqlPath: 'mutation.function.crm.pg_recalc_order_totals',
      originalName: 'recalc_order_totals',
    });
    expect(byId.get('mesh:function:pg_server_time')!.attributes.graphqlPath).toBe('function.pg_server_time');
    expect(byId.get('mesh:function:docs.kb.chunk_text')!.attributes).toMatchObject({ graphqlPath: 'function.docs.kb.chunk_text', originalName: 'chunk_text' });
  });

  it('honours mcp_exclude: the field is neither indexed nor selected', () => {
    expect(byId.get('mesh:graphql_field:crm.pg_customers.email')).toBeUndefined();
    expect(byId.get('mesh:graphql_field:crm.pg_customers.name')).toBeDefined();
    expect(byId.get('mesh:data_object:crm.pg_customers')!.attributes.mcpExcludedFields).toEqual(['email']);
    expect(byId.get('mesh:graphql_query:crm.pg_customers')!.definition).not.toMatch(/\bemail\b/);
  });

  it('links relations between data objects and to their data sources', () => {
    const rel = snapshot.edges.filter((e) => e.fromId === 'mesh:data_object:crm.pg_orders' && e.kind === 'relation');
    expect(rel.map((e) => e.toId)).toContain('mesh:data_object:crm.pg_customers');
    expect(snapshot.edges.some((e) => e.fromId === 'mesh:data_object:crm.pg_orders' && e.toId === 'mesh:data_source:pg')).toBe(true);
  });

  it('resolves prefixes both ways', () => {
    expect(resolveTypeName('pg_customers', catalog.dataSources)).toMatchObject({ originalName: 'customers', queryName: 'pg_customers', dataSource: 'pg' });
    expect(resolveTypeName('docs_documents', catalog.dataSources)).toMatchObject({ originalName: 'documents', queryName: 'documents', dataSource: 'docs' });
    const pg = catalog.dataSources.find((d) => d.name === 'pg')!;
    expect(resolveOriginalName('customers', pg)).toMatchObject({ typeName: 'pg_customers', queryName: 'pg_customers' });
    expect(resolveOriginalName('customers', { ...pg, prefix: 'pg_' }).typeName).toBe('pg__customers');
  });

  it('writes operations on all four roots that validate against the served schema', () => {
    const schema = buildSchema(ACME.sdl());
    const operations = snapshot.objects.filter((o) => (o.kind === 'graphql_query' || o.kind === 'function' || o.kind === 'data_object') && o.definition);
    const roots = new Set(operations.map((o) => String(o.attributes.root ?? 'query')));
    expect(roots).toEqual(new Set(['query', 'mutation', 'function', 'mut_function']));
    for (const o of operations) {
      const errors = validate(schema, parse(o.definition!));
      expect(errors.map((e) => `${o.id}: ${e.message}`)).toEqual([]);
    }
    expect(byId.get('mesh:graphql_query:analytics.finance.reports.monthly.pg_revenue_by_month')!.definition).toContain('$args: pg_revenue_by_month_args!');
  });

  it('indexes from schema_summary alone (introspection unavailable) and from introspection alone (G2/G3)', () => {
    const summaryOnly = acmeSnapshot(true, false).snapshot;
    expect(summaryOnly.objects.some((o) => o.id === 'mesh:data_object:crm.pg_customers')).toBe(true);
    expect(summaryOnly.objects.some((o) => o.id === 'mesh:data_object:pg_regions')).toBe(false); // the G1 quirk
    const introOnly = acmeSnapshot(false, true).snapshot;
    expect(introOnly.objects.some((o) => o.id === 'mesh:data_object:pg_regions')).toBe(true);
    const schema = buildSchema(ACME.sdl());
    for (const o of summaryOnly.objects.filter((x) => x.kind === 'graphql_query' || x.kind === 'function')) {
      expect(validate(schema, parse(o.definition!)).map((e) => `${o.id}: ${e.message}`)).toEqual([]);
    }
  });
});
