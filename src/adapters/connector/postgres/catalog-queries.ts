/**
 * @module adapters/connector/postgres/catalog-queries: the set-based catalog SQL (one statement per object family) and its row shapes.
 * Every statement reads only system catalogs: never a user table. `$1` is the included schemas
 * (`text[]`, empty = all); system schemas and extension-owned objects are always left out.
 */

/** Schemas in scope: not system, included (when a list is given), not created by an extension. */
const SCHEMA_IN_SCOPE = `n.nspname !~ '^pg_' AND n.nspname <> 'information_schema'
  AND (cardinality($1::text[]) = 0 OR n.nspname = ANY($1::text[]))
  AND NOT EXISTS (SELECT 1 FROM pg_depend x WHERE x.classid = 'pg_namespace'::regclass AND x.objid = n.oid AND x.deptype = 'e')`;

const notExtension = (catalog: string, oid: string): string =>
  `NOT EXISTS (SELECT 1 FROM pg_depend x WHERE x.classid = '${catalog}'::regclass AND x.objid = ${oid} AND x.deptype = 'e')`;

const RELKINDS = `('r', 'p', 'f', 'v', 'm')`;

/** Relations in scope, aliased `c` (pg_class) and `n` (pg_namespace). */
const RELATION_IN_SCOPE = `c.relkind IN ${RELKINDS} AND ${SCHEMA_IN_SCOPE} AND ${notExtension('pg_class', 'c.oid')}`;

const comment = (alias: string, catalog: string, oid: string, sub = '0'): string =>
  `LEFT JOIN pg_description ${alias} ON ${alias}.objoid = ${oid} AND ${alias}.classoid = '${catalog}'::regclass AND ${alias}.objsubid = ${sub}`;

/** Column names of `keys` (an int2[] of attnums of `rel`), in key order. */
const attnames = (keys: string, rel: string): string =>
  `ARRAY(SELECT a.attname::text FROM unnest(${keys}) WITH ORDINALITY k(attnum, ord)
     JOIN pg_attribute a ON a.attrelid = ${rel} AND a.attnum = k.attnum ORDER BY k.ord)`;

export interface ServerRow {
  database: string;
  server_version: string;
  version_num: number;
}

export const SERVER_SQL = `SELECT current_database() AS database, current_setting('server_version') AS server_version,
  current_setting('server_version_num')::int AS version_num`;

export interface SchemaRow {
  name: string;
  owner: string;
  comment: string | null;
}

export const SCHEMAS_SQL = `SELECT n.nspname AS name, pg_get_userbyid(n.nspowner) AS owner, d.description AS comment
FROM pg_namespace n ${comment('d', 'pg_namespace', 'n.oid')}
WHERE ${SCHEMA_IN_SCOPE}
ORDER BY n.nspname`;

export interface RelationRow {
  oid: number;
  schema: string;
  name: string;
  /** r table, p partitioned table, f foreign table, v view, m materialized view. */
  relkind: string;
  owner: string;
  reltuples: number;
  definition: string | null;
  parent_schema: string | null;
  parent_name: string | null;
  parent_relkind: string | null;
  partition_bound: string | null;
  partition_key: string | null;
  foreign_server: string | null;
  populated: boolean;
  comment: string | null;
}

export const RELATIONS_SQL = `SELECT c.oid, n.nspname AS schema, c.relname AS name, c.relkind::text AS relkind,
  pg_get_userbyid(c.relowner) AS owner, c.reltuples::float8 AS reltuples,
  CASE WHEN c.relkind IN ('v', 'm') THEN pg_get_viewdef(c.oid, true) END AS definition,
  pn.nspname AS parent_schema, pc.relname AS parent_name, pc.relkind::text AS parent_relkind,
  CASE WHEN c.relispartition THEN pg_get_expr(c.relpartbound, c.oid, true) END AS partition_bound,
  CASE WHEN c.relkind = 'p' THEN pg_get_partkeydef(c.oid) END AS partition_key,
  fs.srvname AS foreign_server, c.relispopulated AS populated, d.description AS comment
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_inherits i ON c.relispartition AND i.inhrelid = c.oid
LEFT JOIN pg_class pc ON pc.oid = i.inhparent
LEFT JOIN pg_namespace pn ON pn.oid = pc.relnamespace
LEFT JOIN pg_foreign_table ft ON ft.ftrelid = c.oid
LEFT JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
${comment('d', 'pg_class', 'c.oid')}
WHERE ${RELATION_IN_SCOPE}
ORDER BY n.nspname, c.relname`;

export interface ColumnRow {
  rel_oid: number;
  position: number;
  name: string;
  data_type: string;
  nullable: boolean;
  default: string | null;
  generated: string | null;
  /** '' none, 'a' always, 'd' by default. */
  identity: string;
  comment: string | null;
}

export const COLUMNS_SQL = `SELECT a.attrelid AS rel_oid, a.attnum AS position, a.attname AS name,
  format_type(a.atttypid, a.atttypmod) AS data_type, NOT a.attnotnull AS nullable,
  CASE WHEN a.attgenerated = '' THEN pg_get_expr(ad.adbin, ad.adrelid, true) END AS "default",
  CASE WHEN a.attgenerated <> '' THEN pg_get_expr(ad.adbin, ad.adrelid, true) END AS generated,
  a.attidentity::text AS identity, d.description AS comment
FROM pg_attribute a
JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
${comment('d', 'pg_class', 'a.attrelid', 'a.attnum')}
WHERE a.attnum > 0 AND NOT a.attisdropped AND ${RELATION_IN_SCOPE}
ORDER BY a.attrelid, a.attnum`;

export interface ConstraintRow {
  rel_oid: number;
  name: string;
  /** p primary key, u unique, f foreign key, c check, x exclusion. */
  type: string;
  columns: string[];
  ref_schema: string | null;
  ref_table: string | null;
  ref_relkind: string | null;
  ref_columns: string[];
  /** FK actions: a no action, r restrict, c cascade, n set null, d set default; ' ' otherwise. */
  on_delete: string;
  on_update: string;
  deferrable: boolean;
  validated: boolean;
  definition: string;
  comment: string | null;
}

export const CONSTRAINTS_SQL = `SELECT co.conrelid AS rel_oid, co.conname AS name, co.contype::text AS type,
  ${attnames('co.conkey', 'co.conrelid')} AS columns,
  rn.nspname AS ref_schema, rc.relname AS ref_table, rc.relkind::text AS ref_relkind,
  ${attnames('co.confkey', 'co.confrelid')} AS ref_columns,
  co.confdeltype::text AS on_delete, co.confupdtype::text AS on_update,
  co.condeferrable AS deferrable, co.convalidated AS validated,
  pg_get_constraintdef(co.oid, true) AS definition, d.description AS comment
FROM pg_constraint co
JOIN pg_class c ON c.oid = co.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_class rc ON rc.oid = co.confrelid
LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
${comment('d', 'pg_constraint', 'co.oid')}
WHERE co.contype IN ('p', 'u', 'f', 'c', 'x') AND ${RELATION_IN_SCOPE}
ORDER BY co.conrelid, co.conname`;

export interface IndexRow {
  rel_oid: number;
  name: string;
  unique: boolean;
  primary: boolean;
  method: string;
  columns: string[];
  include: string[];
  predicate: string | null;
  definition: string;
  comment: string | null;
}

/** Key column `ord` of index `i`: the column name, or the expression text for expression keys. */
const indexKeys = (where: string): string =>
  `ARRAY(SELECT CASE WHEN k.attnum > 0 THEN a.attname::text ELSE pg_get_indexdef(i.indexrelid, k.ord::int, true) END
     FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
     LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
     WHERE ${where} ORDER BY k.ord)`;

export const INDEXES_SQL = `SELECT i.indrelid AS rel_oid, ic.relname AS name, i.indisunique AS "unique",
  i.indisprimary AS "primary", am.amname AS method,
  ${indexKeys('k.ord <= i.indnkeyatts')} AS columns,
  ${indexKeys('k.ord > i.indnkeyatts')} AS include,
  pg_get_expr(i.indpred, i.indrelid, true) AS predicate,
  pg_get_indexdef(i.indexrelid) AS definition, d.description AS comment
FROM pg_index i
JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
${comment('d', 'pg_class', 'i.indexrelid')}
WHERE ${RELATION_IN_SCOPE}
ORDER BY i.indrelid, ic.relname`;

export interface SequenceRow {
  schema: string;
  name: string;
  data_type: string;
  start: string;
  increment: string;
  min: string;
  max: string;
  cycle: boolean;
  owned_schema: string | null;
  owned_table: string | null;
  owned_column: string | null;
  /** 'a' owned (serial / OWNED BY), 'i' identity column, null free-standing. */
  owned_kind: string | null;
  comment: string | null;
}

export const SEQUENCES_SQL = `SELECT n.nspname AS schema, c.relname AS name, format_type(s.seqtypid, NULL) AS data_type,
  s.seqstart::text AS start, s.seqincrement::text AS increment, s.seqmin::text AS min, s.seqmax::text AS max,
  s.seqcycle AS cycle, own.owned_schema, own.owned_table, own.owned_column, own.owned_kind, d.description AS comment
FROM pg_sequence s
JOIN pg_class c ON c.oid = s.seqrelid JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN LATERAL (
  SELECT on_.nspname AS owned_schema, oc.relname AS owned_table, oa.attname AS owned_column, dep.deptype::text AS owned_kind
  FROM pg_depend dep
  JOIN pg_class oc ON oc.oid = dep.refobjid JOIN pg_namespace on_ ON on_.oid = oc.relnamespace
  JOIN pg_attribute oa ON oa.attrelid = dep.refobjid AND oa.attnum = dep.refobjsubid
  WHERE dep.classid = 'pg_class'::regclass AND dep.objid = c.oid AND dep.refclassid = 'pg_class'::regclass
    AND dep.deptype IN ('a', 'i')
  LIMIT 1) own ON true
${comment('d', 'pg_class', 'c.oid')}
WHERE ${SCHEMA_IN_SCOPE} AND ${notExtension('pg_class', 'c.oid')}
ORDER BY n.nspname, c.relname`;

export interface TypeRow {
  schema: string;
  name: string;
  /** 'e' enum, 'd' domain. */
  type: string;
  values: string[] | null;
  base_type: string | null;
  not_null: boolean;
  default: string | null;
  checks: string[] | null;
  comment: string | null;
}

export const TYPES_SQL = `SELECT n.nspname AS schema, t.typname AS name, t.typtype::text AS type,
  CASE WHEN t.typtype = 'e' THEN ARRAY(SELECT e.enumlabel::text FROM pg_enum e WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder) END AS "values",
  CASE WHEN t.typtype = 'd' THEN format_type(t.typbasetype, t.typtypmod) END AS base_type,
  t.typnotnull AS not_null, t.typdefault AS "default",
  CASE WHEN t.typtype = 'd' THEN ARRAY(SELECT pg_get_constraintdef(k.oid, true) FROM pg_constraint k
    WHERE k.contypid = t.oid AND k.contype = 'c' ORDER BY k.conname) END AS checks,
  d.description AS comment
FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
${comment('d', 'pg_type', 't.oid')}
WHERE t.typtype IN ('e', 'd') AND ${SCHEMA_IN_SCOPE} AND ${notExtension('pg_type', 't.oid')}
ORDER BY n.nspname, t.typname`;

export interface RoutineRow {
  oid: number;
  schema: string;
  name: string;
  /** f function, p procedure, a aggregate, w window. */
  kind: string;
  identity_args: string;
  arguments: string;
  result: string | null;
  language: string;
  /** i immutable, s stable, v volatile. */
  volatility: string;
  body: string | null;
  comment: string | null;
}

/** Routine source text, capped at {@link BODY_LIMIT} characters (code, never data). */
export const BODY_LIMIT = 4000;

/** SQL-standard bodies (`BEGIN ATOMIC`, PostgreSQL 14+) leave `prosrc` empty. */
export function routinesSql(versionNum: number): string {
  const source = versionNum >= 140000 ? `COALESCE(NULLIF(p.prosrc, ''), pg_get_function_sqlbody(p.oid))` : `NULLIF(p.prosrc, '')`;
  return `SELECT p.oid, n.nspname AS schema, p.proname AS name, p.prokind::text AS kind,
  pg_get_function_identity_arguments(p.oid) AS identity_args, pg_get_function_arguments(p.oid) AS arguments,
  pg_get_function_result(p.oid) AS result, l.lanname AS language, p.provolatile::text AS volatility,
  CASE WHEN p.prokind <> 'a' THEN left(${source}, ${BODY_LIMIT}) END AS body, d.description AS comment
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
${comment('d', 'pg_proc', 'p.oid')}
WHERE ${SCHEMA_IN_SCOPE} AND ${notExtension('pg_proc', 'p.oid')}
ORDER BY n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)`;
}

export interface TriggerRow {
  rel_oid: number;
  name: string;
  definition: string;
  function_oid: number;
  function_schema: string;
  function_name: string;
  /** O origin/local, D disabled, R replica, A always. */
  enabled: string;
  comment: string | null;
}

export const TRIGGERS_SQL = `SELECT t.tgrelid AS rel_oid, t.tgname AS name, pg_get_triggerdef(t.oid, true) AS definition,
  t.tgfoid AS function_oid, fn.nspname AS function_schema, f.proname AS function_name,
  t.tgenabled::text AS enabled, d.description AS comment
FROM pg_trigger t
JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_proc f ON f.oid = t.tgfoid JOIN pg_namespace fn ON fn.oid = f.pronamespace
${comment('d', 'pg_trigger', 't.oid')}
WHERE NOT t.tgisinternal AND ${RELATION_IN_SCOPE}
ORDER BY t.tgrelid, t.tgname`;

export interface ViewDependencyRow {
  view_oid: number;
  ref_schema: string;
  ref_name: string;
  ref_relkind: string;
}

/** Relations each view or materialized view reads, through its rewrite rule. */
export const VIEW_DEPENDENCIES_SQL = `SELECT DISTINCT r.ev_class AS view_oid, rn.nspname AS ref_schema, rc.relname AS ref_name, rc.relkind::text AS ref_relkind
FROM pg_depend dep
JOIN pg_rewrite r ON r.oid = dep.objid
JOIN pg_class c ON c.oid = r.ev_class JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_class rc ON rc.oid = dep.refobjid JOIN pg_namespace rn ON rn.oid = rc.relnamespace
WHERE dep.classid = 'pg_rewrite'::regclass AND dep.refclassid = 'pg_class'::regclass AND dep.deptype = 'n'
  AND dep.refobjid <> r.ev_class AND rc.relkind IN ${RELKINDS} AND ${RELATION_IN_SCOPE}
ORDER BY 1, 2, 3, 4`;

/** Everything the catalog queries return, before scope filtering and mapping. */
export interface CatalogRows {
  server: ServerRow;
  schemas: SchemaRow[];
  relations: RelationRow[];
  columns: ColumnRow[];
  constraints: ConstraintRow[];
  indexes: IndexRow[];
  sequences: SequenceRow[];
  types: TypeRow[];
  routines: RoutineRow[];
  triggers: TriggerRow[];
  viewDependencies: ViewDependencyRow[];
}
