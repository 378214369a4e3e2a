/**
 * @module presentations/text/edge-note
 * What an edge's attributes say beside it, the same in every presentation: the line a code file
 * names its target on, the ORM it names it through, and what the file does to a table
 * (`line 115, prisma, declares, writes`).
 */
import type { TableAccess } from '../../ports/code.js';

const ACCESS_WORDS: Record<TableAccess, string> = { read: 'reads', write: 'writes', schema: 'declares' };

/** The edge's notes in order; empty when it has none. */
export function edgeNotes(attributes: Readonly<Record<string, unknown>>): string[] {
  const access = Array.isArray(attributes.access)
    ? (attributes.access as unknown[]).filter((a): a is TableAccess => typeof a === 'string' && a in ACCESS_WORDS)
    : [];
  return [
    typeof attributes.line === 'number' ? `line ${attributes.line}` : '',
    typeof attributes.via === 'string' ? attributes.via : '',
    ...access.map((a) => ACCESS_WORDS[a]),
  ].filter(Boolean);
}

/** ` (line 115, writes)`, or nothing. */
export function edgeNote(attributes: Readonly<Record<string, unknown>>): string {
  const notes = edgeNotes(attributes);
  return notes.length ? ` (${notes.join(', ')})` : '';
}
