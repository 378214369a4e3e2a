/**
 * @module adapters/connector/graphql/meta-catalog
 * G3 (query-engine v0.3.42+) meta queries (HUGR.md §2.1, §8 step 4): the logical module tree
 * from `_catalog`, walked level by level with `_module(name:)` — aliased batches, a few requests
 * in flight — rather than one deep recursive selection, which Hugr's depth budget would cut.
 * Each node brings its long description, the data sources behind it, its data objects and
 * functions (with their own long descriptions). Fields the server does not resolve are dropped
 * and the request retried; a failure leaves discovery to introspection with a warning.
 */
import { longerDescription as longer } from './catalog-model.js';
import type { GraphqlResponse } from './client.js';
import { errorMessages } from './client.js';
import { refusedFields } from './core-catalog.js';
import { mapLimit } from './introspection-by-type.js';

export const MODULE_BATCH = 8;
export const MODULE_CONCURRENCY = 4;

export interface MetaModule {
  path: string;
  description: string;
  dataSources: string[];
}
export interface MetaDataObject {
  typeName: string;
  module: string;
  dataSource: string;
  description: string;
  kind: 'table' | 'view' | '';
  isM2M: boolean;
}
export interface MetaFunction {
  name: string;
  module: string;
  mutating: boolean;
  dataSource: string;
  description: string;
}
export interface MetaCatalog {
  modules: MetaModule[];
  dataObjects: MetaDataObject[];
  functions: MetaFunction[];
  warnings: string[];
}

interface Selection {
  module: string[];
  dataObject: string[];
  func: string[];
}

const INITIAL: Selection = {
  module: ['name', 'description', 'longDescription', 'dataSources'],
  dataObject: ['name', 'type', 'description', 'longDescription', 'moduleName', 'dataSourceName', 'properties { isM2M }'],
  func: ['name', 'type', 'description', 'longDescription', 'moduleName', 'dataSourceName'],
};

function nodeSelection(s: Selection): string {
  return `{ ${s.module.join(' ')} modules { name } dataObjects { ${s.dataObject.join(' ')} } functions { ${s.func.join(' ')} } }`;
}

export function moduleBatchQuery(paths: readonly string[] | null, s: Selection): string {
  if (paths === null) return `query SextantCatalog { m0: _catalog ${nodeSelection(s)} }`;
  return `query SextantModules { ${paths.map((p, i) => `m${i}: _module(name: ${JSON.stringify(p)}) ${nodeSelection(s)}`).join(' ')} }`;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
type Node = Record<string, unknown>;
type Send = (query: string) => Promise<GraphqlResponse>;

/** Drops refused names from a selection; false when nothing it asks for was refused (a real failure). */
function dropRefused(s: Selection, refused: readonly string[]): boolean {
  let changed = false;
  const keep = (list: string[], required: string) =>
    list.filter((f) => {
      const name = f.split(' ')[0]!;
      if (name !== required && refused.includes(name)) {
        changed = true;
        return false;
      }
      return true;
    });
  s.module = keep(s.module, 'name');
  s.dataObject = keep(s.dataObject, 'name');
  s.func = keep(s.func, 'name');
  return changed;
}

export async function fetchMetaCatalog(send: Send): Promise<MetaCatalog> {
  const selection: Selection = { module: [...INITIAL.module], dataObject: [...INITIAL.dataObject], func: [...INITIAL.func] };
  const out: MetaCatalog = { modules: [], dataObjects: [], functions: [], warnings: [] };

  const ask = async (paths: readonly string[] | null): Promise<Array<Node | null>> => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const res = await send(moduleBatchQuery(paths, selection));
      const messages = (res.errors ?? []).map((e) => e.message);
      if (!messages.length && res.data) return (paths ?? ['']).map((_, i) => (res.data?.[`m${i}`] as Node | null | undefined) ?? null);
      if (!dropRefused(selection, refusedFields(messages))) throw new Error(errorMessages(res.errors) || 'no data');
    }
    throw new Error('kept refusing fields');
  };

  const seen = new Set<string>();
  const take = (node: Node): string[] => {
    const path = str(node.name);
    seen.add(path);
    out.modules.push({
      path,
      description: longer(str(node.description), str(node.longDescription)),
      dataSources: Array.isArray(node.dataSources) ? node.dataSources.filter((d): d is string => typeof d === 'string') : [],
    });
    for (const o of Array.isArray(node.dataObjects) ? (node.dataObjects as Node[]) : []) {
      if (!o || !str(o.name)) continue;
      const type = str(o.type);
      out.dataObjects.push({
        typeName: str(o.name),
        module: str(o.moduleName) || path,
        dataSource: str(o.dataSourceName),
        description: longer(str(o.description), str(o.longDescription)),
        kind: type === 'TABLE' ? 'table' : type === 'VIEW' ? 'view' : '',
        isM2M: (o.properties as Node | undefined)?.isM2M === true,
      });
    }
    for (const f of Array.isArray(node.functions) ? (node.functions as Node[]) : []) {
      if (!f || !str(f.name) || str(f.type) === 'SUBSCRIPTION') continue;
      out.functions.push({
        name: str(f.name),
        module: str(f.moduleName) || path,
        mutating: str(f.type) === 'MUTATION',
        dataSource: str(f.dataSourceName),
        description: longer(str(f.description), str(f.longDescription)),
      });
    }
    return (Array.isArray(node.modules) ? (node.modules as Node[]) : []).map((m) => str(m?.name)).filter((p) => p && !seen.has(p));
  };

  try {
    const [root] = await ask(null);
    if (!root) throw new Error('_catalog answered null');
    let level = take(root);
    while (level.length > 0) {
      const batches: string[][] = [];
      for (let i = 0; i < level.length; i += MODULE_BATCH) batches.push(level.slice(i, i + MODULE_BATCH));
      const nodes = (await mapLimit(batches, MODULE_CONCURRENCY, ask)).flat();
      level = nodes.flatMap((n) => (n ? take(n) : []));
    }
  } catch (err) {
    out.warnings.push(`_catalog module tree not read, indexed from introspection only: ${(err as Error).message}`);
  }
  return out;
}
