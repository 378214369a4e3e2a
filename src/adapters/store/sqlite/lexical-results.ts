/**
 * @module adapters/store/sqlite/lexical-results
 * Recent lexical search results, kept until the index changes. A hybrid search runs the same
 * MATCH more than once (routing looks each query word up on its own, and a column search ranks
 * the tables again), and an agent's next question shares most of its words with the last one.
 */
import type { ScoredChunk } from '../../../ports/store.js';

/** Results kept (least recently used dropped first): a routing lookup holds at most 400 rows. */
export const LEXICAL_RESULTS_KEPT = 512;

export class LexicalResults {
  readonly #kept = new Map<string, readonly ScoredChunk[]>();
  readonly #capacity: number;
  #stamp: number | null = null;

  constructor(capacity = LEXICAL_RESULTS_KEPT) {
    this.#capacity = capacity;
  }

  /**
   * The rows stored under `key` (copies: callers may change them), or null. `stamp` is the
   * connection's `data_version`: it moves when another connection commits, which drops
   * everything; this connection's own writes call {@link clear}.
   */
  get(key: string, stamp: number): ScoredChunk[] | null {
    if (stamp !== this.#stamp) {
      this.#kept.clear();
      this.#stamp = stamp;
      return null;
    }
    const rows = this.#kept.get(key);
    if (!rows) return null;
    this.#kept.delete(key);
    this.#kept.set(key, rows);
    return rows.map((r) => ({ ...r }));
  }

  set(key: string, rows: readonly ScoredChunk[]): void {
    this.#kept.set(
      key,
      rows.map((r) => ({ ...r })),
    );
    if (this.#kept.size > this.#capacity) this.#kept.delete(this.#kept.keys().next().value!);
  }

  clear(): void {
    this.#kept.clear();
  }
}
