/**
 * @module adapters/connector/code/list-files
 * The files of a working tree that a code source indexes: what git tracks or would track
 * (`.gitignore` respected; without git, the root `.gitignore` read with `ignore`), source-code
 * extensions only, never `node_modules` or `.git`. An `.xml` file is listed (language `xml`) only
 * when its head declares a mapping: a MyBatis mapper, a Hibernate `hbm.xml`, a JPA `orm.xml`
 * (xml-elements); a Doctrine YAML mapping (`*.orm.yml`) by its name, language `yaml`; the check is made here, where each file is opened anyway, so that no other XML
 * (pom.xml, layouts, Spring contexts) becomes a file of the index, is hashed or is read again. A symbolic link that leaves the tree is
 * refused and named, as is a file that is binary or too large; a link to another listed file of
 * the tree is left out (the file is indexed under its own name). The files that steer import
 * resolution (tsconfig/jsconfig, package.json, go.mod, Cargo.toml, .csproj, composer.json, a C
 * build's CMakeLists.txt, Makefiles and compile_commands.json) are read too, so that a change to one
 * alone is seen; so is Symfony's Doctrine config, which names the tables and columns an entity leaves unnamed. A compile_commands.json is looked for at the root and in the
 * build folders (`build*`, `cmake-build-*`, `out`, two levels down at most) even where `.gitignore`
 * leaves them out, as it mostly does, and through a link at the root into the tree.
 */
import { execFile } from 'node:child_process';
import { closeSync, lstatSync, openSync, readFileSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { readdir, readFile, realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import ignore from 'ignore';
import { xmlMappingKind } from './text/xml-elements.js';

const run = promisify(execFile);

/** Extension → language of the files a code source reads. */
export const LANGUAGES: Readonly<Record<string, string>> = Object.freeze({
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  go: 'go',
  java: 'java',
  kt: 'kotlin',
  rb: 'ruby',
  rs: 'rust',
  cs: 'csharp',
  php: 'php',
  scala: 'scala',
  swift: 'swift',
  dart: 'dart',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  hxx: 'cpp',
  sql: 'sql',
  prisma: 'prisma',
  graphql: 'graphql',
  gql: 'graphql',
  // single-file components: their script blocks are read as TypeScript (sfc.ts)
  vue: 'vue',
  svelte: 'svelte',
  astro: 'astro',
});

export function languageOf(path: string): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return ext ? (LANGUAGES[ext] ?? null) : null;
}

export interface ListedFile {
  path: string;
  language: string;
  text: string;
  size: number;
}

export interface RefusedFile {
  path: string;
  reason: string;
}

/** A file that steers import resolution without being code itself. */
export interface ConfigFile {
  path: string;
  text: string;
}

export interface FileListing {
  files: ListedFile[];
  refused: RefusedFile[];
  /** tsconfig*.json, jsconfig*.json, package.json, go.mod, CMakeLists.txt, compile_commands.json, Makefiles (*.mk, Makefile.am), Cargo.toml, *.csproj Directory.Build.props and composer.json files of the tree, and Symfony's Doctrine configs (ORM_CONFIG), by path. */
  configs: ConfigFile[];
}

/** tsconfig paths and extends, package.json exports/imports/workspaces, a go.mod's module path, a C build's include folders (CMake's, a compilation database's, a Makefile's), a Cargo.toml's crates, a .csproj's (or Directory.Build.props') project references and usings, a composer.json's autoload maps. */
export const RESOLUTION_CONFIG =
  /(^|\/)(tsconfig[^/]*\.json|jsconfig[^/]*\.json|package\.json|go\.mod|CMakeLists\.txt|compile_commands\.json|GNUmakefile|[Mm]akefile|Makefile\.am|[^/]+\.mk|Cargo\.toml|[^/]+\.csproj|Directory\.Build\.props|composer\.json|pubspec\.yaml)$/;

/** Doctrine's YAML mappings (`User.orm.yml`, Doctrine's own `.dcm.yml`), listed as code (language `yaml`) as its XML ones are. */
export const DOCTRINE_YAML = /\.(?:orm|dcm)\.ya?ml$/i;

/** Framework configs an ORM reader takes its settings from: Symfony's Doctrine config (its naming strategy), at Flex's place or in a Symfony 2–3 `app/config/config.yml`. */
export const ORM_CONFIG = /(^|\/)(?:config\/packages\/(?:[\w-]+\/)?doctrine|app\/config\/config(?:_\w+)?)\.ya?ml$/;

/** A compilation database lists every compile of a build: a large project's is tens of megabytes, and only its flags are kept. */
const COMPILE_DB_MAX_BYTES = 64 * 1024 * 1024;

/** Build folders: CMake's and Meson's `build*`, CLion's `cmake-build-*`, Visual Studio's `out/build/*`. */
const BUILD_FOLDER = /^(?:build|cmake-build|out$)/i;

/** The compile_commands.json files of the root and of its build folders (two levels down at most), listed or not. */
async function compileDatabases(root: string): Promise<string[]> {
  const out = ['compile_commands.json'];
  const dirs = async (dir: string) =>
    (await readdir(join(root, dir), { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory()).map((e) => (dir ? `${dir}/${e.name}` : e.name));
  for (const build of (await dirs('')).filter((d) => BUILD_FOLDER.test(d))) {
    out.push(`${build}/compile_commands.json`);
    for (const below of await dirs(build)) {
      out.push(`${below}/compile_commands.json`);
      for (const further of await dirs(below)) out.push(`${further}/compile_commands.json`);
    }
  }
  return out.filter((p) => lstatIfThere(join(root, p)));
}

const ALWAYS_SKIPPED = new Set(['node_modules', '.git']);

async function gitFiles(root: string): Promise<string[] | null> {
  try {
    const { stdout } = await run('git', ['-C', root, 'ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '.'], {
      maxBuffer: 256 * 1024 * 1024,
    });
    return stdout.split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

async function walkedFiles(root: string): Promise<string[]> {
  const rules = ignore();
  const gitignore = await readFile(join(root, '.gitignore'), 'utf8').catch(() => '');
  rules.add(gitignore);
  const out: string[] = [];
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (ALWAYS_SKIPPED.has(entry.name)) continue;
      const rel = relative(root, join(dir, entry.name)).split(sep).join('/');
      if (rules.ignores(entry.isDirectory() ? `${rel}/` : rel)) continue;
      if (entry.isDirectory()) await walk(join(dir, entry.name));
      else out.push(rel);
    }
  }
  await walk(root);
  return out.sort();
}

/** True when the first bytes hold a NUL, as text never does. */
export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 8000);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

/**
 * Files read between two turns of the event loop. Each file is read synchronously: with a promise
 * for each of its calls (lstat, open, stat, read, close) the listing of typeorm's 3,584 files took
 * 240 to 320 ms, read in place 65 to 95 ms; a batch at a time keeps a server that updates a source
 * answering while it lists.
 */
const READ_BATCH = 256;

/** What one listed path gives: a file, a config, a refusal, or nothing. */
type Listed = { file: ListedFile } | { config: ConfigFile } | { refused: RefusedFile } | null;

function listOne(root: string, realRoot: string, path: string, listed: ReadonlySet<string>, maxFileBytes: number): Listed {
  if (RESOLUTION_CONFIG.test(path) || ORM_CONFIG.test(path)) {
    const database = path.endsWith('compile_commands.json');
    let info = lstatIfThere(join(root, path));
    // a compilation database is often a link to the build folder's: read where it leads in the tree
    if (database && info?.isSymbolicLink()) info = insideTree(realRoot, join(root, path)) ? statIfThere(join(root, path)) : null;
    const limit = database ? COMPILE_DB_MAX_BYTES : maxFileBytes;
    return info?.isFile() && info.size <= limit ? { config: { path, text: readTextIfThere(join(root, path)) } } : null;
  }
  const mapping = /\.xml$/i.test(path);
  const language = languageOf(path) ?? (mapping ? 'xml' : DOCTRINE_YAML.test(path) ? 'yaml' : null);
  if (!language) return null;
  const full = join(root, path);
  try {
    const info = lstatSync(full);
    if (info.isSymbolicLink()) {
      const target = realpathSync.native(full);
      if (target !== realRoot && !target.startsWith(realRoot + sep)) return { refused: { path, reason: 'a symbolic link that leaves the repository' } };
      // a link to a file the tree lists anyway would index the same text twice, under two names
      if (listed.has(relative(realRoot, target).split(sep).join('/'))) return null;
    }
    // an XML file is code only when it declares a mapping (its head says so); any other (pom.xml, a layout) is not listed, however large
    if (mapping && !xmlMappingKind(headOf(full))) return null;
    const bytes = readFileSync(full);
    if (bytes.length > maxFileBytes) return { refused: { path, reason: `${bytes.length} bytes, over the ${maxFileBytes}-byte limit` } };
    if (looksBinary(bytes)) return { refused: { path, reason: 'binary, not text' } };
    return { file: { path, language, text: bytes.toString('utf8'), size: bytes.length } };
  } catch (err) {
    // a file listed by git but deleted from the work tree is simply not there
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return { refused: { path, reason: `unreadable: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` } };
  }
}

/** The bytes an XML file's head is read from: a licence comment and a DOCTYPE come before the root's opening tag. */
const XML_HEAD_BYTES = 16 * 1024;

function headOf(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(XML_HEAD_BYTES);
    return head.subarray(0, readSync(fd, head, 0, XML_HEAD_BYTES, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function insideTree(realRoot: string, path: string): boolean {
  try {
    const target = realpathSync.native(path);
    return target === realRoot || target.startsWith(realRoot + sep);
  } catch {
    return false;
  }
}

function statIfThere(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

function lstatIfThere(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

function readTextIfThere(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

export async function listCodeFiles(root: string, options: { maxFileBytes: number }): Promise<FileListing> {
  const realRoot = await realpath(root);
  const found = ((await gitFiles(root)) ?? (await walkedFiles(root))).filter((p) => !p.split('/').some((part) => ALWAYS_SKIPPED.has(part)));
  const listed = new Set(found);
  // a build folder is mostly ignored, its compilation database with it
  const paths = [...found, ...(await compileDatabases(root)).filter((p) => !listed.has(p))].sort();
  // in path order, a batch at a time
  const results: Listed[] = [];
  for (let i = 0; i < paths.length; i++) {
    if (i > 0 && i % READ_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    results.push(listOne(root, realRoot, paths[i]!, listed, options.maxFileBytes));
  }
  const files: ListedFile[] = [];
  const refused: RefusedFile[] = [];
  const configs: ConfigFile[] = [];
  for (const r of results) {
    if (!r) continue;
    if ('file' in r) files.push(r.file);
    else if ('config' in r) configs.push(r.config);
    else refused.push(r.refused);
  }
  return { files, refused, configs };
}
