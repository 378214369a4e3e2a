/**
 * @module core/kinds/code/code-links
 * Code-to-data links (issue 16): the tables a code file's SQL names (`sqlTables`) or its ORM
 * models map (`ormTables`), found by the connector, resolved against the relations of the
 * project's other sources, stored as `uses_table` edges code_file → table with the line (and
 * `via`, the ORM, for a model, and `access`: whether the file reads the table, writes it or
 * declares its schema, where its SQL or ORM calls say), so `get` of a table lists the code that
 * reads or writes it. A qualified name must match schema and table; a bare name matches a table of
 * that name when only one schema has it (else `public`'s); a name several sources have goes to the
 * source that has most of the code's tables. The columns a file's parsed SQL names for a table
 * (`TableUse.columns`) resolve against that table's catalog columns as `uses_column` edges
 * code_file → column with the line and whether the SQL reads or writes the column
 * (`TableUse.columnAccess`); an unqualified column of a statement of several tables
 * (`sqlColumnChoices`) links only where exactly one of its candidate tables has it; a column no
 * table has links to nothing.
 * The GraphQL fields a file's operations select
 * (`graphqlFields`) resolve against the GraphQL sources' operations, fields and data objects as
 * `uses_field` edges.
 */
import { RELATION_KINDS, type CatalogEdge, type CatalogObject } from '../../../ports/catalog.js';
import type { Connector } from '../../../ports/connector.js';
import type { DecoratorDeps } from '../../../ports/source-kind.js';
import { accessesOf, DECLARED_JOIN_EDGE_KIND, type TableAccess, type TableUse } from '../../../ports/code.js';
import { codeFileColumnChoices, codeFileFields, codeFileJoins, codeFileTables } from './code-file.js';
import { GRAPHQL_LINK_KINDS, graphqlIndex, type GraphqlResolver } from './graphql-links.js';

export const USES_TABLE_EDGE_KIND = 'uses_table';
export const USES_FIELD_EDGE_KIND = 'uses_field';
export const USES_COLUMN_EDGE_KIND = 'uses_column';

// a column of parsed SQL that no assignment names is read (an unqualified one of several tables is never assigned)
const READ: readonly TableAccess[] = ['read'];

/** A table's column by name (exact, else case-insensitive), null when it has none of that name. */
export type ColumnIndex = (tableId: string, column: string) => CatalogObject | null;

/** Catalog columns (kind `column`) by their parent table. */
export function columnIndex(columns: readonly CatalogObject[]): ColumnIndex {
  const exact = new Map<string, CatalogObject>();
  const folded = new Map<string, CatalogObject>();
  for (const c of columns) {
    if (!c.parentId) continue;
    exact.set(`${c.parentId}\n${c.name}`, c);
    const key = `${c.parentId}\n${c.name.toLowerCase()}`;
    if (!folded.has(key)) folded.set(key, c);
  }
  return (tableId, column) => exact.get(`${tableId}\n${column}`) ?? folded.get(`${tableId}\n${column.toLowerCase()}`) ?? null;
}

/**
 * Finds the relations a name may mean: at most one per source, sources in name order. SQL's names
 * (`exact`) are as PostgreSQL resolves them, folded to lower case unless quoted, so `user` is not
 * Prisma's `"User"`; an ORM's names match in any case.
 */
export type RelationIndex = (name: string, exact?: boolean) => CatalogObject[];

/** One source's relations by `schema.name` and by bare name, as stored and in lower case. */
function sourceIndex(relations: readonly CatalogObject[]): (name: string, exact: boolean) => CatalogObject | null {
  const qualified = new Map<string, CatalogObject[]>();
  const bare = new Map<string, CatalogObject[]>();
  const add = (map: Map<string, CatalogObject[]>, key: string, r: CatalogObject) => map.set(key, [...(map.get(key) ?? []), r]);
  for (const r of relations) {
    add(qualified, r.path.toLowerCase(), r);
    add(bare, r.name.toLowerCase(), r);
  }
  return (name, exact) => {
    const key = name.toLowerCase();
    if (key.includes('.')) {
      const found = qualified.get(key) ?? [];
      return found.find((r) => r.path === name) ?? (exact ? null : (found[0] ?? null));
    }
    const found = bare.get(key) ?? [];
    const named = found.filter((r) => r.name === name);
    const pick = named.length || exact ? named : found;
    return pick.length === 1 ? pick[0]! : (pick.find((r) => r.path.toLowerCase() === `public.${key}`) ?? null);
  };
}

/** Relations by name in each source. */
export function relationIndex(relations: readonly CatalogObject[]): RelationIndex {
  const bySource = new Map<string, CatalogObject[]>();
  for (const r of relations) bySource.set(r.source, [...(bySource.get(r.source) ?? []), r]);
  const finders = [...bySource].sort(([a], [b]) => a.localeCompare(b)).map(([, rs]) => sourceIndex(rs));
  return (name, exact = false) => finders.flatMap((find) => find(name, exact) ?? []);
}

/**
 * `uses_table` edges, one per file and table, with the first line. A name that tables of several
 * sources have (every service has its `users`) goes to the source that has the most of the names
 * the code source uses, or to each source of a tie (dev and prod copies of one database). With a
 * column index, also `uses_column` edges, one per file and column, with the first line.
 */
export function codeDataEdges(files: readonly CatalogObject[], find: RelationIndex, columnOf?: ColumnIndex): CatalogEdge[] {
  const candidates = (ref: Pick<TableUse, 'table' | 'alternatives' | 'via'>) =>
    [ref.table, ...(ref.alternatives ?? [])].map((name) => find(name, !ref.via)).find((found) => found.length) ?? [];
  const names = new Map<string, Set<string>>();
  for (const file of files)
    for (const ref of codeFileTables(file))
      for (const table of candidates(ref)) names.set(table.source, (names.get(table.source) ?? new Set()).add(table.name.toLowerCase()));
  const votes = (table: CatalogObject) => names.get(table.source)?.size ?? 0;
  const resolve = (ref: Pick<TableUse, 'table' | 'alternatives' | 'via'>) => {
    const found = candidates(ref);
    const best = Math.max(0, ...found.map(votes));
    return found.filter((t) => votes(t) === best);
  };
  const edges: CatalogEdge[] = [];
  for (const file of files) {
    const seen = new Map<string, CatalogEdge>();
    const link = (kind: string, target: CatalogObject, line: number, via?: string, access?: readonly TableAccess[]) => {
      const known = seen.get(target.id);
      if (known) {
        // one edge per file and table, at the first line; what the file does to it, from every line
        const all = accessesOf([...accessesOf(known.attributes.access), ...(access ?? [])]);
        if (all.length) known.attributes.access = all;
        return;
      }
      const edge = {
        fromId: file.id,
        toId: target.id,
        kind,
        resource: file.resource,
        attributes: { line, ...(via ? { via } : {}), ...(access?.length ? { access: [...access] } : {}) },
      };
      seen.set(target.id, edge);
      edges.push(edge);
    };
    const refs = codeFileTables(file).sort((a, b) => a.line - b.line);
    for (const ref of refs) for (const table of resolve(ref)) link(USES_TABLE_EDGE_KIND, table, ref.line, ref.via, ref.access);
    if (!columnOf) continue;
    const uses: Array<{ line: number; column: CatalogObject; access: readonly TableAccess[] }> = [];
    for (const ref of refs)
      for (const table of ref.columns?.length ? resolve(ref) : [])
        for (const name of ref.columns ?? []) {
          const column = columnOf(table.id, name);
          if (column) uses.push({ line: ref.line, column, access: ref.columnAccess?.[name] ?? READ });
        }
    for (const choice of codeFileColumnChoices(file)) {
      const tables = choice.tables.map((table) => resolve({ table }));
      for (const name of choice.columns) {
        const having = tables.map((ts) => ts.flatMap((t) => columnOf(t.id, name) ?? [])).filter((cs) => cs.length);
        if (having.length === 1) uses.push(...having[0]!.map((column) => ({ line: choice.line, column, access: READ })));
      }
    }
    for (const use of uses.sort((a, b) => a.line - b.line)) link(USES_COLUMN_EDGE_KIND, use.column, use.line, undefined, use.access);
  }
  return edges;
}

/** The tables a file's declared joins may name, both sides (to load their columns). */
export function declaredJoinTables(files: readonly CatalogObject[], find: RelationIndex): string[] {
  const names = files.flatMap((f) =>
    codeFileJoins(f).flatMap((j) => [j.table, j.references, ...(j.tableAlternatives ?? []), ...(j.referencesAlternatives ?? [])]),
  );
  return [...new Set([...new Set(names)].flatMap((name) => find(name).map((t) => t.id)))];
}

/** The tables of the first of `name` and its alternatives the catalog holds. */
const firstFound = (find: RelationIndex, name: string, alternatives: readonly string[] = []) => {
  for (const n of [name, ...alternatives]) {
    const found = find(n);
    if (found.length) return found;
  }
  return [];
};

/**
 * `declared_join` edges table → referenced table, one per join a file declares, both tables of one
 * source (copies of a database each get theirs) and every column of both sides in the catalog, with
 * the catalog's column names, the declaring file and its line. A join naming a table or column the
 * catalog lacks makes none.
 */
export function codeJoinEdges(files: readonly CatalogObject[], find: RelationIndex, columnOf: ColumnIndex): CatalogEdge[] {
  const edges: CatalogEdge[] = [];
  for (const file of files) {
    const seen = new Set<string>();
    for (const join of codeFileJoins(file)) {
      for (const from of firstFound(find, join.table, join.tableAlternatives))
        for (const to of firstFound(find, join.references, join.referencesAlternatives)) {
          if (from.source !== to.source) continue;
          const columns = join.columns.map((c) => columnOf(from.id, c)?.name);
          const referencedColumns = join.referencedColumns.map((c) => columnOf(to.id, c)?.name);
          if (columns.some((c) => !c) || referencedColumns.some((c) => !c)) continue;
          const key = JSON.stringify([from.id, to.id, columns, referencedColumns]);
          if (seen.has(key)) continue;
          seen.add(key);
          edges.push({
            fromId: from.id,
            toId: to.id,
            kind: DECLARED_JOIN_EDGE_KIND,
            resource: file.resource,
            attributes: { columns, referencedColumns, via: join.via, file: file.id, line: join.line },
          });
        }
    }
  }
  return edges;
}

/** One `uses_field` edge per file and GraphQL object its operations select (the operation, each field on the way), with the first line. */
export function codeGraphqlEdges(files: readonly CatalogObject[], resolve: GraphqlResolver): CatalogEdge[] {
  const edges: CatalogEdge[] = [];
  for (const file of files) {
    const seen = new Set<string>();
    for (const ref of codeFileFields(file)) {
      for (const target of resolve(ref.path)) {
        if (seen.has(target.id)) continue;
        seen.add(target.id);
        edges.push({ fromId: file.id, toId: target.id, kind: USES_FIELD_EDGE_KIND, resource: file.resource, attributes: { line: ref.line } });
      }
    }
  }
  return edges;
}

/** Adds the code-to-data edges to each snapshot of a code source. */
export function withDataLinks(connector: Connector, deps: DecoratorDeps): Connector {
  return {
    ...connector,
    async introspect(source, options) {
      const snapshot = await connector.introspect(source, options);
      if (!deps.otherObjects) return snapshot;
      const edges = [...snapshot.edges];
      const other = deps.otherObjects;
      let index: RelationIndex | undefined;
      const relations = async () => (index ??= relationIndex(await other(RELATION_KINDS)));
      const tableUsers = snapshot.objects.filter((o) => Array.isArray(o.attributes.sqlTables) || Array.isArray(o.attributes.ormTables));
      if (tableUsers.length) {
        const find = await relations();
        const named = tableUsers.some((f) => codeFileTables(f).some((t) => t.columns?.length) || codeFileColumnChoices(f).length);
        const tables = codeDataEdges(tableUsers, find);
        // the columns of the tables the code names, not every column of the project's databases
        const linked = [...new Set(tables.map((e) => e.toId))];
        const columns = named && linked.length ? columnIndex(await deps.otherObjects(['column'], linked)) : undefined;
        edges.push(...(columns ? codeDataEdges(tableUsers, find, columns) : tables));
      }
      const joiners = snapshot.objects.filter((o) => Array.isArray(o.attributes.declaredJoins));
      if (joiners.length) {
        const find = await relations();
        const joined = declaredJoinTables(joiners, find);
        if (joined.length) edges.push(...codeJoinEdges(joiners, find, columnIndex(await deps.otherObjects(['column'], joined))));
      }
      const fieldUsers = snapshot.objects.filter((o) => Array.isArray(o.attributes.graphqlFields));
      if (fieldUsers.length) edges.push(...codeGraphqlEdges(fieldUsers, graphqlIndex(await deps.otherObjects(GRAPHQL_LINK_KINDS))));
      return { ...snapshot, edges };
    },
  };
}
