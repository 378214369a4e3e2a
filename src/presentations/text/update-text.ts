/**
 * @module presentations/text/update-text
 * How an update's resource counts read in every presentation that prints them (CLI, web UI):
 * resources whose only change is their history (a code file another commit moved in the log) and
 * those another version of their reader read again from unchanged inputs (every code file after a
 * release changed the code scan, or after going back to an older release) named apart from those
 * whose content changed. The versions are only told apart, not ordered, so the words say neither
 * newer nor older.
 */
import type { UpdateReport } from '../../core/ingest/update-source.js';

/**
 * `3 added, 1 changed, 11 with new history only, 727 rescanned by a different reader version, 0 removed` (the
 * history and rescanned parts only when there are some).
 */
export function resourceCounts(r: Pick<UpdateReport, 'added' | 'changed' | 'history' | 'rescanned' | 'removed'>): string {
  const history = r.history > 0 ? `${r.history} with new history only, ` : '';
  const rescanned = r.rescanned > 0 ? `${r.rescanned} rescanned by a different reader version, ` : '';
  return `${r.added} added, ${r.changed} changed, ${history}${rescanned}${r.removed} removed`;
}
