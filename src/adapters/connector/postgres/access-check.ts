/** @module adapters/connector/postgres/access-check: checks a credential's inherited privileges against the read-only policy. */
import type { AccessFinding, AccessReport, SourceRecord } from '../../../ports/connector.js';
import { resolveTarget } from './dsn.js';
import { type Scope, createScope } from './scope.js';
import { type GuardOptions, withGuardedSession } from './session-guard.js';

/**
 * The login role and every role reachable through `pg_auth_members`. `inherits` says whether
 * the role's privileges apply without SET ROLE (pg_has_role … USAGE); any membership still
 * allows SET ROLE, so role attributes count either way.
 */
const ROLES_SQL = `WITH RECURSIVE chain(oid, depth, via, path) AS (
  SELECT r.oid, 0, NULL::oid, ARRAY[r.oid] FROM pg_roles r WHERE r.rolname = current_user
  UNION ALL
  SELECT m.roleid, c.depth + 1, c.oid, c.path || m.roleid
  FROM chain c JOIN pg_auth_members m ON m.member = c.oid
  WHERE NOT m.roleid = ANY(c.path) AND c.depth < 64
)
SELECT DISTINCT ON (r.rolname) r.rolname AS name, c.depth, v.rolname AS via,
  pg_has_role(current_user, r.oid, 'USAGE') AS inherits,
  r.rolsuper AS superuser, r.rolcreaterole AS createrole, r.rolcreatedb AS createdb,
  r.rolreplication AS replication, r.rolbypassrls AS bypassrls
FROM chain c JOIN pg_roles r ON r.oid = c.oid LEFT JOIN pg_roles v ON v.oid = c.via
ORDER BY r.rolname, c.depth`;

/** Write and create privileges on the database, schemas and relations; only rows with any. */
const PRIVILEGES_SQL = `SELECT * FROM (
  SELECT 'database' AS kind, NULL::text AS schema, current_database()::text AS name,
    CASE WHEN has_database_privilege(current_database(), 'CREATE') THEN ARRAY['CREATE'] ELSE ARRAY[]::text[] END AS privileges
  UNION ALL
  SELECT 'schema', n.nspname, n.nspname,
    CASE WHEN has_schema_privilege(n.oid, 'CREATE') THEN ARRAY['CREATE'] ELSE ARRAY[]::text[] END
  FROM pg_namespace n
  WHERE n.nspname !~ '^pg_' AND n.nspname <> 'information_schema' AND (cardinality($1::text[]) = 0 OR n.nspname = ANY($1::text[]))
  UNION ALL
  SELECT 'relation', n.nspname, c.relname, array_remove(ARRAY[
    CASE WHEN has_any_column_privilege(c.oid, 'INSERT') THEN 'INSERT' END,
    CASE WHEN has_any_column_privilege(c.oid, 'UPDATE') THEN 'UPDATE' END,
    CASE WHEN has_table_privilege(c.oid, 'DELETE') THEN 'DELETE' END,
    CASE WHEN has_table_privilege(c.oid, 'TRUNCATE') THEN 'TRUNCATE' END], NULL)
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p', 'f', 'v', 'm') AND n.nspname !~ '^pg_' AND n.nspname <> 'information_schema'
    AND (cardinality($1::text[]) = 0 OR n.nspname = ANY($1::text[]))
) p WHERE cardinality(p.privileges) > 0
ORDER BY 1, 2, 3`;

export interface RoleRow {
  name: string;
  depth: number;
  via: string | null;
  inherits: boolean;
  superuser: boolean;
  createrole: boolean;
  createdb: boolean;
  replication: boolean;
  bypassrls: boolean;
}

export interface PrivilegeRow {
  kind: 'database' | 'schema' | 'relation';
  schema: string | null;
  name: string;
  privileges: string[];
}

const ATTRIBUTES = [
  ['superuser', 'SUPERUSER', 'is a superuser'],
  ['createrole', 'CREATEROLE', 'can create roles (CREATEROLE)'],
  ['createdb', 'CREATEDB', 'can create databases (CREATEDB)'],
  ['replication', 'REPLICATION', 'can start replication (REPLICATION)'],
  ['bypassrls', 'BYPASSRLS', 'bypasses row-level security (BYPASSRLS)'],
] as const;

/** Predefined roles that grant writes or server file / program access. */
const DANGEROUS_ROLES: Record<string, [code: string, what: string]> = {
  pg_write_all_data: ['WRITE_ALL_DATA', 'may write every table'],
  pg_read_server_files: ['READ_SERVER_FILES', 'may read files on the database server'],
  pg_write_server_files: ['WRITE_SERVER_FILES', 'may write files on the database server'],
  pg_execute_server_program: ['EXECUTE_SERVER_PROGRAM', 'may run programs on the database server'],
};

/** Relation write findings listed one by one before the rest are summarised. */
export const MAX_LISTED_TABLES = 50;

function membership(role: RoleRow, login: string): string {
  const how = role.inherits ? 'inherits from' : 'can SET ROLE to';
  return role.via && role.via !== login ? `${how} ${role.name} (via ${role.via})` : `${how} ${role.name}`;
}

/** Pure policy: role rows and privilege rows in, findings out. Fail findings make `ok` false. */
export function evaluateAccess(roles: RoleRow[], privileges: PrivilegeRow[], scope: Scope): AccessReport {
  const login = roles.find((r) => r.depth === 0)?.name ?? 'unknown';
  const findings: AccessFinding[] = [];
  for (const role of [...roles].sort((a, b) => a.depth - b.depth || (a.name < b.name ? -1 : 1))) {
    const subject = role.depth === 0 ? `role ${login}` : `role ${login} ${membership(role, login)}, which`;
    for (const [flag, code, what] of ATTRIBUTES) {
      if (role[flag]) findings.push({ code, severity: 'fail', message: `${subject} ${what}` });
    }
    if (role.depth === 0) continue;
    const danger = DANGEROUS_ROLES[role.name];
    if (danger) findings.push({ code: danger[0], severity: 'fail', message: `role ${login} ${membership(role, login)}, which ${danger[1]}` });
    else findings.push({ code: 'ROLE_MEMBERSHIP', severity: 'info', message: `role ${login} ${membership(role, login)}` });
  }
  const tables: AccessFinding[] = [];
  for (const p of privileges) {
    const list = p.privileges.join(', ');
    if (p.kind === 'database') {
      findings.push({ code: 'DATABASE_CREATE', severity: 'fail', message: `role ${login} can CREATE in database ${p.name}` });
    } else if (p.kind === 'schema' && scope.includesSchema(p.name)) {
      findings.push({ code: 'SCHEMA_CREATE', severity: 'fail', message: `role ${login} can CREATE in schema ${p.name}` });
    } else if (p.kind === 'relation' && p.schema !== null && scope.includes(p.schema, p.name)) {
      tables.push({ code: 'TABLE_WRITE', severity: 'fail', message: `role ${login} has ${list} on ${p.schema}.${p.name}` });
    }
  }
  findings.push(...tables.slice(0, MAX_LISTED_TABLES));
  if (tables.length > MAX_LISTED_TABLES) {
    findings.push({ code: 'TABLE_WRITE', severity: 'fail', message: `role ${login} has write privileges on ${tables.length - MAX_LISTED_TABLES} more tables` });
  }
  return { ok: !findings.some((f) => f.severity === 'fail'), role: login, findings };
}

/** Connects with the source's credential (guarded session) and evaluates its privileges. */
export async function checkAccess(source: SourceRecord, guards: GuardOptions = {}): Promise<AccessReport> {
  const target = resolveTarget(source);
  const scope = createScope(source.options);
  const { roles, privileges } = await withGuardedSession(target, guards, async (session) => ({
    roles: await session.query<RoleRow>(ROLES_SQL),
    privileges: await session.query<PrivilegeRow>(PRIVILEGES_SQL, [scope.schemas]),
  }));
  return evaluateAccess(roles, privileges, scope);
}
