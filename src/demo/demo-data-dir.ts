/**
 * @module demo/demo-data-dir
 * Bookkeeping for the demo database's data directory (PGDATA): a lock so that two processes
 * never open it at once (PGlite has no postmaster.pid), and markers that tell a fully loaded
 * directory from one a crash or Ctrl+C left half-loaded.
 *
 * Markers live inside PGDATA; Postgres ignores files it does not know.
 * - `sextant-demo.loading`: written before PGlite first touches the directory.
 * - `sextant-demo.ready.json`: written after the init SQL ran and a CHECKPOINT flushed it.
 * A directory without the ready marker is rebuilt from scratch, but only if it is empty or
 * recognisably ours (the loading marker or a PG_VERSION file): anything else is refused.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { SextantError } from '../kernel/errors.js';

const LOCK_FILE = 'sextant-demo.lock';
const LOADING_MARKER = 'sextant-demo.loading';
const READY_MARKER = 'sextant-demo.ready.json';

export interface DataDirLock {
  release(): void;
}

/** Takes the directory for this process (creating it), or fails if a live process holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return { release: () => rmSync(path, { force: true }) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new SextantError('USAGE', `the demo data dir ${dataDir} is in use by process ${holder}`, {
          hint: 'Stop the other demo database or choose another data dir',
          details: { dataDir, pid: holder },
        });
      }
      rmSync(path, { force: true }); // left behind by a process that died
    }
  }
  throw new SextantError('INTERNAL', `could not lock the demo data dir ${dataDir}`);
}

/**
 * Decides whether the directory holds a fully loaded database (`fresh: false`) or must be
 * created and loaded (`fresh: true`); a half-loaded directory is emptied first.
 */
export function prepareDataDir(dataDir: string, progress: (message: string) => void): { fresh: boolean } {
  if (existsSync(join(dataDir, READY_MARKER))) return { fresh: false };
  const entries = readdirSync(dataDir).filter((name) => name !== LOCK_FILE);
  if (entries.length > 0) {
    if (!entries.includes(LOADING_MARKER) && !entries.includes('PG_VERSION')) {
      throw new SextantError('USAGE', `${dataDir} is not empty and is not a Sextant demo database`, {
        hint: 'Choose an empty or new directory for the demo database',
        details: { dataDir },
      });
    }
    progress(`the demo database in ${dataDir} was not fully loaded (interrupted first start?); rebuilding it`);
    for (const name of entries) rmSync(join(dataDir, name), { recursive: true, force: true });
  }
  writeFileSync(join(dataDir, LOADING_MARKER), `${new Date().toISOString()}\n`);
  return { fresh: true };
}

/** Records that the init SQL is loaded and flushed; call after a successful CHECKPOINT. */
export function markDataDirReady(dataDir: string, details: { scripts: number }): void {
  const marker = join(dataDir, READY_MARKER);
  const temp = `${marker}.tmp`;
  writeFileSync(temp, `${JSON.stringify({ format: 1, loadedAt: new Date().toISOString(), ...details })}\n`);
  renameSync(temp, marker);
  rmSync(join(dataDir, LOADING_MARKER), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed child whose parent is gone can linger as a zombie until init reaps it (seen in
  // containers); signal 0 still succeeds then. Linux tells us its state in /proc.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}
