/**
 * @module adapters/connector/code/imports/import-graph
 * Who imports whom: dependency-cruiser's module graph of the JavaScript/TypeScript files (tsconfig
 * paths respected: each file's nearest tsconfig that maps paths, then those above it; the tree's
 * own packages and subpath imports from their package.json), or a precomputed graph file, either
 * dependency-cruiser's JSON (`modules[].dependencies[].resolved`) or seed 003's `{nodes, edges}`.
 * Only edges between files of the tree are kept; every path is workspace-relative.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, posix, relative, sep } from 'node:path';
import { SextantError } from '../../../../kernel/errors.js';
import { folderOf } from '../../../../kernel/workspace-path.js';
import type { FileImport } from '../../../../ports/code.js';
import { scriptImports, type ScriptView } from './sfc.js';
import { svelteKitPaths } from './svelte-config.js';
import { mappedTargets, resolveWorkspaceImport, treeFile, workspacePackages, type PackageIndex } from './workspace-packages.js';

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
  dependencies?: Array<{ module?: string; resolved?: string; dependencyTypes?: string[]; couldNotResolve?: boolean; coreModule?: boolean }>;
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

interface TsConfig {
  options?: { baseUrl?: string; pathsBasePath?: string; paths?: Record<string, unknown> };
}

/**
 * A tsconfig/jsconfig parsed as TypeScript does (extends followed), null when it is not JSON.
 * Unlike dependency-cruiser's reader, an error elsewhere in it (an `extends` of a package that is
 * not installed, an `include` that matches nothing) keeps what the file itself says, its paths.
 */
async function readTsConfig(file: string): Promise<TsConfig | null> {
  const { default: ts } = await import('typescript');
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error || typeof read.config !== 'object' || !read.config) return null;
  // only the options are read (paths, baseUrl), never the files the config includes: a host that lists no
  // folder spares TypeScript a walk of the whole tree for them (a third of a second on typeorm, at every update)
  const host = {
    useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    fileExists: (path: string) => ts.sys.fileExists(path),
    readFile: (path: string) => ts.sys.readFile(path),
    readDirectory: () => [],
  };
  let tsConfig: TsConfig;
  try {
    tsConfig = ts.parseJsonConfigFileContent(read.config, host, dirname(file), {}, file) as TsConfig;
  } catch {
    return null;
  }
  // `paths` without a `baseUrl` are relative to the tsconfig; dependency-cruiser would hand its
  // paths plugin a baseUrl of './', which that plugin takes from the process's working directory
  // (no alias resolved unless Sextant runs in the repository). With a baseUrl in the parsed
  // options the plugin reads the tsconfig itself and resolves from the tsconfig's folder.
  if (tsConfig.options && !tsConfig.options.baseUrl) tsConfig.options.baseUrl = tsConfig.options.pathsBasePath ?? dirname(file);
  if (tsConfig.options && extendsMissingSvelteKit(read.config as { extends?: unknown }, dirname(file))) {
    // SvelteKit's aliases ($lib, those its svelte.config.js sets), each unless the project maps it itself, from the baseUrl
    const base = tsConfig.options.baseUrl ?? dirname(file);
    const kit = await svelteKitPaths(await readFile(join(dirname(file), 'svelte.config.js'), 'utf8').catch(() => undefined));
    const fromBase = (target: string) => {
      const path = relative(base, join(dirname(file), target))
        .split(sep)
        .join('/');
      return path.startsWith('../') ? path : `./${path}`;
    };
    const paths = Object.fromEntries(Object.entries(kit).map(([key, targets]) => [key, targets.map(fromBase)]));
    tsConfig.options.paths = { ...paths, ...tsConfig.options.paths };
  }
  return tsConfig;
}

/**
 * A SvelteKit project's tsconfig/jsconfig extends `.svelte-kit/tsconfig.json`, which SvelteKit
 * generates and nobody commits; its aliases then stand in for it: `$lib` (to `src/lib`, the default)
 * and those its svelte.config.js sets, as written there (see svelte-config).
 */
function extendsMissingSvelteKit(config: { extends?: unknown }, folder: string): boolean {
  const bases = (Array.isArray(config.extends) ? config.extends : [config.extends]).filter((e): e is string => typeof e === 'string');
  return bases.some((e) => /(^|\/)\.svelte-kit\/tsconfig\.json$/.test(e) && !existsSync(join(folder, e)));
}

const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];

type Dependency = NonNullable<CruisedModule['dependencies']>[number];
interface Resolver {
  config: string;
  tsConfig: TsConfig;
}

/**
 * Which tsconfigs resolve each file's imports, first one first: the nearest tsconfig.json or
 * jsconfig.json above it that maps `paths` (each app of a monorepo its own `@/*`), then the ones
 * further up that map paths, then the root tsconfig.json. An import the nearest leaves unresolved
 * takes the next one's answer: a monorepo app's `@org/pkg` found by the root's paths, as the
 * workspace would. Files with the same list are cruised together.
 */
async function resolverGroups(root: string, files: readonly string[]): Promise<Array<{ folder: string; resolvers: Resolver[]; files: string[] }>> {
  const parsed = new Map<string, Promise<TsConfig | null>>();
  const parse = (rel: string) => {
    if (!parsed.has(rel)) parsed.set(rel, readTsConfig(join(root, rel)));
    return parsed.get(rel)!;
  };
  const nearest = new Map<string, Promise<string | null>>();
  const withPaths = (dir: string): Promise<string | null> => {
    if (!nearest.has(dir))
      nearest.set(
        dir,
        (async () => {
          for (const name of CONFIG_NAMES) {
            const rel = dir ? `${dir}/${name}` : name;
            if (existsSync(join(root, rel)) && Object.keys((await parse(rel))?.options?.paths ?? {}).length) return rel;
          }
          return dir ? withPaths(folderOf(dir)) : null;
        })(),
      );
    return nearest.get(dir)!;
  };
  const groups = new Map<string, { folder: string; resolvers: Resolver[]; files: string[] }>();
  for (const file of files) {
    const chain: string[] = [];
    for (let config = await withPaths(folderOf(file)); config; config = folderOf(config) ? await withPaths(folderOf(folderOf(config))) : null)
      chain.push(config);
    if (!chain.includes('tsconfig.json') && existsSync(join(root, 'tsconfig.json'))) chain.push('tsconfig.json');
    const resolvers: Resolver[] = [];
    for (const config of chain) {
      const tsConfig = await parse(config);
      if (tsConfig) resolvers.push({ config, tsConfig });
    }
    const key = resolvers.map((r) => r.config).join('\0');
    const group = groups.get(key) ?? { folder: folderOf(chain[0] ?? ''), resolvers, files: [] };
    groups.set(key, group);
    group.files.push(file);
  }
  return [...groups.values()];
}

/** How dependency-cruiser would name an import of the tree's own package (`@org/ui`) or a subpath import (`#db`). */
const workspaceKinds = (specifier: string) => (specifier.startsWith('#') ? ['aliased', 'aliased-subpath-import'] : ['workspace']);

/**
 * Where an import of a component's script leads, resolved as dependency-cruiser resolves the same
 * import in a TypeScript file of its folder: a relative path, else each tsconfig of the chain in
 * turn (its `paths`, then its base folder), else a package of the tree. A path is the file as
 * written (`./Button.vue`), its TypeScript source (`.js` for `.ts`), with an extension, or its
 * folder's index.
 */
function resolveScriptImport(
  root: string,
  importer: string,
  specifier: string,
  resolvers: readonly Resolver[],
  packages: PackageIndex,
  known: ReadonlySet<string>,
): { path: string; kinds: string[] } | null {
  const inTree = (path: string) => {
    const normal = posix.normalize(path);
    return normal.startsWith('../') || normal.startsWith('/') ? null : treeFile(normal, known);
  };
  if (/^\.{1,2}(\/|$)/.test(specifier)) {
    const written = posix.join(posix.dirname(importer), specifier);
    // Vue CLI's webpack resolves `./Button` to Button.vue; Vite and SvelteKit want the extension written
    const path = inTree(written) ?? inTree(`${written}.vue`);
    return path ? { path, kinds: ['local'] } : null;
  }
  for (const { tsConfig } of resolvers) {
    const base = tsConfig.options?.baseUrl ?? tsConfig.options?.pathsBasePath;
    if (!base) continue;
    const folder = relative(root, base).split(sep).join('/');
    for (const target of mappedTargets(tsConfig.options?.paths ?? {}, specifier)) {
      const path = inTree(posix.join(folder, target));
      if (path) return { path, kinds: ['aliased', 'aliased-tsconfig', 'aliased-tsconfig-paths'] };
    }
    const path = inTree(posix.join(folder, specifier));
    if (path) return { path, kinds: ['aliased', 'aliased-tsconfig', 'aliased-tsconfig-base-url'] };
  }
  const path = resolveWorkspaceImport(specifier, importer, packages, known);
  return path ? { path, kinds: workspaceKinds(specifier) } : null;
}

/**
 * dependency-cruiser over the tree's JS/TS files, each group with the tsconfigs that resolve its
 * imports; a bare import none of them resolves to a file of the tree is tried as one of the tree's
 * own packages (`manifests`: its package.json files). The single-file components (`components`:
 * each one's script view) are grouped the same way and their imports resolved with the same
 * tsconfigs (resolveScriptImport): dependency-cruiser reads `.vue` and `.svelte` only through
 * their compilers, which are not installed, and `.astro` not at all. With `only`, just those files'
 * imports are read (an update of a few changed files), resolved against the whole tree.
 */

export interface CruiseOptions {
  /** Read only these files' imports (an update of a few changed files), resolved against the whole tree. */
  only?: ReadonlySet<string>;
  /** Called after each batch of files read: how many of them are done. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Files per dependency-cruiser call. Its time grows faster than the files given it: on a generated
 * tree of 30,000 files one call took 109 s and 1.5 GB with no progress to show; calls of 100, 300
 * and 1,000 files took 17, 19 and 25 s. Each call costs about 0.1 s of its own: kysely's 250 files
 * take 1.55 s in one call and 1.8 s in calls of 100, so a tree of up to 300 files is one call.
 */
const CRUISE_BATCH = 300;

export async function cruiseImports(
  root: string,
  files: readonly string[],
  manifests: ReadonlyArray<{ path: string; text: string }> = [],
  components: ReadonlyMap<string, ScriptView> = new Map(),
  options: CruiseOptions = {},
): Promise<ImportMap> {
  const { only, onProgress } = options;
  const scanned = files.filter((f) => (SCANNED.test(f) || components.has(f)) && (!only || only.has(f)));
  if (!scanned.length) return new Map();
  const { cruise } = await import('dependency-cruiser');
  const known = new Set(files);
  const clean = (path: string) => path.replace(/^\.\//, '');
  const usable = (d: Dependency | undefined) => !!d?.resolved && !d.couldNotResolve && !d.coreModule && known.has(clean(d.resolved));
  const packages = workspacePackages(manifests);
  const imports: ImportMap = new Map();
  const total = scanned.filter((f) => !components.has(f)).length;
  let done = 0;
  for (const group of await resolverGroups(root, scanned)) {
    const cruised = group.files.filter((f) => !components.has(f));
    const members = new Set(cruised);
    // importer → specifier → the first resolver's answer that names a file of the tree
    const chosen = new Map<string, Map<string, Dependency>>();
    const resolvers = !cruised.length ? [] : group.resolvers.length ? group.resolvers : [null];
    for (const [r, resolver] of resolvers.entries()) {
      for (let at = 0; at < cruised.length; at += CRUISE_BATCH) {
        const batch = cruised.slice(at, at + CRUISE_BATCH);
        const result = await cruise(
          batch,
          {
            baseDir: root,
            tsPreCompilationDeps: true,
            // no rules are checked: without this, finding every cycle took half of typeorm's scan (11 of 24 s)
            skipAnalysisNotInRules: true,
            // every file wanted is a root of the cruise: an import is resolved, never followed. Following them
            // recursed once per link of the longest import chain (a generated tree of 10,000 files overflowed the
            // stack) and read again what another group or an unchanged file stands for. (Not maxDepth 1: a root
            // another one imports would be met first at the limit and read without its imports.)
            doNotFollow: { path: ['.'] },
            ...(resolver ? { tsConfig: { fileName: join(root, resolver.config) } } : {}),
          },
          undefined,
          (resolver ? { tsConfig: resolver.tsConfig } : undefined) as Parameters<typeof cruise>[3],
        );
        for (const m of (result.output as { modules: CruisedModule[] }).modules) {
          const source = clean(m.source);
          if (!members.has(source)) continue;
          const bySpecifier = chosen.get(source) ?? new Map<string, Dependency>();
          chosen.set(source, bySpecifier);
          for (const d of m.dependencies ?? []) {
            const key = `${d.module ?? d.resolved}\0${(d.dependencyTypes ?? []).includes('type-only')}`;
            if (!usable(bySpecifier.get(key))) bySpecifier.set(key, d);
          }
        }
        done += r === 0 ? batch.length : 0;
        if (r === 0) onProgress?.(done, total);
      }
    }
    for (const [importer, bySpecifier] of chosen) {
      const found = new Set([...bySpecifier.values()].filter(usable).map((d) => d.module));
      for (const [key, d] of bySpecifier) {
        if (usable(d) || d.coreModule || !d.module || found.has(d.module) || d.module.startsWith('/')) continue;
        // what dependency-cruiser's paths plugin cannot see (a stand-in alias, a package of the tree, `./Button` for Button.vue) is resolved as a component's import is
        const resolved = resolveScriptImport(root, importer, d.module, group.resolvers, packages, known);
        const typeOnly = (d.dependencyTypes ?? []).includes('type-only');
        if (resolved)
          bySpecifier.set(key, { module: d.module, resolved: resolved.path, dependencyTypes: typeOnly ? [...resolved.kinds, 'type-only'] : resolved.kinds });
      }
    }
    const modules = [...chosen].map(([source, bySpecifier]) => ({ source, dependencies: [...bySpecifier.values()] }));
    for (const [from, list] of fromModules(modules, known)) imports.set(from, list);
    for (const component of group.files.filter((f) => components.has(f))) {
      for (const i of await scriptImports(components.get(component)!)) {
        const target = resolveScriptImport(root, component, i.module, group.resolvers, packages, known);
        if (target) add(imports, component, target.path, [...target.kinds, ...i.kinds], known);
      }
      imports.get(component)?.sort((a, b) => (a.path < b.path ? -1 : 1));
    }
  }
  return imports;
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
