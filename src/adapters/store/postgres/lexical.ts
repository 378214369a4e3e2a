/**
 * @module adapters/store/postgres/lexical
 * Lexical search over `chunks.lex` (tsvector, GIN index): a BM25-like score computed in SQL.
 *
 * score = Σ over the query's terms of idf(term) × ts_rank(weights, lex, term, 1)
 * - weights per field follow the SQLite store's BM25 weights (context 4, name 3, comment 2,
 *   definition 1), as ts_rank's {D, C, B, A} = {definition, comment, name, context} / 4;
 * - idf = ln(1 + (N − df + 0.5) / (df + 0.5)), with df counted over every chunk (as FTS5 does)
 *   and cached until the store's change counter moves;
 * - normalization 1 divides by 1 + log(length): longer rows rank a little lower, as BM25's b does.
 * Each form is a phrase (`phraseto_tsquery`), so user text never becomes query syntax. `near`
 * becomes one more term: every pair of its words within `distance` positions, either order.
 * Differences from FTS5 that remain: Snowball (Porter 2) rather than Porter stemming, no
 * diacritics folding, term frequency saturates in ts_rank's own way, and a phrase may span the
 * boundary of two fields.
 */
import type { LexicalQuery, ScoredChunk } from '../../../ports/store.js';
import { chunkFilterSql, Params, type Db } from './db.js';

const RANK_WEIGHTS = '{0.25, 0.5, 0.75, 1.0}';
/** Compiled query lists kept per process (the text search configuration does not change under a running store). */
const COMPILED_CACHE_SIZE = 2000;

/** SQL of one term: the OR of its forms' phrases. */
function termSql(forms: readonly string[], p: Params): string {
  return forms.map((f) => `sextant.lex_query(${p.add(f)})`).join(' || ');
}

function nearSql(words: readonly string[], distance: number, p: Params): string | null {
  if (words.length < 2) return null;
  const alternatives: string[] = [];
  const refs = words.map((w) => `sextant.lex_query(${p.add(w)})`);
  for (let i = 0; i < refs.length; i++) {
    for (let j = i + 1; j < refs.length; j++) {
      const pair: string[] = [];
      for (let d = 1; d <= Math.max(1, Math.floor(distance)); d++) {
        pair.push(`tsquery_phrase(${refs[i]}, ${refs[j]}, ${d})`, `tsquery_phrase(${refs[j]}, ${refs[i]}, ${d})`);
      }
      alternatives.push(`(${pair.join(' || ')})`);
    }
  }
  return alternatives.join(' && ');
}

export class PgLexicalIndex {
  readonly #db: Db;
  readonly #counter: () => Promise<number>;
  #dfStamp = -1;
  readonly #df = new Map<string, number>();
  #total = 0;
  readonly #compiled = new Map<string, string[]>();

  constructor(db: Db, counter: () => Promise<number>) {
    this.#db = db;
    this.#counter = counter;
  }

  async search(query: LexicalQuery): Promise<ScoredChunk[]> {
    if (query.limit <= 0) return [];
    // 1. the terms (and the near alternative with the AND of its words) as normalised tsquery text
    const p = new Params();
    const exprs = query.terms.filter((forms) => forms.length > 0).map((forms) => termSql(forms, p));
    const near = query.near ? nearSql(query.near.words, query.near.distance, p) : null;
    const all = near && query.near ? query.near.words.map((w) => `sextant.lex_query(${p.add(w)})`).join(' && ') : null;
    if (exprs.length === 0) return [];
    const list = [...exprs, near ?? "''::tsquery", all ?? "''::tsquery"];
    const compiled = await this.#compile(list, p.values);
    const nearText = compiled[exprs.length]!;
    const allText = compiled[exprs.length + 1]!;
    const terms = [...new Set(compiled.slice(0, exprs.length).filter((q) => q !== ''))];
    if (terms.length === 0) return [];
    // 2. idf per term (and of the near alternative)
    const idf = await this.#idf(nearText === '' ? terms : [...terms, nearText]);
    // 3. rank the rows matching any term, visible under the filter. The proximity check (phrase
    //    operators, costly) runs only on rows holding all of its words.
    const s = new Params([terms.map((t) => `(${t})`).join(' | ')]);
    let nearScore = '';
    if (nearText !== '') {
      const [allRef, nearRef, weight] = [s.add(allText), s.add(nearText), s.add(idf.get(nearText)!)];
      nearScore = ` + CASE WHEN c.lex @@ ${allRef}::tsquery AND c.lex @@ ${nearRef}::tsquery
        THEN ${weight}::float8 * ts_rank('${RANK_WEIGHTS}', c.lex, ${nearRef}::tsquery, 1) ELSE 0 END`;
    }
    const filter = chunkFilterSql(query, 'c', s);
    // one term after the other, in the order a sum over them would add (no subquery per row)
    const perTerm = terms.map((term) => {
      const [t, w] = [`${s.add(term)}::tsquery`, `${s.add(idf.get(term)!)}::float8`];
      return `CASE WHEN c.lex @@ ${t} THEN ${w} * ts_rank('${RANK_WEIGHTS}', c.lex, ${t}, 1) ELSE 0 END`;
    });
    const sql = `SELECT c.id AS "chunkId", ((${perTerm.join(' + ')})${nearScore})::float8 AS score
      FROM chunks c
      WHERE c.lex @@ $1::tsquery AND ${filter}
      ORDER BY score DESC, c.id ASC
      LIMIT ${s.add(query.limit)}`;
    return (await this.#db.query<ScoredChunk>(sql, s.values)).rows;
  }

  async #idf(terms: readonly string[]): Promise<Map<string, number>> {
    const stamp = await this.#counter();
    if (stamp !== this.#dfStamp) {
      this.#df.clear();
      this.#dfStamp = stamp;
      this.#total = (await this.#db.query<{ n: number }>('SELECT count(*)::int AS n FROM chunks')).rows[0]!.n;
    }
    const missing = terms.filter((t) => !this.#df.has(t));
    if (missing.length > 0) {
      const rows = await this.#db.query<{ t: string; n: number }>(
        'SELECT t, (SELECT count(*)::int FROM chunks c WHERE c.lex @@ t::tsquery) AS n FROM unnest($1::text[]) AS x(t)',
        [missing],
      );
      for (const r of rows.rows) this.#df.set(r.t, r.n);
    }
    const n = this.#total;
    return new Map(terms.map((t) => [t, Math.log(1 + (n - this.#df.get(t)! + 0.5) / (this.#df.get(t)! + 0.5))]));
  }

  /**
   * The tsquery text of each expression (forms of the query words through the store's text
   * search configuration), remembered per expression list and values: the same question, or
   * the same word, does not cost a round trip twice.
   */
  async #compile(list: readonly string[], values: readonly unknown[]): Promise<string[]> {
    const key = JSON.stringify([list, values]);
    const known = this.#compiled.get(key);
    if (known) return known;
    const compiled = (await this.#db.query<{ q: string[] }>(`SELECT ARRAY[${list.map((e) => `(${e})::text`).join(', ')}] AS q`, [...values])).rows[0]!.q;
    if (this.#compiled.size >= COMPILED_CACHE_SIZE) this.#compiled.delete(this.#compiled.keys().next().value!);
    this.#compiled.set(key, compiled);
    return compiled;
  }

  /** Drops cached document frequencies (after this store's own writes). */
  invalidate(): void {
    this.#dfStamp = -1;
  }
}
