/**
 * @module core/engine-deps
 * What the engine is built from. `app.ts` chooses the adapters; core only sees the ports.
 */
import type { AddSourceInput } from './sources.js';
import type { Connector } from '../ports/connector.js';
import type { DocumentImporter } from '../ports/documents.js';
import type { Embedder } from '../ports/embedder.js';
import type { Llm, LlmSettings } from '../ports/llm.js';
import type { Reranker } from '../ports/reranker.js';
import type { SourceKind } from '../ports/source-kind.js';
import type { Store } from '../ports/store.js';
import type { RankerModels } from './search/learned-ranker.js';

export interface EngineDeps {
  store: Store;
  /** Connectors by source type (`postgres`, `graphql`, …). */
  connectors: ReadonlyMap<string, Connector>;
  /** Source families (object kinds, chunk texts, options) in the order URL inference tries them; default: SQL and GraphQL. */
  kinds?: readonly SourceKind[];
  /** Lazily opens the configured embedder; null when vectors are disabled. */
  embedder: () => Promise<Embedder | null>;
  /** Optional advisory reranker (the rerank hook command). */
  rerank?: Reranker | null;
  /** Learned ranker weights (core/search/learned-ranker.ts); RRF alone when absent. */
  ranker?: RankerModels | null;
  /** Lexical field transform (identifier splitting, word forms). */
  lexical?: (text: string) => string;
  /** Lazily opens the configured chat model (glossary inference); null when none is configured. */
  /** The chat model; `settings` override the configured endpoint for one command. */
  llm?: (settings?: LlmSettings) => Promise<Llm | null>;
  /** Sources declared in the configuration (document sources), registered or brought up to date by `update`; may throw CONFIG_INVALID. */
  declaredSources?: () => readonly AddSourceInput[];
  /** Reads session documents from a path (inside `workspaceRoot`) or a URL; absent: only text. */
  documentImporter?: DocumentImporter;
  workspaceRoot?: string | null;
}
