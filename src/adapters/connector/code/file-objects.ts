/**
 * @module adapters/connector/code/file-objects
 * A file's catalog objects: its `code_file` (with the links the project's other files give it)
 * and its `code_symbol` children; the edges the files' attributes hold; and stored objects put
 * back in the order a scan gives them.
 */
import type { CatalogEdge, CatalogObject } from '../../../ports/catalog.js';
import {
  type DeclaredJoin,
  CODE_FILE_KIND,
  CODE_SCAN_VERSION,
  CODE_SYMBOL_KIND,
  CALLS_ROUTE_EDGE_KIND,
  IMPORT_EDGE_KIND,
  type CoChangePartner,
  type CodeFileAttributes,
  type CodeSymbolAttributes,
  type FileImport,
  type HttpRoute,
  type RecentChange,
  type RouteCallUse,
} from '../../../ports/code.js';
import type { ChangeSpan } from './co-change.js';
import type { ListedFile } from './list-files.js';
import { fileWords, splitWords, symbolDoc, type CodeSymbol } from './outline.js';
import { withoutRowValues, type SqlRefs } from './queries/sql-refs.js';
import { isGeneratedComment } from './generated.js';
import { docComments } from './doc-lines.js';
import type { OrmTableRef } from './orm/orm-reader.js';
import type { GraphqlFieldRef } from './queries/graphql-refs.js';

export const fileId = (source: string, path: string) => `${source}:code_file:${path}`;

/** What git says of a file, read at commit `at`. */
export interface FileHistory {
  coChanged: readonly CoChangePartner[];
  churn: number | undefined;
  commits: number | undefined;
  subjects: readonly string[] | undefined;
  span: ChangeSpan | undefined;
  recent: readonly RecentChange[] | undefined;
  /** The commit it was read at. */
  at: string | null;
}

/** The links a file's code makes to the rest of the project and beyond, read again at every scan (they depend on the other files). */
export interface FileLinks {
  sql: SqlRefs;
  ormTables: readonly OrmTableRef[];
  /** The joins its ORM relations declare. */
  declaredJoins: readonly DeclaredJoin[];
  http: { routes: readonly HttpRoute[]; calls: readonly RouteCallUse[] };
  names: readonly string[] | undefined;
}

/**
 * What a file's own text says, whatever the other files say: the same text read by the same scan
 * version says the same, so a file whose text did not change keeps what was stored of it.
 */
export interface FileText {
  comment: string;
  lines: number;
  words: Record<string, number>;
  onceWords: readonly string[];
  docWords: readonly string[];
  docLines: number;
  symbols: readonly CodeSymbol[];
  graphqlFields: readonly GraphqlFieldRef[];
}

/** Reads a file's text facts (the comment, symbols and GraphQL fields are read by the caller, which knows the file's view). */
export function readFileText(file: ListedFile, comment: string, symbols: readonly CodeSymbol[], graphqlFields: readonly GraphqlFieldRef[]): FileText {
  // a SQL file's rows are data, not words of its code
  const words = fileWords(file.language === 'sql' ? withoutRowValues(file.text) : file.text);
  const textLines = file.text.split('\n');
  const docs = docComments(textLines, file.language);
  const docSaid = new Set(splitWords(docs.join('\n')));
  return {
    comment,
    lines: textLines.length,
    words: words.words,
    onceWords: words.once,
    docWords: words.once.filter((w) => docSaid.has(w)),
    docLines: docs.length,
    symbols: symbols.map((s) => {
      const doc = symbolDoc(textLines, file.language, s.line);
      return doc ? { ...s, doc } : s;
    }),
    graphqlFields,
  };
}

/**
 * The text facts stored for a file, when its stored object was read from the same text (`hash`)
 * by this scan version; null when it was not, or when anything of it is missing.
 */
export function storedFileText(stored: CatalogObject | undefined, hash: string, storedSymbols: ReadonlyMap<string, CatalogObject>): FileText | null {
  const a = stored?.attributes;
  if (!stored || !a || a.hash !== hash || a.scan !== CODE_SCAN_VERSION) return null;
  if (typeof a.lines !== 'number' || typeof a.docLines !== 'number' || !a.words || !Array.isArray(a.onceWords) || !Array.isArray(a.docWords)) return null;
  const symbols: CodeSymbol[] = [];
  for (const name of (a.symbols as string[] | undefined) ?? []) {
    const s = storedSymbols.get(`${stored.source}:code_symbol:${stored.path}#${name}`);
    if (!s) return null;
    symbols.push({
      name: s.name,
      kind: String(s.attributes.symbolKind),
      line: Number(s.attributes.line),
      signature: s.definition ?? '',
      ...(s.comment ? { doc: s.comment } : {}),
    });
  }
  return {
    comment: stored.comment ?? '',
    lines: a.lines,
    words: a.words as Record<string, number>,
    onceWords: a.onceWords as string[],
    docWords: a.docWords as string[],
    docLines: a.docLines,
    symbols,
    graphqlFields: (a.graphqlFields as GraphqlFieldRef[] | undefined) ?? [],
  };
}

/**
 * The history a stored file holds, as toObjects wrote it: what git said of the file at `at`. A
 * tree with the same files at the same commit reads the same history, so an edit keeps it.
 */
export function storedHistory(stored: CatalogObject | undefined, at: string | null): FileHistory {
  const a = stored?.attributes ?? {};
  const span = typeof a.firstChanged === 'number' && typeof a.lastChanged === 'number' ? { first: a.firstChanged, last: a.lastChanged } : undefined;
  return {
    coChanged: (a.coChanged as CoChangePartner[] | undefined) ?? [],
    churn: a.churn as number | undefined,
    commits: a.commits as number | undefined,
    subjects: a.subjects as string[] | undefined,
    span,
    recent: a.recentChanges as RecentChange[] | undefined,
    at,
  };
}

export function toObjects(
  source: string,
  file: ListedFile,
  { comment, symbols, graphqlFields, ...text }: FileText,
  hash: string,
  resolution: string,
  imports: readonly FileImport[],
  history: FileHistory,
  { sql, ormTables, declaredJoins, http, names }: FileLinks,
): CatalogObject[] {
  const id = fileId(source, file.path);
  const resource = `file:${file.path}`;
  const generated = isGeneratedComment(comment) ? ({ generated: true } as const) : {};
  const fileObject: CatalogObject = {
    id,
    source,
    kind: CODE_FILE_KIND,
    path: file.path,
    name: file.path.split('/').at(-1)!,
    parentId: null,
    resource,
    comment: comment || null,
    definition: null,
    attributes: {
      language: file.language,
      size: file.size,
      lines: text.lines,
      hash,
      scan: CODE_SCAN_VERSION,
      resolution,
      imports: imports.map((i) => ({ path: i.path, kinds: i.kinds })),
      symbols: symbols.map((s) => s.name),
      words: text.words,
      onceWords: text.onceWords,
      docWords: text.docWords,
      docLines: text.docLines,
      ...(history.coChanged.length ? { coChanged: history.coChanged } : {}),
      ...(history.churn ? { churn: history.churn } : {}),
      ...(history.commits ? { commits: history.commits } : {}),
      ...(history.subjects?.length ? { subjects: history.subjects } : {}),
      ...(history.span ? { firstChanged: history.span.first, lastChanged: history.span.last } : {}),
      ...(history.recent?.length ? { recentChanges: history.recent } : {}),
      ...(history.at ? { historyAt: history.at } : {}),
      ...(sql.tables.length ? { sqlTables: sql.tables } : {}),
      ...(sql.ambiguous.length ? { sqlColumnChoices: sql.ambiguous } : {}),
      ...(ormTables.length ? { ormTables } : {}),
      ...(declaredJoins.length ? { declaredJoins } : {}),
      ...(graphqlFields.length ? { graphqlFields } : {}),
      ...(http.routes.length ? { routes: http.routes } : {}),
      ...(http.calls.length ? { routeCalls: http.calls } : {}),
      ...(names?.length ? { importNames: names } : {}),
      ...generated,
    } satisfies CodeFileAttributes,
  };
  return [
    fileObject,
    ...symbols.map((s) => ({
      id: `${source}:code_symbol:${file.path}#${s.name}`,
      source,
      kind: CODE_SYMBOL_KIND,
      path: `${file.path}#${s.name}`,
      name: s.name,
      parentId: id,
      resource,
      comment: s.doc || null,
      definition: s.signature,
      attributes: { symbolKind: s.kind, line: s.line, file: file.path, ...generated } satisfies CodeSymbolAttributes,
    })),
  ];
}

/** The import edges, rebuilt from the files' `imports` attribute (so reused objects carry theirs). */
export function importEdges(source: string, objects: readonly CatalogObject[]): CatalogEdge[] {
  const edges: CatalogEdge[] = [];
  for (const o of objects) {
    if (o.kind !== CODE_FILE_KIND) continue;
    for (const i of (o.attributes.imports as FileImport[] | undefined) ?? [])
      edges.push({ fromId: o.id, toId: fileId(source, i.path), kind: IMPORT_EDGE_KIND, resource: o.resource, attributes: { kinds: i.kinds } });
  }
  return edges;
}

/** The `calls_route` edges, caller → the file serving the route, from the files' `routeCalls` attribute. */
export function routeCallEdges(source: string, objects: readonly CatalogObject[]): CatalogEdge[] {
  return objects.flatMap((o) =>
    o.kind === CODE_FILE_KIND
      ? ((o.attributes.routeCalls as RouteCallUse[] | undefined) ?? []).map((c) => ({
          fromId: o.id,
          toId: fileId(source, c.path),
          kind: CALLS_ROUTE_EDGE_KIND,
          resource: o.resource,
          attributes: { line: c.line, route: c.route },
        }))
      : [],
  );
}

/** Stored objects (the store keeps them by id) as a scan gives them: each file, then its symbols in file order. */
export function inScanOrder(stored: readonly CatalogObject[]): CatalogObject[] {
  const symbols = new Map(stored.filter((o) => o.kind === CODE_SYMBOL_KIND).map((o) => [o.id, o]));
  return stored
    .filter((o) => o.kind === CODE_FILE_KIND)
    .flatMap((file) => [
      file,
      ...((file.attributes.symbols as string[] | undefined) ?? []).flatMap((name) => symbols.get(`${file.source}:code_symbol:${file.path}#${name}`) ?? []),
    ]);
}
