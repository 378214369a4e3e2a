/**
 * @module adapters/connector/code/routes/http-routes
 * HTTP routes a file declares and the paths its strings call, so that code exercising a route
 * over HTTP (a test's `client.post(f"{settings.API_V1_STR}/items/")`, a frontend's
 * `fetch(`/api/users/${id}`)`) links to the file serving it, as an import would. Declared:
 * FastAPI's `APIRouter(prefix=…)` and `@router.get("/{id}")` (Flask's `@bp.route` and
 * `Blueprint(url_prefix=…)` too), Express and Koa's `router.get('/users/:id', …)` on a router or app the file
 * makes (`new Router({ prefix })`), Spring's `@RequestMapping` on a class and `@GetMapping` on its
 * methods, their paths literals or the project's string constants; Go's gin, echo, chi, gorilla/mux, net/http, fiber and
 * httprouter routers (go-routes.ts). Each file is read alone; the
 * project's pass joins each router's routes to where other files mount it (`include_router`,
 * `register_blueprint`, `app.use('/api', api)`). Called: any string literal, f-string or template string holding a path, its
 * interpolations read as unknown segments. A call reaches a route when its path ends with the
 * route's full path segment by segment (a route's parameter takes any segment; a call's
 * unknown segment only a parameter), at least one literal segment matched, the longest routes
 * kept: `/api/v1/items/{id}` reaches `/items/{id}`, not `/items/`.
 */

import type { HttpRoute, RouteCallUse } from '../../../../ports/code.js';
import { callArgs, chainAfter, topLevelArgs } from '../text/call-reading.js';
import { concatenation, heldStrings, type HeldStrings } from '../text/held-strings.js';
import { jsConstant, PY_STRING, pythonConstant } from '../text/module-strings.js';
import { exampleRoot, namedLikeTest } from '../../../../kernel/test-paths.js';
import { goDeclaredRoutes, goProjectRoutes } from './go-routes.js';
import { joinedLiterals } from '../text/joined-literals.js';
import { lineIndex } from '../text/lines.js';
import { joinParts } from './route-paths.js';
import { blankComments } from '../text/script-blocks.js';
import { NO_CONSTANTS, type ProjectConstants } from '../text/string-constants.js';

/** A route a file declares: the method (`GET`, `ANY` for Flask's `route`, Spring's `RequestMapping`), the full path as written, the line. */
export type DeclaredRoute = HttpRoute;

/** A path one of a file's strings holds: segments (null: a parameter or an interpolation), the 1-based line. */
export interface CalledPath {
  segments: readonly (string | null)[];
  /** It starts with an interpolation (`f"{settings.API_V1_STR}/items/"`): something unknown comes before its segments. */
  prefixed: boolean;
  line: number;
}

/** One link: the calling file's first line reaching a route of another file (workspace-relative), the route's full path as declared (`/items/{id}`). */
export type RouteCall = RouteCallUse;

/** A route's full path: its prefix and its own path joined, `/` when both are empty. */
const joinPath = (prefix: string, path: string) => joinParts(prefix, path) || '/';

/** A route's segments: `{id}`, `:id`, `*` and segments holding one are parameters (null). */
export function routeSegments(path: string): (string | null)[] {
  return path
    .split(/[?#]/)[0]!
    .split('/')
    .filter(Boolean)
    .map((s) => (/[{}:*<>]/.test(s) ? null : s));
}

const PY_VERB = /@(\w+)\.(get|post|put|patch|delete|head|options|api_route|websocket|route)\(\s*/g;
const JS_VERB = /\b(\w+)\.(get|post|put|patch|delete|del|head|options|all)\(\s*(["'`])(\/[^"'`$\n]*)\3\s*,/g;
const SPRING = /@(RequestMapping|GetMapping|PostMapping|PutMapping|PatchMapping|DeleteMapping)\b(?:\s*\(([^)]*)\))?/g;

/** A route as its file declares it: the router it is declared on (a Python or JavaScript file's, by name; none for Spring's), its path below that router's prefix. */
interface RouterRoute extends DeclaredRoute {
  router?: string;
}

/** What a file declares: its routers by name, each with its own prefix, and its routes. */
interface FileRoutes {
  routers: ReadonlyMap<string, string>;
  routes: RouterRoute[];
  /** Routes on a name the file does not make a router of (`@bp.route` of `from app.api import bp`): routes when an imported file makes it. */
  foreign?: RouterRoute[];
}

const NO_ROUTES: FileRoutes = Object.freeze({ routers: new Map<string, string>(), routes: [] });

/** The routers a Python file makes and their prefixes (`APIRouter(prefix="/items")`, `Blueprint('b', __name__, url_prefix='/b')`, `FastAPI()`). */
function pythonRouters(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/^\s*(\w+)\s*(?::\s*\w+\s*)?=\s*(?:\w+\.)?(APIRouter|Blueprint|FastAPI|Flask)\(([^)]*)\)/gm)) {
    const prefix = new RegExp(`\\b(?:prefix|url_prefix)\\s*=\\s*${PY_STRING}`).exec(m[3]!);
    out.set(m[1]!, prefix ? prefix[2]! : '');
  }
  return out;
}

/** The rest of a decorator's arguments, up to the line that closes it. */
const PY_ARGUMENTS_READ = 400;

/**
 * The methods a Flask `route` or FastAPI `api_route` names (`methods=["GET", "POST"]` → `GET|POST`), from the
 * arguments after its path; `ANY` when it names none (Flask then serves GET, HEAD and OPTIONS).
 */
function pythonMethods(rest: string): string {
  const args = rest.slice(0, PY_ARGUMENTS_READ).split(/\)\s*\n/)[0]!;
  const list = /\bmethods\s*=\s*[[(]([^\])]*)[\])]/.exec(args);
  const methods = [...(list?.[1] ?? '').matchAll(/["'](\w+)["']/g)].map((x) => x[1]!.toUpperCase());
  return methods.length ? [...new Set(methods)].join('|') : 'ANY';
}

function pythonRoutes(text: string): FileRoutes {
  const lineAt = lineIndex(text);
  const routers = pythonRouters(text);
  const routes: RouterRoute[] = [];
  const foreign: RouterRoute[] = [];
  for (const m of text.matchAll(PY_VERB)) {
    const path = new RegExp(`^${PY_STRING}`).exec(text.slice(m.index + m[0].length));
    if (!path) continue;
    const method = m[2] === 'route' || m[2] === 'api_route' ? pythonMethods(text.slice(m.index + m[0].length + path[0].length)) : m[2]!.toUpperCase();
    (routers.has(m[1]!) ? routes : foreign).push({ method, path: path[2]!, line: lineAt(m.index), router: m[1]! });
  }
  return { routers, routes, foreign };
}

/**
 * A router or app a JavaScript file makes (`express()`, `express.Router()`, `require('express').Router()`, `new Router({ prefix: '/users' })`):
 * its name (none for one exported as made, `export default Router()…`), the arguments of `Router(…)`.
 */
const JS_ROUTER =
  /(?:\b(?:const|let|var)\s+(\w+)\s*(?::\s*[\w.]+\s*)?=|\bexport\s+default|\bmodule\.exports\s*=)\s*(?:new\s+)?(?:express\s*\(\s*\)|(?:\w+\.|require\(\s*["'][\w@/-]+["']\s*\)\.)?Router\s*\(([^)]*)\)|new\s+Koa\s*\(\s*\))/g;

/** The name of a router a file exports as it makes it, as its importers name a default export. */
const DEFAULT_EXPORT = 'default';

/** The routers and apps a JavaScript file makes, with their prefixes. */
function jsRouters(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(JS_ROUTER)) {
    const prefix = /\bprefix\s*:\s*(["'`])(\/[^"'`]*)\1/.exec(m[2] ?? '');
    out.set(m[1] ?? DEFAULT_EXPORT, prefix ? prefix[2]! : '');
  }
  return out;
}

function jsRoutes(text: string): FileRoutes {
  const lineAt = lineIndex(text);
  const routers = jsRouters(text);
  const routes: RouterRoute[] = [];
  for (const m of text.matchAll(JS_VERB)) {
    if (!routers.has(m[1]!)) continue;
    const method = m[2] === 'all' ? 'ANY' : m[2] === 'del' ? 'DELETE' : m[2]!.toUpperCase();
    routes.push({ method, path: m[4]!, line: lineAt(m.index), router: m[1]! });
  }
  return { routers, routes };
}

/**
 * The path an annotation's arguments name: `"/x"`, `value = "/x"`, `path = {"/x"}` (the first), a constant or literals and
 * constants joined by `+` (`Paths.API + "/users"`) by the strings `held` knows; '' when none; null when a name in it holds
 * no string the scan knows.
 */
function annotationPath(args: string | undefined, held: HeldStrings): string | null {
  if (!args?.trim()) return '';
  const named = /\b(?:value|path)\s*=\s*[{[]?\s*/.exec(args);
  // other arguments only (`method = …`, `produces = …`): the class's path
  if (!named && /^\s*\w+\s*=/.test(args)) return '';
  let unknown = false;
  const from = named ? named.index + named[0].length : /^\s*[{[]?\s*/.exec(args)![0].length;
  const { value, terms } = concatenation(args, from, (name) => {
    const found = held(name);
    if (found === undefined) unknown = true;
    return found;
  });
  return terms && !unknown ? value : null;
}

function springRoutes(text: string, held: HeldStrings): RouterRoute[] {
  const lineAt = lineIndex(text);
  const out: RouterRoute[] = [];
  let prefix = '';
  for (const m of text.matchAll(SPRING)) {
    const path = annotationPath(m[2], held);
    // an annotation on a class (what follows, past other annotations, declares a class) gives its methods' prefix
    const after = text.slice(m.index + m[0].length).replace(/^(?:\s*@\w+(?:\([^)]*\))?)*/, '');
    const onClass = /^\s*(?:(?:public|abstract|final|open|internal|private)\s+)*(?:class|interface)\b/.test(after);
    // a class's prefix the scan cannot read (a constant computed at run time) leaves its methods' paths as written
    if (onClass) prefix = path ?? '';
    if (onClass || path === null) continue;
    const verb = m[1]!.replace('Mapping', '').toUpperCase();
    const method = verb === 'REQUEST' ? (/RequestMethod\.(\w+)/.exec(m[2] ?? '')?.[1] ?? 'ANY') : verb;
    out.push({ method, path: joinPath(prefix, path), line: lineAt(m.index) });
  }
  return out;
}

const JS_LANGUAGES = new Set(['typescript', 'javascript']);

/** What a file declares; a Java or Kotlin file's mappings may name string constants, of the file (`PREFIX`) or of the project's (`Paths.API`). */
function fileRoutes(text: string, language: string, constants: ProjectConstants): FileRoutes {
  if (language === 'python') return pythonRoutes(text);
  if (JS_LANGUAGES.has(language)) return jsRoutes(text);
  if ((language === 'java' || language === 'kotlin') && /@(?:Request|Get|Post|Put|Patch|Delete)Mapping\b/.test(text))
    return { routers: new Map(), routes: springRoutes(text, heldStrings('', blankComments(text), constants.inFile(text))) };
  return NO_ROUTES;
}

/** Where a router's routes sit: below a literal path, after a prefix the scan could not read or not. */
interface Place {
  path: string;
  prefixed: boolean;
}

/** A file's routes, each joined to where its router sits. */
const placed = (routes: readonly RouterRoute[], placeOf: (router: string) => Place): DeclaredRoute[] =>
  routes.map(({ router, ...route }) => {
    if (router === undefined) return route;
    const place = placeOf(router);
    return { ...route, path: joinPath(place.path, route.path), ...(place.prefixed ? { prefixed: true } : {}) };
  });

/** The routes a file declares, in file order, each below its own router's prefix. `constants`: the project's, by which a Spring mapping's names are read. */
export function declaredRoutes(text: string, language: string, constants: ProjectConstants = NO_CONSTANTS): DeclaredRoute[] {
  if (language === 'go') return goDeclaredRoutes(text);
  const { routers, routes } = fileRoutes(text, language, constants);
  return placed(routes, (router) => ({ path: routers.get(router) ?? '', prefixed: false }));
}

/** How a router is mounted: by which router of which file, under which path. */
interface Mount {
  by: string;
  router: string;
  path: string;
  /** The mount's prefix is no literal (`prefix=settings.API_V1_STR`): the routes sit behind a prefix the scan could not read. */
  prefixed: boolean;
  /** Flask's `register_blueprint(bp, url_prefix=…)`: the path stands in for the blueprint's own prefix. */
  replaces: boolean;
}

/** The key of a mount of every router of a file: one mounted by the file it is imported from (`app.use('/api', users)`), its name unknown. */
const WHOLE_FILE = '*';
const mountKey = (file: string, router: string) => `${file}\u0000${router}`;

/** Two parts of a path joined, an empty one adding nothing (`''` stays `''`). */

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PY_MOUNT = /\b(\w+)\.(include_router|register_blueprint)\(\s*([\w.]+)\s*(?:,([^)]*))?\)/g;

/** The name a Python file imports under `alias` (`from app.views import bp as views_bp`), else the alias. */
const pythonImported = (text: string, alias: string) =>
  new RegExp(String.raw`\bimport\s*(?:\([^)]*?|[^\n;(]*?)\b(\w+)\s+as\s+${alias}\b`).exec(text)?.[1] ?? alias;

/** A Python module's file: `app/api` is `app/api.py` or `app/api/__init__.py`. */
const moduleFile = (module: string) => new RegExp(`(?:^|/)${module}(?:\\.py|/__init__\\.py)$`);

/**
 * The imported file making the router a Python file names `written`: the one of the module it imports the name from
 * (`bp` of `app/api/__init__.py` for `from app.api import bp as api_bp`), else the first of its imports making a router
 * of that name; with the router's name there.
 */
function pythonRouterSource(
  text: string,
  written: string,
  imported: readonly string[],
  routers: (path: string) => ReadonlyMap<string, string>,
): { file: string; router: string } | undefined {
  const from = new RegExp(String.raw`\bfrom\s+(\.*[\w.]*)\s+import\s*(?:\([^)]*?|[^\n;(]*?)\b(?:(\w+)\s+as\s+${written}\b|${written}\b(?!\s+as\b))`).exec(text);
  const router = from?.[2] ?? pythonImported(text, written);
  const makers = imported.filter((p) => routers(p).has(router));
  const module = from?.[1]!.replace(/^\.+/, '').replace(/\./g, '/');
  const file = (module ? makers.find((p) => moduleFile(module).test(p)) : undefined) ?? makers[0];
  return file ? { file, router } : undefined;
}

/** A JavaScript mount on a named router: `app.use(…)`, its `(` ending the match. */
const JS_USE = /\b(\w+)\.use\(/g;

/** The `use` calls a JavaScript file makes on its routers, by the router and the call's `(`: named (`app.use(…)`) and chained (`Router().use(a).use(b)`). */
function jsUses(text: string, own: ReadonlyMap<string, string>): Array<{ router: string; open: number }> {
  const out: Array<{ router: string; open: number }> = [];
  const chained = (router: string, open: number) => {
    for (const c of chainAfter(text, open)) if (c.method === 'use') out.push({ router, open: c.open });
  };
  for (const m of text.matchAll(JS_ROUTER)) chained(m[1] ?? DEFAULT_EXPORT, m.index + m[0].lastIndexOf('('));
  for (const m of text.matchAll(JS_USE)) {
    if (!own.has(m[1]!)) continue;
    out.push({ router: m[1]!, open: m.index + m[0].length - 1 });
    chained(m[1]!, m.index + m[0].length - 1);
  }
  return out;
}

/**
 * The module a JavaScript file imports `name` from, with the name it is exported by (`default` for a default
 * export or the whole module): `import users from`, `import { users }`, `import { router as users }`,
 * `import * as users`, `const users = require(…)`, `const { router: users } = require(…)`.
 */
function jsImportOf(text: string, name: string): { from: string; exported: string } | undefined {
  const n = escaped(name);
  // a module's specifier, its quote the group `quote`
  const spec = (quote: number) => String.raw`\s*(["'])([^"'\n]+)` + `\\${quote}`;
  const whole = new RegExp(String.raw`\bimport\s+(?:${n}\s*(?:,\s*\{[^}]*\}\s*)?|\*\s*as\s+${n}\s+)from${spec(1)}|\b${n}\s*=\s*require\(${spec(3)}\s*\)`).exec(
    text,
  );
  if (whole) return { from: whole[2] ?? whole[4]!, exported: DEFAULT_EXPORT };
  const listed = new RegExp(String.raw`(?:^|,)\s*(?:([\w$]+)\s*(?:as|:)\s*)?${n}\s*(?:,|$)`);
  for (const m of text.matchAll(
    new RegExp(String.raw`\bimport\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from${spec(2)}|\{([^}]*)\}\s*=\s*require\(${spec(5)}\s*\)`, 'g'),
  )) {
    const named = listed.exec((m[1] ?? m[4]!).trim());
    if (named) return { from: m[3] ?? m[6]!, exported: named[1] ?? name };
  }
  return undefined;
}

/**
 * The project's routes, each joined to where its router is mounted, along the mounts: FastAPI's `x.include_router(items.router,
 * prefix="/api")` mounts the router of the imported module `items` under x's own place and prefix; Flask's
 * `app.register_blueprint(users.bp, url_prefix="/api")` mounts the blueprint under the registering app's or blueprint's place,
 * the registration's prefix in place of the blueprint's own, and a module's `@bp.route` on a blueprint it imports is
 * that blueprint's; Express's and Koa's `app.use('/api', users)`, `router.use('/sub', users.routes())`, `app.use(routes)`
 * and chained `Router().use(a).use(b)` mount a router of the same file, or the routers of the file `users` is imported from.
 * A prefix that is a string the file assigns once is read (`API_PREFIX = "/api"`); a Python one that is no literal
 * (`prefix=settings.API_V1_STR`) leaves the routes `prefixed`, a JavaScript one unmounted. `importsOf`: the files a file
 * imports. `constants`: the project's string constants, by which Spring's mappings naming them are read.
 */
export function projectRoutes(
  files: ReadonlyArray<{ path: string; text: string; language: string }>,
  importsOf: (path: string) => readonly string[],
  constants: ProjectConstants = NO_CONSTANTS,
): Map<string, DeclaredRoute[]> {
  const declared = new Map(files.map((f) => [f.path, fileRoutes(f.text, f.language, constants)] as const));
  const routers = (path: string) => declared.get(path)?.routers ?? NO_ROUTES.routers;
  // the first mount of each router (or of each file's routers, WHOLE_FILE)
  const mounts = new Map<string, Mount>();
  const mount = (file: string, router: string, by: Omit<Mount, 'replaces' | 'prefixed'> & Partial<Mount>) => {
    const key = mountKey(file, routers(file).has(router) ? router : WHOLE_FILE);
    if (!mounts.has(key)) mounts.set(key, { prefixed: false, replaces: false, ...by });
  };
  for (const f of files.filter((x) => x.language === 'python')) {
    const own = routers(f.path);
    for (const m of f.text.matchAll(PY_MOUNT)) {
      // `items.router`: the imported module `items`; a bare `router` the file makes: that one; else (`api.api_router` of
      // `import main as api`, a bare `api_router`, `users_bp` of `import bp as users_bp`) the imported file making that router
      const parts = m[3]!.split('.');
      const same = parts.length === 1 && own.has(parts[0]!) && parts[0] !== m[1];
      const module = parts.length > 1 ? pythonImported(f.text, parts[0]!) : null;
      const imported = same ? [] : importsOf(f.path).filter((p) => routers(p).size);
      const source = same ? { file: f.path, router: parts[0]! } : module ? undefined : pythonRouterSource(f.text, parts[0]!, imported, routers);
      const name = source?.router ?? parts.at(-1)!;
      const target = source?.file ?? (module ? imported.find((p) => moduleFile(module).test(p)) : undefined) ?? imported.find((p) => routers(p).has(name));
      if (!target) continue;
      const flask = m[2] === 'register_blueprint';
      // `prefix="/api"`, `prefix=API_PREFIX` of a string the module assigns; Flask's `url_prefix=None` is none given
      const found = new RegExp(String.raw`\b${flask ? 'url_prefix' : 'prefix'}\s*=\s*(?:${PY_STRING}|([\w.]+))`).exec(m[4] ?? '');
      const given = found?.[3] === 'None' ? null : found;
      const literal = given?.[2] ?? (given ? pythonConstant(f.text, given[3]!) : undefined);
      const unread = !!given && literal === undefined;
      mount(target, name, { by: f.path, router: m[1]!, path: literal ?? '', prefixed: unread, replaces: flask && !!given });
    }
  }
  for (const f of files.filter((x) => JS_LANGUAGES.has(x.language))) {
    const own = routers(f.path);
    // a router an argument names: of the file (`api`), imported (`users`, `users.routes()` of Koa) or required in place (`require('./users')`)
    const routerOf = (arg: string, by: string): { file: string; router: string } | undefined => {
      const name = /^([A-Za-z_$][\w$]*)(?:\.(?:routes|middleware)\(\s*\))?$/.exec(arg)?.[1];
      if (name && own.has(name) && name !== by) return { file: f.path, router: name };
      const required = /^require\(\s*(["'])([^"'\n]+)\1\s*\)(?:\.([\w$]+))?$/.exec(arg);
      const from = required ? { from: required[2]!, exported: required[3] ?? DEFAULT_EXPORT } : name ? jsImportOf(f.text, name) : undefined;
      const stem = from?.from.replace(/^(?:\.\.?\/)+/, '').replace(/\.[cm]?[jt]sx?$/, '');
      const stemmed = stem ? new RegExp(`(?:^|/)${escaped(stem)}(?:/index)?\\.[cm]?[jt]sx?$`) : undefined;
      const file = stemmed && importsOf(f.path).find((p) => stemmed.test(p) && routers(p).size);
      return file ? { file, router: from!.exported } : undefined;
    };
    for (const use of jsUses(f.text, own)) {
      const args = topLevelArgs(callArgs(f.text, use.open));
      // the mount's path: a literal, a constant of the file, or none when the first argument is a router or middleware
      // (`app.use(routes)`, `app.use(cors())`, an imported name); any other (`app.use(process.env.BASE, api)`) is not guessed
      const literal =
        /^(["'`])(\/[^"'`$\n]*)\1$/.exec(args[0]!)?.[2] ??
        (/^[A-Za-z_$][\w$]*$/.test(args[0]!) ? jsConstant(f.text, args[0]!, String.raw`\/[^"'\`$\n]*`) : undefined);
      const bare = literal === undefined && (args[0]!.includes('(') || !!routerOf(args[0]!, use.router) || !!jsImportOf(f.text, args[0]!));
      if (literal === undefined && !bare) continue;
      // the first argument after the path that is a router; middleware before it is passed over
      for (const arg of literal === undefined ? args : args.slice(1)) {
        const target = routerOf(arg, use.router);
        if (!target) continue;
        mount(target.file, target.router, { by: f.path, router: use.router, path: literal ?? '' });
        break;
      }
    }
  }
  const places = new Map<string, Place>();
  const placeOf = (file: string, router: string, seen: ReadonlySet<string>): Place => {
    const key = mountKey(file, router);
    const known = places.get(key);
    if (known) return known;
    const own = routers(file).get(router) ?? '';
    const mounted = mounts.get(key) ?? mounts.get(mountKey(file, WHOLE_FILE));
    if (!mounted || seen.has(key)) return { path: own, prefixed: false };
    const below = mounted.replaces ? mounted.path : joinParts(mounted.path, own);
    const parent = mounted.prefixed ? { path: '', prefixed: true } : placeOf(mounted.by, mounted.router, new Set([...seen, key]));
    const place = { path: joinParts(parent.path, below), prefixed: parent.prefixed };
    places.set(key, place);
    return place;
  };
  // Go's routers are read by go-routes.ts, a group handed to a function placed where its callers put it
  const out = goProjectRoutes(
    files.filter((f) => f.language === 'go'),
    importsOf,
  );
  for (const f of files) {
    const { routes, foreign = [] } = declared.get(f.path)!;
    // a decorator on a router an imported file makes (Flask's `from app.api import bp`, then `@bp.route` in app/api/users.py)
    const makers = new Map<string, { file: string; router: string } | undefined>();
    const makerOf = (name: string) => {
      if (!makers.has(name)) makers.set(name, pythonRouterSource(f.text, name, importsOf(f.path), routers));
      return makers.get(name);
    };
    const theirs = foreign.filter((r) => makerOf(r.router!));
    const all = theirs.length ? [...routes, ...theirs].sort((a, b) => a.line - b.line) : routes;
    if (!all.length) continue;
    out.set(
      f.path,
      placed(all, (router) => {
        const maker = routes.some((r) => r.router === router) ? undefined : makerOf(router);
        return maker ? placeOf(maker.file, maker.router, new Set()) : placeOf(f.path, router, new Set());
      }),
    );
  }
  return out;
}

/** String literals of a language: the quote, whether `{…}` (Python's f-strings) or `${…}` (template strings) interpolate. */
const STRINGS: Record<string, RegExp> = {
  python: /(?<![\w'"])([fFrRbBuU]{0,2})("|')((?:\\.|(?!\2)[^\\\n])*)\2/g,
  js: /(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g,
  other: /(")((?:\\.|[^"\\\n])*)"/g,
  // Go's raw strings too: `http://localhost/x` in backquotes
  go: /(")((?:\\.|[^"\\\n])*)"|`([^`]*)`/g,
};

/** A URL's scheme (or none: `//cdn.host/x`), user and port around its host. */
const URL_ORIGIN = /^(?:[a-z][a-z0-9+.-]*:)?\/\/(?:[^/\s@]*@)?(\[[^\]]*\]|[^/\s:]*)(?::[^/\s]*)?/i;

/**
 * Whether a URL's host may be the project's own server: an interpolated or unnamed one, loopback, a private address, a
 * name without a dot (a compose service `backend`, Starlette's `testserver`), `*.local`, `*.internal`, and the names kept
 * for examples and tests (flask's tests call their app at `http://example.com:8080/foo`).
 * A named public host (`api.cognitive.microsofttranslator.com`, `flask.palletsprojects.com`) is someone else's:
 * microblog's call of the translator's `/translate` is no call of its own `/translate` route.
 */
function ownHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (!name || name.includes('\u0001') || !name.includes('.')) return true;
  // and the names kept for examples and tests (RFC 2606), which a test client's requests name for the app itself
  if (/(?:^|\.)example\.(?:com|net|org)$|\.(?:local|localhost|internal|test|example|invalid)$/.test(name)) return true;
  const ip = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(name);
  if (!ip) return false;
  const [a, b] = [Number(ip[1]), Number(ip[2])];
  return a === 127 || a === 10 || a === 0 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}

/** A path a string's text holds: `/items/`, `{base}/items/{id}` (`prefixed`: after an unknown prefix), `http://localhost:8000/api/users/${id}`; null for any other text, and for a URL of another's host. */
export function pathOfString(text: string, interpolation: RegExp | null): Pick<CalledPath, 'segments' | 'prefixed'> | null {
  // interpolations become one marker each, so that a segment holding one is unknown
  const interpolated = interpolation ? text.replace(interpolation, '\u0001') : text;
  const origin = URL_ORIGIN.exec(interpolated);
  if (origin && !ownHost(origin[1]!)) return null;
  const marked = origin ? interpolated.slice(origin[0].length) : interpolated;
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

const GO_PREFIX_CALL = /\.\s*(?:Group|PathPrefix|Route|Mount)\s*\(\s*$/;

/** The paths a file's strings hold, in file order (a bare "/" is none). */
export function calledPaths(text: string, language: string): CalledPath[] {
  if (!CALLING_LANGUAGES.has(language)) return [];
  const lineAt = lineIndex(text);
  const python = language === 'python';
  const js = JS_LANGUAGES.has(language);
  const strings = python
    ? joinedLiterals(text, STRINGS.python!, (m) => m[3]!)
    : language === 'go'
      ? joinedLiterals(text, STRINGS.go!, (m) => m[2] ?? m[3]!)
      : joinedLiterals(text, js ? STRINGS.js! : STRINGS.other!, (m) => m[2]!);
  // an f-string's `{…}` and `str.format`'s in any Python string are unknown segments; so are a template string's
  // `${…}` and an OpenAPI client's `{id}`
  const interpolation = python ? /\{[^{}]*\}/g : /\$\{[^{}]*\}|\{[^{}/]*\}/g;
  const out: CalledPath[] = [];
  for (const s of strings) {
    // a Go router's group or mount prefix (`r.Group("/users")`) is no call
    if (language === 'go' && GO_PREFIX_CALL.test(text.slice(Math.max(0, s.index - 40), s.index))) continue;
    const path = pathOfString(s.body, interpolation);
    if (path) out.push({ ...path, line: lineAt(s.index) });
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

/**
 * The routes other files may reach: a file named as a test (`tests/test_basic.py`) declares apps of its own tests, which
 * serve only it. On pallets/flask, whose test modules declare `/` and `/more` again and again, they linked test
 * modules to each other.
 */
export function routeIndex(routes: ReadonlyMap<string, readonly DeclaredRoute[]>): RouteIndex {
  const byLast = new Map<string, Array<{ file: string; route: DeclaredRoute; segments: (string | null)[] }>>();
  for (const [file, list] of routes) {
    if (namedLikeTest(file)) continue;
    for (const route of list) {
      const segments = routeSegments(route.path);
      const last = segments.findLastIndex((x) => x !== null);
      if (last < 0) continue;
      const key = lastKey(segments.length - 1 - last, segments[last]!);
      byLast.set(key, [...(byLast.get(key) ?? []), { file, route, segments }]);
    }
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
  // an example is an app of its own (chi's `_examples/todos-resource`): its routes serve only its own files
  const example = exampleRoot(path);
  const servesCaller = (file: string) => {
    const root = exampleRoot(file);
    return root === null || root === example;
  };
  // the file's own routes, a test's too: a call they serve as well as another file's is a call of its own
  const own = (index.byFile.get(path) ?? []).map((route) => ({ file: path, route, segments: routeSegments(route.path) }));
  for (const call of calls) {
    if (declared.has(call.line)) continue;
    let best: Array<{ file: string; route: string }> = [];
    let bestScore = [0, 0];
    const n = call.segments.length;
    const others = call.segments.flatMap((segment, i) => (segment === null ? [] : (index.byLast.get(lastKey(n - 1 - i, segment)) ?? [])));
    for (const r of [...own, ...others.filter((x) => x.file !== path && servesCaller(x.file))]) {
      const literal = reach(call, r.segments, r.route.prefixed === true);
      if (literal === null) continue;
      const score = [r.segments.length, literal];
      const cmp = score[0]! - bestScore[0]! || score[1]! - bestScore[1]!;
      if (cmp > 0) [best, bestScore] = [[{ file: r.file, route: r.route.path }], score];
      else if (cmp === 0) best.push({ file: r.file, route: r.route.path });
    }
    // a path that routes of many files end with (`/health` in every service) says nothing of which one it calls; one the
    // file's own routes serve as well is a call of its own (a Go test requesting the router it built)
    if (new Set(best.map((b) => b.file)).size > MAX_SERVING_FILES || best.some((b) => b.file === path)) continue;
    for (const b of best) if (!out.has(b.file)) out.set(b.file, { path: b.file, line: call.line, route: b.route });
  }
  return [...out.values()];
}
