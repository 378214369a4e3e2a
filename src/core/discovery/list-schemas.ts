/**
 * @module core/discovery/list-schemas
 * Stepwise discovery, first step below a source: its schemas with how many objects each holds.
 */
import type { DiscoveryEngine } from './describe.js';

export interface SchemaSummary {
  id: string;
  name: string;
  comment: string | null;
  /** Direct members: relations, routines, types, sequences. */
  objects: number;
}

export interface SchemaPage {
  source: string;
  schemas: SchemaSummary[];
  total: number;
  nextCursor: string | null;
}

export async function listSchemas(engine: DiscoveryEngine, source: string, options: { cursor?: string; limit?: number } = {}): Promise<SchemaPage> {
  const page = await engine.listObjects({ source, kinds: ['schema'], limit: options.limit ?? 50, ...(options.cursor ? { cursor: options.cursor } : {}) });
  const schemas: SchemaSummary[] = [];
  for (const s of page.items) {
    const members = await engine.listObjects({ parentId: s.id, limit: 1 });
    schemas.push({ id: s.id, name: s.path, comment: s.comment, objects: members.total });
  }
  return { source, schemas, total: page.total, nextCursor: page.nextCursor };
}
