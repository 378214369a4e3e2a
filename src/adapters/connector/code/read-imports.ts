/**
 * @module adapters/connector/code/read-imports
 * Each file's imports, read as little as the scan plan allows: an unchanged tree's are those
 * stored; an edited tree's stored ones with the edited files' read again (dependency-cruiser,
 * resolved against the whole tree); otherwise the whole tree's, or a graph file's. The files of
 * the parsed languages (tree-sitter.ts) are parsed together whenever one of them must be read.
 * MyBatis mappers' links to their interfaces (mapper-links) are made again at every read.
 */
import type { CatalogObject } from '../../../ports/catalog.js';
import type { IntrospectOptions } from '../../../ports/connector.js';
import type { FileImport } from '../../../ports/code.js';
import { cruiseImports, readGraphFile, type ImportMap } from './imports/import-graph.js';
import { languageImports } from './imports/lang-imports.js';
import { withMapperLinks } from './imports/mapper-links.js';
import type { ConfigFile, ListedFile } from './list-files.js';
import type { ScanPlan } from './scan-plan.js';
import type { ParsedFile } from './imports/parsed-file.js';
import { parseFile, PARSED_LANGUAGES } from './imports/tree-sitter.js';

export interface ReadImports {
  imports: ImportMap;
  /** The files of the parsed languages (PARSED_LANGUAGES; none when none had to be read again). */
  parsed: Map<string, ParsedFile>;
}

/** Files of the parsed languages (PARSED_LANGUAGES) parsed once each (imports and symbols); a file that does not parse keeps the pattern outline. */
async function parseFiles(files: readonly ListedFile[], introspect: IntrospectOptions): Promise<Map<string, ParsedFile>> {
  const parsed = new Map<string, ParsedFile>();
  const todo = files.filter((f) => PARSED_LANGUAGES.has(f.language));
  for (const [i, file] of todo.entries()) {
    if (introspect.signal?.aborted) break;
    if (i % 200 === 0) introspect.onProgress?.('parsing files with tree-sitter', i, todo.length);
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

export async function readImports(
  root: string,
  files: readonly ListedFile[],
  configs: readonly ConfigFile[],
  plan: ScanPlan,
  stored: readonly CatalogObject[],
  graph: string | null,
  introspect: IntrospectOptions,
  notes: string[],
): Promise<ReadImports> {
  const { hashes, views, edited, unchanged } = plan;
  const storedImports = () => new Map(stored.map((o) => [o.path, (o.attributes.imports as FileImport[] | undefined) ?? []]));
  let imports: ImportMap;
  if (unchanged) {
    imports = storedImports();
  } else if (edited) {
    imports = storedImports();
    introspect.onProgress?.(`scanning imports of ${edited.length} changed files`, 0, edited.length);
    const fresh = await cruiseImports(root, [...hashes.keys()], configs, views, {
      only: new Set(edited.map((f) => f.path)),
      onProgress: (done, total) => introspect.onProgress?.(`reading JavaScript and TypeScript imports`, done, total),
    });
    for (const f of edited) if (!PARSED_LANGUAGES.has(f.language)) imports.set(f.path, fresh.get(f.path) ?? []);
  } else if (graph) {
    const read = await readGraphFile(graph, new Set(hashes.keys()));
    imports = read.imports;
    if (read.outside) notes.push(`${read.outside} graph entries with paths outside the repository ignored`);
  } else {
    introspect.onProgress?.(`scanning imports of ${files.length} files`, 0, files.length);
    imports = await cruiseImports(
      root,
      files.map((f) => f.path),
      configs,
      views,
      {
        onProgress: (done, total) => introspect.onProgress?.(`reading JavaScript and TypeScript imports`, done, total),
      },
    );
  }
  // parsed languages' imports depend on the other files' declarations (a Go package's names): one changed, all are read again
  const reparse = !edited || edited.some((f) => PARSED_LANGUAGES.has(f.language));
  const parsed = reparse ? await parseFiles(files, introspect) : new Map<string, ParsedFile>();
  if (reparse) {
    if (edited) for (const f of files) if (PARSED_LANGUAGES.has(f.language)) imports.delete(f.path);
    mergeImports(imports, await languageImports(root, parsed, new Set(hashes.keys()), configs));
  }
  // a mapper XML's links to its interface depend on both files, read again from all of them (kept links included)
  return { imports: withMapperLinks(imports, files), parsed };
}
