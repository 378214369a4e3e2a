/**
 * @module presentations/text/update-text
 * How an update's resource counts read in every presentation that prints them (CLI, web UI):
 * resources whose only change is their history (a code file another commit moved in the log)
 * named apart from those whose content changed.
 */
import type { UpdateReport } from '../../core/ingest/update-source.js';

/** `3 added, 1 changed, 11 with new history only, 0 removed` (the history part only when there is some). */
export function resourceCounts(r: Pick<UpdateReport, 'added' | 'changed' | 'history' | 'removed'>): string {
  return `${r.added} added, ${r.changed} changed, ${r.history > 0 ? `${r.history} with new history only, ` : ''}${r.removed} removed`;
}
