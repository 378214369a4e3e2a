/**
 * @module core/search/routing
 * Route, then rank: before tables are ranked, every database (a source's schema) is scored by the
 * evidence its tables and columns collect for the question, like a document made of all its
 * names and comments. Each query term is looked up on its own; a database earns the term's
 * weight (rarer across databases: heavier) when any of its tables or columns matches it. The
 * ranked databases then support the table ranking, and the share of the question's weight the
 * best database explains (its coverage) says how well the index answers the question at all.
 */
import { RELATION_KINDS } from '../../ports/catalog.js';
import type { ChunkFilter, LexicalQuery, ScoredChunk } from '../../ports/store.js';
import type { LexicalTerms } from '../../ports/store.js';

/** Matches looked at per term: a term matched by more chunks than this is common anyway. */
const ROUTE_DEPTH = 400;

export interface DatabaseRoute {
  /** `<source>:<schema>`. */
  database: string;
  /** Σ over the query terms of its best table's or column's BM25 for the term. */
  score: number;
  /** Share (0..1) of the query terms' weights it matches: how much of the question it explains. */
  coverage: number;
}

export interface Routing {
  /** Databases, best first (score, then name). */
  routes: DatabaseRoute[];
  /** Σ weights of every query term. */
  totalWeight: number;
  /** Coverage (0..1) of every group that matched a term: databases and other chunks by id. */
  coverage: ReadonlyMap<string, number>;
  /** Databases the search covers. */
  databases: number;
}

/** The group a chunk's matches count for: its database, or the chunk itself. */
export const groupOf = (chunkId: string): string => databaseOf(chunkId) ?? chunkId;

/**
 * The database a relation or column id lies in (`<source>:<schema>`), or null for other kinds
 * (documents, API operations, terms: each is then its own group).
 */
export function databaseOf(id: string): string | null {
  const first = id.indexOf(':');
  const second = first < 0 ? -1 : id.indexOf(':', first + 1);
  if (second < 0) return null;
  const kind = id.slice(first + 1, second);
  if (kind !== 'column' && !RELATION_KINDS.includes(kind)) return null;
  const path = id.slice(second + 1);
  const dot = path.indexOf('.');
  return dot > 0 ? `${id.slice(0, first)}:${path.slice(0, dot)}` : null;
}

/**
 * Scores databases from per-term matches. `matches[i]` are the chunks matching term i (BM25, higher
 * better); `databases` is how many databases the search covers. A database's score sums, over the
 * terms, its best chunk's BM25 for the term (one document per database, each term counted once:
 * BIRD question db@1 0.750 → 0.797 over counting presence, dev). Its coverage is the share of the
 * terms' weights it matches, a term weighing ln(1 + databases / df) with df the databases it
 * matches; a term matched nowhere weighs most, so a question about something the index lacks
 * is poorly covered by every database.
 */
export function scoreDatabases(matches: ReadonlyArray<readonly ScoredChunk[]>, databases: number): Routing {
  const scores = new Map<string, { score: number; weight: number; database: boolean }>();
  const perTerm = matches.map((hits) => {
    const best = new Map<string, number>();
    for (const h of hits) {
      const group = groupOf(h.chunkId);
      best.set(group, Math.max(best.get(group) ?? 0, Math.abs(h.score)));
    }
    return best;
  });
  const n = Math.max(1, databases, new Set(perTerm.flatMap((b) => [...b.keys()])).size);
  let totalWeight = 0;
  for (const best of perTerm) {
    const weight = Math.log(1 + n / Math.max(1, best.size));
    totalWeight += weight;
    for (const [group, bm25] of best) {
      const entry = scores.get(group) ?? { score: 0, weight: 0, database: group.indexOf(':') === group.lastIndexOf(':') };
      entry.score += bm25;
      entry.weight += weight;
      scores.set(group, entry);
    }
  }
  const share = (w: number) => (totalWeight > 0 ? w / totalWeight : 0);
  const routes = [...scores]
    .filter(([, s]) => s.database)
    .map(([database, s]) => ({ database, score: s.score, coverage: share(s.weight) }))
    .sort((a, b) => b.score - a.score || (a.database < b.database ? -1 : 1));
  return { routes, totalWeight, coverage: new Map([...scores].map(([group, s]) => [group, share(s.weight)])), databases };
}

/**
 * How decisive a routing is (0..1): the first database's lead over the second, relative to its
 * score; 0 when the search covers one database (routing then tells nothing apart).
 */
export function routingMargin(routing: Routing): number {
  const [first, second] = routing.routes;
  if (routing.databases <= 1 || !first || first.score <= 0) return 0;
  return (first.score - (second?.score ?? 0)) / first.score;
}

/** Candidates ordered by their database's route (routed databases first), then by their own order. */
export function routedOrder(candidates: readonly string[], routing: Routing, databases = 1): string[] {
  const rank = new Map(routing.routes.slice(0, databases).map((r, i) => [r.database, i]));
  return candidates
    .map((id, i) => ({ id, i, r: rank.get(databaseOf(id) ?? '') }))
    .filter((c): c is { id: string; i: number; r: number } => c.r !== undefined)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((c) => c.id);
}

export interface RoutingReader {
  lexicalSearch(query: LexicalQuery): Promise<ScoredChunk[]>;
  /** How many databases (schemas) the filter covers. */
  countDatabases(filter: ChunkFilter): Promise<number>;
}

/**
 * Routes a query: one lexical lookup per term over tables and columns (and the other kinds the
 * search asks for, so any top hit has a coverage), then `scoreDatabases`.
 */
export async function routeQuery(reader: RoutingReader, terms: LexicalTerms | null, filter: ChunkFilter): Promise<Routing> {
  if (!terms) return { routes: [], totalWeight: 0, coverage: new Map(), databases: 0 };
  const scoped: ChunkFilter = filter.kinds ? { ...filter, kinds: [...new Set([...filter.kinds, ...RELATION_KINDS, 'column'])] } : filter;
  const [databases, ...matches] = await Promise.all([
    reader.countDatabases(filter),
    ...terms.terms.map((forms) => reader.lexicalSearch({ ...scoped, terms: [forms], limit: ROUTE_DEPTH })),
  ]);
  return scoreDatabases(matches, databases);
}
