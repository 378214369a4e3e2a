import { describe, expect, it } from 'vitest';
import { calledPaths, declaredRoutes, pathOfString, projectRoutes, routeCalls as callsOf, routeIndex, type DeclaredRoute } from './http-routes.js';

const routeCalls = (path: string, calls: Parameters<typeof callsOf>[1], routes: ReadonlyMap<string, readonly DeclaredRoute[]>) =>
  callsOf(path, calls, routeIndex(routes));

const FASTAPI = `from fastapi import APIRouter

router = APIRouter(prefix="/items", tags=["items"])


@router.get("/", response_model=ItemsPublic)
def read_items(): ...


@router.get("/{id}", response_model=ItemPublic)
def read_item(id: uuid.UUID): ...


@router.delete(
    "/{id}"
)
def delete_item(id): ...

other = Something(prefix="/nope")

@other.get("/ignored")
def no_router(): ...
`;

const EXPRESS = `import express from 'express';
const router = express.Router();
const api = new Router({ prefix: '/api/orders' });
router.get('/users/:id', async (req, res) => res.json(await find(req.params.id)));
router.post("/users", create);
api.del('/:orderId/lines/:line', drop);
axios.get('/users/7', {});
`;

const SPRING = `@RestController
@RequestMapping("/owners")
public class OwnerController {
  @GetMapping("/{ownerId}")
  public Owner show(@PathVariable int ownerId) { return null; }

  @PostMapping
  public Owner create() { return null; }

  @RequestMapping(value = "/{ownerId}/pets", method = RequestMethod.PUT)
  public void pets() {}
}
`;

describe('declared routes', () => {
  it('FastAPI: a router prefix joined to each decorator path, decorators on other objects left out', () => {
    expect(declaredRoutes(FASTAPI, 'python')).toEqual([
      { method: 'GET', path: '/items/', line: 6 },
      { method: 'GET', path: '/items/{id}', line: 10 },
      { method: 'DELETE', path: '/items/{id}', line: 14 },
    ]);
  });

  it('Express and Koa: routes of the routers the file makes, with a Koa prefix; a client call is no route', () => {
    expect(declaredRoutes(EXPRESS, 'typescript')).toEqual([
      { method: 'GET', path: '/users/:id', line: 4 },
      { method: 'POST', path: '/users', line: 5 },
      { method: 'DELETE', path: '/api/orders/:orderId/lines/:line', line: 6 },
    ]);
  });

  it("Spring: the class's @RequestMapping prefixes its methods' mappings", () => {
    expect(declaredRoutes(SPRING, 'java')).toEqual([
      { method: 'GET', path: '/owners/{ownerId}', line: 4 },
      { method: 'POST', path: '/owners', line: 7 },
      { method: 'PUT', path: '/owners/{ownerId}/pets', line: 10 },
    ]);
  });
});

describe('called paths', () => {
  it('reads f-strings with an unknown leading prefix and parameters, plain strings and skips other text', () => {
    const test = `def test_read(client):
    r = client.post(f"{settings.API_V1_STR}/items/", json=data)
    r = client.get(f"{settings.API_V1_STR}/items/{item.id}?full=1")
    r = client.get("/api/v1/users/me")
    name = "/"
    note = "see /items for more"
    raw = "{}/items/{}".format(base, item.id)
`;
    expect(calledPaths(test, 'python').map((c) => [c.segments, c.line, c.prefixed])).toEqual([
      [['items'], 2, true],
      [['items', null], 3, true],
      [['api', 'v1', 'users', 'me'], 4, false],
      // str.format's placeholders are unknown segments too
      [['items', null], 7, true],
    ]);
  });

  it('reads template strings, URLs and OpenAPI-style placeholders in JavaScript', () => {
    const web =
      "fetch(`/api/users/${id}`);\nconst u = 'https://example.com/api/orders/9/lines/2';\nconst v = { url: '/api/v1/items/{id}' };\nimport x from './local';\n";
    expect(calledPaths(web, 'typescript').map((c) => c.segments)).toEqual([
      ['api', 'users', null],
      ['api', 'orders', '9', 'lines', '2'],
      ['api', 'v1', 'items', null],
    ]);
    expect(pathOfString('a/b', null)).toBeNull();
    expect(calledPaths("SELECT '/x/y'", 'sql')).toEqual([]);
  });
});

describe('route calls', () => {
  const routes = new Map<string, DeclaredRoute[]>([
    [
      'app/routes/items.py',
      [
        { method: 'GET', path: '/items/', line: 6 },
        { method: 'GET', path: '/items/{id}', line: 10 },
      ],
    ],
    [
      'app/routes/users.py',
      [
        { method: 'GET', path: '/users/{user_id}', line: 3 },
        { method: 'GET', path: '/users/me', line: 9 },
      ],
    ],
    [
      'app/routes/misc.py',
      [
        { method: 'GET', path: '/{anything}', line: 2 },
        { method: 'GET', path: '/', line: 1 },
      ],
    ],
    ['app/routes/v2.py', [{ method: 'GET', path: '/v2/items/{id}', line: 4 }]],
  ]);
  const call = (segments: (string | null)[], line = 1, prefixed = false) => ({ segments, line, raw: '', prefixed });

  it('links a call to the route its path ends with, the longest route kept, one link per file with the first line', () => {
    expect(routeCalls('tests/test_items.py', [call(['items'], 2), call(['items', null], 3), call(['api', 'v1', 'items', null], 5)], routes)).toEqual([
      { path: 'app/routes/items.py', line: 2, route: '/items/' },
    ]);
    expect(routeCalls('web/client.ts', [call(['api', 'v2', 'items', '7'], 4)], routes)).toEqual([
      { path: 'app/routes/v2.py', line: 4, route: '/v2/items/{id}' },
    ]);
  });

  it('a call whose unknown segment stands where the route has a literal links nowhere; a literal call segment fills a parameter', () => {
    expect(routeCalls('t.py', [call(['users', null])], routes)).toEqual([{ path: 'app/routes/users.py', line: 1, route: '/users/{user_id}' }]);
    // the route naming more literal segments wins
    expect(routeCalls('t.py', [call(['users', 'me'])], routes)).toEqual([{ path: 'app/routes/users.py', line: 1, route: '/users/me' }]);
    expect(routeCalls('t.py', [call(['users', '42'])], routes)).toEqual([{ path: 'app/routes/users.py', line: 1, route: '/users/{user_id}' }]);
    expect(routeCalls('t.py', [call(['orders', null])], routes)).toEqual([]);
  });

  it('a path that the routes of more than MAX_SERVING_FILES files end with equally links none', () => {
    const services = new Map(['a', 'b', 'c', 'd'].map((s) => [`${s}/health.py`, [{ method: 'GET', path: '/health', line: 1 }]]));
    expect(routeCalls('probe.py', [call(['health'])], services)).toEqual([]);
    services.delete('d/health.py');
    expect(routeCalls('probe.py', [call(['health'])], services).map((c) => c.path)).toEqual(['a/health.py', 'b/health.py', 'c/health.py']);
  });

  it('routes of no literal segment link nothing, nor does a file call its own routes', () => {
    expect(routeCalls('t.py', [call(['anything']), call([null])], routes)).toEqual([]);
    expect(routeCalls('app/routes/items.py', [call(['items', null], 20)], routes)).toEqual([]);
  });
});

describe('mounted routes', () => {
  const files = [
    {
      path: 'app/main.py',
      language: 'python',
      text: 'app = FastAPI()\napp.include_router(api_router, prefix=settings.API_V1_STR)\napp.include_router(admin.router, prefix="/admin")\n',
    },
    { path: 'app/api/main.py', language: 'python', text: 'api_router = APIRouter()\napi_router.include_router(items.router)\n' },
    { path: 'app/api/routes/items.py', language: 'python', text: 'router = APIRouter(prefix="/items")\n@router.get("/{id}")\ndef read(id): ...\n' },
    { path: 'app/admin.py', language: 'python', text: 'router = APIRouter()\n@router.delete("/users/{id}")\ndef drop(id): ...\n' },
  ];
  const imports: Record<string, string[]> = { 'app/main.py': ['app/api/main.py', 'app/admin.py'], 'app/api/main.py': ['app/api/routes/items.py'] };
  const routes = projectRoutes(files, (p) => imports[p] ?? []);

  it('joins include_router prefixes along the includes; a prefix that is no literal leaves the routes prefixed', () => {
    expect(routes.get('app/api/routes/items.py')).toEqual([{ method: 'GET', path: '/items/{id}', line: 2, prefixed: true }]);
    expect(routes.get('app/admin.py')).toEqual([{ method: 'DELETE', path: '/admin/users/{id}', line: 2 }]);
  });

  it('a prefixed route wants something before it: a page path "/items/7" is no call of the API\'s …/items/{id}', () => {
    const calls = (text: string) => routeCalls('web/page.ts', calledPaths(text, 'typescript'), routes);
    expect(calls("page.goto('/items/7')")).toEqual([]);
    expect(calls("createFileRoute('/_layout/items/$id')")).toEqual([]);
    expect(calls("fetch('/api/v1/items/7')")).toEqual([{ path: 'app/api/routes/items.py', line: 1, route: '/items/{id}' }]);
    expect(calls('fetch(`${base}/items/${id}`)')).toEqual([{ path: 'app/api/routes/items.py', line: 1, route: '/items/{id}' }]);
    expect(calls("fetch('/admin/users/3')")).toEqual([{ path: 'app/admin.py', line: 1, route: '/admin/users/{id}' }]);
    expect(calls("fetch('/users/3')")).toEqual([]);
  });
});

describe('Express mounts', () => {
  const files = [
    {
      path: 'server/app.js',
      language: 'javascript',
      text: "const express = require('express');\nconst users = require('./routes/users');\nconst app = express();\napp.use('/api', users);\n",
    },
    {
      path: 'server/routes/users.js',
      language: 'javascript',
      text: "const router = express.Router();\nrouter.get('/users/:id', show);\nmodule.exports = router;\n",
    },
  ];
  const routes = projectRoutes(files, (p) => (p === 'server/app.js' ? ['server/routes/users.js'] : []));

  it("app.use('/api', router) mounts the imported file's routes under the prefix", () => {
    expect(routes.get('server/routes/users.js')).toEqual([{ method: 'GET', path: '/api/users/:id', line: 2 }]);
    expect(routeCalls('web/a.ts', calledPaths('fetch(`/api/users/${id}`)', 'typescript'), routes)).toEqual([
      { path: 'server/routes/users.js', line: 1, route: '/api/users/:id' },
    ]);
    expect(routeCalls('web/a.ts', calledPaths('fetch(`/v2/users/${id}`)', 'typescript'), routes)).toEqual([]);
  });
});
