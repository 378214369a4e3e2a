/**
 * @module adapters/store/sqlite/lexical-results
 * Recent lexical search results, kept until the index changes. A hybrid search runs the same
 * MATCH more than once (routing looks each query word up on its own, and a column search ranks
 * the tables again), and an agent's next question shares most of its words with the last one.
 */

/** Results kept (least recently used dropped first): a routing lookup holds at most 400 rows. */
export const LEXICAL_RESULTS_KEPT = 512;

/** Values kept by key until the data changes, the least recently used dropped first. */
export class LexicalResults<T> {
  readonly #kept = new Map<string, T>();
  readonly #capacity: number;
  #stamp: number | null = null;

  constructor(capacity = LEXICAL_RESULTS_KEPT) {
    this.#capacity = capacity;
  }

  /**
   * The value stored under `key`, or undefined. `stamp` is the connection's `data_version`: it
   * moves when another connection commits, which drops everything; this connection's own writes
   * call {@link clear}. Callers that hand a value out copy it.
   */
  get(key: string, stamp: number): T | undefined {
    if (stamp !== this.#stamp) {
      this.#kept.clear();
      this.#stamp = stamp;
      return undefined;
    }
    const value = this.#kept.get(key);
    if (value === undefined) return undefined;
    this.#kept.delete(key);
    this.#kept.set(key, value);
    return value;
  }

  set(key: string, value: T): void {
    this.#kept.set(key, value);
    if (this.#kept.size > this.#capacity) this.#kept.delete(this.#kept.keys().next().value!);
  }

  clear(): void {
    this.#kept.clear();
  }
}
