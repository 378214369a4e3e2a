/**
 * @module adapters/connector/graphql/to-objects
 * Maps the connector's model to canonical objects. Ids: `<source>:data_source:<name>`,
 * `:module:<a.b.c>`, `:data_object:<module>.<query name>`, `:graphql_field:<object path>.<field>`,
 * `:graphql_query:<module>.<field>`, `:function:<module>.<name>`, `:graphql_type:<name>`,
 * `:enum:<name>`. Resources (units of incremental rebuild): one per data source, module, data
 * object (with its fields, queries and relations), function and type.
 */
import type { CatalogEdge, CatalogObject, SourceSnapshot } from '../../../ports/catalog.js';
import type { DataObjectInfo, DataSourceInfo, FieldInfo, FunctionInfo, GraphqlCatalog, ModuleInfo, OperationInfo, TypeInfo } from './catalog-model.js';
import { joinPath } from './catalog-model.js';
import { buildOperation, capabilityPath, type TypeLookup } from './operations.js';
import { originalFunctionName, resolveTypeName } from './prefix.js';

const id = (source: string, kind: string, path: string) => `${source}:${kind}:${path}`;
const moduleId = (source: string, path: string) => (path ? id(source, 'module', path) : null);

export function dataObjectPath(o: DataObjectInfo): string {
  const list = o.queries.find((q) => q.variant === 'select') ?? o.queries[0];
  return joinPath(o.module, list?.name ?? o.typeName);
}

export function functionPath(f: FunctionInfo): string {
  return joinPath(f.module, f.name);
}

function fieldAttributes(f: FieldInfo, position: number): Record<string, unknown> {
  return {
    dataType: f.type,
    position,
    ...(f.args.length ? { args: f.args.map((a) => ({ name: a.name, type: a.type, required: a.required })) } : {}),
    ...(f.isPrimaryKey ? { isPrimaryKey: true } : {}),
    ...(f.hugrType ? { hugrType: f.hugrType } : {}),
    ...(f.relationTo ? { relationTo: f.relationTo } : {}),
    nullable: !f.type.endsWith('!'),
  };
}

function argsOf(op: OperationInfo): Array<Record<string, unknown>> {
  return op.args.map((a) => ({
    name: a.name,
    type: a.type,
    required: a.required,
    ...(a.description ? { description: a.description } : {}),
    ...(a.defaultValue != null ? { default: a.defaultValue } : {}),
  }));
}

export class ObjectMapper {
  readonly objects: CatalogObject[] = [];
  readonly edges: CatalogEdge[] = [];
  private readonly typePaths = new Map<string, string>();

  constructor(
    private readonly source: string,
    private readonly catalog: Pick<GraphqlCatalog, 'generation' | 'dataSources' | 'dataObjects'>,
    private readonly lookup: TypeLookup,
    /** Paths of data objects known from the index (single-element updates see only one object). */
    knownTypePaths: ReadonlyMap<string, string> = new Map(),
  ) {
    for (const [typeName, path] of knownTypePaths) this.typePaths.set(typeName, path);
    for (const o of catalog.dataObjects) this.typePaths.set(o.typeName, dataObjectPath(o));
  }

  private dataSource(name: string): DataSourceInfo | undefined {
    return this.catalog.dataSources.find((d) => d.name === name);
  }

  addDataSource(d: DataSourceInfo): void {
    this.objects.push({
      id: id(this.source, 'data_source', d.name),
      source: this.source,
      kind: 'data_source',
      path: d.name,
      name: d.name,
      parentId: null,
      resource: `data_source:${d.name}`,
      comment: (d.disabled ? `Disabled on the server: its objects are not served. ${d.description}` : d.description).trim() || null,
      definition: null,
      attributes: { engine: d.type, prefix: d.prefix, asModule: d.asModule, readOnly: d.readOnly, ...(d.disabled ? { disabled: true } : {}) },
    });
  }

  addModule(m: ModuleInfo): void {
    const segments = m.path.split('.');
    this.objects.push({
      id: id(this.source, 'module', m.path),
      source: this.source,
      kind: 'module',
      path: m.path,
      name: segments[segments.length - 1]!,
      parentId: moduleId(this.source, segments.slice(0, -1).join('.')),
      resource: `module:${m.path}`,
      comment: m.description || null,
      definition: null,
      attributes: { depth: segments.length, roots: m.roots, ...(m.dataSources?.length ? { dataSources: m.dataSources } : {}) },
    });
  }

  private operationObject(op: OperationInfo, parentId: string, resource: string): CatalogObject {
    const built = buildOperation(op, this.lookup);
    return {
      id: id(this.source, 'graphql_query', joinPath(op.module, op.name)),
      source: this.source,
      kind: 'graphql_query',
      path: joinPath(op.module, op.name),
      name: op.name,
      parentId,
      resource,
      comment: op.description || null,
      definition: built.text,
      attributes: {
        variant: op.variant,
        root: op.root,
        module: op.module,
        graphqlPath: built.path,
        returns: op.returns,
        args: argsOf(op),
        variables: built.variables,
      },
    };
  }

  addDataObject(o: DataObjectInfo): void {
    const path = dataObjectPath(o);
    const objectId = id(this.source, 'data_object', path);
    const resource = `data_object:${path}`;
    const names = resolveTypeName(o.typeName, this.catalog.dataSources, o.dataSource || undefined);
    const list = o.queries.find((q) => q.variant === 'select') ?? o.queries[0];
    const built = list ? buildOperation(list, this.lookup) : null;
    const visible = o.fields.filter(
      (f) => !f.mcpExclude && f.hugrType !== 'aggregate' && f.hugrType !== 'bucket_agg' && f.name !== '_join' && f.name !== '_spatial',
    );
    const excluded = o.fields.filter((f) => f.mcpExclude).map((f) => f.name);
    this.objects.push({
      id: objectId,
      source: this.source,
      kind: 'data_object',
      path,
      name: list?.name ?? o.typeName,
      parentId: moduleId(this.source, o.module),
      resource,
      comment: o.description || null,
      definition: built?.text ?? null,
      attributes: {
        objectKind: o.kind,
        typeName: o.typeName,
        originalName: names.originalName,
        dataSource: o.dataSource,
        module: o.module,
        graphqlPath: built?.path ?? null,
        variables: built?.variables ?? {},
        queries: o.queries.map((q) => ({ name: q.name, variant: q.variant })),
        mutations: o.mutations.map((m) => ({ name: m.name, variant: m.variant })),
        ...(o.filterType ? { filterType: o.filterType } : {}),
        ...(o.argsType ? { argsType: o.argsType } : {}),
        ...(o.isM2M ? { isM2M: true } : {}),
        ...(excluded.length ? { mcpExcludedFields: excluded } : {}),
      },
    });
    if (o.dataSource && this.dataSource(o.dataSource)) {
      this.edges.push({ fromId: objectId, toId: id(this.source, 'data_source', o.dataSource), kind: 'from_source', resource, attributes: {} });
    }
    visible.forEach((f, i) => {
      this.objects.push({
        id: id(this.source, 'graphql_field', `${path}.${f.name}`),
        source: this.source,
        kind: 'graphql_field',
        path: `${path}.${f.name}`,
        name: f.name,
        parentId: objectId,
        resource,
        comment: f.description || null,
        definition: null,
        attributes: fieldAttributes(f, i + 1),
      });
      const target = f.relationTo ? this.typePaths.get(f.relationTo) : undefined;
      if (target)
        this.edges.push({
          fromId: objectId,
          toId: id(this.source, 'data_object', target),
          kind: 'relation',
          resource,
          attributes: { field: f.name, many: f.type.startsWith('[') },
        });
    });
    for (const op of [...o.queries, ...o.mutations]) this.objects.push(this.operationObject(op, objectId, resource));
  }

  addFunction(f: FunctionInfo): void {
    const path = functionPath(f);
    const built = buildOperation(f, this.lookup);
    const ds = this.dataSource(f.dataSource);
    this.objects.push({
      id: id(this.source, 'function', path),
      source: this.source,
      kind: 'function',
      path,
      name: f.name,
      parentId: moduleId(this.source, f.module),
      resource: `function:${f.root}:${path}`,
      comment: f.description || null,
      definition: built.text,
      attributes: {
        mutating: f.root === 'mut_function',
        root: f.root,
        module: f.module,
        dataSource: f.dataSource,
        originalName: ds ? originalFunctionName(ds, f.name, this.catalog.generation) : f.name,
        graphqlPath: built.path,
        returns: f.returns,
        args: argsOf(f),
        variables: built.variables,
      },
    });
  }

  addType(t: TypeInfo): void {
    const kind = t.kind === 'ENUM' ? 'enum' : 'graphql_type';
    const typeId = id(this.source, kind, t.name);
    const resource = `type:${t.name}`;
    this.objects.push({
      id: typeId,
      source: this.source,
      kind,
      path: t.name,
      name: t.name,
      parentId: null,
      resource,
      comment: t.description || null,
      definition: t.kind === 'ENUM' ? `enum ${t.name} { ${t.values.join(' ')} }` : null,
      attributes: { graphqlKind: t.kind, ...(t.values.length ? { values: t.values } : {}) },
    });
    t.fields
      .filter((f) => !f.mcpExclude)
      .forEach((f, i) => {
        this.objects.push({
          id: id(this.source, 'graphql_field', `${t.name}.${f.name}`),
          source: this.source,
          kind: 'graphql_field',
          path: `${t.name}.${f.name}`,
          name: f.name,
          parentId: typeId,
          resource,
          comment: f.description || null,
          definition: null,
          attributes: fieldAttributes(f, i + 1),
        });
      });
  }

  /** A root operation of a plain GraphQL API. */
  addOperation(op: OperationInfo): void {
    const built = buildOperation(op, this.lookup);
    const path = `${op.root}.${op.name}`;
    this.objects.push({
      id: id(this.source, 'graphql_query', path),
      source: this.source,
      kind: 'graphql_query',
      path,
      name: op.name,
      parentId: null,
      resource: `operation:${path}`,
      comment: op.description || null,
      definition: built.text,
      attributes: {
        variant: op.variant,
        root: op.root,
        module: '',
        graphqlPath: capabilityPath(op),
        returns: op.returns,
        args: argsOf(op),
        variables: built.variables,
      },
    });
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const edgeKey = (e: CatalogEdge) => [e.fromId, e.toId, e.kind, e.resource, JSON.stringify(e.attributes)];

/**
 * Objects by id and edges by (from, to, kind, resource, attributes): the order the store reads
 * them back in, so a resource hashes the same whether it comes from the server or the index.
 */
export function canonicalOrder(objects: CatalogObject[], edges: CatalogEdge[]): { objects: CatalogObject[]; edges: CatalogEdge[] } {
  const sortedEdges = [...edges].sort((a, b) => {
    const ka = edgeKey(a);
    const kb = edgeKey(b);
    for (let i = 0; i < ka.length; i++) {
      const c = cmp(ka[i]!, kb[i]!);
      if (c) return c;
    }
    return 0;
  });
  return { objects: [...objects].sort((a, b) => cmp(a.id, b.id)), edges: sortedEdges };
}

export function toSnapshot(source: string, catalog: GraphqlCatalog, lookup: TypeLookup, info: Record<string, unknown>): SourceSnapshot {
  const mapper = new ObjectMapper(source, catalog, lookup);
  for (const d of catalog.dataSources) mapper.addDataSource(d);
  for (const m of catalog.modules) mapper.addModule(m);
  for (const o of catalog.dataObjects) mapper.addDataObject(o);
  for (const f of catalog.functions) mapper.addFunction(f);
  for (const t of catalog.types) mapper.addType(t);
  for (const op of catalog.operations) mapper.addOperation(op);
  // Ids must be unique; the first wins (e.g. a query field shared by two roots).
  const seen = new Set<string>();
  const objects = mapper.objects.filter((o) => (seen.has(o.id) ? false : (seen.add(o.id), true)));
  return { ...canonicalOrder(objects, mapper.edges), info: { ...info, generation: catalog.generation, warnings: catalog.warnings } };
}
