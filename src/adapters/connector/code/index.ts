/**
 * @module adapters/connector/code
 * The `code` connector: a working tree as a source. Each source file becomes a `code_file`
 * object (language, size, hash, leading comment, imports, the words its body uses, co-change
 * partners and churn from git history) with its exported symbols as
 * `code_symbol` children, and each import an `imports` edge between two files of the tree.
 * When every file's hash matches the index, the stored graph is reused without scanning.
 *
 * A scan: list the files (list-files), plan what to read again against what is stored
 * (scan-plan), read the imports (read-imports), read the project's cross-file facts
 * (project-links), then build each file's objects (file-objects) with its git history (co-change).
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { CatalogObject, SourceSnapshot } from '../../../ports/catalog.js';
import type { AccessCheckOptions, AccessReport, Connector, IntrospectOptions, SourceRecord } from '../../../ports/connector.js';
import { SextantError } from '../../../kernel/errors.js';
import { CODE_FILE_KIND, CODE_SYMBOL_KIND } from '../../../ports/code.js';
import { latestTreeCommit, readGitHistory } from './co-change.js';
import { listCodeFiles, type ListedFile } from './list-files.js';
import { exportedSymbols, leadingComment } from './outline.js';
import { componentComment, componentSymbols } from './imports/sfc.js';
import { importEdges, inScanOrder, readFileText, routeCallEdges, storedFileText, storedHistory, toObjects, type FileText } from './file-objects.js';
import { planScan } from './scan-plan.js';
import { rememberScans } from './text/scan-memo.js';
import type * as GraphqlRefs from './queries/graphql-refs.js';

export { importEdges, routeCallEdges } from './file-objects.js';

export interface CodeConnectorOptions {
  /** Larger files are refused (generated bundles, fixtures). */
  maxFileBytes?: number;
}

const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

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
    async checkAccess(source: SourceRecord, check: AccessCheckOptions = {}): Promise<AccessReport> {
      await requireFolder(source);
      // a folder is read as files, with no privilege to refuse: an update's check need not list the tree its introspection lists
      if (check.verdictOnly) return { ok: true, role: 'reader', findings: [] };
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
      const storedAll = (await introspect.stored?.()) ?? [];
      const stored = storedAll.filter((o) => o.kind === CODE_FILE_KIND);
      const graph = graphFile(source);
      const plan = planScan(files, configs, stored, graph);
      const { hashes, views, resolution, edited, unchanged } = plan;
      const code = (f: ListedFile) => views.get(f.path) ?? f;
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
      const atTreeCommit = stored.every((o) => o.attributes.historyAt === (treeCommit ?? undefined));
      if (unchanged && atTreeCommit) {
        const objects = inScanOrder(storedAll);
        return { objects, ...scanEdges(objects, ' (unchanged: not rescanned)') };
      }
      // the same files at the same commit have the history stored (git would say the same); else git reads it while the imports are read
      const historyKept = edited !== null && atTreeCommit;
      // the readers of imports and of the project's links (every language, every ORM) load when a scan reads files: a plan never does
      const [{ readImports }, { projectLinks }] = await Promise.all([import('./read-imports.js'), import('./project-links.js')]);
      const [{ imports, parsed }, history] = await Promise.all([
        readImports(source.url, files, configs, plan, stored, graph, introspect, notes),
        historyKept ? null : readGitHistory(source.url, new Set(hashes.keys())),
      ]);
      // a file whose text is the one stored keeps what its text says; what depends on other files and on git is read again
      const storedFiles = new Map(stored.map((o) => [o.path, o]));
      const storedSymbols = new Map(storedAll.filter((o) => o.kind === CODE_SYMBOL_KIND).map((o) => [o.id, o]));
      // graphql-js loads only when a file's text must be read: commands that read none never resolve it
      let graphql: Promise<typeof GraphqlRefs> | undefined;
      const readText = async (file: ListedFile): Promise<FileText> => {
        const view = views.get(file.path);
        const { text, language } = code(file);
        const { graphqlFieldRefs } = await (graphql ??= import('./queries/graphql-refs.js'));
        return readFileText(
          file,
          view ? componentComment(file.text, view) : leadingComment(file.text, file.language),
          parsed.get(file.path)?.symbols ??
            (view ? componentSymbols(file.path, view, exportedSymbols(text, language)) : exportedSymbols(file.text, file.language)),
          graphqlFieldRefs(text, language),
        );
      };
      const objects: CatalogObject[] = [];
      // the project's readers each ask for the same parses of a text (its blocks and comments, an ORM's classes): each read once while the files are read
      const forgetScans = rememberScans();
      try {
        const linksOf = await projectLinks(files, code, imports, configs, [...hashes.keys()]);
        for (const [i, file] of files.entries()) {
          if (introspect.signal?.aborted) break;
          if (i % 200 === 0) introspect.onProgress?.('reading files', i, files.length);
          const hash = hashes.get(file.path)!;
          const kept = storedFileText(storedFiles.get(file.path), hash, storedSymbols);
          objects.push(
            ...toObjects(
              source.name,
              file,
              kept ?? (await readText(file)),
              hash,
              resolution,
              imports.get(file.path) ?? [],
              history
                ? {
                    coChanged: history.partners.get(file.path) ?? [],
                    churn: history.churn.get(file.path),
                    commits: history.commits.get(file.path),
                    subjects: history.subjects.get(file.path),
                    span: history.spans.get(file.path),
                    recent: history.recent.get(file.path),
                    at: treeCommit,
                  }
                : storedHistory(storedFiles.get(file.path), treeCommit),
              await linksOf(file),
            ),
          );
        }
      } finally {
        forgetScans();
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
