/**
 * @module adapters/connector/graphql/walk-plain
 * Any GraphQL API without Hugr's extension fields: root fields of Query, Mutation and
 * Subscription become operations; object, input, enum, interface and union types become types.
 */
import type { OperationInfo, TypeInfo } from './catalog-model.js';
import { type SchemaIndex, printTypeRef } from './schema-model.js';
import { toArg, toField } from './walk-introspection.js';

const BUILTIN_SCALARS = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

export function walkPlain(schema: SchemaIndex): { operations: OperationInfo[]; types: TypeInfo[] } {
  const roots: Array<[string | null, 'query' | 'mutation']> = [
    [schema.queryType, 'query'],
    [schema.mutationType, 'mutation'],
  ];
  const operations: OperationInfo[] = [];
  for (const [typeName, root] of roots) {
    for (const f of schema.get(typeName)?.fields ?? []) {
      operations.push({
        name: f.name,
        module: '',
        root,
        variant: 'operation',
        args: f.args.map(toArg),
        returns: printTypeRef(f.type),
        description: f.description ?? '',
      });
    }
  }
  const rootNames = new Set([schema.queryType, schema.mutationType, schema.subscriptionType].filter(Boolean));
  const types: TypeInfo[] = [];
  for (const t of schema.types.values()) {
    if (t.name.startsWith('__') || rootNames.has(t.name) || BUILTIN_SCALARS.has(t.name)) continue;
    if (t.kind !== 'OBJECT' && t.kind !== 'INPUT_OBJECT' && t.kind !== 'ENUM' && t.kind !== 'INTERFACE' && t.kind !== 'UNION') continue;
    types.push({
      name: t.name,
      kind: t.kind,
      description: t.description ?? '',
      fields: [
        ...(t.fields ?? []).map((f) => toField(schema, f)),
        ...(t.inputFields ?? []).map((v) => ({ name: v.name, type: printTypeRef(v.type), description: v.description ?? '', args: [], mcpExclude: false })),
      ],
      values: (t.enumValues ?? []).map((v) => v.name),
    });
  }
  return { operations, types };
}
