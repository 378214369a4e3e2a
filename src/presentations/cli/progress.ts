/**
 * @module presentations/cli/progress
 * Renders core progress events on stderr: a live line on a terminal, and on pipes or CI logs
 * one line per step plus its completion, never the same line twice; nothing with --json/--quiet.
 */
import type { ProgressEvent, ProgressFn } from '../../kernel/progress.js';
import { progressLabel, progressLine } from '../text/progress-text.js';

export function cliProgress(enabled: boolean): ProgressFn & { done(): void } {
  const tty = process.stderr.isTTY === true;
  let lastLabel = '';
  let lastLine = '';
  let lastAt = 0;
  let live = false;
  const fn = ((e: ProgressEvent) => {
    if (!enabled) return;
    const label = progressLabel(e);
    const line = progressLine(e);
    if (tty) {
      process.stderr.write(`\r\x1b[2K${line}`);
      live = true;
      return;
    }
    const now = Date.now();
    const newStep = label !== lastLabel;
    const finished = e.total > 1 && e.done === e.total;
    if (line !== lastLine && (newStep || finished || now - lastAt > 5000)) {
      process.stderr.write(`${line}\n`);
      lastLine = line;
      lastAt = now;
    }
    lastLabel = label;
  }) as ProgressFn & { done(): void };
  fn.done = () => {
    if (live) process.stderr.write('\r\x1b[2K');
    live = false;
  };
  return fn;
}
