import { describe, expect, it } from 'vitest';
import { createWorkLimiter } from './work-limiter.js';

describe('work limiter', () => {
  it('runs at most perKey at once per key, in arrival order, other keys alongside', async () => {
    const limiter = createWorkLimiter({ perKey: 2 });
    const order: string[] = [];
    let running = 0;
    let peak = 0;
    const gates: Array<() => void> = [];
    const job = (name: string) =>
      limiter.run('a', async () => {
        order.push(name);
        peak = Math.max(peak, ++running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
      });
    const jobs = ['1', '2', '3', '4'].map(job);
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['1', '2']);
    expect(await limiter.run('b', async () => 'b ran')).toBe('b ran');
    while (gates.length) {
      gates.shift()!();
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(jobs);
    expect(order).toEqual(['1', '2', '3', '4']);
    expect(peak).toBe(2);
  });

  it('frees the slot when work fails', async () => {
    const limiter = createWorkLimiter({ perKey: 1 });
    await expect(limiter.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run('a', async () => 1)).toBe(1);
  });

  it('lets pending I/O run between the queued calls of one key', async () => {
    // Synchronous work joined by promise continuations, as a search on the SQLite store is.
    const limiter = createWorkLimiter({ perKey: 2 });
    let done = 0;
    const calls = Array.from({ length: 40 }, () =>
      limiter.run('flood', async () => {
        await Promise.resolve();
        const until = performance.now() + 1;
        while (performance.now() < until); // 1 ms of synchronous work
        done++;
      }),
    );
    const doneWhenIoRan = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
    await Promise.all(calls);
    expect(done).toBe(40);
    expect(doneWhenIoRan).toBeLessThan(10);
  });
});
