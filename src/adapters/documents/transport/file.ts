/**
 * @module adapters/documents/transport/file
 * A local file or folder. Folders are walked recursively: hidden names are skipped, and so are
 * symbolic links that resolve outside the root (a link inside it is read once, loops are cut).
 */
import { createReadStream } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { DocumentEntry, FetchedDocument } from '../../../ports/documents.js';
import { SextantError } from '../../../kernel/errors.js';
import { DEFAULT_MAX_ENTRIES, MAX_LIST_DEPTH, byName, collectCapped, isoDate, limitsOf, safeRelative, tooLarge, type TransportOptions } from './common.js';

const inside = (root: string, path: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

function fileError(err: unknown, path: string): SextantError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return new SextantError('OBJECT_NOT_FOUND', `no file or folder at ${path}`, { hint: 'check the path', cause: err });
  if (code === 'EACCES' || code === 'EPERM')
    return new SextantError('AUTH_FAILED', `${path}: permission denied`, { hint: 'make it readable by this user', cause: err });
  return new SextantError('DOCUMENT_UNREADABLE', `${path}: ${code ?? (err instanceof Error ? err.message : String(err))}`, { cause: err });
}

/** The absolute root of a path location (relative paths are the caller's working directory's). */
export const absoluteRoot = (path: string) => (isAbsolute(path) ? path : resolve(path));

export async function listFiles(path: string, options: TransportOptions): Promise<DocumentEntry[]> {
  const root = absoluteRoot(path);
  const info = await stat(root).catch((err: unknown) => {
    throw fileError(err, root);
  });
  if (!info.isDirectory()) return [{ name: basename(root), origin: root, size: info.size, ...dated(info.mtime) }];
  const realRoot = await realpath(root);
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const out: DocumentEntry[] = [];
  const visited = new Set<string>([realRoot]);
  const walk = async (dir: string, depth: number): Promise<void> => {
    const names = (await readdir(dir).catch((err: unknown) => Promise.reject(fileError(err, dir)))).filter((n) => !n.startsWith('.')).sort();
    for (const name of names) {
      if (out.length >= maxEntries) return;
      const full = join(dir, name);
      let entry = await lstat(full).catch(() => null);
      if (!entry) continue;
      if (entry.isSymbolicLink()) {
        const target = await realpath(full).catch(() => null);
        if (!target || !inside(realRoot, target)) continue;
        entry = await stat(full).catch(() => null);
        if (!entry) continue;
        if (entry.isDirectory()) {
          if (visited.has(target)) continue;
          visited.add(target);
        }
      } else if (entry.isDirectory()) {
        visited.add(await realpath(full));
      }
      if (entry.isDirectory()) {
        if (depth + 1 < MAX_LIST_DEPTH) await walk(full, depth + 1);
      } else if (entry.isFile()) {
        out.push({ name: relative(root, full).split(sep).join('/'), origin: full, size: entry.size, ...dated(entry.mtime) });
      }
    }
  };
  await walk(root, 0);
  return out.sort(byName);
}

const dated = (mtime: Date) => {
  const modifiedAt = isoDate(mtime);
  return modifiedAt ? { modifiedAt } : {};
};

export async function fetchFile(path: string, entry: DocumentEntry, options: TransportOptions): Promise<FetchedDocument> {
  const root = absoluteRoot(path);
  const rootInfo = await stat(root).catch((err: unknown) => {
    throw fileError(err, root);
  });
  let file = root;
  if (rootInfo.isDirectory()) {
    file = join(root, ...safeRelative(entry.name, root).split('/'));
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]).catch((err: unknown) => {
      throw fileError(err, file);
    });
    if (!inside(realRoot, realFile)) throw new SextantError('USAGE', `${file} resolves outside ${root}`, { hint: 'links out of a folder source are not read' });
  }
  const info = await stat(file).catch((err: unknown) => {
    throw fileError(err, file);
  });
  if (!info.isFile()) throw new SextantError('USAGE', `${file} is not a file`);
  const { maxBytes } = limitsOf(options);
  if (info.size > maxBytes) throw tooLarge(file, maxBytes, info.size);
  const stream = createReadStream(file);
  const bytes = await collectCapped(stream, file, maxBytes, () => stream.destroy()).catch((err: unknown) => {
    throw err instanceof SextantError ? err : fileError(err, file);
  });
  return { name: rootInfo.isDirectory() ? entry.name : basename(root), bytes, contentType: null, origin: file, ...dated(info.mtime) };
}
