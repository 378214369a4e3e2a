/**
 * @module presentations/text/edge-note
 * What an edge's attributes say beside it, the same in every presentation: the line a code file
 * names its target on, the ORM it names it through, and what the file does to a table
 * (`line 115, prisma, declares, writes`).
 */
import { ACCESS_VERBS, accessesOf } from '../../ports/code.js';

/** The edge's notes in order; empty when it has none. */
export function edgeNotes(attributes: Readonly<Record<string, unknown>>): string[] {
  const access = accessesOf(attributes.access);
  return [
    // a join code declares sits in another file than either table: `app:code_file:prisma/schema.prisma line 81`
    typeof attributes.line === 'number' ? `${typeof attributes.file === 'string' ? `${attributes.file} ` : ''}line ${attributes.line}` : '',
    typeof attributes.via === 'string' ? attributes.via : '',
    ...access.map((a) => ACCESS_VERBS[a]),
  ].filter(Boolean);
}

/** ` (line 115, writes)`, or nothing. */
export function edgeNote(attributes: Readonly<Record<string, unknown>>): string {
  const notes = edgeNotes(attributes);
  return notes.length ? ` (${notes.join(', ')})` : '';
}

/** A foreign key's columns, ` (from_account_id → id)`, or nothing: two keys to one table are told apart by them. */
export function edgeColumns(attributes: Readonly<Record<string, unknown>>): string {
  if (!Array.isArray(attributes.columns)) return '';
  const referenced = Array.isArray(attributes.referencedColumns) ? (attributes.referencedColumns as unknown[]) : [];
  return ` (${(attributes.columns as unknown[]).join(', ')} → ${referenced.join(', ')})`;
}
