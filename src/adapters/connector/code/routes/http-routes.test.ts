import { describe, expect, it } from 'vitest';
import { calledPaths, declaredRoutes, pathOfString, projectRoutes, routeCalls as callsOf, routeIndex, type DeclaredRoute } from './http-routes.js';
import { projectConstants } from '../text/string-constants.js';

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

describe('the methods of a Flask route or a FastAPI api_route', () => {
  it('reads methods=[…] after the path, on one line or several; none named is ANY', () => {
    const flask = `app = Flask(__name__)
bp = Blueprint("items", __name__)
router = APIRouter()

@app.route("/login", methods=["POST"])
def login(): ...

@bp.route('/items/<int:id>', methods=('get', 'PUT', "GET"))
def item(id): ...

@app.route(
    "/search",
    endpoint="find",
    methods=[
        "GET",
        "POST",
    ],
)
def search(): ...

@app.route("/")
def index():
    return render(methods=["DELETE"])

@router.api_route("/any", methods=["PATCH"])
def patch(): ...
`;
    expect(declaredRoutes(flask, 'python').map((r) => [r.method, r.path])).toEqual([
      ['POST', '/login'],
      ['GET|PUT', '/items/<int:id>'],
      ['GET|POST', '/search'],
      // a methods list in the function's body is not the decorator's
      ['ANY', '/'],
      ['PATCH', '/any'],
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
      "fetch(`/api/users/${id}`);\nconst u = 'http://localhost:3000/api/orders/9/lines/2';\nconst v = { url: '/api/v1/items/{id}' };\nimport x from './local';\n";
    expect(calledPaths(web, 'typescript').map((c) => c.segments)).toEqual([
      ['api', 'users', null],
      ['api', 'orders', '9', 'lines', '2'],
      ['api', 'v1', 'items', null],
    ]);
    expect(pathOfString('a/b', null)).toBeNull();
  });

  it("reads a URL of the project's own server, not one of another host", () => {
    const own = ['http://localhost:8000/api/users', 'http://127.0.0.1/api/users', 'http://backend:8000/api/users', 'http://testserver/api/users'];
    const ownToo = ['http://api.local/api/users', 'https://10.1.2.3/api/users', 'http://[::1]:3000/api/users', 'http://user:pw@172.20.0.4/api/users'];
    const pretend = ['http://example.com:8080/api/users', 'http://www.example.org/api/users', 'http://app.test/api/users'];
    for (const url of [...own, ...ownToo, ...pretend]) expect(pathOfString(url, null)?.segments, url).toEqual(['api', 'users']);
    // an interpolated host may be the project's own server
    expect(pathOfString('https://${host}/api/users', /\$\{[^{}]*\}/g)?.segments).toEqual(['api', 'users']);
    const others = [
      'https://api.cognitive.microsofttranslator.com/translate?api-version=3.0',
      'https://flask.palletsprojects.com/en/latest/api/',
      '//cdn.jsdelivr.net/api/users',
      'http://8.8.8.8/api/users',
    ];
    for (const url of others) expect(pathOfString(url, null), url).toBeNull();
  });

  it('reads literals joined side by side or by + as one string', () => {
    // microblog's translate.py: the host in one literal, the path in the next
    const py =
      "r = requests.post(\n    'https://api.cognitive.microsofttranslator.com'\n    '/translate?api-version=3.0'.format(a))\nc.get('/api' \\\n  '/users')\n";
    expect(calledPaths(py, 'python').map((c) => [c.segments, c.line])).toEqual([[['api', 'users'], 4]]);
    const js = "const u = '/api/' + 'orders';\nconst list = ['/a', '/b'];\n";
    expect(calledPaths(js, 'typescript').map((c) => c.segments)).toEqual([['api', 'orders'], ['a'], ['b']]);
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

  it("a test module's routes serve only it; a test app's package and conftest serve others", () => {
    const own = new Map([
      ['tests/test_basic.py', [{ method: 'GET', path: '/more', line: 3 }]],
      ['tests/test_apps/blueprintapp/apps/admin/__init__.py', [{ method: 'GET', path: '/admin/index', line: 5 }]],
      ['tests/conftest.py', [{ method: 'GET', path: '/fixture', line: 8 }]],
    ]);
    expect(routeCalls('tests/test_views.py', [call(['more'], 2), call(['admin', 'index'], 4), call(['fixture'], 6)], own)).toEqual([
      { path: 'tests/test_apps/blueprintapp/apps/admin/__init__.py', line: 4, route: '/admin/index' },
      { path: 'tests/conftest.py', line: 6, route: '/fixture' },
    ]);
  });

  it("an example's routes serve only its own example's files", () => {
    const apps = new Map([
      ['_examples/todos-resource/todos.go', [{ method: 'GET', path: '/todos/{id}', line: 3 }]],
      ['examples/tutorial/flaskr/blog.py', [{ method: 'GET', path: '/create', line: 7 }]],
      ['app/routes.py', [{ method: 'GET', path: '/health', line: 2 }]],
    ]);
    expect(routeCalls('middleware/strip_test.go', [call(['todos', '1'], 4)], apps)).toEqual([]);
    expect(routeCalls('examples/tutorial/tests/test_blog.py', [call(['create'], 5), call(['health'], 6)], apps)).toEqual([
      { path: 'examples/tutorial/flaskr/blog.py', line: 5, route: '/create' },
      { path: 'app/routes.py', line: 6, route: '/health' },
    ]);
    expect(routeCalls('examples/other/client.py', [call(['create'], 2)], apps)).toEqual([]);
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

/** The routes of a small tree of files, each file's imports given by path. */
const treeRoutes = (tree: Record<string, string>, imports: Record<string, string[]>, language: (path: string) => string) => {
  const files = Object.entries(tree).map(([path, text]) => ({ path, text, language: language(path) }));
  return projectRoutes(files, (p) => imports[p] ?? [], projectConstants(files));
};
const paths = (routes: ReadonlyMap<string, readonly DeclaredRoute[]>, file: string) =>
  routes.get(file)?.map((r) => `${r.method} ${r.path}${r.prefixed ? ' (prefixed)' : ''}`);

describe('Flask blueprints registered with a prefix', () => {
  const routes = treeRoutes(
    {
      'app/__init__.py': [
        'from flask import Flask',
        'from app.users import bp as users_bp',
        'from app import admin, reports',
        'API = "/api"',
        '',
        'def create_app():',
        '    app = Flask(__name__)',
        '    app.register_blueprint(users_bp, url_prefix=API)',
        '    app.register_blueprint(admin.bp, url_prefix=None)',
        '    app.register_blueprint(reports.bp, url_prefix=settings.REPORTS)',
        '    from app.api import bp as api_bp',
        "    app.register_blueprint(api_bp, url_prefix='/api')",
        '    return app',
      ].join('\n'),
      'app/users.py': "bp = Blueprint('users', __name__, url_prefix='/old')\n\n@bp.route('/users/<int:id>')\ndef show(id): ...\n",
      'app/admin.py':
        "from app import audit\nbp = Blueprint('admin', __name__, url_prefix='/admin')\nbp.register_blueprint(audit.bp, url_prefix='/audit')\n@bp.get('/stats')\ndef stats(): ...\n",
      'app/audit.py': "bp = Blueprint('audit', __name__, url_prefix='/unused')\n@bp.get('/log')\ndef log(): ...\n",
      'app/reports.py': "bp = Blueprint('reports', __name__, url_prefix='/reports')\n@bp.get('/daily')\ndef daily(): ...\n",
      // the blueprint made by the package, its routes declared by its modules (Flask's tutorial layout)
      'app/api/__init__.py': "from flask import Blueprint\nbp = Blueprint('api', __name__)\nfrom app.api import tokens\n",
      'app/api/tokens.py': "from app.api import bp\n\n@bp.route('/tokens', methods=['POST'])\ndef get_token(): ...\n\n@other.route('/nope')\ndef nope(): ...\n",
      'single.py':
        "app = Flask(__name__)\nbp = Blueprint('x', __name__, url_prefix='/v1')\n@bp.get('/ping')\ndef ping(): ...\n@app.get('/')\ndef root(): ...\napp.register_blueprint(bp, url_prefix='/v2')\n",
    },
    {
      'app/__init__.py': ['app/users.py', 'app/admin.py', 'app/reports.py', 'app/api/__init__.py'],
      'app/admin.py': ['app/audit.py'],
      'app/api/__init__.py': ['app/api/tokens.py'],
      'app/api/tokens.py': ['app/api/__init__.py'],
    },
    () => 'python',
  );

  it("the registration's url_prefix stands in for the blueprint's own (None: none given), a module constant read, nested blueprints joined", () => {
    expect(paths(routes, 'app/users.py')).toEqual(['ANY /api/users/<int:id>']);
    expect(paths(routes, 'app/admin.py')).toEqual(['GET /admin/stats']);
    expect(paths(routes, 'app/audit.py')).toEqual(['GET /admin/audit/log']);
    expect(paths(routes, 'single.py')).toEqual(['GET /v2/ping', 'GET /']);
  });

  it("a module's decorators on the blueprint its package makes are that blueprint's routes, mounted with it", () => {
    expect(paths(routes, 'app/api/tokens.py')).toEqual(['POST /api/tokens']);
    expect(paths(routes, 'app/api/__init__.py')).toBeUndefined();
    expect(declaredRoutes("from app.api import bp\n@bp.route('/tokens')\ndef t(): ...\n", 'python')).toEqual([]);
  });

  it('a url_prefix that is no literal leaves the routes behind an unread prefix; calls reach the mounted paths only', () => {
    expect(paths(routes, 'app/reports.py')).toEqual(['GET /daily (prefixed)']);
    const calls = (text: string) => routeCalls('web/a.ts', calledPaths(text, 'typescript'), routes).map((c) => `${c.path} ${c.route}`);
    expect(calls('fetch(`/api/users/${id}`)')).toEqual(['app/users.py /api/users/<int:id>']);
    expect(calls("fetch('/old/users/7')")).toEqual([]);
    expect(calls("fetch('/admin/audit/log')")).toEqual(['app/audit.py /admin/audit/log']);
    expect(calls('fetch(`${base}/daily`)')).toEqual(['app/reports.py /daily']);
  });
});

describe('nested Express and Koa routers', () => {
  const routes = treeRoutes(
    {
      'server/app.ts': [
        "import express from 'express';",
        "import { api } from './routes/index.js';",
        "import auth from './auth';",
        "import legacy from './legacy';",
        'const app = express();',
        "const API = '/api';",
        'const base = process.env.BASE;',
        'app.use(API, auth, api);',
        'app.use(base, legacy);',
      ].join('\n'),
      'server/auth.ts': 'export default function auth(req, res, next) {\n  next();\n}\n',
      'server/legacy.ts': "const router = Router();\nrouter.get('/legacy/thing', thing);\nexport default router;\n",
      'server/routes/index.ts': [
        "import { Router } from 'express';",
        "import usersRouter from './users';",
        "const { router: orders } = require('./orders');",
        'export const api = Router();',
        'const v1 = Router();',
        "v1.use('/users', usersRouter);",
        "v1.use('/orders', orders);",
        "api.use('/v1', v1);",
        "api.get('/health', health);",
      ].join('\n'),
      'server/routes/users.ts': "const router = Router();\nrouter.get('/:id', show);\nrouter.post('/', create);\nexport default router;\n",
      'server/routes/orders.js': "const router = require('express').Router();\nrouter.get('/recent', recent);\nmodule.exports = { router };\n",
      'server/koa.js': [
        "const Router = require('@koa/router');",
        'const parent = new Router();',
        "const child = new Router({ prefix: '/items' });",
        "child.get('/:id', show);",
        "parent.use('/shop', child.routes(), child.allowedMethods());",
      ].join('\n'),
    },
    {
      'server/app.ts': ['server/routes/index.ts', 'server/auth.ts', 'server/legacy.ts'],
      'server/routes/index.ts': ['server/routes/users.ts', 'server/routes/orders.js'],
    },
    (path) => (path.endsWith('.ts') ? 'typescript' : 'javascript'),
  );

  it("joins app.use and router.use along the imports, past middleware, a file's own routers and a constant path too", () => {
    expect(paths(routes, 'server/routes/users.ts')).toEqual(['GET /api/v1/users/:id', 'POST /api/v1/users/']);
    expect(paths(routes, 'server/routes/orders.js')).toEqual(['GET /api/v1/orders/recent']);
    expect(paths(routes, 'server/routes/index.ts')).toEqual(['GET /api/health']);
    expect(paths(routes, 'server/koa.js')).toEqual(['GET /shop/items/:id']);
  });

  it('a mount path computed at run time mounts nothing: the routes stay as the file declares them', () => {
    expect(paths(routes, 'server/legacy.ts')).toEqual(['GET /legacy/thing']);
    expect(routeCalls('web/a.ts', calledPaths('fetch(`/api/v1/users/${id}`)', 'typescript'), routes)).toEqual([
      { path: 'server/routes/users.ts', line: 1, route: '/api/v1/users/:id' },
    ]);
  });
});

describe('chained Express routers', () => {
  it('Router().use(a).use(b) chains, a router exported as made, app.use(router) with no path', () => {
    const routes = treeRoutes(
      {
        'src/main.ts':
          "import express from 'express';\nimport routes from './app/routes/routes';\nconst app = express();\napp.use(cors());\napp.use(routes);\n",
        'src/app/routes/routes.ts': [
          "import { Router } from 'express';",
          "import tagsController from './tag/tag.controller';",
          "import authController from './auth/auth.controller';",
          'const api = Router()',
          '  .use(tagsController)',
          '  .use(authController);',
          "export default Router().use('/api', api);",
        ].join('\n'),
        'src/app/routes/tag/tag.controller.ts': "const router = Router();\nrouter.get('/tags', list);\nexport default router;\n",
        'src/app/routes/auth/auth.controller.ts': "const router = Router();\nrouter.post('/users/login', login);\nexport default router;\n",
      },
      {
        'src/main.ts': ['src/app/routes/routes.ts'],
        'src/app/routes/routes.ts': ['src/app/routes/tag/tag.controller.ts', 'src/app/routes/auth/auth.controller.ts'],
      },
      () => 'typescript',
    );
    expect(paths(routes, 'src/app/routes/tag/tag.controller.ts')).toEqual(['GET /api/tags']);
    expect(paths(routes, 'src/app/routes/auth/auth.controller.ts')).toEqual(['POST /api/users/login']);
  });
});

describe('Spring prefixes held by constants', () => {
  const tree: Record<string, string> = {
    'src/main/java/com/shop/web/Paths.java':
      'package com.shop.web;\n\npublic final class Paths {\n  public static final String API = "/api";\n  public static final String USERS = API + "/users";\n}\n',
    'src/main/java/com/shop/web/UserController.java': [
      'package com.shop.web;',
      '',
      '@RestController',
      '@RequestMapping(Paths.API + "/users")',
      'public class UserController {',
      '  private static final String BY_ID = "/{id}";',
      '',
      '  @GetMapping(BY_ID)',
      '  public User get(@PathVariable long id) { return null; }',
      '',
      '  @PostMapping',
      '  public User create() { return null; }',
      '}',
    ].join('\n'),
    'src/main/java/com/shop/web/OrderController.java':
      'package com.shop.web;\n\n@RestController\n@RequestMapping(PREFIX)\npublic class OrderController {\n  private static final String PREFIX = "/orders";\n\n  @GetMapping(value = "/recent")\n  public List<Order> recent() { return null; }\n}\n',
    'src/main/java/com/shop/web/PingController.java':
      'package com.shop.web;\n\n@RestController\n@RequestMapping(Config.BASE)\npublic class PingController {\n  @GetMapping("/ping")\n  public String ping() { return "pong"; }\n}\n',
    'src/main/java/com/shop/web/Config.java': 'package com.shop.web;\n\npublic class Config {\n  public static final String BASE = System.getenv("BASE");\n}\n',
    'src/main/kotlin/com/shop/admin/AdminController.kt': [
      'package com.shop.admin',
      '',
      'import com.shop.web.Paths',
      '',
      '@RestController',
      '@RequestMapping(Paths.USERS)',
      'class AdminController {',
      '    @DeleteMapping("/{id}")',
      '    fun drop(@PathVariable id: Long) {}',
      '}',
    ].join('\n'),
  };
  const routes = treeRoutes(tree, {}, (path) => (path.endsWith('.kt') ? 'kotlin' : 'java'));

  it("a class mapping's constants, of the file or of another class of the tree, and a method's constant", () => {
    expect(paths(routes, 'src/main/java/com/shop/web/UserController.java')).toEqual(['GET /api/users/{id}', 'POST /api/users']);
    expect(paths(routes, 'src/main/java/com/shop/web/OrderController.java')).toEqual(['GET /orders/recent']);
    expect(paths(routes, 'src/main/kotlin/com/shop/admin/AdminController.kt')).toEqual(['DELETE /api/users/{id}']);
  });

  it("a constant computed at run time leaves the methods' paths as written; a file read alone knows its own constants only", () => {
    expect(paths(routes, 'src/main/java/com/shop/web/PingController.java')).toEqual(['GET /ping']);
    const alone = declaredRoutes(tree['src/main/java/com/shop/web/UserController.java']!, 'java');
    expect(alone.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /{id}', 'POST /']);
  });
});
