/**
 * @module adapters/connector/graphql/type-lookup
 * Field lists by type name for writing selection sets: from introspection when there is one,
 * else from the data objects the summary described.
 */
import type { DataObjectInfo, FieldInfo } from './catalog-model.js';
import type { TypeLookup } from './operations.js';
import type { SchemaIndex } from './schema-model.js';
import { toField } from './walk-introspection.js';

const OPERATION_RESULT: FieldInfo[] = ['success', 'affected_rows', 'last_id', 'message'].map((name) => ({
  name,
  type: 'String',
  description: '',
  args: [],
  mcpExclude: false,
}));

export function createTypeLookup(schema: SchemaIndex | null, dataObjects: readonly DataObjectInfo[] = []): TypeLookup {
  const cache = new Map<string, readonly FieldInfo[] | undefined>();
  const objects = new Map(dataObjects.map((o) => [o.typeName, o.fields]));
  return {
    fields(typeName) {
      if (cache.has(typeName)) return cache.get(typeName);
      let result: readonly FieldInfo[] | undefined;
      const t = schema?.get(typeName);
      if (t) result = t.kind === 'OBJECT' || t.kind === 'INTERFACE' ? (t.fields ?? []).map((f) => toField(schema!, f)) : undefined;
      else if (objects.has(typeName)) result = objects.get(typeName);
      else if (typeName === 'OperationResult') result = OPERATION_RESULT;
      else if (/^_.+_aggregation_bucket$/.test(typeName)) {
        const target = typeName.slice(1, -'_aggregation_bucket'.length);
        result = [
          { name: 'key', type: target, description: '', args: [], mcpExclude: false },
          { name: 'aggregations', type: `_${target}_aggregation`, description: '', args: [], mcpExclude: false },
        ];
      } else if (/^_.+_aggregation$/.test(typeName)) result = [{ name: '_rows_count', type: 'BigInt', description: '', args: [], mcpExclude: false }];
      cache.set(typeName, result);
      return result;
    },
  };
}
