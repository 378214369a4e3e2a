/**
 * Pure metric functions of the schema-linking benchmark (see the dataset README):
 * recall@k, all@k, reciprocal rank and their means over questions.
 *
 * Everything is keyed by lower-case strings: a table is `<schema>.<table>`, a column
 * `<schema>.<table>.<column>`, where `<schema>` is the PostgreSQL schema the question's database
 * was loaded into (`bird_superhero`). Gold names are lower-case and the DDL keeps the original case,
 * so keys are compared case-insensitively; because the schema is part of the key, a same-named
 * table of another database is a miss, as the pooled setting requires.
 */

export type Level = 'table' | 'column';

/** Kinds that count as tables in the table ranking. */
export const TABLE_KINDS: readonly string[] = ['table', 'view'];

export const tableKey = (schema: string, table: string): string => `${schema}.${table}`.toLowerCase();
export const columnKey = (schema: string, table: string, column: string): string => `${schema}.${table}.${column}`.toLowerCase();

export interface HitRef {
  kind: string;
  schema: string;
  table: string;
  column?: string;
}

/**
 * Maps an object id (`bench:table:bird_superhero.superhero`, `bench:column:bird_superhero.superhero.full_name`)
 * to its schema, table and column. Schema and table names of the datasets hold no dot; a column
 * name may (its part is everything after the table). Ids of another source, or of kinds that are
 * neither relations nor columns, give null.
 */
export function parseHitRef(objectId: string, source: string | readonly string[]): HitRef | null {
  const m = /^([^:]+):([a-z_]+):(.+)$/.exec(objectId);
  if (!m || !(typeof source === 'string' ? m[1] === source : source.includes(m[1]!))) return null;
  const kind = m[2]!;
  const path = m[3]!;
  const dot = path.indexOf('.');
  if (dot <= 0) return null;
  const schema = path.slice(0, dot);
  const rest = path.slice(dot + 1);
  if (kind === 'column') {
    const dot2 = rest.indexOf('.');
    if (dot2 <= 0 || dot2 === rest.length - 1) return null;
    return { kind, schema, table: rest.slice(0, dot2), column: rest.slice(dot2 + 1) };
  }
  if (!rest) return null;
  return { kind, schema, table: rest };
}

export interface RankedHit {
  objectId: string;
  kind: string;
  related?: boolean;
}

/**
 * The ranked, de-duplicated keys of one result at one level. Table ranking counts only hits whose
 * kind is a table or view (the query asks for those kinds; other kinds are ignored, never mapped
 * to their table); column ranking only column hits. Related hits (added through shared entities,
 * not matched) are skipped.
 */
export function rankedKeys(hits: readonly RankedHit[], level: Level, source: string | readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const hit of hits) {
    if (hit.related) continue;
    if (level === 'table' ? !TABLE_KINDS.includes(hit.kind) : hit.kind !== 'column') continue;
    const ref = parseHitRef(hit.objectId, source);
    if (!ref) continue;
    const key = level === 'table' ? tableKey(ref.schema, ref.table) : ref.column === undefined ? null : columnKey(ref.schema, ref.table, ref.column);
    if (key === null || seen.has(key)) continue;
    seen.add(key);
    out.push(key);
  }
  return out;
}

/** Share of the gold keys found in the first k ranked keys (0 when there is no gold). */
export function recallAt(ranked: readonly string[], gold: ReadonlySet<string>, k: number): number {
  if (gold.size === 0) return 0;
  let found = 0;
  for (const key of ranked.slice(0, k)) if (gold.has(key)) found++;
  return found / gold.size;
}

/** 1 when every gold key is in the first k ranked keys, else 0. */
export function allAt(ranked: readonly string[], gold: ReadonlySet<string>, k: number): number {
  return gold.size > 0 && recallAt(ranked, gold, k) === 1 ? 1 : 0;
}

/** 1 / rank of the first gold key (1-based), or 0 when none is ranked. */
export function reciprocalRank(ranked: readonly string[], gold: ReadonlySet<string>): number {
  const i = ranked.findIndex((key) => gold.has(key));
  return i < 0 ? 0 : 1 / (i + 1);
}

export interface RankingScore {
  /** recall@k for each k of the ks given, in order. */
  recall: number[];
  /** all@k for each k. */
  all: number[];
  rr: number;
  /** 1 when the first ranked key lies in the gold keys' database (schema): routing accuracy. */
  routed: number;
}

export function scoreRanking(ranked: readonly string[], gold: ReadonlySet<string>, ks: readonly number[]): RankingScore {
  return {
    recall: ks.map((k) => recallAt(ranked, gold, k)),
    all: ks.map((k) => allAt(ranked, gold, k)),
    rr: reciprocalRank(ranked, gold),
    routed: ranked[0] !== undefined && [...gold].some((g) => databaseOf(g) === databaseOf(ranked[0]!)) ? 1 : 0,
  };
}

/** The database (schema) part of a `schema.table[.column]` key. */
const databaseOf = (key: string): string => key.slice(0, key.indexOf('.'));

export interface RankingSummary {
  /** Questions averaged (those with at least one gold key). */
  questions: number;
  /** Mean recall@k over questions, keyed by k. */
  recall: Record<number, number>;
  /** Share of questions with every gold key in the top k, keyed by k. */
  all: Record<number, number>;
  mrr: number;
  /** Share of questions whose first result lies in the gold database. */
  routing: number;
  /**
   * Micro-averaged recall@k: gold keys found over all gold keys of all questions (weights a
   * question by its number of gold keys); reported in JSON beside the per-question mean.
   */
  microRecall: Record<number, number>;
}

/**
 * Means over questions. Recall@k is the per-question share averaged over questions, like the
 * README's reference rows; questions with no gold key (some Spider questions reference no column,
 * e.g. `count(*)`) are left out of that level.
 */
export function summarize(items: ReadonlyArray<{ score: RankingScore; gold: number }>, ks: readonly number[]): RankingSummary {
  const counted = items.filter((i) => i.gold > 0);
  const n = counted.length;
  const mean = (f: (i: (typeof counted)[number]) => number) => (n === 0 ? NaN : counted.reduce((s, i) => s + f(i), 0) / n);
  const goldTotal = counted.reduce((s, i) => s + i.gold, 0);
  const recall: Record<number, number> = {};
  const all: Record<number, number> = {};
  const microRecall: Record<number, number> = {};
  ks.forEach((k, j) => {
    recall[k] = mean((i) => i.score.recall[j]!);
    all[k] = mean((i) => i.score.all[j]!);
    microRecall[k] = goldTotal === 0 ? NaN : counted.reduce((s, i) => s + i.score.recall[j]! * i.gold, 0) / goldTotal;
  });
  return { questions: n, recall, all, mrr: mean((i) => i.score.rr), routing: mean((i) => i.score.routed), microRecall };
}

/** Query text of a setting: the question, or the question and the BIRD evidence hint. */
export function queryText(question: string, evidence: string | undefined, withEvidence: boolean): string {
  const e = withEvidence ? (evidence ?? '').trim() : '';
  return e ? `${question.trim()} ${e}` : question.trim();
}
