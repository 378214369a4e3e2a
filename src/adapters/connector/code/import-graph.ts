/**
 * @module adapters/connector/code/import-graph
 * Who imports whom: dependency-cruiser's module graph of the JavaScript/TypeScript files
 * (tsconfig paths respected), or a precomputed graph file, either dependency-cruiser's JSON
 * (`modules[].dependencies[].resolved`) or seed 003's `{nodes, edges}`. Only edges between
 * files of the tree are kept; every path is workspace-relative.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SextantError } from '../../../kernel/errors.js';
import type { FileImport } from '../../../ports/code.js';

/** Importer → its imports. */
export type ImportMap = Map<string, FileImport[]>;

export const MAX_GRAPH_BYTES = 50 * 1024 * 1024;

const SCANNED = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/i;

function add(map: ImportMap, from: string, to: string, kinds: string[], known: ReadonlySet<string>): void {
  if (from === to || !known.has(from) || !known.has(to)) return;
  const list = map.get(from) ?? [];
  if (!map.has(from)) map.set(from, list);
  const existing = list.find((i) => i.path === to);
  if (existing) existing.kinds = [...new Set([...existing.kinds, ...kinds])];
  else list.push({ path: to, kinds });
}

interface CruisedModule {
  source: string;
  dependencies?: Array<{ resolved?: string; dependencyTypes?: string[]; couldNotResolve?: boolean; coreModule?: boolean }>;
}

function fromModules(modules: readonly CruisedModule[], known: ReadonlySet<string>): ImportMap {
  const map: ImportMap = new Map();
  for (const m of modules) {
    for (const d of m.dependencies ?? []) {
      if (!d.resolved || d.couldNotResolve || d.coreModule) continue;
      add(map, m.source.replace(/^\.\//, ''), d.resolved.replace(/^\.\//, ''), d.dependencyTypes ?? [], known);
    }
  }
  for (const list of map.values()) list.sort((a, b) => (a.path < b.path ? -1 : 1));
  return map;
}

/** dependency-cruiser over the tree's JS/TS files, with the root tsconfig.json when there is one. */
export async function cruiseImports(root: string, files: readonly string[]): Promise<ImportMap> {
  const scanned = files.filter((f) => SCANNED.test(f));
  if (!scanned.length) return new Map();
  const { cruise } = await import('dependency-cruiser');
  const tsConfigPath = join(root, 'tsconfig.json');
  let transpile: { tsConfig: unknown } | undefined;
  if (existsSync(tsConfigPath)) {
    try {
      const { default: extractTsConfig } = await import('dependency-cruiser/config-utl/extract-ts-config');
      const tsConfig = extractTsConfig(tsConfigPath) as { options?: { baseUrl?: string; pathsBasePath?: string } };
      // `paths` without a `baseUrl` are relative to the tsconfig; dependency-cruiser would hand its
      // paths plugin a baseUrl of './', which that plugin takes from the process's working directory
      // (no alias resolved unless Sextant runs in the repository). With a baseUrl in the parsed
      // options the plugin reads the tsconfig itself and resolves from the tsconfig's folder.
      if (tsConfig.options && !tsConfig.options.baseUrl) tsConfig.options.baseUrl = tsConfig.options.pathsBasePath ?? root;
      transpile = { tsConfig };
    } catch {
      transpile = undefined; // a tsconfig that does not parse: plain resolution still finds relative imports
    }
  }
  const result = await cruise(
    [...scanned],
    {
      baseDir: root,
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      ...(transpile ? { tsConfig: { fileName: tsConfigPath } } : {}),
    },
    undefined,
    transpile as Parameters<typeof cruise>[3],
  );
  const output = result.output as { modules: CruisedModule[] };
  return fromModules(output.modules, new Set(files));
}

const relativePath = (p: unknown): string | null => {
  if (typeof p !== 'string') return null;
  const path = p.replace(/\\/g, '/').replace(/^\.\//, '');
  return path.startsWith('/') || /^[a-z]:\//i.test(path) || path.split('/').includes('..') ? null : path;
};

/** A precomputed graph file; malformed JSON, an unknown shape, a file over 50 MB: one clear error each. */
export async function readGraphFile(file: string, known: ReadonlySet<string>): Promise<{ imports: ImportMap; outside: number }> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile())
    throw new SextantError('INTROSPECTION_FAILED', `graph file ${file} is not there`, { hint: 'give --graph a dependency-cruiser JSON file' });
  if (info.size > MAX_GRAPH_BYTES)
    throw new SextantError(
      'INTROSPECTION_FAILED',
      `graph file ${file} is ${Math.round(info.size / 1024 / 1024)} MB, over the ${MAX_GRAPH_BYTES / 1024 / 1024} MB limit`,
      {
        hint: 'cruise only the source folders (e.g. `depcruise src --output-type json`)',
      },
    );
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new SextantError('INTROSPECTION_FAILED', `graph file ${file} is not valid JSON: ${(err as Error).message}`, {
      hint: 'write it with `depcruise --output-type json`',
    });
  }
  const shape = data as { modules?: unknown; nodes?: unknown; edges?: unknown };
  let outside = 0;
  if (Array.isArray(shape.modules)) {
    const modules: CruisedModule[] = [];
    for (const m of shape.modules as Array<Record<string, unknown>>) {
      const source = relativePath(m?.source);
      if (!source) {
        outside++;
        continue;
      }
      const deps = Array.isArray(m.dependencies) ? (m.dependencies as CruisedModule['dependencies'])! : [];
      modules.push({ source, dependencies: deps.filter((d) => (relativePath(d?.resolved) ? true : (outside++, false))) });
    }
    return { imports: fromModules(modules, known), outside };
  }
  if (Array.isArray(shape.edges)) {
    const imports: ImportMap = new Map();
    for (const e of shape.edges as Array<Record<string, unknown>>) {
      const from = relativePath(e?.source);
      const to = relativePath(e?.target);
      if (!from || !to) {
        outside++;
        continue;
      }
      add(imports, from, to, typeof e.type === 'string' ? [e.type] : [], known);
    }
    return { imports, outside };
  }
  throw new SextantError('INTROSPECTION_FAILED', `graph file ${file} has neither "modules" (dependency-cruiser) nor "edges" ({nodes, edges})`, {
    hint: 'write it with `depcruise --output-type json`',
  });
}
