/**
 * @module core/entities/related
 * Related chunks: chunks that share rare entities with the search hits (a table found by a
 * query also brings the columns and documents that mention its concepts). Pure and
 * deterministic.
 *
 * Each entity shared with a hit weighs idf(e) × hitWeight, where idf(e) = ln(1 + N / df(e))
 * (N chunks in the index, df(e) chunks linked to e) and hitWeight = 1 / rank of the best hit
 * holding e (1 for the first hit, ½ for the second…). A candidate's score is the sum over the
 * entities it shares. Entities linked to a single chunk share nothing; entities linked to more
 * than `maxDf` chunks (default max(3, ⌈√N⌉)) say little and are ignored.
 */

export interface RelatedOptions {
  /** At most this many related chunks. */
  cap: number;
  /** N for the IDF; default `links.size` (give the index's chunk count when `links` is partial). */
  totalChunks?: number;
  /** Entities linked to more chunks than this are ignored. Default max(3, ⌈√N⌉). */
  maxDf?: number;
}

export interface RelatedChunk {
  id: string;
  score: number;
  /** Shared entity ids, strongest first. */
  entities: string[];
  /** The best-ranked hit it shares an entity with. */
  via: string;
}

const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Entities linked to more than this many of `totalChunks` chunks are ignored: max(3, ⌈√N⌉). */
export function defaultMaxDf(totalChunks: number): number {
  return Math.max(3, Math.ceil(Math.sqrt(Math.max(totalChunks, 1))));
}

/**
 * Chunks related to `hitIds` (best first) through shared entities, excluding the hits, best
 * first (ties by id), at most `cap`. `links` maps chunk id → entity ids and must hold the hits
 * and the candidates (a store can load just the chunks linked to the hits' entities);
 * `entityDf` gives each entity's chunk count over the whole index (missing: counted in `links`).
 */
export function relatedByEntities(
  hitIds: readonly string[],
  links: ReadonlyMap<string, ReadonlySet<string>>,
  entityDf: ReadonlyMap<string, number>,
  options: RelatedOptions,
): RelatedChunk[] {
  const cap = Math.max(0, Math.floor(options.cap));
  if (cap === 0 || hitIds.length === 0) return [];
  const total = Math.max(options.totalChunks ?? links.size, 1);
  const maxDf = options.maxDf ?? defaultMaxDf(total);

  let counted: Map<string, number> | null = null;
  const df = (entity: string): number => {
    const known = entityDf.get(entity);
    if (known !== undefined) return known;
    if (counted === null) {
      counted = new Map();
      for (const entities of links.values()) for (const e of entities) counted.set(e, (counted.get(e) ?? 0) + 1);
    }
    return counted.get(entity) ?? 0;
  };

  // entity → { strength, via } from the best-ranked hit holding it
  const hits = new Set(hitIds);
  const shared = new Map<string, { strength: number; via: string; rank: number }>();
  hitIds.forEach((hit, index) => {
    const entities = links.get(hit);
    if (entities === undefined) return;
    const hitWeight = 1 / (index + 1);
    for (const entity of entities) {
      const n = df(entity);
      if (n <= 1 || n > maxDf || shared.has(entity)) continue;
      shared.set(entity, { strength: Math.log(1 + total / n) * hitWeight, via: hit, rank: index });
    }
  });
  if (shared.size === 0) return [];

  const related: RelatedChunk[] = [];
  for (const [chunk, entities] of links) {
    if (hits.has(chunk)) continue;
    let bestRank = Number.POSITIVE_INFINITY;
    let via = '';
    const common: Array<[string, number]> = [];
    for (const entity of entities) {
      const s = shared.get(entity);
      if (s === undefined) continue;
      common.push([entity, s.strength]);
      if (s.rank < bestRank) {
        bestRank = s.rank;
        via = s.via;
      }
    }
    if (common.length === 0) continue;
    // summed in entity-id order, so equal sets give bit-identical scores whatever the Set order
    common.sort((a, b) => byId(a[0], b[0]));
    const score = common.reduce((sum, [, strength]) => sum + strength, 0);
    common.sort((a, b) => b[1] - a[1] || byId(a[0], b[0]));
    related.push({ id: chunk, score, entities: common.map(([e]) => e), via });
  }
  return related.sort((a, b) => b.score - a.score || byId(a.id, b.id)).slice(0, cap);
}
