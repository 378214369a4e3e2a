/**
 * @module presentations/text/spelling-text
 * The line a text answer gives a search that corrected or could correct the query's spelling
 * (core/search/spelling.ts), for the CLI, the REPL and MCP alike. `asTyped` names how that
 * presentation searches the query as typed.
 */
import type { SearchResult } from '../../core/search/types.js';

export function spellingLine(result: Pick<SearchResult, 'query' | 'suggestion' | 'correctedFrom'>, asTyped: string): string | null {
  if (result.correctedFrom) return `showing results for "${result.query}": nothing matched "${result.correctedFrom}" well (${asTyped} searches it as typed)`;
  if (result.suggestion) return `did you mean "${result.suggestion}"?`;
  return null;
}
