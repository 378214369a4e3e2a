/** The folder of a workspace-relative path: `src/a/b.ts` → `src/a`, a file at the root → ''. */
export const folderOf = (path: string): string => path.slice(0, Math.max(path.lastIndexOf('/'), 0));

/** A workspace-relative path with its `.` and `..` parts resolved (`a/b/../c` → `a/c`, the root ''); null when it leaves the tree. */
export function resolvedInTree(path: string): string | null {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else if (part && part !== '.') parts.push(part);
  }
  return path.startsWith('/') ? null : parts.join('/');
}

/** How many leading folders two workspace-relative paths share. */
export function sharedFolders(a: string, b: string): number {
  const x = a.split('/').slice(0, -1);
  const y = b.split('/').slice(0, -1);
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}
