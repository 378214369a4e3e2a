/**
 * @module presentations/mcp/progress-log
 * Progress events as log lines of `sextant mcp`: one line per event, except an event that says
 * what the previous one said (the word-vector cache build reports the same percent more than
 * once, e.g. where one build phase ends and the next starts), which would only repeat a line.
 */
import type { ProgressEvent, ProgressFn } from '../../kernel/progress.js';
import type { Logger } from './logging.js';

const lineOf = (e: ProgressEvent) => JSON.stringify([e.source, e.phase, e.done, e.total, e.detail ?? '']);

export function logProgress(logger: Logger): ProgressFn {
  let last = '';
  return (e) => {
    const line = lineOf(e);
    if (line === last) return;
    last = line;
    logger.info({ event: 'progress', phase: e.phase, done: e.done, total: e.total }, e.detail ?? e.phase);
  };
}
