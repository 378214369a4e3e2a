/**
 * @module core/kinds/sql/sql-kind
 * The SQL database family (`postgres` sources): options, object kinds, chunks, and foreign keys
 * as the join edges structure ranking follows.
 */
import { z } from 'zod';
import { RELATION_KINDS } from '../../../ports/catalog.js';
import type { ObjectKindSpec, SourceKind } from '../../../ports/source-kind.js';
import { sqlChunkParts } from './sql-chunks.js';

const RELATION_LABELS: Record<string, string> = {
  table: 'table',
  partitioned_table: 'partitioned table',
  foreign_table: 'foreign table',
  view: 'view',
  materialized_view: 'materialized view',
};

// Order matters: a `sextant://source/<path>` naming several objects resolves to the first kind.
const OBJECT_KINDS: readonly ObjectKindSpec[] = [
  ...RELATION_KINDS.map((kind) => ({ kind, label: RELATION_LABELS[kind] ?? kind, chunked: true, pathResolvable: true, listed: true })),
  { kind: 'function', label: 'function', chunked: true, pathResolvable: true, listed: true },
  { kind: 'procedure', label: 'procedure', chunked: true, pathResolvable: true, listed: true },
  { kind: 'column', label: 'column', chunked: true, pathResolvable: true },
  { kind: 'enum', label: 'enum type', chunked: true, pathResolvable: true, listed: true },
  { kind: 'domain', label: 'domain type', chunked: true, pathResolvable: true, listed: true },
  { kind: 'sequence', label: 'sequence', chunked: false, pathResolvable: true, listed: true },
  { kind: 'schema', label: 'schema', chunked: true, pathResolvable: true, listed: true },
  { kind: 'constraint', label: 'constraint', chunked: false },
  { kind: 'index', label: 'index', chunked: false },
  { kind: 'trigger', label: 'trigger', chunked: false },
];

const LABELS = new Map(OBJECT_KINDS.map((k) => [k.kind, k.label]));
const labelOf = (kind: string) => LABELS.get(kind) ?? kind;

// `flag` and `placeholder` name the `source add` option (default: the key in kebab case, `<VAR>`).
export const sqlOptions = z.object({
  schemas: z
    .array(z.string())
    .optional()
    .meta({ description: 'schema to include (repeatable; default: all non-system schemas)', flag: 'schema', placeholder: 'schema' }),
  skipPatterns: z
    .array(z.string())
    .optional()
    .meta({ description: 'skip objects whose name or schema.name matches (repeatable)', flag: 'skip-pattern', placeholder: 'glob' }),
  passwordEnv: z.string().optional().describe('read the password from this environment variable'),
  allowExtraPrivileges: z
    .boolean()
    .optional()
    .describe('accept a role with more than read privileges for update and glossary SQL (use a read-only role instead)'),
  allowDefiner: z
    .array(z.string())
    .optional()
    .meta({ description: 'trust this SECURITY DEFINER function in glossary SQL (repeatable)', flag: 'allow-definer', placeholder: 'schema.function' }),
});

export const sqlKind: SourceKind = {
  family: 'sql',
  sourceTypes: [
    { type: 'postgres', description: 'PostgreSQL database (postgres:// connection string)', matchesUrl: (url) => /^postgres(ql)?:\/\//i.test(url) },
  ],
  options: sqlOptions,
  objectKinds: OBJECT_KINDS,
  chunkParts: (object, around, context) => [sqlChunkParts(object, around, context, labelOf)],
  joinEdgeKinds: ['foreign_key'],
};
