/**
 * @module adapters/store/sqlite/salvage-index
 * Copies what can still be read from a damaged index ("database disk image is malformed") into a
 * fresh one, table by table and row by row, the data people made first; says per table what was
 * recovered and what was lost; and, when catalog rows were lost, marks every source for a full
 * re-index so the next update rebuilds them from the sources.
 */
import type { Database } from 'better-sqlite3';
import { readReadableRows } from './tolerant-read.js';
import { META } from './schema.js';

/** Made by people (or for them), and not re-creatable from the sources: copied first. */
const HUMAN_TABLES = ['sources', 'contexts', 'projects', 'tokens', 'glossary_terms', 'glossary_aliases', 'glossary_history'] as const;
/** Rebuilt from the sources by `sextant update` (in this order: a row after the rows it references). */
const DERIVED_TABLES = ['resources', 'objects', 'edges', 'effective_contexts', 'chunks', 'vectors', 'entities', 'chunk_entities'] as const;
/** Agent sessions and the LLM response cache: short-lived, copied when readable. */
const TRANSIENT_TABLES = ['sessions', 'session_documents', 'llm_cache'] as const;
/** Meta keys the fresh file writes itself. */
const OWN_META_KEYS: ReadonlySet<string> = new Set([META.app, META.schemaVersion]);

export type SalvagedTableKind = 'human' | 'derived' | 'transient' | 'meta';

export interface SalvagedTable {
  table: string;
  kind: SalvagedTableKind;
  /** Rows now in the fresh index. */
  recovered: number;
  /** Rows lost: unreadable, or refused by the fresh schema (e.g. a vector whose chunk was lost). Null when unknown. */
  lost: number | null;
  /** True when some of the table's pages could not be read. */
  damaged: boolean;
}

export interface SalvageReport {
  tables: SalvagedTable[];
  /** Catalog rows were lost: every source is marked for a full re-index (`sextant update`). */
  reindexNeeded: boolean;
}

/**
 * Copies `damaged` into `fresh` (an empty index of the current schema). Each table is its own
 * transaction, so a failure late in the copy keeps what came before; the full-text index is not
 * copied (repair rebuilds it from the chunks).
 */
export function salvageInto(damaged: Database, fresh: Database): SalvageReport {
  damaged.pragma('cell_size_check = ON');
  const tables: SalvagedTable[] = [];
  const copy = (table: string, kind: SalvagedTableKind): void => {
    const report = copyTable(damaged, fresh, table, kind);
    if (report) tables.push(report);
  };
  for (const table of HUMAN_TABLES) copy(table, 'human');
  copy('meta', 'meta');
  for (const table of DERIVED_TABLES) copy(table, 'derived');
  for (const table of TRANSIENT_TABLES) copy(table, 'transient');
  const reindexNeeded = tables.some((t) => t.kind === 'derived' && (t.lost ?? 1) > 0);
  if (reindexNeeded) fresh.transaction(() => markForFullReindex(fresh))();
  return { tables, reindexNeeded };
}

/**
 * The next `sextant update` re-reads every source in full: no stored source or resource hash to
 * call it unchanged, and every source chunk stale (so it is rebuilt, re-embedded and its entities
 * re-linked). Until then the salvaged rows keep answering.
 */
function markForFullReindex(db: Database): void {
  db.exec(`UPDATE sources SET source_hash = NULL;
    DELETE FROM resources;
    UPDATE chunks SET content_hash = '' WHERE project IS NULL AND session IS NULL;`);
}

function copyTable(damaged: Database, fresh: Database, table: string, kind: SalvagedTableKind): SalvagedTable | null {
  const columns = commonColumns(damaged, fresh, table);
  if (columns === null) return null;
  const expected = countRows(damaged, table);
  const verb = kind === 'meta' ? 'INSERT OR REPLACE' : 'INSERT OR IGNORE';
  const insert = fresh.prepare(`${verb} INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  let recovered = 0;
  let refused = 0;
  let read = { read: 0, unreadableRows: 0, skippedRanges: 0 };
  let unreadable = false;
  try {
    fresh.transaction(() => {
      read = readReadableRows(damaged, table, columns, (row) => {
        if (kind === 'meta' && OWN_META_KEYS.has(String(row.key))) return;
        try {
          recovered += insert.run(...columns.map((c) => row[c])).changes;
        } catch {
          refused += 1; // a constraint of the fresh schema (a dangling reference, a NULL in garbage)
        }
      });
    })();
  } catch {
    unreadable = true; // the table's root page itself is gone: nothing of it could be read
    recovered = 0;
  }
  const damagedPages = unreadable || read.skippedRanges > 0 || read.unreadableRows > 0;
  const lost = expected !== null ? Math.max(0, expected - recovered) : damagedPages ? null : refused;
  return { table, kind, recovered, lost: kind === 'meta' ? 0 : lost, damaged: damagedPages };
}

/** Columns of `table` in both files, or null when either lacks the table. */
function commonColumns(damaged: Database, fresh: Database, table: string): string[] | null {
  const names = (db: Database): string[] | null => {
    try {
      const cols = db.prepare<[string], string>('SELECT name FROM pragma_table_info(?)').pluck().all(table);
      return cols.length > 0 ? cols : null;
    } catch {
      return null;
    }
  };
  const wanted = names(fresh);
  const present = names(damaged);
  if (!wanted || !present) return null;
  const common = wanted.filter((c) => present.includes(c));
  return common.length > 0 ? common : null;
}

/**
 * How many rows the table had, when SQLite can still count them (it counts on the smallest
 * index, which is often intact when table pages are not); null otherwise.
 */
function countRows(db: Database, table: string): number | null {
  try {
    return db.prepare<[], number>(`SELECT count(*) FROM "${table}"`).pluck().get() ?? null;
  } catch {
    return null;
  }
}
