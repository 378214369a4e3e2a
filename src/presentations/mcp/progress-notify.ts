/**
 * @module presentations/mcp/progress-notify
 * A tool call's progress as MCP progress notifications, for a client that asked for them (a
 * `progressToken` in the call's `_meta`). A client that resets its timeout on progress then waits
 * out long work, such as the scan of a large repository before its first plan, instead of giving
 * up at its default timeout. Each new step is said at once; within a step, at most one
 * notification every `intervalMs` and its last count. `progress` only grows, as the protocol
 * asks, across steps whose own counts start again from zero.
 */
import type { ProgressEvent, ProgressFn } from '../../kernel/progress.js';
import { progressLabel, progressLine } from '../text/progress-text.js';

export interface ProgressNote {
  progress: number;
  message: string;
}

export function progressNotifier(send: (note: ProgressNote) => void, intervalMs = 250, now: () => number = Date.now): ProgressFn {
  let count = 0;
  let label = '';
  let sentAt = -Infinity;
  return (e: ProgressEvent) => {
    const step = progressLabel(e);
    const last = e.total > 1 && e.done >= e.total;
    if (step === label && !last && now() - sentAt < intervalMs) return;
    label = step;
    sentAt = now();
    send({ progress: ++count, message: progressLine(e) });
  };
}
