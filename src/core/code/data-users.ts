/**
 * @module core/code/data-users
 * The code that touches the data a request is about (issue 16): the request's best hits among
 * tables, columns and GraphQL operations and fields are looked up in a code source's
 * `uses_table` / `uses_column` / `uses_field` edges (a column's users first, then its table's), and the files that use them
 * join the onboarding plan, each with what it uses and where.
 */
import { SCHEMA_ABBREVIATIONS } from '../../kernel/text/abbreviations.js';
import { singular } from '../../kernel/text/inflect.js';
import { RELATION_KINDS, type CatalogEdge } from '../../ports/catalog.js';
import { ACCESS_VERBS, accessesOf, type TableAccess } from '../../ports/code.js';
import { queryWords } from '../search/document-ranking.js';
import { USES_COLUMN_EDGE_KIND, USES_FIELD_EDGE_KIND, USES_TABLE_EDGE_KIND } from '../kinds/code/code-links.js';
import type { SearchHit } from '../search/types.js';
import { isTestFile } from '../../kernel/test-paths.js';

/** Object kinds a data topic's hits are read from. */
export const DATA_TOPIC_KINDS: readonly string[] = Object.freeze([...RELATION_KINDS, 'column', 'graphql_query', 'graphql_field', 'data_object']);

/** How many of the request's data hits are followed to code. */
export const DATA_TOPIC_HITS = 5;

export interface DataUse {
  /** The code file, workspace-relative. */
  file: string;
  /** The table, column, operation or field it uses (`source:kind:path`). */
  uses: string;
  kind: string;
  line?: number;
  /** What the file does to a table, where its code says (`TableAccess`). */
  access?: TableAccess[];
  /** Its dialect copies the plan leaves out (the same schema under `db/h2/`, `db/mysql/`: core/code/sql-copies). */
  alsoIn?: string[];
}

/** `source:path` of the used object → its users in one code source. */
export type DataUsers = ReadonlyMap<string, readonly DataUse[]>;

const sourcePath = (id: string) => {
  const [source, , ...rest] = id.split(':');
  return `${source}:${rest.join(':')}`;
};

/** The users index of one code source, from its edges (`pathOf`: code file id → path). */
/** The edges `dataUsersIndex` reads. */
export const DATA_USE_EDGE_KINDS: readonly string[] = [USES_TABLE_EDGE_KIND, USES_COLUMN_EDGE_KIND, USES_FIELD_EDGE_KIND];

export function dataUsersIndex(edges: readonly CatalogEdge[], pathOf: ReadonlyMap<string, string>): DataUsers {
  const out = new Map<string, DataUse[]>();
  for (const e of edges) {
    if (e.kind !== USES_TABLE_EDGE_KIND && e.kind !== USES_COLUMN_EDGE_KIND && e.kind !== USES_FIELD_EDGE_KIND) continue;
    const file = pathOf.get(e.fromId);
    if (!file) continue;
    const key = sourcePath(e.toId);
    const access = accessesOf(e.attributes.access);
    const use: DataUse = {
      file,
      uses: e.toId,
      kind: e.kind,
      ...(typeof e.attributes.line === 'number' ? { line: e.attributes.line } : {}),
      ...(access.length ? { access } : {}),
    };
    const list = out.get(key);
    if (list) list.push(use);
    else out.set(key, [use]);
  }
  return out;
}

/** Name words that say nothing of what a column holds. */
const GENERIC_NAME_WORDS: ReadonlySet<string> = new Set(['id']);

/** The words of one name part (`tkt_esc_hist` → tkt, esc, hist), generic ones aside. */
const nameWords = (part: string) => queryWords(part).filter((w) => !GENERIC_NAME_WORDS.has(w));

/**
 * A name word's participles, as a request about what happens to the data says it (`transfer` →
 * transferred, transferring; `invoice` → invoiced): on techschool/simplebank, "how is money
 * transferred between accounts" followed `accounts` and not `transfers`. Words under four letters
 * have none (`log` is not "logged").
 */
function participles(word: string): string[] {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return [];
  const last = word.at(-1)!;
  if (last === 'e') return [`${word}d`, `${word.slice(0, -1)}ing`];
  return [`${word}ed`, `${word}ing`, `${word}${last}ed`, `${word}${last}ing`];
}

/** Whether the request says this name word: itself, a participle of it, or what a schema abbreviation stands for (`tkt` → ticket). */
function says(request: ReadonlySet<string>, word: string): boolean {
  if (request.has(word) || participles(word).some((p) => request.has(p))) return true;
  const long = SCHEMA_ABBREVIATIONS[word];
  return long !== undefined && long.split(' ').every((w) => request.has(singular(w)));
}

/**
 * Whether the request names this data hit, not merely shares a word with it: every word of the
 * table's (operation's, object's) own name, or for a column (a GraphQL field) every word of its
 * own name and a word of its table (type), when its name adds a word to its table's. Measured on 24 data and 24 code requests over the demo
 * database and this repository (README): lexical rank alone followed a hit for 20 of the 24 code
 * requests ("how does a plan pick its starting file" → `subscription_plan.plan_code`).
 */
export function requestNames(request: ReadonlySet<string>, hit: Pick<SearchHit, 'kind' | 'name'>): boolean {
  const parts = hit.name.split('.');
  const own = nameWords(parts.at(-1) ?? '');
  const all = (words: readonly string[]) => words.length > 0 && words.every((w) => says(request, w));
  if (hit.kind !== 'column' && hit.kind !== 'graphql_field') return all(own);
  const parent = nameWords(parts.at(-2) ?? '');
  // `sales_order.order_id` says no more than its table: the table's words must all be there
  const more = own.filter((w) => !parent.includes(w));
  return all(parent) || (more.length > 0 && all(own) && parent.some((w) => says(request, w)));
}

/** A migration that undoes another (golang-migrate's `000001_init.down.sql`, a `down/` folder's): read after the one it undoes. */
const DOWN_MIGRATION = /(?:^|[./_-])down(?:\.sql$|\/)/i;

/** A file in a migrations folder: Alembic's `alembic/versions/`, Django's and golang-migrate's `migrations/`, Rails' `db/migrate/`. */
const MIGRATION = /(?:^|\/)(?:migrations?|alembic|migrate)\//i;

/**
 * Code that reads or writes the data, then SQL files (seed data, dumps, queries), then the files that
 * declare it (models, schema files), then the tests that read or write it, then migrations (a data
 * migration's UPDATE does not make it the code to read first), down migrations last
 * (`000001_init_schema.down.sql` sorted before its `.up.sql`).
 */
const place = (use: DataUse) => {
  const declares = use.access?.includes('schema');
  if (declares && DOWN_MIGRATION.test(use.file)) return 5;
  if (declares && MIGRATION.test(use.file)) return 4;
  if (isTestFile(use.file)) return 3;
  if (declares) return 2;
  return /\.sql$/i.test(use.file) ? 1 : 0;
};

/**
 * The users of the first hits this code uses (a column's, then its table's), best hit first, each file
 * once: in a project of several databases the best hits may all be other services' tables. Only
 * hits the request names are followed (`requestNames`): a search always has a nearest table, and
 * one shared word (`plan`, `order`) does not make a request about it.
 */
export function dataUsersOf(request: string, hits: readonly SearchHit[], users: DataUsers): DataUse[] {
  const usersOf = (hit: SearchHit) => {
    const parent = hit.name.includes('.') ? hit.name.slice(0, hit.name.lastIndexOf('.')) : '';
    const own = users.get(`${hit.source}:${hit.name}`) ?? [];
    return hit.kind === 'column' && parent ? [...own, ...(users.get(`${hit.source}:${parent}`) ?? [])] : own;
  };
  const words = new Set(queryWords(request));
  const out: DataUse[] = [];
  const seen = new Set<string>();
  const followed = hits.filter((h) => requestNames(words, h) && usersOf(h).length).slice(0, DATA_TOPIC_HITS);
  for (const hit of followed) {
    for (const use of [...usersOf(hit)].sort((a, b) => place(a) - place(b))) {
      if (seen.has(use.file)) continue;
      seen.add(use.file);
      out.push(use);
    }
  }
  // a file that uses more of the request's data comes first among its kind: on umami, "how does deleting a website
  // remove its events and sessions" reads `website.ts`, which deletes all three tables, before the reports reading only events
  const breadth = new Map<string, number>();
  for (const hit of followed) for (const file of new Set(usersOf(hit).map((u) => u.file))) breadth.set(file, (breadth.get(file) ?? 0) + 1);
  return out.sort((a, b) => place(a) - place(b) || breadth.get(b.file)! - breadth.get(a.file)!);
}

/**
 * Where a copy lives, as the plan says it: its folder from the shared parent's own name on
 * (`db/mysql/` of `src/main/resources/db/mysql/schema.sql`).
 */
export function copyFolder(path: string): string {
  return `${path.split('/').slice(-3, -1).join('/')}/`;
}

const TARGET_LABELS: Record<string, string> = { graphql_query: 'GraphQL operation', graphql_field: 'GraphQL field', data_object: 'data object' };

/**
 * Why a data user is in the plan: `uses table billing.invoice (line 3)`, `reads and writes table
 * billing.invoice (line 3)`, `uses GraphQL field Book.title (line 2)`.
 */
export function dataUseWhy(use: DataUse): string {
  const [, kind = '', ...path] = use.uses.split(':');
  const label = use.kind === USES_TABLE_EDGE_KIND ? 'table' : (TARGET_LABELS[kind] ?? kind);
  const verb = use.access?.length ? use.access.map((a) => ACCESS_VERBS[a]).join(' and ') : 'uses';
  const copies = use.alsoIn?.length ? `, also in ${use.alsoIn.map(copyFolder).join(', ')}` : '';
  return `${verb} ${label} ${path.join(':')}${use.line ? ` (line ${use.line})` : ''}${copies}`;
}

/**
 * The other users of the tables a file uses, each file once, in the order `dataUsersOf` gives: a
 * plan seeded by a file with no imports of its own (sqlc's `db/query/transfer.sql`, a migration)
 * reads the code generated from it and the schema that declares its tables, across its tables. Tables
 * only: a column's users use its table too. `worksOn`: only the tables the seed reads or writes (or
 * uses, where its code does not say how) and the files that do too, not those that only declare them:
 * a route file that writes `item` reads the other code writing it, not every migration naming it,
 * and a models file declaring every table reads none.
 */
export function seedDataUsers(seed: string, users: DataUsers, options: { worksOn?: boolean } = {}): DataUse[] {
  const counts = (u: DataUse) => !options.worksOn || !u.access?.length || u.access.some((a) => a !== 'schema');
  const own = (uses: readonly DataUse[]) => uses.find((u) => u.file === seed && u.kind === USES_TABLE_EDGE_KIND && counts(u));
  // its tables in the order it names them: a migration's new table before the one its REFERENCES names
  const tables = [...users.values()].filter((uses) => own(uses)).sort((a, b) => (own(a)!.line ?? Infinity) - (own(b)!.line ?? Infinity));
  const out: DataUse[] = [];
  const seen = new Set([seed]);
  for (const uses of tables) {
    for (const use of uses) {
      if (use.kind !== USES_TABLE_EDGE_KIND || seen.has(use.file) || !counts(use)) continue;
      seen.add(use.file);
      out.push(use);
    }
  }
  return out.sort((a, b) => place(a) - place(b));
}
