/** The folder of a workspace-relative path: `src/a/b.ts` → `src/a`, a file at the root → ''. */
export const folderOf = (path: string): string => path.slice(0, Math.max(path.lastIndexOf('/'), 0));
