/**
 * Code calling HTTP routes through the built CLI: a FastAPI service whose router is mounted under a
 * prefix read from settings, a pytest file calling its routes over HTTP with f-strings, nested Express
 * routers and a frontend fetching them, a Flask blueprint registered under a prefix, a Spring controller
 * whose prefix is another class's constant, and a real PostgreSQL source with the table the routes write.
 * `get` of a route file says which routes it serves and who calls them; `plan --seed` of the route
 * file lists the other code writing its table and the test calling it over HTTP.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'shop');
let db: TempDatabase;

const FILES: Record<string, string> = {
  'app/__init__.py': '',
  'app/models.py': 'from sqlmodel import Field, SQLModel\n\n\nclass Item(SQLModel, table=True):\n    id: int = Field(primary_key=True)\n    title: str\n',
  'app/crud.py': 'from app.models import Item\n\n\ndef create_item(session, title):\n    item = Item(title=title)\n    session.add(item)\n    return item\n',
  'app/main.py':
    'from fastapi import FastAPI\n\nfrom app.api import main as api\nfrom app.config import settings\n\napp = FastAPI()\napp.include_router(api.api_router, prefix=settings.API_PREFIX)\n',
  'app/config.py': 'class Settings:\n    API_PREFIX = "/api/v1"\n\n\nsettings = Settings()\n',
  'app/api/__init__.py': '',
  'app/api/main.py': 'from fastapi import APIRouter\n\nfrom app.api.routes import items\n\napi_router = APIRouter()\napi_router.include_router(items.router)\n',
  'app/api/routes/__init__.py': '',
  'app/api/routes/items.py':
    'from fastapi import APIRouter\n\nfrom app.models import Item\n\nrouter = APIRouter(prefix="/items")\n\n\n@router.get("/{id}")\ndef read_item(session, id: int):\n    return session.get(Item, id)\n\n\n@router.post("/")\ndef create(session, title: str):\n    item = Item(title=title)\n    session.add(item)\n    return item\n',
  'tests/api/test_items.py':
    'from app.config import settings\n\n\ndef test_create(client):\n    r = client.post(f"{settings.API_PREFIX}/items/", json={"title": "a"})\n    assert r.status_code == 200\n    r = client.get(f"{settings.API_PREFIX}/items/{r.json()[\'id\']}")\n',
  'tests/test_pages.py': 'def test_page(page):\n    page.goto("/items")\n',
  'web/server/users.js':
    "const express = require('express');\nconst router = express.Router();\n\nrouter.get('/users/:id', (req, res) => res.json({ id: req.params.id }));\nmodule.exports = router;\n",
  'web/src/profile.ts': 'export async function profile(id: string) {\n  return (await fetch(`/api/v2/users/${id}`)).json();\n}\n',
  // the users router mounted by a router mounted by the app: /api/v2/users/:id
  'web/server/app.js': "const express = require('express');\nconst api = require('./api');\nconst app = express();\napp.use('/api', api);\n",
  'web/server/api.js':
    "const express = require('express');\nconst users = require('./users');\nconst router = express.Router();\nrouter.use('/v2', users);\nmodule.exports = router;\n",
  // a Flask blueprint registered under a prefix that stands in for its own
  'flask_app/__init__.py':
    'from flask import Flask\n\nfrom flask_app import orders\n\napp = Flask(__name__)\napp.register_blueprint(orders.bp, url_prefix="/shop")\n',
  'flask_app/orders.py':
    'from flask import Blueprint\n\nbp = Blueprint("orders", __name__, url_prefix="/o")\n\n\n@bp.get("/orders/<int:id>")\ndef show(id):\n    return {"id": id}\n',
  'tests/test_orders.py': 'def test_show(client):\n    assert client.get("/shop/orders/3").status_code == 200\n',
  // a Spring controller whose class mapping is another class's constant joined to a literal
  'billing/src/main/java/com/shop/Paths.java': 'package com.shop;\n\npublic final class Paths {\n  public static final String API = "/api";\n}\n',
  'billing/src/main/java/com/shop/InvoiceController.java':
    'package com.shop;\n\n@RestController\n@RequestMapping(Paths.API + "/invoices")\npublic class InvoiceController {\n  @GetMapping("/{id}")\n  public String show(@PathVariable long id) { return ""; }\n}\n',
  'web/src/invoices.ts': 'export async function invoice(id: string) {\n  return (await fetch(`/api/invoices/${id}`)).json();\n}\n',
};

beforeAll(async () => {
  db = await createTempDatabase('sxt_routes');
  await db.exec('CREATE TABLE item (id int PRIMARY KEY, title text);');
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  expect((await runCli(['source', 'add', db.adminDsn, '--name', 'pg', '--allow-extra-privileges'], env)).code).toBe(0);
  expect((await runCli(['update', '--source', 'pg', '--allow-extra-privileges'], env)).code).toBe(0);
  expect((await runCli(['source', 'add', 'code', repo, '--name', 'svc'], env)).code).toBe(0);
  const update = await runCli(['update', '--source', 'svc', '--json'], env);
  expect(update.code, update.stdout + update.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  await db?.drop();
  home.cleanup();
});

type Edge = { kind: string; fromId: string; toId: string; attributes: { line?: number; route?: string } };

describe('HTTP route links', () => {
  it('get of a FastAPI route file: the routes it serves behind an unread prefix and the files calling them, in text and --json', async () => {
    const text = await runCli(['get', 'svc:file:app/api/routes/items.py'], env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('serves routes: GET …/items/{id}, POST …/items/');
    expect(text.stdout).toContain('called over HTTP by: tests/api/test_items.py (line 5)');
    expect(text.stdout).toContain('← calls_route svc:code_file:tests/api/test_items.py (line 5)');
    // a page path without the API's prefix is no call of it
    expect(text.stdout).not.toContain('tests/test_pages.py');
    const json = await runCli(['get', 'svc:file:app/api/routes/items.py', '--json'], env);
    const callers = json.json.incoming.filter((e: Edge) => e.kind === 'calls_route');
    expect(callers.map((e: Edge) => [e.fromId, e.attributes.line, e.attributes.route])).toEqual([['svc:code_file:tests/api/test_items.py', 5, '/items/']]);
    expect(json.json.facts).toContainEqual({ label: 'called over HTTP by', value: 'tests/api/test_items.py (line 5)' });
  });

  it('an Express route called by a template string: both ends say so', async () => {
    const server = await runCli(['get', 'svc:file:web/server/users.js', '--json'], env);
    expect(server.json.facts).toEqual(
      expect.arrayContaining([
        { label: 'serves routes', value: 'GET /api/v2/users/:id' },
        { label: 'called over HTTP by', value: 'web/src/profile.ts (line 2)' },
      ]),
    );
    const client = await runCli(['get', 'svc:file:web/src/profile.ts'], env);
    expect(client.stdout).toContain('calls routes of: web/server/users.js (line 2)');
  });

  it('prefixes mounted in other files: a Flask blueprint registered with url_prefix, a Spring constant', async () => {
    const facts = async (id: string) => (await runCli(['get', id, '--json'], env)).json.facts;
    expect(await facts('svc:file:flask_app/orders.py')).toEqual(
      expect.arrayContaining([
        { label: 'serves routes', value: 'GET /shop/orders/<int:id>' },
        { label: 'called over HTTP by', value: 'tests/test_orders.py (line 2)' },
      ]),
    );
    expect(await facts('svc:file:billing/src/main/java/com/shop/InvoiceController.java')).toEqual(
      expect.arrayContaining([
        { label: 'serves routes', value: 'GET /api/invoices/{id}' },
        { label: 'called over HTTP by', value: 'web/src/invoices.ts (line 2)' },
      ]),
    );
  });

  it('plan --seed of the route file: the other code writing its table, and the test calling it over HTTP', async () => {
    for (const rank of ['graph', 'fused']) {
      const plan = await runCli(['plan', '--seed', 'app/api/routes/items.py', '--rank', rank, '--writer', 'rules', '--json'], env);
      expect(plan.code, plan.stderr).toBe(0);
      const steps = plan.json.plan.steps as Array<{ title: string; files: string[]; why: string }>;
      const data = steps.find((s) => s.title === 'Code that touches the data');
      expect(data?.files, rank).toEqual(['app/crud.py']);
      const tests = steps.find((s) => s.title === 'How it is tested');
      expect(tests?.files[0], rank).toBe('tests/api/test_items.py');
      expect(tests?.why).toContain('tests/api/test_items.py calls its routes over HTTP (line 5 calls /items/)');
    }
    // a request that names no data keeps the plan to the code
    const asked = await runCli(
      ['plan', 'how', 'are', 'routes', 'read', '--seed', 'app/api/routes/items.py', '--rank', 'graph', '--writer', 'rules', '--json'],
      env,
    );
    expect(asked.json.plan.steps.map((s: { title: string }) => s.title)).not.toContain('Code that touches the data');
  });
});
