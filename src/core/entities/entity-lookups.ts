/**
 * @module core/entities/entity-lookups
 * The search service's entity hooks over a store: related chunks through shared rare entities
 * (related.ts on the store's entity neighbourhood of the hits) and entity names for `--explain`.
 */
import type { ChunkFilter, ChunkIndex, EntityIndex } from '../../ports/store.js';
import { defaultMaxDf, relatedByEntities } from './related.js';

export interface EntityLookups {
  /** Ids of chunks related to `hitIds` (best first), at most `cap`, never a hit. Deterministic. */
  related(hitIds: readonly string[], filter: ChunkFilter, cap: number): Promise<string[]>;
  /** Entity names per chunk, strongest first. */
  entitiesOf(chunkIds: readonly string[]): Promise<Map<string, string[]>>;
}

export function createEntityLookups(store: EntityIndex & ChunkIndex): EntityLookups {
  return {
    async related(hitIds, filter, cap) {
      if (hitIds.length === 0 || cap <= 0) return [];
      // IDF over what the caller can see: base chunks plus its projects and session
      const totalChunks = await store.countChunks({ projects: filter.projects ?? [], session: filter.session ?? null });
      const maxDf = defaultMaxDf(totalChunks);
      const { links, df } = await store.entityLinks(hitIds, filter, { maxDf });
      return relatedByEntities(hitIds, links, df, { cap, totalChunks, maxDf }).map((r) => r.id);
    },
    async entitiesOf(chunkIds) {
      const links = await store.entitiesOf(chunkIds);
      return new Map([...links].map(([id, entities]) => [id, entities.map((e) => e.name)]));
    },
  };
}
