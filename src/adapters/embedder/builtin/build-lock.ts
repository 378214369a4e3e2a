/**
 * @module adapters/embedder/builtin/build-lock
 * Lets one process build the word-vector cache while others that want it at the same moment wait
 * for that build instead of running their own (each costs seconds of every core and hundreds of
 * MB). The lock is a file beside the cache, created exclusively and touched as the build goes on;
 * one left by a process that died is taken over once it has not been touched for a while. It only
 * saves work: cache files are written atomically (writeCacheFile), so two builds are still safe.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A lock not touched for this long belongs to a build that died (a live one touches it every second or so). */
export const LOCK_STALE_MS = 30_000;
const POLL_MS = 200;

export interface BuildLock {
  /** Tells waiters the build is alive. */
  touch(): void;
  release(): void;
}

const lockPath = (cachePath: string): string => `${cachePath}.lock`;

/**
 * Takes the build lock of `cachePath`, or returns null while another process holds it. Where no
 * lock file can be made at all (a read-only folder) the caller goes on unlocked: its build then
 * fails on the write, with the error that says why.
 */
export function tryBuildLock(cachePath: string): BuildLock | null {
  const path = lockPath(cachePath);
  const token = `${hostname()} ${process.pid} ${randomBytes(8).toString('hex')}\n`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(path, 'wx', 0o644);
    try {
      writeSync(fd, token);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return { touch: () => undefined, release: () => undefined };
    try {
      if (isStale(path)) rmSync(path, { force: true });
    } catch {
      // released meanwhile: the caller looks again
    }
    return null;
  }
  return {
    touch: () => {
      try {
        const now = new Date();
        utimesSync(path, now, now);
      } catch {
        // taken over by a waiter that thought this build dead: the build goes on all the same
      }
    },
    release: () => {
      try {
        // never remove a lock another process took over
        if (readFileSync(path, 'utf8') === token) rmSync(path, { force: true });
      } catch {
        // already gone
      }
    },
  };
}

/** Resolves once the lock of `cachePath` is released, or is stale (then it is removed). */
export async function waitForBuildLock(cachePath: string): Promise<void> {
  const path = lockPath(cachePath);
  for (;;) {
    try {
      if (isStale(path)) {
        rmSync(path, { force: true });
        return;
      }
    } catch {
      return; // released
    }
    await sleep(POLL_MS);
  }
}

/** Throws ENOENT when there is no lock. */
function isStale(path: string): boolean {
  return Date.now() - statSync(path).mtimeMs > LOCK_STALE_MS;
}
