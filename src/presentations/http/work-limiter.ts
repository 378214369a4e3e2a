/**
 * @module presentations/http/work-limiter
 * At most `perKey` pieces of work at once per credential, the rest queued in arrival order, so
 * one client flooding calls (issue 11 §4: batches of deep_search stalled everyone) holds a
 * bounded share of the one event loop and other credentials' calls run between its own.
 *
 * A freed slot passes to the next queued call through `setImmediate`, not directly: searches on
 * the SQLite store are synchronous work joined by promise continuations, so a direct hand-off
 * chains a whole queue of calls in microtasks and no socket is read until it drains (a small
 * client waited ~220 ms behind a flood of ~4 ms calls). Through the check phase, the poll phase
 * reads other clients' requests between every two calls of the flooding one.
 */

export interface WorkLimiter {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export function createWorkLimiter(options: { perKey: number }): WorkLimiter {
  const lanes = new Map<string, { active: number; waiting: Array<() => void> }>();
  return {
    async run(key, work) {
      let lane = lanes.get(key);
      if (!lane) lanes.set(key, (lane = { active: 0, waiting: [] }));
      const current = lane;
      if (current.active >= options.perKey) await new Promise<void>((resolve) => current.waiting.push(resolve));
      else current.active++;
      try {
        return await work();
      } finally {
        const next = current.waiting.shift();
        if (next)
          setImmediate(next); // the slot passes on (active stays the same), after pending I/O
        else if (--current.active === 0) lanes.delete(key);
      }
    },
  };
}
