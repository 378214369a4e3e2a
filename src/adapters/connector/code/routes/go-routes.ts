/**
 * @module adapters/connector/code/routes/go-routes
 * The HTTP routes a Go file declares on the routers it makes or is handed: gin's and echo's `r.GET("/users/:id", h)`,
 * chi's and fiber's `r.Get`, httprouter's `router.GET`, gorilla/mux's `r.HandleFunc("/x", h).Methods("GET")` and
 * `r.Methods("GET").Path("/x").HandlerFunc(h)`, net/http's `mux.HandleFunc("GET
 * /items/{id}", h)`, each below the groups it hangs from: `v1 := r.Group("/api/v1")`, `s := r.PathPrefix("/api").Subrouter()`,
 * chi's `r.Route("/articles", func(r chi.Router) {…})` and `r.Mount("/api", sub)` of a router the file makes. The file is
 * read in order with its block scopes, so a name means the router it holds where it is used, never a map or an HTTP
 * client (`client.Get(url)`, `http.Get("http://…")`). A group a function is handed (`func Register(r *gin.RouterGroup)`)
 * sits where its callers put it (`users.Register(v1.Group("/users"))`, in this file or another): `goProjectRoutes`
 * joins them, each caller's place a place of the routes; one nobody places is behind an unread prefix (`prefixed`),
 * as is a group whose prefix is no literal. A router package is known by its import path (go-frameworks.ts), not by
 * the name the file gives it.
 */

import type { HttpRoute } from '../../../../ports/code.js';
import { canonicalName, goRouterNames, mentionsRouter, type GoRouterNames } from './go-frameworks.js';
import { lineIndex } from '../text/lines.js';
import { joinParts as joinPath } from './route-paths.js';

/** Where a router serves: below its parent (a group, a subrouter, a mount) by `path`, else from the root, a parameter's place (`base`) or an unread prefix. */
interface Node {
  parent?: Node;
  path: string;
  prefixed: boolean;
  /** A router parameter of a named function (`Register#0`): it sits where the function's callers pass routers. */
  base?: string;
  /** Made by a constructor (`chi.NewRouter()`) in this named function, not yet mounted: a `Mount` may place it. */
  madeIn?: string;
  /** The package's default mux (`http.HandleFunc`), which serves `Handle` and `HandleFunc` only. */
  defaultMux?: boolean;
  /** A gorilla/mux route (`r.Path("/x")`, `r.Methods("GET")`): its `Handler`/`HandlerFunc` declares it. */
  route?: boolean;
  /** The methods a gorilla/mux `Methods(…)` before the route names (`GET|PUT`). */
  methods?: string;
}

/** A node's full place: a base and the path below it. */
interface Place {
  base?: string;
  path: string;
  prefixed: boolean;
}

/** A route of a Go file: its path below its base's place when it has one. */
export type GoRoute = HttpRoute & { base?: string };

/** A call handing a router to a function (`users.Register(v1.Group("/users"))`, chi's `r.Route("/x", userRoutes)`): the key `Fn#i` of the parameter and the router's place. */
export interface GoPass extends Place {
  param: string;
}

export interface GoFileRoutes {
  routes: GoRoute[];
  /** The keys (`Fn#i`) of the router parameters of the functions it declares. */
  params: ReadonlySet<string>;
  passes: GoPass[];
}

function placeOf(node: Node): Place {
  let path = '';
  for (let n: Node | undefined = node; n; n = n.parent) {
    path = joinPath(n.path, path);
    if (n.base || n.prefixed) return { path, prefixed: n.prefixed, ...(n.base ? { base: n.base } : {}) };
  }
  return { path, prefixed: false };
}

/** The text with comments blanked and the insides of strings and runes filled, quotes kept: offsets stay, braces and parentheses are code's. */
export function goMask(text: string): string {
  const out = text.split('');
  const fill = (from: number, to: number, c: string) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = c;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      const line = text[i + 1] === '/';
      const e = line ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
      const end = e < 0 ? text.length : line ? e : e + 2;
      fill(i, end, ' ');
      i = end - 1;
    } else if (c === '`') {
      const e = text.indexOf('`', i + 1);
      const end = e < 0 ? text.length : e;
      fill(i + 1, end, '_');
      i = end;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      fill(i + 1, j, '_');
      i = j;
    }
  }
  return out.join('');
}

/** The index of the bracket closing the one at `open` (the end of the text when none). */
function closing(mask: string, open: number): number {
  let depth = 0;
  for (let i = open; i < mask.length; i++) {
    const c = mask[i]!;
    if (c === '(' || c === '{' || c === '[') depth++;
    else if ((c === ')' || c === '}' || c === ']') && --depth === 0) return i;
  }
  return mask.length;
}

/** The arguments between `open` and its closing parenthesis, as [start, end) ranges trimmed of spaces. */
function argRanges(mask: string, open: number): Array<[number, number]> {
  const close = closing(mask, open);
  const out: Array<[number, number]> = [];
  let depth = 0;
  let start = open + 1;
  const push = (end: number) => {
    let [s, e] = [start, end];
    while (s < e && /\s/.test(mask[s]!)) s++;
    while (e > s && /\s/.test(mask[e - 1]!)) e--;
    if (e > s) out.push([s, e]);
  };
  for (let i = open + 1; i < close; i++) {
    const c = mask[i]!;
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      push(i);
      start = i + 1;
    }
  }
  push(close);
  return out;
}

/** The string a range holds when it is one literal (`"/x"`, `` `/x` ``), else undefined. */
function literal(text: string, mask: string, [s, e]: [number, number]): string | undefined {
  const q = mask[s];
  if ((q !== '"' && q !== '`') || mask[e - 1] !== q || e - s < 2 || mask.slice(s + 1, e - 1).includes(q)) return undefined;
  return text.slice(s + 1, e - 1);
}

/** A method an argument names: `"GET"`, `http.MethodGet` (whatever the file calls net/http). */
function methodOf(text: string, mask: string, range: [number, number], names: GoRouterNames): string | undefined {
  const constant = /^(\w+)\.Method(\w+)$/.exec(mask.slice(...range));
  const named = literal(text, mask, range) ?? (constant && names.qualifiers.get(constant[1]!) === 'http' ? constant[2] : undefined);
  return named && /^[A-Za-z]+$/.test(named) ? named.toUpperCase() : undefined;
}

/** The methods a list names (`[]string{"GET", "PUT"}`, `.Methods(http.MethodGet, "PUT")`), upper-case. */
function listedMethods(written: string, names: GoRouterNames): string[] {
  return [...written.matchAll(/"(\w+)"|(\w+)\.Method(\w+)/g)].flatMap((m) =>
    m[1] ? [m[1].toUpperCase()] : names.qualifiers.get(m[2]!) === 'http' ? [m[3]!.toUpperCase()] : [],
  );
}

/** The type of a value the file makes before `before` (`rs := todosResource{}`, `rs := &todosResource{db}`, `var rs todosResource`). */
function valueType(mask: string, name: string, before: number): string | undefined {
  const made = new RegExp(String.raw`(?<![\w.])${name}\s*:?=\s*&?([A-Za-z_]\w*)\s*\{|\bvar\s+${name}\s+\*?([A-Za-z_]\w*)\s*$`, 'gm');
  let type: string | undefined;
  for (const m of mask.slice(0, before).matchAll(made)) type = m[1] ?? m[2];
  return type;
}

/** Router types: those always at the root, and groups (a parameter of one sits where its callers put it). */
const ROOT_TYPE = /^\*?(?:gin\.Engine|echo\.Echo|fiber\.App|http\.ServeMux|chi\.Mux|httprouter\.Router)$/;
const GROUP_TYPE = /^\*?(?:gin\.(?:RouterGroup|IRouter|IRoutes)|echo\.Group|fiber\.Router|chi\.Router|mux\.Router)$/;
/** A struct field or variable of a group type no group is made for: its prefix is not read (gorilla's and chi's are roots). */
const FIELD_GROUP_TYPE = /^\*?(?:gin\.(?:RouterGroup|IRouter|IRoutes)|echo\.Group|fiber\.Router)$/;

const CONSTRUCTOR = /^(?:gin\.(?:Default|New)|echo\.New|chi\.(?:NewRouter|NewMux)|mux\.NewRouter|http\.NewServeMux|fiber\.New|httprouter\.New)$/;
/** A type or constructor the rules know, in their names (`gin.Engine`, `mux.NewRouter`). */
const KNOWN = (name: string) => ROOT_TYPE.test(name) || GROUP_TYPE.test(name) || CONSTRUCTOR.test(name);

/** Methods of a router that give it back, or a router below it: `Group`, gorilla's `PathPrefix(…).Subrouter()`, chi's `With(mw)`. */
const SAME = new Set(['Subrouter', 'With', 'StrictSlash', 'UseEncodedPath', 'SkipClean', 'Host', 'Schemes']);
/** gorilla/mux's route matchers other than a path or methods: a chain through them is the same route. */
const ROUTE_SAME = new Set(['Name', 'Queries', 'Headers', 'HeadersRegexp', 'MatcherFunc', 'BuildVarsFunc']);

/** Route declarations by method name: the method each declares (`''`: named by an argument or a pattern). */
const VERBS: Record<string, string> = {
  ...Object.fromEntries(
    ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'CONNECT', 'TRACE'].flatMap((m) => [
      [m, m],
      [m[0] + m.slice(1).toLowerCase(), m],
    ]),
  ),
  Any: 'ANY',
  All: 'ANY',
  Handle: '',
  HandleFunc: '',
  Method: '',
  MethodFunc: '',
  Add: '',
  Match: '',
  // httprouter's `Handler("GET", "/x", h)`, gorilla's route's `r.Path("/x").HandlerFunc(h)`
  Handler: '',
  HandlerFunc: '',
  ServeFiles: 'GET',
};
const GO_KEYWORDS = new Set(['func', 'if', 'for', 'switch', 'return', 'go', 'defer', 'range', 'select', 'case']);
const METHOD_CALL = /\.\s*([A-Za-z_]\w*)\s*\(/g;
const CALL = /(?<![\w.])((?:[A-Za-z_]\w*\s*\.\s*)*)([A-Za-z_]\w*)\s*\(/g;
const SIGNATURE = /\bfunc\s*(?:\(([^()]*)\)\s*)?([A-Za-z_]\w*)?\s*(?:\[[^\]]*\]\s*)?\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)/g;
const BINDING = /(?<![\w.])(var\s+)?((?:[A-Za-z_]\w*\.)*)([A-Za-z_]\w*)\s*(?:[\w.*]+\s*)?(:=|(?<![=!<>:])=(?!=))\s*/g;
const TYPED = /^[ \t]*(?:var\s+)?([A-Za-z_]\w*)\s+(\*?\w+\.\w+)[ \t]*$/gm;

/** Where the receiver of a method call whose `.` is at `dot` starts: `r.Group("/x")` of `r.Group("/x").GET(`, `s.router` of `s.router.HandleFunc(`. */
function receiverStart(mask: string, dot: number): number {
  let i = dot;
  for (;;) {
    let j = i - 1;
    while (j >= 0 && /\s/.test(mask[j]!)) j--;
    if (mask[j] === ')') {
      // back over the call's arguments to its name
      let depth = 0;
      for (; j >= 0; j--) {
        if (mask[j] === ')') depth++;
        else if (mask[j] === '(' && --depth === 0) break;
      }
      j--;
      while (j >= 0 && /\s/.test(mask[j]!)) j--;
    }
    let k = j;
    while (k >= 0 && /\w/.test(mask[k]!)) k--;
    if (k === j) return i;
    let before = k;
    while (before >= 0 && /\s/.test(mask[before]!)) before--;
    if (mask[before] !== '.') return k + 1;
    i = before;
  }
}

/** A function's parameters with their types (`a, b *gin.RouterGroup` gives both the type). */
function parameters(params: string): Array<{ name: string; type: string }> {
  const parts = params.split(',').map((p) => p.trim().split(/\s+/));
  let type = '';
  return parts
    .reverse()
    .map((p) => {
      if (p.length > 1) type = p.slice(1).join('');
      return { name: p[0]!, type };
    })
    .reverse();
}

/** The routes a Go file declares, the router parameters of its functions and the routers it hands to functions. */
export function goFileRoutes(text: string, makers: RouterMakers = routerMakers(text)): GoFileRoutes {
  const pkg = /^package\s+(\w+)/m.exec(text)?.[1] ?? '';
  const names = goRouterNames(text);
  if (!mentionsRouter(text, names) && ![...makers.keys()].some((k) => text.includes(`${k.slice(k.indexOf('.') + 1)}(`)))
    return { routes: [], params: new Set(), passes: [] };
  const mask = goMask(text);
  const lineAt = lineIndex(text);
  const typeOf = (written: string) => canonicalName(written.replace(/\s+/g, ''), names, KNOWN);
  const isHttp = (qualifier: string) => names.qualifiers.get(qualifier) === 'http';
  // net/http's default mux, by each name the file gives the package
  const fields = new Map<string, Node>(
    [...names.qualifiers].filter(([, f]) => f === 'http').map(([q]) => [q, { path: '', prefixed: false, defaultMux: true }]),
  );
  // each block's names: a router, or null for a name hiding an outer router (`r := resty.New()`, a parameter `r *http.Request`)
  const scopes: Array<{ names: Map<string, Node | null>; fn?: string }> = [{ names: new Map() }];
  const params = new Set<string>();
  const routes: Array<{ node: Node; method: string; path: string; line: number }> = [];
  const passes: Array<{ node: Node; param: string }> = [];
  // the scope a function's body opens, by its `{`: its parameters, its name when it is a named function
  const bodies = new Map<number, { names: Map<string, Node | null>; fn?: string }>();
  // a closure a router hands itself to (chi's `r.Route("/x", func(r chi.Router) {…})`), by its `func`: that router
  const handed = new Map<number, Node>();
  const allNodes = new Set<Node>();
  const makerMounts: Array<() => void> = [];
  // the named functions returning a router, by key (`adminRouter`, `todosResource.Routes`)
  const returners = new Set<string>();
  const lookup = (selector: boolean, name: string): Node | undefined => {
    if (selector) return fields.get(name);
    for (let i = scopes.length - 1; i >= 0; i--) {
      const names = scopes[i]!.names;
      if (names.has(name)) return names.get(name) ?? undefined;
    }
    return fields.get(name);
  };
  const fnNow = () => scopes.findLast((s) => s.fn)?.fn;
  const child = (parent: Node, range: [number, number] | undefined): Node => {
    const path = range && literal(text, mask, range);
    return path === undefined ? { parent, path: '', prefixed: true } : { parent, path, prefixed: false };
  };

  /**
   * The router an expression at `at` gives (`v1`, `r.Group("/x")`, `mux.NewRouter().StrictSlash(true)`) and where it ends:
   * before the first call that gives no router, or at `stop`.
   */
  const evaluate = (at: number, stop = mask.length): { node: Node; end: number } | undefined => {
    const rest = mask.slice(at, at + 200);
    let node: Node;
    let end: number;
    const head = /^(?:\w+\s*\.\s*)?\w+\s*\(/.exec(rest);
    const made = head && CONSTRUCTOR.test(typeOf(head[0].slice(0, -1))) ? head : null;
    // a function of the project making a router (`router.New()`, `NewRouter()` of the same package)
    const maker = made ? undefined : /^(?:(\w+)\s*\.\s*)?(\w+)\s*\(/.exec(rest);
    const makes = maker ? makers.get(`${maker[1] ?? pkg}.${maker[2]}`) : undefined;
    if (maker && makes !== undefined) {
      node = { path: '', prefixed: makes };
      end = closing(mask, at + maker[0].length - 1) + 1;
    } else if (made) {
      const fn = fnNow();
      node = { path: '', prefixed: false, ...(fn ? { madeIn: fn } : {}) };
      allNodes.add(node);
      end = closing(mask, at + made[0].length - 1) + 1;
    } else {
      // `s.router` of `s.router.HandleFunc(`: the names before a call
      const named = /^(?:[A-Za-z_]\w*\s*\.\s*)*[A-Za-z_]\w*/.exec(rest)?.[0];
      const chain = named?.replace(/\s*\.\s*[A-Za-z_]\w*$/, (last) => (/^\s*\(/.test(rest.slice(named.length)) ? '' : last));
      const parts = chain?.split(/\s*\.\s*/) ?? [];
      const found = parts.length ? lookup(parts.length > 1, parts.at(-1)!) : undefined;
      if (!found || found.defaultMux) return undefined;
      node = found;
      end = at + chain!.length;
    }
    for (;;) {
      const call = /^\s*\.\s*(\w+)\s*\(/.exec(mask.slice(end, end + 100));
      if (!call || end + call[0].indexOf('.') >= stop) return { node, end };
      const open = end + call[0].length - 1;
      const args = argRanges(mask, open);
      if (call[1] === 'Group' || call[1] === 'PathPrefix') node = args[0] && mask.startsWith('func', args[0][0]) ? node : child(node, args[0]);
      // gorilla/mux's route: `r.Path("/x")`, `r.Methods("GET")`, in either order
      else if (call[1] === 'Path') node = { ...child(node, args[0]), route: true };
      else if (call[1] === 'Methods') {
        const listed = listedMethods(text.slice(open, closing(mask, open)), names);
        node = { parent: node, path: '', prefixed: false, route: true, ...(listed.length ? { methods: listed.join('|') } : {}) };
      } else if (!SAME.has(call[1]!) && !(node.route && ROUTE_SAME.has(call[1]!))) return { node, end };
      end = closing(mask, open) + 1;
    }
  };

  const declare = (node: Node, verb: string, open: number, line: number) => {
    const args = argRanges(mask, open);
    if (verb === 'Mount') {
      // chi's and fiber's `r.Mount("/api", sub)` of a router the file makes, or of one a function of the file makes (`adminRouter()`)
      const path = args[0] && literal(text, mask, args[0]);
      const mounted = args[1] && mask.slice(...args[1]);
      if (path === undefined || !mounted) return;
      const place = (sub: Node | undefined) => sub && !sub.parent && sub !== node && Object.assign(sub, { parent: node, path: joinPath(path, sub.path) });
      // `adminRouter()`, `users.Routes()`, `todosResource{}.Routes()`, `rs.Routes()` of a value `rs := todosResource{}`
      const call = /^(?:&?(\w+)\s*\{\s*\}\s*\.\s*|(\w+)\s*\.\s*)?([A-Za-z_]\w*)\s*\(\s*\)$/.exec(mounted);
      const type = call && (call[1] ?? (call[2] && valueType(mask, call[2], args[1]![0])));
      const maker = call && (type ? `${type}.${call[3]}` : call[3]!);
      // the maker may come later in the file, or be another file's: its routers are placed once all is read
      if (maker)
        makerMounts.push(() => {
          const made = [...allNodes].filter((n) => n.madeIn === maker);
          if (made.length) made.forEach(place);
          else passes.push({ node: { parent: node, path, prefixed: false }, param: `${maker}#return` });
        });
      else place(evaluate(args[1]![0])?.node);
      return;
    }
    if (verb === 'Route' || verb === 'Group') {
      // a router handed to a closure or a function: chi's `Route("/x", func(r chi.Router) {…})`, `Group(func(r chi.Router) {…})`, fiber's `Route`
      const fn = args.find(([s]) => mask.startsWith('func', s));
      const path = args[0] && !mask.startsWith('func', args[0][0]) ? args[0] : undefined;
      const inner = path ? child(node, path) : node;
      if (fn) handed.set(fn[0], inner);
      else if (verb === 'Route' && args[1] && /^[A-Za-z_]\w*$/.test(mask.slice(...args[1]))) passes.push({ node: inner, param: `${mask.slice(...args[1])}#0` });
      return;
    }
    if (!(verb in VERBS) || (node.defaultMux && verb !== 'Handle' && verb !== 'HandleFunc')) return;
    // the method: the verb's, an argument's (`Handle("GET", "/x", h)`, `Match([]string{"GET"}, …)`), a pattern's (`"GET /x"`), gorilla's `.Methods(…)`
    let method = VERBS[verb]!;
    let at = 0;
    // gorilla's route declared by its handler alone: `r.Path("/x").HandlerFunc(h)`, `r.PathPrefix("/static/").Handler(fs)`
    const routeHandler = (verb === 'Handler' || verb === 'HandlerFunc') && args.length === 1;
    if (verb === 'Match') {
      const listed = args[0] ? listedMethods(text.slice(...args[0]), names) : [];
      if (!listed.length) return;
      method = listed.join('|');
      at = 1;
    } else if (verb !== 'Handle' && verb !== 'HandleFunc' && !method && !routeHandler) {
      method = (args[0] && methodOf(text, mask, args[0], names)) ?? '';
      if (!method) return;
      at = 1;
    } else if (verb === 'Handle' && args[0] && (methodOf(text, mask, args[0], names) || literal(text, mask, args[0]) === '')) {
      // gin's and httprouter's `Handle("GET", "/x", h)` (an empty method serves nothing); net/http's, gorilla's and chi's `Handle("/x", h)` name none
      method = (args[0] && methodOf(text, mask, args[0], names)) ?? '';
      if (!method) return;
      at = 1;
    }
    const arg = args[at];
    const written = routeHandler ? '' : arg && literal(text, mask, arg);
    if (written === undefined) return;
    const pattern = /^(?:([A-Z]+)\s+)?(\/\S*|)$/.exec(written);
    if (!pattern) return;
    if (pattern[1]) method = pattern[1];
    if (!method) {
      const close = closing(mask, open);
      const chained = /^(?:\s*\.\s*(?!Methods\b)\w+\s*\([^()]*\))*\s*\.\s*Methods\s*\(([^()]*)\)/.exec(mask.slice(close + 1, close + 300));
      const listed = chained ? listedMethods(text.slice(close + 1 + chained[0].length - chained[1]!.length - 1, close + chained[0].length), names) : [];
      let named: Node | undefined = node;
      while (named && !named.methods) named = named.parent;
      method = listed.length ? listed.join('|') : (named?.methods ?? 'ANY');
    }
    routes.push({ node, method, path: pattern[2]!.replace(/\{\$\}$/, ''), line });
  };

  type Event = { at: number; run: () => void };
  const events: Event[] = [];
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] === '{')
      events.push({
        at: i,
        run: () => scopes.push(bodies.get(i) ?? { names: new Map() }),
      });
    else if (mask[i] === '}') events.push({ at: i, run: () => scopes.length > 1 && scopes.pop() });
  }
  for (const m of mask.matchAll(SIGNATURE)) {
    const end = m.index + m[0].length;
    const body = /^\s*(\([^(){}]*\)|[\w.*[\]]+)?\s*\{/.exec(mask.slice(end, end + 200));
    if (!body) continue;
    const brace = end + body[0].length - 1;
    // a method's key names its type: `todosResource.Routes`
    const receiver = m[1] && /(\w+)(?:\[[^\]]*\])?\s*$/.exec(m[1])?.[1];
    const fn = m[2] && (receiver ? `${receiver}.${m[2]}` : m[2]);
    events.push({
      at: m.index,
      run: () => {
        const names = new Map<string, Node | null>();
        const closure = handed.get(m.index);
        const top = scopes.length === 1 && fn;
        if (top && body[1] && /^\*?(?:gin|echo|chi|mux|fiber|http|httprouter)\.\w+$/.test(typeOf(body[1]))) returners.add(fn);
        for (const [i, written] of parameters(m[3]!).entries()) {
          const p = { name: written.name, type: typeOf(written.type) };
          names.set(p.name, null);
          if (closure && i === 0 && (GROUP_TYPE.test(p.type) || ROOT_TYPE.test(p.type))) names.set(p.name, closure);
          else if (ROOT_TYPE.test(p.type)) names.set(p.name, { path: '', prefixed: false });
          else if (GROUP_TYPE.test(p.type)) {
            if (top) params.add(`${m[2]}#${i}`);
            names.set(p.name, top ? { path: '', prefixed: false, base: `${m[2]}#${i}` } : { path: '', prefixed: true });
          }
        }
        bodies.set(brace, { names, ...(top ? { fn } : {}) });
      },
    });
  }
  for (const m of mask.matchAll(TYPED)) {
    const type = typeOf(m[2]!);
    if (ROOT_TYPE.test(type) || GROUP_TYPE.test(type))
      events.push({ at: m.index, run: () => fields.has(m[1]!) || fields.set(m[1]!, { path: '', prefixed: FIELD_GROUP_TYPE.test(type) }) });
  }
  for (const m of mask.matchAll(BINDING)) {
    const at = m.index + m[0].length;
    events.push({
      at: m.index,
      run: () => {
        const found = evaluate(at);
        const router = found && /^[ \t]*(?:[;\n)}]|$)/.test(mask.slice(found.end, found.end + 50)) ? found.node : undefined;
        if (router && m[2]) fields.set(m[3]!, router);
        // a new name holding no router hides an outer one
        else if (router || m[1] || m[4] === ':=') scopes.at(-1)!.names.set(m[3]!, router ?? null);
      },
    });
  }
  for (const m of mask.matchAll(METHOD_CALL)) {
    const verb = m[1]!;
    if (!(verb in VERBS || verb === 'Route' || verb === 'Group' || verb === 'Mount')) continue;
    const start = receiverStart(mask, m.index);
    const open = m.index + m[0].length - 1;
    events.push({
      at: start,
      run: () => {
        // a route or a mount on a router: `v1.GET(`, `r.Group("/x").GET(`, `s.router.HandleFunc(`, `http.HandleFunc(` on the default mux
        const receiver = mask.slice(start, m.index).trim();
        const found = isHttp(receiver) ? { node: fields.get(receiver)!, end: m.index } : evaluate(start, m.index);
        if (found && !mask.slice(found.end, m.index).trim()) declare(found.node, verb, open, lineAt(open));
      },
    });
  }
  for (const m of mask.matchAll(CALL)) {
    if (m[2]! in VERBS || GO_KEYWORDS.has(m[2]!)) continue;
    const open = m.index + m[0].length - 1;
    // a router handed to a function: `Register(v1.Group("/users"))`, `users.Register(api)`
    events.push({
      at: m.index,
      run: () => {
        for (const [i, range] of argRanges(mask, open).entries()) {
          const found = evaluate(range[0]);
          if (found && found.end === range[1]) passes.push({ node: found.node, param: `${m[2]}#${i}` });
        }
      },
    });
  }
  events.sort((a, b) => a.at - b.at);
  for (const e of events) e.run();
  for (const m of makerMounts) m();
  // a router a function returns unmounted here (`func (rs todosResource) Routes() chi.Router`) sits where another file mounts it
  for (const n of allNodes)
    if (!n.parent && n.madeIn && returners.has(n.madeIn)) {
      n.base = `${n.madeIn}#return`;
      params.add(n.base);
    }

  return {
    routes: routes.map(({ node, ...r }) => {
      const place = placeOf(node);
      return { ...r, path: joinPath(place.path, r.path) || '/', ...(place.prefixed ? { prefixed: true } : {}), ...(place.base ? { base: place.base } : {}) };
    }),
    params,
    passes: passes.map(({ node, param }) => ({ param, ...placeOf(node) })),
  };
}

/** Functions making a router, by `package.Function`: whether the router's prefix is unread (a group's). */
export type RouterMakers = ReadonlyMap<string, boolean>;

const MAKER = /^func\s+(?:\([^)]*\)\s*)?(\w+)\s*\([^)]*\)\s*(\*?\w+(?:\.\w+)?)\s*\{/gm;

/** The functions of a Go file returning a router (`func New() *echo.Echo`, `func New() *router.Router` of an aliased gorilla), by `package.Function`. */
export function routerMakers(text: string): Map<string, boolean> {
  const pkg = /^package\s+(\w+)/m.exec(text)?.[1] ?? '';
  const names = goRouterNames(text);
  const out = new Map<string, boolean>();
  for (const m of text.matchAll(MAKER)) {
    // a type of the file's own package: `*Mux` in chi's; a dot import's: `*Engine`
    const known = canonicalName(m[2]!, names, KNOWN);
    const type = known.includes('.') ? known : known.replace(/^(\*?)/, `$1${pkg}.`);
    if (ROOT_TYPE.test(type) || GROUP_TYPE.test(type)) out.set(`${pkg}.${m[1]}`, FIELD_GROUP_TYPE.test(type));
  }
  return out;
}

/** Whether routes on a base no call places are behind an unread prefix: a group handed to a function is, a router a function returns (`Fn#return`) may be the root. */
const unplaced = (base: string) => !base.endsWith('#return');

/** The routes a Go file declares, read alone: a group it is handed sits behind an unread prefix. */
export function goDeclaredRoutes(text: string): HttpRoute[] {
  return goFileRoutes(text).routes.map(({ base, ...r }) => (base && unplaced(base) ? { ...r, prefixed: true } : r));
}

/** The most places one handed router gets (each caller's). */
const MAX_PLACES = 8;

/**
 * The routes of a project's Go files, each handed group placed where the calls passing it put it (`users.Register(v1.Group("/users"))`
 * in main.go and `Register(r.Group("/users"))` in a test give two places): a call in the function's own file or in a file
 * importing it. A group nobody places is behind an unread prefix.
 */
export function goProjectRoutes(
  files: ReadonlyArray<{ path: string; text: string }>,
  importsOf: (path: string) => readonly string[],
): Map<string, HttpRoute[]> {
  const makers = new Map(files.flatMap((f) => [...routerMakers(f.text)]));
  const read = new Map(files.map((f) => [f.path, goFileRoutes(f.text, makers)] as const));
  const passes = new Map<string, Array<{ from: string; pass: GoPass }>>();
  for (const [from, r] of read) for (const pass of r.passes) passes.set(pass.param, [...(passes.get(pass.param) ?? []), { from, pass }]);
  // a call reaches a function of its own package or of one it imports (a method's file need not be the one its import names)
  const folder = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
  const reaches = (from: string, file: string) => folder(from) === folder(file) || importsOf(from).some((p) => p === file || folder(p) === folder(file));
  const memo = new Map<string, Place[]>();
  const placesOf = (file: string, param: string, seen: ReadonlySet<string>): Place[] => {
    const key = `${file}\u0000${param}`;
    if (memo.has(key)) return memo.get(key)!;
    if (seen.has(key)) return [];
    const out = new Map<string, Place>();
    for (const { from, pass } of passes.get(param) ?? []) {
      if (!reaches(from, file)) continue;
      const above = pass.base ? placesOf(from, pass.base, new Set([...seen, key])) : [{ path: '', prefixed: false }];
      for (const a of above.length ? above : [{ path: '', prefixed: unplaced(pass.base!) }]) {
        const place = { path: joinPath(a.path, pass.path), prefixed: a.prefixed || pass.prefixed };
        out.set(`${place.prefixed}${place.path}`, place);
      }
    }
    const list = [...out.values()].slice(0, MAX_PLACES);
    memo.set(key, list);
    return list;
  };
  const result = new Map<string, HttpRoute[]>();
  for (const [path, r] of read) {
    const routes = r.routes.flatMap(({ base, ...route }) => {
      if (!base) return [route];
      const places = placesOf(path, base, new Set());
      if (!places.length) return [unplaced(base) ? { ...route, prefixed: true } : route];
      return places.map((p) => ({ ...route, path: joinPath(p.path, route.path) || '/', ...(p.prefixed || route.prefixed ? { prefixed: true } : {}) }));
    });
    if (routes.length) result.set(path, routes);
  }
  return result;
}
