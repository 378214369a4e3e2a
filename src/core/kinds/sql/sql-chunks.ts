/**
 * @module core/kinds/sql/sql-chunks
 * Chunk text for SQL objects (relations, columns, routines, schemas, types): lexical fields
 * hold split identifiers and spelled-out abbreviations; the text tells the embedder what it is.
 */
import { RELATION_KINDS, type CatalogObject } from '../../../ports/catalog.js';
import type { ChunkFields, SnapshotNeighbourhood } from '../../../ports/source-kind.js';
import { SCHEMA_ABBREVIATIONS, fullFormIn, fullForms } from '../../../kernel/text/abbreviations.js';
import { splitIdentifier, splitText } from '../../../kernel/text/identifiers.js';
import { columnAttributes, enumAttributes } from './sql-attributes.js';

/**
 * Spells out schema abbreviations found in identifiers (`qty` → quantity, `cust` → customer),
 * appended at index time so a question in plain words finds cryptic legacy names. Done on the
 * index side only: expanding every plain query word into its abbreviations (number → no, nbr)
 * added noise and lowered recall on the schema-linking benchmark.
 */
export function spellOutAbbreviations(identifiers: string): string {
  const extra = fullForms(splitText(identifiers), (word) => fullFormIn(SCHEMA_ABBREVIATIONS, word));
  return extra.length ? `${identifiers} ${extra.join(' ')}` : identifiers;
}

function words(identifier: string): string {
  return splitIdentifier(identifier).join(' ');
}

function columnLine(col: CatalogObject): string {
  const a = columnAttributes(col);
  const parts = [col.name, String(a.dataType ?? '')];
  if (a.isPrimaryKey) parts.push('primary key');
  if (a.nullable === false && !a.isPrimaryKey) parts.push('not null');
  if (typeof a.references === 'string') parts.push(`references ${a.references.split(':').pop()}`);
  return parts.filter(Boolean).join(' ');
}

interface SqlParts {
  definition: string;
  nameText: string;
  summary: string;
}

function relationParts(object: CatalogObject, around: SnapshotNeighbourhood): SqlParts {
  const columns = around
    .children(object.id)
    .filter((c) => c.kind === 'column')
    .sort((a, b) => Number(columnAttributes(a).position ?? 0) - Number(columnAttributes(b).position ?? 0));
  const columnNotes = columns.filter((c) => c.comment).map((c) => `${c.name}: ${c.comment}`);
  // Lexical fields hold what the relation is about: its columns and what they mean. Key
  // and reference lines stay out: every table that references `users` would otherwise
  // match "users" (measured on the schema-linking benchmark); they live in the edges.
  return {
    definition: [spellOutAbbreviations(columns.map((c) => c.name).join(' ')), columnNotes.join('; '), object.definition ?? ''].filter(Boolean).join('\n'),
    nameText: `${object.path} ${object.name}`,
    summary: `Columns: ${columns.map((c) => words(c.name)).join(', ')}.`,
  };
}

function columnParts(object: CatalogObject, around: SnapshotNeighbourhood, labelOf: (kind: string) => string): SqlParts {
  const parent = object.parentId ? around.get(object.parentId) : undefined;
  const a = columnAttributes(object);
  return {
    definition: [columnLine(object), a.default ? `default ${String(a.default)}` : ''].filter(Boolean).join(' '),
    nameText: `${object.name} ${parent ? parent.path : object.path}`,
    summary: `Column of ${parent ? `${labelOf(parent.kind)} ${words(parent.name)}` : words(object.path)}, type ${String(a.dataType ?? 'unknown')}.${parent?.comment ? ` Table: ${parent.comment}` : ''}`,
  };
}

function schemaParts(object: CatalogObject, around: SnapshotNeighbourhood): SqlParts {
  const members = around
    .children(object.id)
    .map((c) => c.name)
    .sort();
  return { definition: members.join(' '), nameText: object.path, summary: `Contains ${members.map(words).join(', ')}.` };
}

/** Routines, enums, domains: their definition says what they are. */
export function definitionParts(object: CatalogObject): SqlParts {
  const definition = object.definition ?? '';
  const values = enumAttributes(object).values;
  return { definition, nameText: object.path, summary: `${definition}${Array.isArray(values) ? ` Values: ${values.join(', ')}.` : ''}` };
}

/** The one chunk of a SQL object; `labelOf` names kinds in text (`materialized view`). */
export function sqlChunkParts(object: CatalogObject, around: SnapshotNeighbourhood, context: string, labelOf: (kind: string) => string): ChunkFields {
  const parts = RELATION_KINDS.includes(object.kind)
    ? relationParts(object, around)
    : object.kind === 'column'
      ? columnParts(object, around, labelOf)
      : object.kind === 'schema'
        ? schemaParts(object, around)
        : definitionParts(object);
  const comment = object.comment ?? '';
  return {
    nameText: spellOutAbbreviations(parts.nameText),
    comment,
    definition: parts.definition,
    context,
    textParts: [`${labelOf(object.kind)} ${words(object.name)} (${object.path})`, comment, parts.summary, context],
  };
}
