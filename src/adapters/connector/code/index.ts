/**
 * @module adapters/connector/code
 * The `code` connector: a working tree as a source. Each source file becomes a `code_file`
 * object (language, size, hash, leading comment, imports, the words its body uses, co-change
 * partners and churn from git history) with its exported symbols as
 * `code_symbol` children, and each import an `imports` edge between two files of the tree.
 * When every file's hash matches the index, the stored graph is reused without scanning.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { CatalogEdge, CatalogObject, SourceSnapshot } from '../../../ports/catalog.js';
import type { AccessReport, Connector, IntrospectOptions, SourceRecord } from '../../../ports/connector.js';
import { SextantError } from '../../../kernel/errors.js';
import {
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
import { latestTreeCommit, readGitHistory, type ChangeSpan } from './co-change.js';
import { cruiseImports, readGraphFile, type ImportMap } from './import-graph.js';
import { sqlRefs, withoutRowValues, type SqlRefs } from './sql-refs.js';
import { listCodeFiles, type ListedFile } from './list-files.js';
import { fileWords, exportedSymbols, leadingComment, splitWords, type CodeSymbol } from './outline.js';
import { isGeneratedComment } from './generated.js';
import { docComments } from './doc-lines.js';
import { languageImports } from './lang-imports.js';
import { importNames } from './workspace-packages.js';
import { ormModelUses, ormTableRefs, sequelizeAliases, type OrmTableRef } from './orm-refs.js';
import { namedNativeRuns, projectNamedQueries, projectRepositories } from './orm-repositories.js';
import { projectConstants } from './string-constants.js';
import { sqlcCalls, sqlcMethods } from './sqlc-calls.js';
import { drizzleCreators, drizzleUses } from './drizzle-refs.js';
import { calledPaths, projectRoutes, routeCalls, routeIndex } from './http-routes.js';
import { passedOn, reachedFiles, reexports, type ReachedFile } from './reexports.js';
import type { GraphqlFieldRef } from './graphql-refs.js';
import { parseFile, PARSED_LANGUAGES, type ParsedFile } from './tree-sitter.js';
import { componentComment, componentSymbols, scriptView, SFC_LANGUAGES, type ScriptView } from './sfc.js';

export interface CodeConnectorOptions {
  /** Larger files are refused (generated bundles, fixtures). */
  maxFileBytes?: number;
}

const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;
const SVELTE_CONFIG = /(^|\/)svelte\.config\.js$/;
const SCRIPT_LANGUAGES: ReadonlySet<string> = new Set(['typescript', 'javascript']);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const fileId = (source: string, path: string) => `${source}:code_file:${path}`;

function toObjects(
  source: string,
  file: ListedFile,
  comment: string,
  hash: string,
  resolution: string,
  imports: readonly FileImport[],
  symbols: readonly CodeSymbol[],
  history: {
    coChanged: readonly CoChangePartner[];
    churn: number | undefined;
    commits: number | undefined;
    subjects: readonly string[] | undefined;
    span: ChangeSpan | undefined;
    recent: readonly RecentChange[] | undefined;
    /** The commit it was read at. */
    at: string | null;
  },
  sql: SqlRefs,
  ormTables: readonly OrmTableRef[],
  graphqlFields: readonly GraphqlFieldRef[],
  http: { routes: readonly HttpRoute[]; calls: readonly RouteCallUse[] },
  names?: readonly string[],
): CatalogObject[] {
  const id = fileId(source, file.path);
  const resource = `file:${file.path}`;
  // a SQL file's rows are data, not words of its code
  const words = fileWords(file.language === 'sql' ? withoutRowValues(file.text) : file.text);
  const textLines = file.text.split('\n');
  const docs = docComments(textLines, file.language);
  const docSaid = new Set(splitWords(docs.join('\n')));
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
      lines: textLines.length,
      hash,
      scan: CODE_SCAN_VERSION,
      resolution,
      imports: imports.map((i) => ({ path: i.path, kinds: i.kinds })),
      symbols: symbols.map((s) => s.name),
      words: words.words,
      onceWords: words.once,
      docWords: words.once.filter((w) => docSaid.has(w)),
      docLines: docs.length,
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
      comment: null,
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

/** Stored objects (the store keeps them by id) as a scan gives them: each file, then its symbols in file order. */
function inScanOrder(stored: readonly CatalogObject[]): CatalogObject[] {
  const symbols = new Map(stored.filter((o) => o.kind === CODE_SYMBOL_KIND).map((o) => [o.id, o]));
  return stored
    .filter((o) => o.kind === CODE_FILE_KIND)
    .flatMap((file) => [
      file,
      ...((file.attributes.symbols as string[] | undefined) ?? []).flatMap((name) => symbols.get(`${file.source}:code_symbol:${file.path}#${name}`) ?? []),
    ]);
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

/** Python, Go and Java files parsed once each (imports and symbols); a file that does not parse keeps the pattern outline. */
async function parseFiles(files: readonly ListedFile[], introspect: IntrospectOptions): Promise<Map<string, ParsedFile>> {
  const parsed = new Map<string, ParsedFile>();
  const todo = files.filter((f) => PARSED_LANGUAGES.has(f.language));
  for (const [i, file] of todo.entries()) {
    if (introspect.signal?.aborted) break;
    if (i % 200 === 0) introspect.onProgress?.('parsing Python, Go and Java files', i, todo.length);
    const result = await parseFile(file.text, file.language).catch(() => null);
    if (result) parsed.set(file.path, result);
  }
  return parsed;
}

function mergeImports(into: ImportMap, more: ImportMap): void {
  for (const [from, list] of more) {
    const existing = into.get(from);
    if (!existing) into.set(from, list);
    else for (const i of list) if (!existing.some((e) => e.path === i.path)) existing.push(i);
  }
}

/** The symbols stored for each file of a tree scanned before (an unchanged tree is not parsed again). */
function symbolsOf(stored: readonly CatalogObject[]): Map<string, CodeSymbol[]> {
  const out = new Map<string, CodeSymbol[]>();
  for (const o of stored) {
    if (o.kind !== CODE_SYMBOL_KIND) continue;
    const file = String(o.attributes.file ?? '');
    out.set(file, [
      ...(out.get(file) ?? []),
      { name: o.name, kind: String(o.attributes.symbolKind ?? 'symbol'), line: Number(o.attributes.line ?? 0), signature: o.definition ?? '' },
    ]);
  }
  for (const list of out.values()) list.sort((a, b) => a.line - b.line);
  return out;
}

export function createCodeConnector(options: CodeConnectorOptions = {}): Connector {
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const graphFile = (source: SourceRecord) => (typeof source.options.graph === 'string' && source.options.graph ? source.options.graph : null);

  async function requireFolder(source: SourceRecord): Promise<void> {
    const info = await stat(source.url).catch(() => null);
    if (!info?.isDirectory())
      throw new SextantError('INTROSPECTION_FAILED', `${source.url} is not a folder that can be read`, { hint: 'give the working tree of a repository' });
  }

  return Object.freeze({
    type: 'code',
    validate(source: SourceRecord): void {
      const location = source.url.trim();
      if (!location)
        throw new SextantError('USAGE', 'a code source needs the folder of a working tree', { hint: 'e.g. sextant source add code ./my-service --name svc' });
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location))
        throw new SextantError('USAGE', 'a code source is a local folder, not a URL', { hint: 'clone the repository and give its folder' });
      source.url = isAbsolute(location) ? location : resolve(location);
      const graph = graphFile(source);
      if (graph) source.options.graph = isAbsolute(graph) ? graph : resolve(graph);
    },
    async checkAccess(source: SourceRecord): Promise<AccessReport> {
      await requireFolder(source);
      const listing = await listCodeFiles(source.url, { maxFileBytes });
      return {
        ok: true,
        role: 'reader',
        findings: [{ code: 'CODE_READABLE', severity: 'info', message: `${listing.files.length} code files, ${listing.refused.length} refused` }],
      };
    },
    async introspect(source: SourceRecord, introspect: IntrospectOptions = {}): Promise<SourceSnapshot> {
      await requireFolder(source);
      introspect.onProgress?.('listing files', 0, 1);
      const [{ files, refused, configs }, treeCommit] = await Promise.all([listCodeFiles(source.url, { maxFileBytes }), latestTreeCommit(source.url)]);
      if (!files.length)
        throw new SextantError(
          'INTROSPECTION_FAILED',
          `no code files in ${source.url}${refused.length ? ` (${refused.length} refused: ${refused[0]!.path}: ${refused[0]!.reason})` : ''}`,
          {
            hint: 'give the working tree of a repository with source files (.ts, .js, .py, .go, .java, …)',
          },
        );
      const hashes = new Map(files.map((f) => [f.path, sha256(f.text)]));
      // a component's code is its script blocks: the readers of TypeScript read those, at the file's own lines
      const views = new Map<string, ScriptView>(files.filter((f) => SFC_LANGUAGES.has(f.language)).map((f) => [f.path, scriptView(f.text, f.language)]));
      const code = (f: ListedFile) => views.get(f.path) ?? f;
      // what decides where an import leads: the configs, and SvelteKit's aliases, which svelte.config.js (a code file) sets
      const resolution = sha256([...configs, ...files.filter((f) => SVELTE_CONFIG.test(f.path))].map((c) => `${c.path}\0${c.text}`).join('\0'));
      const storedAll = (await introspect.stored?.()) ?? [];
      const stored = storedAll.filter((o) => o.kind === CODE_FILE_KIND);
      const graph = graphFile(source);
      // the same files as stored, read by this scan with the same resolution configs: only the files whose text changed are read again
      const storedHashes = new Map(stored.map((o) => [o.path, o.attributes.hash]));
      const sameTree =
        !graph &&
        stored.length === files.length &&
        files.every((f) => storedHashes.has(f.path)) &&
        stored.every((o) => o.attributes.scan === CODE_SCAN_VERSION && o.attributes.resolution === resolution);
      const edited = sameTree ? files.filter((f) => storedHashes.get(f.path) !== hashes.get(f.path)) : null;
      const unchanged = edited?.length === 0;
      const notes: string[] = [];
      // the edges the files' attributes hold, and what the scan says of them (`reading`: how much it read again)
      const scanEdges = (objects: readonly CatalogObject[], reading: string) => {
        const imported = importEdges(source.name, objects);
        const calling = routeCallEdges(source.name, objects);
        const calls = calling.length ? `, ${calling.length} calls of HTTP routes` : '';
        notes.unshift(`${files.length} files, ${imported.length} imports${calls}${reading}, ${refused.length} refused`);
        notes.push(...refused.map((r) => `refused ${r.path}: ${r.reason}`));
        return { edges: [...imported, ...calling], info: { files: files.length, imports: imported.length, routeCalls: calling.length, refused, notes } };
      };
      // the same files read by the same scan at the same commit: what is stored is what a scan would give
      if (unchanged && stored.every((o) => o.attributes.historyAt === (treeCommit ?? undefined))) {
        const objects = inScanOrder(storedAll);
        return { objects, ...scanEdges(objects, ' (unchanged: not rescanned)') };
      }
      const storedImports = () => new Map(stored.map((o) => [o.path, (o.attributes.imports as FileImport[] | undefined) ?? []]));
      let imports: ImportMap;
      if (unchanged) {
        imports = storedImports();
      } else if (edited) {
        imports = storedImports();
        introspect.onProgress?.(`scanning imports of ${edited.length} changed files`, 0, edited.length);
        const fresh = await cruiseImports(source.url, [...hashes.keys()], configs, views, new Set(edited.map((f) => f.path)));
        for (const f of edited) if (!PARSED_LANGUAGES.has(f.language)) imports.set(f.path, fresh.get(f.path) ?? []);
      } else if (graph) {
        const read = await readGraphFile(graph, new Set(hashes.keys()));
        imports = read.imports;
        if (read.outside) notes.push(`${read.outside} graph entries with paths outside the repository ignored`);
      } else {
        introspect.onProgress?.(`scanning imports of ${files.length} files`, 0, files.length);
        imports = await cruiseImports(
          source.url,
          files.map((f) => f.path),
          configs,
          views,
        );
      }
      // Python, Go and Java imports depend on the other files' declarations (a Go package's names): one changed, all are read again
      const reparse = !edited || edited.some((f) => PARSED_LANGUAGES.has(f.language));
      const parsed = reparse ? await parseFiles(files, introspect) : new Map<string, ParsedFile>();
      if (reparse) {
        if (edited) for (const f of files) if (PARSED_LANGUAGES.has(f.language)) imports.delete(f.path);
        mergeImports(imports, await languageImports(source.url, parsed, new Set(hashes.keys())));
      }
      const storedSymbols = reparse ? new Map<string, CodeSymbol[]>() : symbolsOf(storedAll);
      const history = await readGitHistory(source.url, new Set(hashes.keys()));
      // graphql-js loads only when a scan runs: commands that run no scan never resolve it
      const { graphqlFieldRefs } = await import('./graphql-refs.js');
      // the models every file declares, so that the files using them elsewhere (Prisma Client, Django managers) reach their tables too
      // the files each file's imports reach, through the barrels that re-export (`export * from './users'`) too
      const reexportsOf = new Map(files.map((f) => [f.path, SCRIPT_LANGUAGES.has(code(f).language) ? reexports(code(f).text) : []]));
      const reached = new Map<string, ReachedFile[]>();
      const reachedOf = (path: string) =>
        reached.get(path) ??
        reached
          .set(
            path,
            reachedFiles(path, imports, (p) => reexportsOf.get(p) ?? []),
          )
          .get(path)!;
      // Drizzle's table creators, by which a file declares tables with a creator another file holds (create-t3-app's `createTable`)
      const creators = new Map(files.map((f) => [f.path, drizzleCreators(code(f).text, code(f).language)]));
      const anyCreator = [...creators.values()].some((c) => c.length);
      const creatorsReached = (path: string) =>
        anyCreator
          ? passedOn(
              reachedOf(path),
              (p) => creators.get(p) ?? [],
              (c) => c.name,
              (c, name) => ({ ...c, name }),
            )
          : [];
      const orm = new Map(files.map((f) => [f.path, ormTableRefs(code(f).text, code(f).language, f.path, creatorsReached(f.path))]));
      const models = [...orm.values()].flat().filter((r) => r.model);
      // Drizzle's tables by the file declaring them, by which a variable two tables share is told apart through the importer's imports
      const drizzle = models.filter((r) => r.via === 'drizzle');
      const drizzleOf = new Map(drizzle.length ? [...orm].map(([path, refs]) => [path, refs.filter((r) => r.via === 'drizzle')]) : []);
      // each file's repositories read once, for the project's list and for the file's own uses
      const texts = files.map((f) => ({ path: f.path, text: code(f).text, language: code(f).language }));
      // the project's string constants, read once, by which a file reads a statement another file holds
      const constants = projectConstants(texts);
      const named = projectNamedQueries(texts, constants);
      const repositoriesOf = projectRepositories(texts, named, constants);
      const repositories = [...repositoriesOf.values()].flat();
      // the methods sqlc generates, by which the Go files calling them reach their queries' tables
      const sqlc = await sqlcMethods(texts);
      const aliases = files.flatMap((f) => sequelizeAliases(code(f).text, code(f).language));
      const names = importNames(configs, [...hashes.keys()]);
      // the routes every file declares, so that a file calling one over HTTP links to the file serving it
      const routes = projectRoutes(texts, (path) => (imports.get(path) ?? []).map((i) => i.path), constants);
      const routesIndexed = routeIndex(routes);
      const objects: CatalogObject[] = [];
      for (const [i, file] of files.entries()) {
        if (introspect.signal?.aborted) break;
        if (i % 200 === 0) introspect.onProgress?.('reading files', i, files.length);
        const own = orm.get(file.path) ?? [];
        const view = views.get(file.path);
        const { text, language } = code(file);
        objects.push(
          ...toObjects(
            source.name,
            file,
            view ? componentComment(file.text, view) : leadingComment(file.text, file.language),
            hashes.get(file.path)!,
            resolution,
            imports.get(file.path) ?? [],
            parsed.get(file.path)?.symbols ??
              (!reparse && PARSED_LANGUAGES.has(file.language)
                ? (storedSymbols.get(file.path) ?? [])
                : view
                  ? componentSymbols(file.path, view, exportedSymbols(text, language))
                  : exportedSymbols(file.text, file.language)),
            {
              coChanged: history.partners.get(file.path) ?? [],
              churn: history.churn.get(file.path),
              commits: history.commits.get(file.path),
              subjects: history.subjects.get(file.path),
              span: history.spans.get(file.path),
              recent: history.recent.get(file.path),
              at: treeCommit,
            },
            await sqlRefs(text, language, namedNativeRuns(text, language, named, constants)),
            [
              ...own,
              ...ormModelUses(text, language, own.length ? models.filter((r) => !own.includes(r)) : models, {
                repositories,
                own: repositoriesOf.get(file.path) ?? [],
                aliases,
                named,
                constants,
              }),
              ...sqlcCalls(text, language, sqlc),
              // Drizzle's tables are used by their variables, in the declaring file too
              ...drizzleUses(
                text,
                language,
                drizzle,
                passedOn(
                  drizzle.length ? reachedOf(file.path) : [],
                  (p) => drizzleOf.get(p) ?? [],
                  (r) => r.model!,
                  (r, model) => ({ ...r, model }),
                ),
                drizzleOf.get(file.path) ?? [],
              ),
            ],
            graphqlFieldRefs(text, language),
            { routes: routes.get(file.path) ?? [], calls: routes.size ? routeCalls(file.path, calledPaths(text, language), routesIndexed) : [] },
            names.get(file.path),
          ),
        );
      }
      const reading = unchanged
        ? ' (unchanged: not rescanned)'
        : edited
          ? ` (${edited.length} changed ${edited.length === 1 ? 'file' : 'files'} rescanned)`
          : '';
      return { objects, ...scanEdges(objects, reading) };
    },
  } satisfies Connector);
}
