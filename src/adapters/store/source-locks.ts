/**
 * @module adapters/store/source-locks
 * Update locks of one process, per source: a queue of promises. A store shared across processes
 * adds its own cross-process lock behind this one.
 */
import type { SourceLock } from '../../ports/store.js';

export class LocalSourceLocks {
  readonly #tails = new Map<string, Promise<void>>();

  async acquire(source: string, onWait?: (holder: string) => void): Promise<SourceLock> {
    const previous = this.#tails.get(source);
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = (previous ?? Promise.resolve()).then(() => mine);
    this.#tails.set(source, tail);
    if (previous) {
      onWait?.(`another update of ${source} in this process (pid ${process.pid})`);
      await previous;
    }
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        release();
        if (this.#tails.get(source) === tail) this.#tails.delete(source);
      },
    };
  }
}
