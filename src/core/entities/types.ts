/**
 * @module core/entities/types
 * Entities: normalized concepts found in chunks, linked to them with a confidence. The mention
 * types live in ports/catalog.ts (stores persist them); what extraction reads is defined here.
 */

export type { EntityMention, NerType, SemanticType } from '../../ports/catalog.js';

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
