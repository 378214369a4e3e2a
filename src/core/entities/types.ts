/**
 * @module core/entities/types
 * Entities: normalized concepts found in chunks, linked to them with a confidence.
 */

/** Linguistic role: a thing, a property, an operation, or a compound phrase. */
export type SemanticType = 'CONCEPT' | 'ATTRIBUTE' | 'ACTION' | 'TERM';

/** Named-entity class when the entity came from NER over prose; null otherwise. */
export type NerType = 'ORG' | 'PERSON' | 'PRODUCT' | 'GPE' | 'EVENT';

export interface EntityMention {
  /** Normalized: lower case, head noun singular, acronyms keep their case (`API key`). */
  name: string;
  /** For display: title case, acronyms kept (`API Key`, `Acme Corp`). */
  displayName: string;
  semanticType: SemanticType;
  nerType: NerType | null;
  /** 0..1: how sure the extractor is that this chunk is about this entity. */
  confidence: number;
}

/** What extraction reads from one chunk. */
export interface EntityInput {
  kind: string;
  /** The object's identifier as the system spells it (`customer_orders`, `getUserById`, `/api/v1/users/{id}`). */
  name: string;
  comment?: string | null;
  /** DDL-ish text: view SQL, function signature. Only identifiers are read from it. */
  definition?: string | null;
  /** Human-written (possibly inherited) context. */
  context?: string | null;
}
