import { describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../kernel/progress.js';
import { progressNotifier, type ProgressNote } from './progress-notify.js';

const embed = (done: number): ProgressEvent => ({ source: 'shop', phase: 'embed', done, total: 400 });

describe('progress notifications of a tool call', () => {
  it('says each new step at once, a step’s counts at most every interval and its last count, progress always growing', () => {
    const sent: ProgressNote[] = [];
    let clock = 0;
    const notify = progressNotifier(
      (n) => sent.push(n),
      250,
      () => clock,
    );
    notify({ source: 'shop', phase: 'introspect', done: 0, total: 1, detail: 'reading files' });
    notify(embed(0));
    clock = 100;
    notify(embed(100)); // within the interval: skipped
    clock = 300;
    notify(embed(200));
    clock = 310;
    notify(embed(400)); // the step's end is always said
    notify({ source: 'shop', phase: 'write', done: 0, total: 1 });
    expect(sent).toEqual([
      { progress: 1, message: 'shop: introspect (reading files)' },
      { progress: 2, message: 'shop: embed 0/400' },
      { progress: 3, message: 'shop: embed 200/400' },
      { progress: 4, message: 'shop: embed 400/400' },
      { progress: 5, message: 'shop: write' },
    ]);
  });
});
