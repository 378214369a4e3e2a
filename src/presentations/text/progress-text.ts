/**
 * @module presentations/text/progress-text
 * A progress event as one line of text (`shop: embed 120/400`), as the CLI's progress and MCP's
 * progress notifications say it.
 */
import type { ProgressEvent } from '../../kernel/progress.js';

/** What is being done, without the counts: the line that stays the same through one step. */
export function progressLabel(e: ProgressEvent): string {
  const prefix = e.source === '*' ? '' : `${e.source}: `;
  if (!e.detail) return `${prefix}${e.phase}`;
  return e.phase === 'introspect' ? `${prefix}introspect (${e.detail})` : `${prefix}${e.detail}`;
}

/** The label with the counts when the step has more than one. */
export const progressLine = (e: ProgressEvent): string => (e.total > 1 ? `${progressLabel(e)} ${e.done}/${e.total}` : progressLabel(e));
