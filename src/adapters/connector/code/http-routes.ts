/**
 * @module adapters/connector/code/http-routes
 * HTTP routes a file declares and the paths its strings call, so that code exercising a route
 * over HTTP (a test's `client.post(f"{settings.API_V1_STR}/items/")`, a frontend's
 * `fetch(`/api/users/${id}`)`) links to the file serving it, as an import would. Declared:
 * FastAPI's `APIRouter(prefix=…)` and `@router.get("/{id}")` (Flask's `@bp.route` and
 * `Blueprint(url_prefix=…)` too), Express and Koa's `router.get('/users/:id', …)` on a router or app the file
 * makes (`new Router({ prefix })`), Spring's `@RequestMapping` on a class and `@GetMapping` on its
 * methods. Called: any string literal, f-string or template string holding a path, its
 * interpolations read as unknown segments. A call reaches a route when its path ends with the
 * route's full path segment by segment (a route's parameter takes any segment; a call's
 * unknown segment only a parameter), at least one literal segment matched, the longest routes
 * kept: `/api/v1/items/{id}` reaches `/items/{id}`, not `/items/`.
 */

import type { HttpRoute, RouteCallUse } from '../../../ports/code.js';
import { lineIndex } from './lines.js';

/** A route a file declares: the method (`GET`, `ANY` for Flask's `route`, Spring's `RequestMapping`), the full path as written, the line. */
export type DeclaredRoute = HttpRoute;

/** A path one of a file's strings holds: segments (null: a parameter or an interpolation), the 1-based line. */
export interface CalledPath {
  segments: readonly (string | null)[];
  /** It starts with an interpolation (`f"{settings.API_V1_STR}/items/"`): something unknown comes before its segments. */
  prefixed: boolean;
  line: number;
  /** The string as written, for skipping a declaration's own path. */
  raw: string;
}

/** One link: the calling file's first line reaching a route of another file (workspace-relative), the route's full path as declared (`/items/{id}`). */
export type RouteCall = RouteCallUse;

/** `/a` + `/b/` → `/a/b/`; an empty part adds nothing. */
const joinPath = (prefix: string, path: string) => {
  if (!prefix) return path || '/';
  if (!path) return prefix;
  return `${prefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
};

/** A route's segments: `{id}`, `:id`, `*` and segments holding one are parameters (null). */
export function routeSegments(path: string): (string | null)[] {
  return path
    .split(/[?#]/)[0]!
    .split('/')
    .filter(Boolean)
    .map((s) => (/[{}:*<>]/.test(s) ? null : s));
}

const PY_STRING = String.raw`(?:[rRuU]?)(["'])((?:\\.|(?!\1)[^\\\n])*)\1`;
const PY_VERB = /@(\w+)\.(get|post|put|patch|delete|head|options|api_route|websocket|route)\(\s*/g;
const JS_VERB = /\b(\w+)\.(get|post|put|patch|delete|del|head|options|all)\(\s*(["'`])(\/[^"'`$\n]*)\3\s*,/g;
const SPRING = /@(RequestMapping|GetMapping|PostMapping|PutMapping|PatchMapping|DeleteMapping)\b(?:\s*\(([^)]*)\))?/g;

/** The routers a Python file makes and their prefixes (`APIRouter(prefix="/items")`, `Blueprint('b', __name__, url_prefix='/b')`, `FastAPI()`). */
function pythonRouters(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/^\s*(\w+)\s*(?::\s*\w+\s*)?=\s*(?:\w+\.)?(APIRouter|Blueprint|FastAPI|Flask)\(([^)]*)\)/gm)) {
    const prefix = new RegExp(`\\b(?:prefix|url_prefix)\\s*=\\s*${PY_STRING}`).exec(m[3]!);
    out.set(m[1]!, prefix ? prefix[2]! : '');
  }
  return out;
}

function pythonRoutes(text: string): DeclaredRoute[] {
  const lineAt = lineIndex(text);
  const routers = pythonRouters(text);
  const out: DeclaredRoute[] = [];
  for (const m of text.matchAll(PY_VERB)) {
    const prefix = routers.get(m[1]!);
    if (prefix === undefined) continue;
    const path = new RegExp(`^${PY_STRING}`).exec(text.slice(m.index + m[0].length));
    if (!path) continue;
    const method = m[2] === 'route' || m[2] === 'api_route' ? 'ANY' : m[2]!.toUpperCase();
    out.push({ method, path: joinPath(prefix, path[2]!), line: lineAt(m.index) });
  }
  return out;
}

/** The routers and apps a JavaScript file makes (`express()`, `express.Router()`, `Router()`, `new Router({ prefix: '/users' })`) and their prefixes. */
function jsRouters(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const made =
    /\b(?:const|let|var)\s+(\w+)\s*(?::\s*[\w.]+\s*)?=\s*(?:new\s+)?(?:express\s*\(\s*\)|(?:express\.|koa\.|\w+\.)?Router\s*\(([^)]*)\)|new\s+Koa\s*\(\s*\))/g;
  for (const m of text.matchAll(made)) {
    const prefix = /\bprefix\s*:\s*(["'`])(\/[^"'`]*)\1/.exec(m[2] ?? '');
    out.set(m[1]!, prefix ? prefix[2]! : '');
  }
  return out;
}

function jsRoutes(text: string): DeclaredRoute[] {
  const lineAt = lineIndex(text);
  const routers = jsRouters(text);
  const out: DeclaredRoute[] = [];
  for (const m of text.matchAll(JS_VERB)) {
    const prefix = routers.get(m[1]!);
    if (prefix === undefined) continue;
    const method = m[2] === 'all' ? 'ANY' : m[2] === 'del' ? 'DELETE' : m[2]!.toUpperCase();
    out.push({ method, path: joinPath(prefix, m[4]!), line: lineAt(m.index) });
  }
  return out;
}

/** The path an annotation's arguments name: `"/x"`, `value = "/x"`, `path = {"/x"}` (the first); '' when none. */
function annotationPath(args: string | undefined): string | null {
  if (!args?.trim()) return '';
  const named = /\b(?:value|path)\s*=\s*\{?\s*"([^"]*)"/.exec(args);
  if (named) return named[1]!;
  const first = /^\s*\{?\s*"([^"]*)"/.exec(args);
  if (first) return first[1]!;
  // other arguments only (`method = …`, `produces = …`): the class's path
  return /^\s*\w+\s*=/.test(args) ? '' : null;
}

function springRoutes(text: string): DeclaredRoute[] {
  const lineAt = lineIndex(text);
  const out: DeclaredRoute[] = [];
  let prefix = '';
  for (const m of text.matchAll(SPRING)) {
    const path = annotationPath(m[2]);
    if (path === null) continue;
    // an annotation on a class (what follows, past other annotations, declares a class) gives its methods' prefix
    const after = text.slice(m.index + m[0].length).replace(/^(?:\s*@\w+(?:\([^)]*\))?)*/, '');
    if (/^\s*(?:(?:public|abstract|final|open|internal|private)\s+)*(?:class|interface)\b/.test(after)) {
      prefix = path;
      continue;
    }
    const verb = m[1]!.replace('Mapping', '').toUpperCase();
    const method = verb === 'REQUEST' ? (/RequestMethod\.(\w+)/.exec(m[2] ?? '')?.[1] ?? 'ANY') : verb;
    out.push({ method, path: joinPath(prefix, path), line: lineAt(m.index) });
  }
  return out;
}

const JS_LANGUAGES = new Set(['typescript', 'javascript']);

/** The routes a file declares, in file order. */
export function declaredRoutes(text: string, language: string): DeclaredRoute[] {
  if (language === 'python') return pythonRoutes(text);
  if (JS_LANGUAGES.has(language)) return jsRoutes(text);
  if (language === 'java' || language === 'kotlin') return springRoutes(text);
  return [];
}

/** Where a file's routes are mounted: a literal path, after an unreadable prefix or not. */
interface Mount {
  path: string;
  prefixed: boolean;
}

const ROOT: Mount = Object.freeze({ path: '', prefixed: false });

const JS_USE = /\b(\w+)\.use\(\s*(["'`])(\/[^"'`$]*)\2\s*,\s*(\w+)\s*\)/g;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const INCLUDE = /\b(\w+)\.include_router\(\s*([\w.]+)\s*(?:,([^)]*))?\)/g;

/**
 * The project's routes, each file's joined to where FastAPI mounts its routers: `x.include_router(items.router,
 * prefix="/api")` mounts the routers of the imported module `items` under x's own mount and prefix; a prefix
 * that is no literal (`prefix=settings.API_V1_STR`) leaves the routes `prefixed`. Express's `app.use('/api', users)`
 * mounts the routers of the file `users` is imported from. `importsOf`: the files a file imports.
 */
export function projectRoutes(
  files: ReadonlyArray<{ path: string; text: string; language: string }>,
  importsOf: (path: string) => readonly string[],
): Map<string, DeclaredRoute[]> {
  const routes = new Map(files.map((f) => [f.path, declaredRoutes(f.text, f.language)] as const).filter(([, r]) => r.length));
  const python = files.filter((f) => f.language === 'python');
  const routers = new Map(python.map((f) => [f.path, pythonRouters(f.text)]));
  // the first include of each file: by whom, under which router of the includer, with which prefix
  const included = new Map<string, { by: string; prefix: string; prefixed: boolean }>();
  for (const f of python) {
    for (const m of f.text.matchAll(INCLUDE)) {
      // `items.router`: the imported module `items`; else (`api.api_router` of `import main as api`, a bare `api_router`) the imported file making that router
      const parts = m[2]!.split('.');
      const [module, name] = [parts.length > 1 ? parts[0]! : null, parts.at(-1)!];
      const imported = importsOf(f.path).filter((p) => routers.get(p)?.size);
      const target =
        (module ? imported.find((p) => new RegExp(`(?:^|/)${module}(?:\\.py|/__init__\\.py)$`).test(p)) : undefined) ??
        imported.find((p) => routers.get(p)!.has(name));
      if (!target || included.has(target)) continue;
      const literal = new RegExp(`\\bprefix\\s*=\\s*${PY_STRING}`).exec(m[3] ?? '');
      const unread = !literal && /\bprefix\s*=/.test(m[3] ?? '');
      included.set(target, { by: f.path, prefix: joinPath(routers.get(f.path)?.get(m[1]!) ?? '', literal?.[2] ?? ''), prefixed: unread });
    }
  }
  for (const f of files.filter((x) => JS_LANGUAGES.has(x.language))) {
    const own = jsRouters(f.text);
    for (const m of f.text.matchAll(JS_USE)) {
      if (!own.has(m[1]!)) continue;
      // `app.use('/api', users)`: the file `users` is imported from (`import users from './routes/users'`, `require(…)`)
      const from = new RegExp(String.raw`(?:import\s+${m[4]}\s+from|\b${m[4]}\s*=\s*require\()\s*(["'])([^"']+)\1`).exec(f.text)?.[2];
      const stem = from?.replace(/^(?:\.\.?\/)+/, '').replace(/\.[cm]?[jt]sx?$/, '');
      const target = stem ? importsOf(f.path).find((p) => new RegExp(`(?:^|/)${escaped(stem)}(?:/index)?\\.[cm]?[jt]sx?$`).test(p)) : undefined;
      if (target && !included.has(target)) included.set(target, { by: f.path, prefix: joinPath(own.get(m[1]!)!, m[3]!), prefixed: false });
    }
  }
  const mounts = new Map<string, Mount>();
  const mountOf = (path: string, seen: ReadonlySet<string>): Mount => {
    const known = mounts.get(path);
    if (known) return known;
    const include = included.get(path);
    if (!include || seen.has(path)) return ROOT;
    const parent = mountOf(include.by, new Set([...seen, path]));
    const mount = include.prefixed ? { path: '', prefixed: true } : { path: joinPath(parent.path, include.prefix), prefixed: parent.prefixed };
    mounts.set(path, mount);
    return mount;
  };
  for (const [path, list] of routes) {
    const mount = mountOf(path, new Set());
    if (mount === ROOT || (!mount.path && !mount.prefixed)) continue;
    routes.set(
      path,
      list.map((r) => ({ ...r, path: mount.path ? joinPath(mount.path, r.path) : r.path, ...(mount.prefixed ? { prefixed: true } : {}) })),
    );
  }
  return routes;
}

/** String literals of a language: the quote, whether `{…}` (Python's f-strings) or `${…}` (template strings) interpolate. */
const STRINGS: Record<string, RegExp> = {
  python: /(?<![\w'"])([fFrRbBuU]{0,2})("|')((?:\\.|(?!\2)[^\\\n])*)\2/g,
  js: /(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g,
  other: /(")((?:\\.|[^"\\\n])*)"/g,
};

/** A path a string's text holds: `/items/`, `{base}/items/{id}` (`prefixed`: after an unknown prefix), `https://host/api/users/${id}`; null for any other text. */
export function pathOfString(text: string, interpolation: RegExp | null): Pick<CalledPath, 'segments' | 'prefixed'> | null {
  // interpolations become one marker each, so that a segment holding one is unknown
  const marked = (interpolation ? text.replace(interpolation, '\u0001') : text).replace(/^[a-z][a-z0-9+.-]*:\/\/[^/\s]*/i, '');
  const bare = marked.replace(/^\u0001+/, '');
  if (!bare.startsWith('/') || /\s/.test(bare)) return null;
  const path = bare.split(/[?#]/)[0]!;
  if (!/^(?:\/(?:[\w.~%@!$&'()*+,;=:-]|\u0001)*)+\/?$/.test(path)) return null;
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.includes('\u0001') ? null : s));
  return segments.length ? { segments, prefixed: bare.length < marked.length } : null;
}

/** Languages whose strings may call a path (a SQL or schema file's may not). */
const CALLING_LANGUAGES = new Set(['python', 'typescript', 'javascript', 'go', 'java', 'kotlin', 'ruby', 'rust', 'csharp', 'php', 'scala', 'swift']);

/** The paths a file's strings hold, in file order (a bare "/" is none). */
export function calledPaths(text: string, language: string): CalledPath[] {
  const lineAt = lineIndex(text);
  const out: CalledPath[] = [];
  if (!CALLING_LANGUAGES.has(language)) return out;
  if (language === 'python') {
    for (const m of text.matchAll(STRINGS.python!)) {
      // an f-string's `{…}`, and `str.format`'s in any string, are unknown segments
      const path = pathOfString(m[3]!, /\{[^{}]*\}/g);
      if (path) out.push({ ...path, line: lineAt(m.index), raw: m[3]! });
    }
    return out;
  }
  const js = JS_LANGUAGES.has(language);
  for (const m of text.matchAll(js ? STRINGS.js! : STRINGS.other!)) {
    // a template string's `${…}` and an OpenAPI client's `{id}` are unknown segments alike
    const path = pathOfString(m[2]!, /\$\{[^{}]*\}|\{[^{}/]*\}/g);
    if (path) out.push({ ...path, line: lineAt(m.index), raw: m[2]! });
  }
  return out;
}

/**
 * How a call's path reaches a route: its literal segments matched, or null when it does not end with the route's path.
 * A route mounted under a prefix the scan could not read (`prefixed`) wants something before it: on
 * full-stack-fastapi-template, the frontend's page path "/items" is no call of the API's `…/items/`, nor its file
 * route "/_layout/items".
 */
function reach(call: Pick<CalledPath, 'segments' | 'prefixed'>, route: readonly (string | null)[], prefixed: boolean): number | null {
  const segments = call.segments;
  if (route.length > segments.length || (prefixed && !call.prefixed && route.length === segments.length)) return null;
  const offset = segments.length - route.length;
  // a frontend router's layout or group (TanStack's `/_layout/items`, Next's `/(shop)/cart`) is no mount of an API
  if (segments.slice(0, offset).some((s) => s !== null && /^[_(]/.test(s))) return null;
  let literal = 0;
  for (const [i, r] of route.entries()) {
    if (r === null) continue;
    if (segments[offset + i] !== r) return null;
    literal++;
  }
  return literal ? literal : null;
}

/** The most files one call links to: a path that more files' routes end with equally well links none. */
export const MAX_SERVING_FILES = 3;

/** The project's routes, by the last literal segment of each and its place from the end (a route of none is never reached). */
export interface RouteIndex {
  byFile: ReadonlyMap<string, readonly DeclaredRoute[]>;
  byLast: ReadonlyMap<string, ReadonlyArray<{ file: string; route: DeclaredRoute; segments: (string | null)[] }>>;
}

const lastKey = (fromEnd: number, segment: string) => `${fromEnd}\u0000${segment}`;

export function routeIndex(routes: ReadonlyMap<string, readonly DeclaredRoute[]>): RouteIndex {
  const byLast = new Map<string, Array<{ file: string; route: DeclaredRoute; segments: (string | null)[] }>>();
  for (const [file, list] of routes)
    for (const route of list) {
      const segments = routeSegments(route.path);
      const last = segments.findLastIndex((x) => x !== null);
      if (last < 0) continue;
      const key = lastKey(segments.length - 1 - last, segments[last]!);
      byLast.set(key, [...(byLast.get(key) ?? []), { file, route, segments }]);
    }
  return { byFile: routes, byLast };
}

/**
 * The routes of other files a file's paths reach, one link per route file with its first line:
 * for each path, the routes it reaches with the most segments, then the most literal ones.
 * A string on a line of the file's own declarations (`@router.get("/{id}")`) is no call.
 */
export function routeCalls(path: string, calls: readonly CalledPath[], index: RouteIndex): RouteCall[] {
  const out = new Map<string, RouteCall>();
  const declared = new Set((index.byFile.get(path) ?? []).map((r) => r.line));
  for (const call of calls) {
    if (declared.has(call.line)) continue;
    let best: Array<{ file: string; route: string }> = [];
    let bestScore = [0, 0];
    const n = call.segments.length;
    const candidates = call.segments.flatMap((segment, i) => (segment === null ? [] : (index.byLast.get(lastKey(n - 1 - i, segment)) ?? [])));
    for (const r of candidates) {
      if (r.file === path) continue;
      const literal = reach(call, r.segments, r.route.prefixed === true);
      if (literal === null) continue;
      const score = [r.segments.length, literal];
      const cmp = score[0]! - bestScore[0]! || score[1]! - bestScore[1]!;
      if (cmp > 0) [best, bestScore] = [[{ file: r.file, route: r.route.path }], score];
      else if (cmp === 0) best.push({ file: r.file, route: r.route.path });
    }
    // a path that routes of many files end with (`/health` in every service) says nothing of which one it calls
    if (new Set(best.map((b) => b.file)).size > MAX_SERVING_FILES) continue;
    for (const b of best) if (!out.has(b.file)) out.set(b.file, { path: b.file, line: call.line, route: b.route });
  }
  return [...out.values()];
}
