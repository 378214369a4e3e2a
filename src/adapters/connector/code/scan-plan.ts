/**
 * @module adapters/connector/code/scan-plan
 * What a scan must read again: the files listed now against the `code_file` objects stored. The
 * same files, read by this scan version with the same resolution configs, need only the edited
 * ones read again (none: the tree is unchanged); anything else reads the whole tree. A C or C++
 * build's files (CMakeLists.txt, Makefiles, compile_commands.json) count only in a tree with C or
 * C++ files.
 */
import { createHash } from 'node:crypto';
import type { CatalogObject } from '../../../ports/catalog.js';
import { CODE_SCAN_VERSION } from '../../../ports/code.js';
import type { ConfigFile, ListedFile } from './list-files.js';
import { COMPILE_DB, MAKEFILE } from './imports/c-build.js';
import { scriptView, SFC_LANGUAGES, type ScriptView } from './imports/sfc.js';

const SVELTE_CONFIG = /(^|\/)svelte\.config\.js$/;

/** A C or C++ build's files: they lead only C and C++ includes. */
const C_BUILD = (path: string) => COMPILE_DB.test(path) || MAKEFILE.test(path) || /(^|\/)CMakeLists\.txt$/.test(path);

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface ScanPlan {
  /** Each file's text hash, by path, in listing order. */
  hashes: Map<string, string>;
  /** A component's code is its script blocks: the readers of TypeScript read those, at the file's own lines. */
  views: Map<string, ScriptView>;
  /** The hash of what decides where an import leads. */
  resolution: string;
  /** The files whose text changed in a tree otherwise as stored; null when the whole tree must be read. */
  edited: ListedFile[] | null;
  /** The same files with the same texts as stored. */
  unchanged: boolean;
}

export function planScan(files: readonly ListedFile[], configs: readonly ConfigFile[], stored: readonly CatalogObject[], graph: string | null): ScanPlan {
  const hashes = new Map(files.map((f) => [f.path, sha256(f.text)]));
  const views = new Map<string, ScriptView>(files.filter((f) => SFC_LANGUAGES.has(f.language)).map((f) => [f.path, scriptView(f.text, f.language)]));
  // what decides where an import leads: the configs (a C build's only where C or C++ files are: a Go tree's Makefile leads nothing), and SvelteKit's aliases, which svelte.config.js (a code file) sets
  const cSources = files.some((f) => f.language === 'c' || f.language === 'cpp');
  const steering = configs.filter((c) => cSources || !C_BUILD(c.path));
  const resolution = sha256([...steering, ...files.filter((f) => SVELTE_CONFIG.test(f.path))].map((c) => `${c.path}\0${c.text}`).join('\0'));
  // the same files as stored, read by this scan with the same resolution configs: only the files whose text changed are read again
  const storedHashes = new Map(stored.map((o) => [o.path, o.attributes.hash]));
  const sameTree =
    !graph &&
    stored.length === files.length &&
    files.every((f) => storedHashes.has(f.path)) &&
    stored.every((o) => o.attributes.scan === CODE_SCAN_VERSION && o.attributes.resolution === resolution);
  const edited = sameTree ? files.filter((f) => storedHashes.get(f.path) !== hashes.get(f.path)) : null;
  return { hashes, views, resolution, edited, unchanged: edited?.length === 0 };
}
