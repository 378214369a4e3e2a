/**
 * Test helper: the G3 logical model behind `_catalog`, `_module(name:)`, `_dataObject(name:)`,
 * `_function(module:, name:)` (HUGR.md §2.1), derived from a stored introspection with Hugr's
 * extension fields so it agrees with the served schema: a module tree (root `""`, every ancestor
 * of a module path, children sorted), data objects by their `@module`, functions from the
 * function roots. Long descriptions are not in an introspection; tests pass them by name
 * (module path, data-object type name, or `<module>.<function>`).
 */
export interface MetaTree {
  root: Record<string, unknown>;
  modules: Map<string, Record<string, unknown>>;
  dataObjects: Map<string, Record<string, unknown>>;
  functions: Map<string, Record<string, unknown>>;
}

export interface MetaTreeOptions {
  longDescriptions?: Record<string, string>;
}

function isList(ref: any): boolean {
  return ref?.kind === 'LIST' || (ref?.kind === 'NON_NULL' && ref.ofType?.kind === 'LIST');
}

export function metaTreeFrom(schema: any, options: MetaTreeOptions = {}): MetaTree {
  const types: any[] = schema.types;
  const long = options.longDescriptions ?? {};
  const modules = new Map<string, Record<string, unknown>>();
  const moduleNode = (path: string): Record<string, unknown> => {
    let m = modules.get(path);
    if (!m) {
      m = {
        name: path,
        description: null,
        longDescription: long[path] ?? null,
        dataSources: [],
        modules: [],
        dataObjects: [],
        functions: [],
        queryType: null,
        mutationType: null,
        subscriptionType: null,
        functionType: null,
        mutationFunctionType: null,
      };
      modules.set(path, m);
      if (path) {
        const parent = moduleNode(path.split('.').slice(0, -1).join('.'));
        (parent.modules as unknown[]).push(m);
      }
    }
    return m;
  };
  moduleNode('');
  const rootKey: Array<[RegExp, string]> = [
    [/_mut_function$|^MutationFunction$/, 'mutationFunctionType'],
    [/_function$|^Function$/, 'functionType'],
    [/_mutation$|^Mutation$/, 'mutationType'],
    [/_subscription$|^Subscription$/, 'subscriptionType'],
    [/_query$|^Query$/, 'queryType'],
  ];
  const dataObjects = new Map<string, Record<string, unknown>>();
  const functions = new Map<string, Record<string, unknown>>();
  const addSource = (m: Record<string, unknown>, source: string) => {
    const list = m.dataSources as string[];
    if (source && !list.includes(source)) list.push(source);
    list.sort();
  };
  for (const t of types) {
    if (t.hugr_type === 'module') {
      const m = moduleNode(t.module ?? '');
      const key = rootKey.find(([re]) => re.test(t.name))?.[1];
      if (key) m[key] = { name: t.name, kind: 'OBJECT' };
      if (key === 'functionType' || key === 'mutationFunctionType') {
        for (const f of t.fields ?? []) {
          if (f.hugr_type !== 'function') continue;
          const node = {
            name: f.name,
            type: key === 'functionType' ? 'FUNCTION' : 'MUTATION',
            description: f.description ?? null,
            longDescription: long[`${t.module ?? ''}.${f.name}`] ?? null,
            moduleName: t.module ?? '',
            dataSourceName: f.catalog || null,
            isTable: isList(f.type),
            args: f.args ?? [],
            returns: f.type,
          };
          (m.functions as unknown[]).push(node);
          functions.set(`${t.module ?? ''}.${f.name}`, node);
          addSource(m, f.catalog ?? '');
        }
      }
    } else if (t.hugr_type === 'table' || t.hugr_type === 'view') {
      const m = moduleNode(t.module ?? '');
      const node = {
        name: t.name,
        type: t.hugr_type === 'table' ? 'TABLE' : 'VIEW',
        properties: { isCube: false, isM2M: false, isHypertable: false, softDelete: false, hasVectors: false },
        description: t.description ?? null,
        longDescription: long[t.name] ?? null,
        moduleName: t.module ?? '',
        primaryKey: [],
        dataSourceName: t.catalog || null,
        dataSources: t.catalog ? [t.catalog] : [],
      };
      (m.dataObjects as unknown[]).push(node);
      dataObjects.set(t.name, node);
      addSource(m, t.catalog ?? '');
    }
  }
  for (const m of modules.values()) (m.modules as Array<Record<string, unknown>>).sort((a, b) => String(a.name).localeCompare(String(b.name)));
  return { root: modules.get('')!, modules, dataObjects, functions };
}
