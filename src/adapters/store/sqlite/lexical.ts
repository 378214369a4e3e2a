/**
 * @module adapters/store/sqlite/lexical
 * FTS5 over the chunks' lexical fields: table DDL, row maintenance and BM25 search.
 */
import type { Database, Statement } from 'better-sqlite3';
import { SextantError } from '../../../kernel/errors.js';
import type { Chunk } from '../../../ports/catalog.js';
import type { LexicalQuery, ScoredChunk } from '../../../ports/store.js';
import { chunkFilterSql } from './chunk-filter.js';
import { compileFtsMatch } from './fts-match.js';
import { LexicalResults } from './lexical-results.js';
import { StatementCache } from './statement-cache.js';

/**
 * Porter on top of `unicode61`: the core splits identifiers and adds singular forms, and the
 * stemmer also matches other inflections between questions and schemas (`located` /
 * `location`, `owns` / `owner`). Measured on the schema-linking benchmark (dev, pooled within
 * a dataset): Spider table R@5 0.84 → 0.86, BIRD+evidence column recall@10 0.77 → 0.82.
 */
export const FTS_TOKENIZER = 'porter unicode61 remove_diacritics 2';

/** BM25 weight per FTS column, in column order. Human-written context is boosted above all. */
export const BM25_WEIGHTS = Object.freeze({ name: 3.0, comment: 2.0, definition: 1.0, context: 4.0 });

/**
 * Contentless-delete FTS5 table (SQLite ≥ 3.43): it stores only the inverted index, rows are
 * deleted by rowid (= `chunks.rid`), and the text lives once, in `chunks`. `rebuild` is not
 * available on it, so {@link LexicalIndex.rebuild} deletes everything and reinserts.
 */
export const FTS_TABLE_DDL = `CREATE VIRTUAL TABLE chunks_fts USING fts5(
  name, comment, definition, context,
  content = '', contentless_delete = 1,
  tokenize = '${FTS_TOKENIZER}'
);`;

type LexicalFields = Pick<Chunk, 'name' | 'comment' | 'definition' | 'context'>;

/** The FTS rows of the chunks table. Statements are prepared once per connection. */
export class LexicalIndex {
  readonly #db: Database;
  readonly #insert: Statement<[number, string, string, string, string]>;
  readonly #delete: Statement<[number]>;
  readonly #searches: StatementCache;
  readonly #results = new LexicalResults<readonly ScoredChunk[]>();
  /** The FTS step's rows by MATCH (filter-free, so the searches of one query share it) and the LIMIT they were read with. */
  /** Visible rids per filter (a hybrid query uses about four) and every chunk's id: {@link #visibleRids}. */
  readonly #visible = new LexicalResults<ReadonlySet<number>>(8);
  readonly #ids = new LexicalResults<ReadonlyMap<number, string>>(1);
  readonly #tops = new LexicalResults<{ rows: ReadonlyArray<{ rid: number; score: number }>; fetch: number }>(TOPS_KEPT);

  constructor(db: Database) {
    this.#db = db;
    this.#insert = db.prepare('INSERT INTO chunks_fts (rowid, name, comment, definition, context) VALUES (?, ?, ?, ?, ?)');
    this.#delete = db.prepare('DELETE FROM chunks_fts WHERE rowid = ?');
    this.#searches = new StatementCache(db);
  }

  /** Drops remembered results; the store calls it after each write transaction on this connection. */
  invalidate(): void {
    this.#clear();
  }

  #clear(): void {
    this.#results.clear();
    this.#tops.clear();
    this.#visible.clear();
    this.#ids.clear();
  }

  insert(rid: number, chunk: LexicalFields): void {
    this.#clear();
    this.#insert.run(rid, chunk.name, chunk.comment, chunk.definition, chunk.context);
  }

  delete(rid: number): void {
    this.#clear();
    this.#delete.run(rid);
  }

  /** Deletes the FTS rows of every chunk selected by `where` (a condition on `chunks`). */
  deleteWhere(where: string, ...params: unknown[]): number {
    this.#clear();
    return this.#db.prepare(`DELETE FROM chunks_fts WHERE rowid IN (SELECT rid FROM chunks WHERE ${where})`).run(...params).changes;
  }

  /** Deletes FTS rows whose chunk is gone; returns how many. */
  deleteOrphans(): number {
    this.#clear();
    return this.#db.prepare('DELETE FROM chunks_fts WHERE rowid NOT IN (SELECT rid FROM chunks)').run().changes;
  }

  count(): number {
    return this.#db.prepare<[], number>('SELECT count(*) FROM chunks_fts').pluck().get() ?? 0;
  }

  /** Drops every FTS row and reindexes all chunks; returns the number of rows written. */
  rebuild(): number {
    this.#clear();
    this.#db.prepare("INSERT INTO chunks_fts (chunks_fts) VALUES ('delete-all')").run();
    return this.#db
      .prepare('INSERT INTO chunks_fts (rowid, name, comment, definition, context) SELECT rid, name, comment, definition, context FROM chunks ORDER BY rid')
      .run().changes;
  }

  /**
   * BM25 over the weighted columns. Score = -bm25 (higher is better), sorted by score desc then
   * chunk id. A malformed MATCH expression is a usage error, not a crash.
   *
   * Two steps, same result: the best {@link overFetch} rows of the FTS index alone, then the
   * filter on just those chunks. Joining every match to `chunks` first (to filter before ranking)
   * cost about half the time of a broad query on a 100k-chunk index (a word like `id` matches
   * 40% of the rows). When the first step cannot prove the answer complete (fewer than `limit`
   * filtered rows score strictly above the last row fetched: a narrow filter), the single
   * filtered query runs instead. Results are remembered until the index changes
   * ({@link LexicalResults}).
   */
  search(query: LexicalQuery): ScoredChunk[] {
    const match = compileFtsMatch(query);
    if (query.limit <= 0 || match === '') return [];
    const filter = chunkFilterSql(query, 'c');
    const key = JSON.stringify([match, query.limit, filter.sql, filter.params]);
    const stamp = this.#db.pragma('data_version', { simple: true }) as number;
    const known = this.#results.get(key, stamp);
    if (known) return known.map((r) => ({ ...r }));
    try {
      const rows = this.#topThenFilter(query, match, stamp) ?? this.#filteredQuery(query, match);
      this.#results.set(
        key,
        rows.map((r) => ({ ...r })),
      );
      return rows;
    } catch (err) {
      if (isSqliteError(err) && err.code === 'SQLITE_ERROR' && MATCH_ERROR.test(err.message)) {
        throw new SextantError('USAGE', `invalid search expression ${JSON.stringify(match)}: ${err.message}`, {
          hint: 'quote words that contain punctuation ("order-line"), balance quotes and parentheses, and do not end with AND/OR/NOT',
          cause: err,
        });
      }
      throw err;
    }
  }

  #bm25(): string {
    const w = BM25_WEIGHTS;
    return `-bm25(chunks_fts, ${w.name}, ${w.comment}, ${w.definition}, ${w.context})`;
  }

  /**
   * The exact top `limit` from the FTS top rows, or null when they do not prove it complete. The
   * rows of an earlier search with the same MATCH serve when they are at least as many: any best
   * rows by score prove the same answer.
   */
  #topThenFilter(query: LexicalQuery, match: string, stamp: number): ScoredChunk[] | null {
    let known = this.#tops.get(match, stamp);
    if (!known || known.fetch < overFetch(query.limit)) {
      const fetch = overFetch(query.limit);
      const rows = this.#searches
        .get<{ rid: number; score: number }>(
          `SELECT rowid AS rid, ${this.#bm25()} AS score FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY score DESC LIMIT ?`,
        )
        .all(match, fetch);
      known = { rows, fetch };
      this.#tops.set(match, known);
    }
    const { rows: top, fetch } = known;
    if (top.length === 0) return [];
    const complete = top.length < fetch;
    const floor = top[top.length - 1]!.score;
    const filter = chunkFilterSql(query, 'c');
    const visible = this.#visibleRids(filter, stamp);
    const ids = this.#chunkIds(stamp);
    const rows: ScoredChunk[] = [];
    for (const t of top) {
      const id = visible.has(t.rid) ? ids.get(t.rid) : undefined;
      // rows tied with the last one fetched may have equals that were not fetched
      if (id !== undefined && (complete || t.score > floor)) rows.push({ chunkId: id, score: t.score });
    }
    if (!complete && rows.length < query.limit) return null;
    rows.sort((a, b) => b.score - a.score || (a.chunkId < b.chunkId ? -1 : a.chunkId > b.chunkId ? 1 : 0));
    return rows.slice(0, query.limit);
  }

  /**
   * The chunks a filter lets through, by rid, read once per filter until the index changes (a
   * scan of `chunks`): the filter step then costs no query per search.
   */
  #visibleRids(filter: { sql: string; params: unknown[] }, stamp: number): ReadonlySet<number> {
    const key = JSON.stringify([filter.sql, filter.params]);
    let rids = this.#visible.get(key, stamp);
    if (!rids) {
      rids = new Set(
        this.#searches
          .get<number>(`SELECT c.rid FROM chunks c WHERE ${filter.sql}`)
          .pluck()
          .all(...filter.params),
      );
      this.#visible.set(key, rids);
    }
    return rids;
  }

  /** Every chunk's id by rid, read once until the index changes. */
  #chunkIds(stamp: number): ReadonlyMap<number, string> {
    let ids = this.#ids.get('', stamp);
    if (!ids) {
      ids = new Map(
        this.#searches
          .get<{ rid: number; id: string }>('SELECT rid, id FROM chunks')
          .all()
          .map((r) => [r.rid, r.id]),
      );
      this.#ids.set('', ids);
    }
    return ids;
  }

  #filteredQuery(query: LexicalQuery, match: string): ScoredChunk[] {
    const filter = chunkFilterSql(query, 'c');
    const sql = `SELECT c.id AS chunkId, ${this.#bm25()} AS score
      FROM chunks_fts JOIN chunks c ON c.rid = chunks_fts.rowid
      WHERE chunks_fts MATCH ? AND ${filter.sql}
      ORDER BY score DESC, c.id ASC
      LIMIT ?`;
    return this.#searches.get<ScoredChunk>(sql).all(match, ...filter.params, query.limit);
  }
}

/** FTS steps kept: the searches of one query share its MATCH (routing's one-word lookups come between them). */
const TOPS_KEPT = 64;

/**
 * Rows fetched from the FTS index before filtering: enough for the usual scopes and filters. At
 * least 960: the searches of one hybrid query share one FTS step (60 to 240 hits under different
 * kinds), and a narrow filter (tables only) then still proves its answer without the filtered
 * query. Pooled schema-linking index (6,429 chunks), 200 BIRD questions with evidence, table and
 * column search each: mean 22.5 → 18.5 ms against a floor of 200 (one lone search pays ~1.5 ms more).
 */
function overFetch(limit: number): number {
  return Math.max(4 * limit, 960);
}

/** Messages FTS5 gives for a bad MATCH expression (anything else is not the caller's fault). */
const MATCH_ERROR = /^(fts5:|unterminated string|no such column|unknown special query)/;

function isSqliteError(err: unknown): err is Error & { code: string } {
  return err instanceof Error && err.name === 'SqliteError' && typeof (err as { code?: unknown }).code === 'string';
}
