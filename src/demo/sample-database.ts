/**
 * @module demo/sample-database
 * The SQL of the demo database (a fictional shop + billing + support business), read from
 * `src/demo/sample/*.sql` in file-name order.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Folder holding the sample SQL files. The build (`tsc`) does not copy `.sql` files into
 * `dist/`, so both `src/demo/` and `dist/demo/` resolve to `<package root>/src/demo/sample`,
 * the package root being the nearest ancestor with a package.json.
 */
export function sampleSqlDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'src', 'demo', 'sample');
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`sample SQL not found: no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/** The sample SQL scripts, one string per file, in load order (01-shop, 02-billing, 03-support). */
export function loadSampleSql(): string[] {
  const dir = sampleSqlDir();
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  if (files.length === 0) throw new Error(`no .sql files in ${dir}`);
  return files.map((name) => readFileSync(join(dir, name), 'utf8'));
}
