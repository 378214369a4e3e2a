/**
 * @module adapters/connector/postgres/sql-screen
 * Screens user SQL before it runs, on top of the read-only transaction: some functions act
 * outside the transaction (dblink opens another connection, backend signals, replication slots,
 * advisory locks, NOTIFY) or read outside the database (server files, other sessions' query
 * text), so READ ONLY and ROLLBACK do not contain them. The SQL is parsed with PostgreSQL's own
 * parser (libpg-query); every function it calls and every view it reads (recursively) is
 * resolved through the guarded session, and the query is refused, naming the function, when one
 * of them is on the deny list, is SECURITY DEFINER and not allowed by the source, or is a
 * user function whose body calls a denied one.
 */
import type { GuardedSession } from './session-guard.js';

/** Functions whose effects escape the transaction or read outside the database. */
const DENIED: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  { pattern: /^dblink/, why: 'opens another database connection, outside the read-only transaction' },
  { pattern: /^pg_(terminate|cancel|signal)_backend$/, why: 'signals other server processes' },
  { pattern: /replication_(slot|origin)/, why: 'changes replication state, outside the transaction' },
  { pattern: /^pg_(try_)?advisory/, why: 'takes advisory locks that outlive the statement' },
  { pattern: /^(lo_|loread$|lowrite$)/, why: 'reads or writes large objects' },
  { pattern: /^pg_notify$/, why: 'sends a notification to other sessions' },
  { pattern: /^pg_(read_file|read_binary_file|stat_file|ls_|file_)/, why: "reads the server's files" },
  { pattern: /^pg_stat_get_(activity|backend_activity)/, why: "reads other sessions' query text" },
  { pattern: /^(query|table|cursor|schema|database)_to_xml/, why: 'runs SQL given as a string, which cannot be screened' },
  {
    pattern:
      /^(pg_reload_conf|pg_rotate_logfile|pg_promote|pg_switch_wal|pg_create_restore_point|pg_backup_start|pg_backup_stop|pg_log_backend_memory_contexts|pg_wal_replay_(pause|resume)|set_config)$/,
    why: 'changes server state',
  },
];

/** Relations that show other sessions' query text. */
const DENIED_RELATIONS = new Set(['pg_stat_activity', 'pg_stat_statements', 'pg_stat_statements_info']);

/** Views followed into, at most: a view of views of views is screened to this depth. */
const MAX_VIEW_DEPTH = 4;
const MAX_VIEWS = 64;

export interface ScreenRefusal {
  /** The function or relation refused, e.g. `public.dblink_exec`. */
  name: string;
  reason: string;
  /** 0-based character offset of the call in the SQL, when it is in the SQL itself (not in a view). */
  location: number | null;
}

interface Reference {
  schema: string | null;
  name: string;
  location: number | null;
}

interface References {
  functions: Reference[];
  relations: Reference[];
}

type Parse = (sql: string) => Promise<unknown>;
let parser: Promise<Parse> | null = null;

/** libpg-query's WASM module, loaded on first use. */
function loadParser(): Promise<Parse> {
  parser ??= import('libpg-query').then(async (m) => {
    await m.loadModule();
    return (sql: string) => m.parse(sql);
  });
  return parser;
}

function names(list: unknown): string[] {
  return Array.isArray(list) ? list.map((n) => (n as { String?: { sval?: string } }).String?.sval ?? '').filter(Boolean) : [];
}

/** Every function call and relation in a parse tree, wherever it sits. */
export function collectReferences(tree: unknown): References {
  const out: References = { functions: [], relations: [] };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'FuncCall' && value && typeof value === 'object') {
        const call = value as { funcname?: unknown; location?: number };
        const parts = names(call.funcname);
        if (parts.length) out.functions.push({ schema: parts.length > 1 ? parts[0]! : null, name: parts[parts.length - 1]!, location: call.location ?? null });
      } else if (key === 'RangeVar' && value && typeof value === 'object') {
        const rel = value as { schemaname?: string; relname?: string; location?: number };
        if (rel.relname) out.relations.push({ schema: rel.schemaname ?? null, name: rel.relname, location: rel.location ?? null });
      }
      walk(value);
    }
  };
  walk(tree);
  return out;
}

function deniedReason(name: string): string | null {
  return DENIED.find((d) => d.pattern.test(name))?.why ?? null;
}

/** A denied function named in a function body (SQL or PL/pgSQL source), if any. */
function deniedInBody(body: string): string | null {
  for (const word of body.toLowerCase().match(/[a-z_][a-z0-9_]*(?=\s*\()/g) ?? []) if (deniedReason(word)) return word;
  return null;
}

interface ProcRow {
  schema: string;
  name: string;
  secdef: boolean;
  language: string;
  body: string | null;
}

interface ViewRow {
  schema: string;
  name: string;
  definition: string;
}

/**
 * Resolves the functions and views `sql` uses and returns why it must not run, or null.
 * `allowDefiner`: SECURITY DEFINER functions the source trusts, as `schema.name`.
 * A SQL text the parser rejects is left to the server, which reports the syntax error.
 */
export async function screenSql(session: GuardedSession, sql: string, allowDefiner: readonly string[] = []): Promise<ScreenRefusal | null> {
  const parse = await loadParser();
  const allowed = new Set(allowDefiner.map((n) => n.toLowerCase()));
  const seenViews = new Set<string>();
  let queue: Array<{ sql: string; inView: string | null }> = [{ sql, inView: null }];
  for (let depth = 0; depth <= MAX_VIEW_DEPTH && queue.length; depth++) {
    const next: typeof queue = [];
    for (const item of queue) {
      let tree: unknown;
      try {
        tree = await parse(item.sql);
      } catch {
        if (item.inView === null) return null;
        continue;
      }
      const refs = collectReferences(tree);
      const where = (r: Reference) => (item.inView === null ? r.location : null);
      const via = item.inView ? ` (inside view ${item.inView})` : '';
      for (const r of refs.functions) {
        const why = deniedReason(r.name.toLowerCase());
        if (why) return { name: qualified(r), reason: `${why}${via}`, location: where(r) };
      }
      for (const r of refs.relations) {
        if (DENIED_RELATIONS.has(r.name.toLowerCase())) return { name: qualified(r), reason: `shows other sessions' query text${via}`, location: where(r) };
      }
      const refusal = await screenFunctions(session, refs.functions, allowed, via, where);
      if (refusal) return refusal;
      for (const view of await viewsOf(session, refs.relations)) {
        const key = `${view.schema}.${view.name}`;
        if (seenViews.has(key) || seenViews.size >= MAX_VIEWS) continue;
        seenViews.add(key);
        next.push({ sql: view.definition, inView: key });
      }
    }
    queue = next;
  }
  return null;
}

const qualified = (r: Reference) => (r.schema ? `${r.schema}.${r.name}` : r.name);

async function screenFunctions(
  session: GuardedSession,
  calls: readonly Reference[],
  allowed: ReadonlySet<string>,
  via: string,
  where: (r: Reference) => number | null,
): Promise<ScreenRefusal | null> {
  if (!calls.length) return null;
  const rows = await session.query<ProcRow>(
    `SELECT n.nspname AS schema, p.proname AS name, p.prosecdef AS secdef, l.lanname AS language,
            CASE WHEN l.lanname IN ('internal', 'c') THEN NULL ELSE p.prosrc END AS body
       FROM pg_catalog.pg_proc p
       JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
       JOIN pg_catalog.pg_language l ON l.oid = p.prolang
      WHERE p.proname = ANY($1::text[])`,
    [[...new Set(calls.map((c) => c.name))]],
  );
  const searchPath = new Set((await session.query<{ schema: string }>('SELECT unnest(current_schemas(true)) AS schema')).map((r) => r.schema));
  for (const call of calls) {
    // Every overload the name can resolve to: the planner picks one, the screen refuses if any is unsafe.
    const candidates = rows.filter((r) => r.name === call.name && (call.schema ? r.schema === call.schema : searchPath.has(r.schema)));
    for (const proc of candidates) {
      const name = `${proc.schema}.${proc.name}`;
      if (proc.secdef && !allowed.has(name.toLowerCase())) {
        return {
          name,
          reason: `is SECURITY DEFINER: it runs with its owner's privileges, not the source's role${via}; trust it with the source option --allow-definer ${name}`,
          location: where(call),
        };
      }
      const inner = proc.body ? deniedInBody(proc.body) : null;
      if (inner) return { name, reason: `calls ${inner}(), which ${deniedReason(inner)}${via}`, location: where(call) };
    }
  }
  return null;
}

async function viewsOf(session: GuardedSession, relations: readonly Reference[]): Promise<ViewRow[]> {
  if (!relations.length) return [];
  const wanted = relations.map((r) => `${r.schema ?? ''}.${r.name}`);
  return session.query<ViewRow>(
    `SELECT n.nspname AS schema, c.relname AS name, pg_catalog.pg_get_viewdef(c.oid) AS definition
       FROM pg_catalog.pg_class c
       JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('v', 'm')
        AND (n.nspname || '.' || c.relname = ANY($1::text[])
             OR ('.' || c.relname = ANY($1::text[]) AND n.nspname = ANY(current_schemas(true))))`,
    [wanted],
  );
}
