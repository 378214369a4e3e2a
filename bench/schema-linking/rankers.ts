/**
 * The three rankers compared: the engine's lexical (`search`), vector (`vsearch`) and hybrid
 * (`query`) searches, called exactly as a presentation would.
 */
import type { Engine } from '../../src/core/engine.js';
import type { SearchOptions, SearchResult } from '../../src/core/search/types.js';

export const RANKERS = ['lexical', 'vector', 'hybrid'] as const;
export type RankerName = (typeof RANKERS)[number];
export type SearchFn = (query: string, options: SearchOptions) => Promise<SearchResult>;

export function bindRankers(engine: Engine): Record<RankerName, SearchFn> {
  return {
    lexical: (query, options) => engine.search(query, options),
    vector: (query, options) => engine.vsearch(query, options),
    hybrid: (query, options) => engine.query(query, options),
  };
}
