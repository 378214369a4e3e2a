/**
 * @module core/glossary
 * The engine's glossary API (`engine.glossary`): terms, SQL validation, history, re-validation
 * after schema changes, aliases for query expansion.
 */
import { createGlossaryService, type GlossaryDeps } from './glossary-service.js';

export type { GlossaryDeps } from './glossary-service.js';
export * from './types.js';

export function createGlossary(deps: GlossaryDeps) {
  return createGlossaryService(deps);
}

export type Glossary = ReturnType<typeof createGlossary>;
