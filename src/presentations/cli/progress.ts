/**
 * @module presentations/cli/progress
 * Renders core progress events on stderr: a live line on a terminal, sparse lines otherwise,
 * nothing with --json or --quiet.
 */
import type { ProgressEvent, ProgressFn } from '../../core/progress.js';

export function cliProgress(enabled: boolean): ProgressFn & { done(): void } {
  const tty = process.stderr.isTTY === true;
  let lastKey = '';
  let lastAt = 0;
  let live = false;
  const fn = ((e: ProgressEvent) => {
    if (!enabled) return;
    const label = `${e.source === '*' ? '' : `${e.source}: `}${e.detail ?? e.phase}`;
    const counts = e.total > 1 ? ` ${e.done}/${e.total}` : '';
    const line = `${label}${counts}`;
    if (tty) {
      process.stderr.write(`\r\x1b[2K${line}`);
      live = true;
      return;
    }
    const key = `${e.source}:${e.phase}`;
    const now = Date.now();
    if (key !== lastKey || now - lastAt > 2000 || e.done === e.total) {
      if (key !== lastKey || e.done === e.total || now - lastAt > 2000) process.stderr.write(`${line}\n`);
      lastKey = key;
      lastAt = now;
    }
  }) as ProgressFn & { done(): void };
  fn.done = () => {
    if (live) process.stderr.write('\r\x1b[2K');
    live = false;
  };
  return fn;
}
