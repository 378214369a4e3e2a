/**
 * The layers of DESIGN.md, enforced: core and ports import no adapter, presentation, demo or
 * driver; presentations reach adapters only through the composition root (src/app.ts); what
 * serves a session receives only the scoped engine (issue #9 §1).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/cli.js';

const SRC = join(REPO_ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'([^']+)'/g), ...text.matchAll(/import\(\s*'([^']+)'\s*\)/g)];
  return found.map((m) => m[1]!);
}

/** Layer of a relative import, as a path under src/ (e.g. `adapters/store/sqlite/index.js`). */
function target(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  return relative(SRC, resolve(dirname(file), spec));
}

const DRIVERS = [
  'pg',
  'better-sqlite3',
  'sqlite-vec',
  '@electric-sql/pglite',
  '@electric-sql/pglite-socket',
  '@huggingface/transformers',
  '@modelcontextprotocol/sdk',
  'commander',
  'pino',
  'apache-arrow',
  // Document transports (adapters/documents/transport).
  'undici',
  '@aws-sdk/client-s3',
  'basic-ftp',
  'ssh2-sftp-client',
];
// Language libraries (graphql-js as a parser, compromise, pluralize) are fine in core; jose (it fetches JWKS) lives in adapters/auth/oidc.

describe('layering', () => {
  for (const layer of ['core', 'ports']) {
    it(`${layer} imports no adapter, presentation, demo, composition root or driver`, () => {
      const offences: string[] = [];
      for (const file of sourceFiles(join(SRC, layer))) {
        for (const spec of imports(file)) {
          const t = target(file, spec);
          const bad = t ? /^(adapters|presentations|demo|app\.js)/.test(t) : DRIVERS.some((d) => spec === d || spec.startsWith(`${d}/`));
          if (bad) offences.push(`${relative(SRC, file)} → ${spec}`);
        }
      }
      expect(offences).toEqual([]);
    });
  }

  it('kernel imports nothing of the project outside itself, and no driver', () => {
    const offences: string[] = [];
    for (const file of sourceFiles(join(SRC, 'kernel'))) {
      for (const spec of imports(file)) {
        const t = target(file, spec);
        const bad = t ? !t.startsWith('kernel') : DRIVERS.some((d) => spec === d || spec.startsWith(`${d}/`));
        if (bad) offences.push(`${relative(SRC, file)} → ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('adapters import only kernel, ports and their own adapter folder', () => {
    const offences: string[] = [];
    for (const file of sourceFiles(join(SRC, 'adapters'))) {
      // Own folder: adapters/<family>/<name> (e.g. adapters/store/sqlite); a file directly under a family (adapters/embedder/vector.ts) is shared by that family.
      const own = relative(SRC, dirname(file)).split('/').slice(0, 3).join('/');
      const family = own.split('/').slice(0, 2).join('/');
      for (const spec of imports(file)) {
        const t = target(file, spec);
        if (t === null) continue;
        const allowed = t.startsWith('kernel/') || t.startsWith('ports/') || t.startsWith(`${own}/`) || dirname(t) === family;
        if (!allowed) offences.push(`${relative(SRC, file)} → ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('core does no I/O of its own: no child processes, sockets, HTTP or fetch', () => {
    // Processes and network go through ports (Reranker, TokenVerifier, Connector, Embedder, Llm).
    // Still in core on purpose: node:fs in core/daemon/daemon-state.ts (the daemon's state file in SEXTANT_HOME is core's own bookkeeping, not an outside system).
    const forbidden = [
      'node:child_process',
      'child_process',
      'node:http',
      'http',
      'node:https',
      'https',
      'node:net',
      'net',
      'node:dgram',
      'node:tls',
      'undici',
      'jose',
    ];
    const offences: string[] = [];
    for (const file of sourceFiles(join(SRC, 'core'))) {
      for (const spec of imports(file)) if (forbidden.includes(spec)) offences.push(`${relative(SRC, file)} → ${spec}`);
      if (/(?<![\w.])fetch\s*\(/.test(readFileSync(file, 'utf8'))) offences.push(`${relative(SRC, file)} → fetch()`);
    }
    expect(offences).toEqual([]);
  });

  // farm-studio drew none on 2026-11-29; a loop, type-only too, means two modules each need the other and belong together or apart
  it('no module of src imports itself back through others (type-only imports too)', () => {
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(SRC)) {
      const from = relative(SRC, file).replace(/\.ts$/, '.js');
      graph.set(
        from,
        imports(file)
          .map((spec) => target(file, spec))
          .filter((t): t is string => t !== null),
      );
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const walk = (node: string, path: string[]): void => {
      if (state.get(node) === 'open') return void cycles.push([...path.slice(path.indexOf(node)), node].join(' → '));
      if (state.get(node) === 'done' || !graph.has(node)) return;
      state.set(node, 'open');
      for (const next of graph.get(node)!) walk(next, [...path, node]);
      state.set(node, 'done');
    };
    for (const node of graph.keys()) walk(node, []);
    expect(graph.size).toBeGreaterThan(500);
    expect(cycles).toEqual([]);
  });

  it('presentations reach adapters only through app.ts', () => {
    const offences: string[] = [];
    for (const file of sourceFiles(join(SRC, 'presentations'))) {
      for (const spec of imports(file)) {
        const t = target(file, spec);
        if (t && t.startsWith('adapters')) offences.push(`${relative(SRC, file)} → ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  // Everything that answers a session's calls: it gets `createScopedEngine(...)` from server.ts and
  // never the unscoped Engine, so no tool or resource can forget the access check.
  const SESSION_SERVING = [
    ...sourceFiles(join(SRC, 'presentations/mcp/tools')),
    ...['resources.ts', 'tool-registry.ts', 'prompt.ts'].map((f) => join(SRC, 'presentations/mcp', f)),
  ];

  it('tools and resources receive only the scoped engine, with no access checks of their own', () => {
    const offences: string[] = [];
    for (const file of SESSION_SERVING) {
      for (const spec of imports(file)) {
        const t = target(file, spec);
        if (t === 'core/engine.js' || t?.startsWith('core/sessions/session-service')) offences.push(`${relative(SRC, file)} → ${spec}`);
      }
      const text = readFileSync(file, 'utf8');
      for (const ritual of ['.sessions.', 'allowedSources', 'checkSourceAllowed', 'canAccessProject']) {
        if (text.includes(ritual)) offences.push(`${relative(SRC, file)} uses ${ritual}`);
      }
    }
    expect(offences).toEqual([]);
  });

  // The REPL (issue #17) is a presentation like the CLI and serves a session like MCP: it reaches
  // the core through the engine facade (and the types and limits it states), and session state
  // only through the scoped engine its session file opens.
  const REPL = join(SRC, 'presentations/repl');
  const REPL_CORE = new Set([
    'core/engine.js',
    'core/scope/scoped-engine.js',
    'core/search/types.js',
    'core/discovery/complete-ids.js',
    'core/sessions/session-documents.js',
    'core/sessions/session-service.js',
    'core/auth/user.js',
    'core/projects/projects.js',
  ]);

  it('the REPL reaches the core only through the engine facade', () => {
    const offences: string[] = [];
    for (const file of sourceFiles(REPL)) {
      for (const spec of imports(file)) {
        const t = target(file, spec);
        if (t?.startsWith('core/') && !REPL_CORE.has(t)) offences.push(`${relative(SRC, file)} → ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('the REPL changes session state only through the scoped engine its session opens', () => {
    const offences: string[] = [];
    for (const file of sourceFiles(REPL).filter((f) => !f.endsWith('/repl-session.ts'))) {
      const text = readFileSync(file, 'utf8');
      for (const ritual of ['.sessions.', 'allowedSources', 'checkSourceAllowed', 'canAccessProject', 'createScopedEngine(']) {
        if (text.includes(ritual)) offences.push(`${relative(SRC, file)} uses ${ritual}`);
      }
    }
    expect(sourceFiles(REPL).length).toBeGreaterThan(3);
    expect(offences).toEqual([]);
  });
});

// The web UI (issue 17) is a presentation like the CLI and MCP: its pages parse the request, call the
// caller's scoped engine and render HTML. Query, ranking, validation and access decisions stay in core.
describe('web UI is thin', () => {
  const UI = join(SRC, 'presentations/ui');
  // Composition files open the engine and its sessions; everything else sees only the scoped engine.
  const COMPOSITION = ['ui-mount.ts', 'serve-ui.ts'].map((f) => join(UI, f));
  const PAGES = sourceFiles(UI).filter((f) => !COMPOSITION.includes(f));
  // What pages may import from core: the scoped engine and the shapes of what it returns.
  const CORE_ALLOWED = ['core/scope/scoped-engine.js', 'core/search/types.js', 'core/glossary/index.js', 'core/discovery/describe.js'];

  it('pages import from core only the scoped engine and the types it returns, and no driver', () => {
    const offences: string[] = [];
    for (const file of PAGES) {
      for (const spec of imports(file)) {
        const t = target(file, spec);
        const bad = t
          ? t.startsWith('core/') && !CORE_ALLOWED.includes(t)
          : DRIVERS.some((d) => spec === d || spec.startsWith(`${d}/`)) || spec === 'libpg-query';
        if (bad) offences.push(`${relative(SRC, file)} → ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('pages rank, fuse, validate SQL and check access nowhere: those are core calls', () => {
    const offences: string[] = [];
    for (const file of PAGES) {
      const text = readFileSync(file, 'utf8');
      for (const ritual of [
        'fuseRankings',
        'RRF_K',
        'reciprocal',
        'engine.sessions',
        'allowedSources',
        'canAccessProject',
        'requireProjectAccess',
        'parseQuery',
        'EXPLAIN ',
        'SELECT ',
      ]) {
        if (text.includes(ritual)) offences.push(`${relative(SRC, file)} uses ${ritual}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('the composition files hand pages a scoped engine and reach no adapter but through app.ts', () => {
    const mount = readFileSync(join(UI, 'ui-mount.ts'), 'utf8');
    expect(mount).toMatch(/createScopedEngine\(engine, /);
    expect(mount).not.toMatch(/scoped: engine[,\s}]/);
  });
});

describe('source kinds (issue #9)', () => {
  const FAMILY = /^core\/kinds\/(?!registry|default-kinds)[^/]+\//;

  it('generic core (chunks, ingest, catalog, contexts, search) and presentations reach a family only through the registry', () => {
    const offences: string[] = [];
    for (const dir of ['core/chunks', 'core/ingest', 'core/catalog', 'core/contexts', 'core/search', 'presentations']) {
      for (const file of sourceFiles(join(SRC, dir))) {
        for (const spec of imports(file)) {
          const t = target(file, spec);
          if (t && FAMILY.test(t)) offences.push(`${relative(SRC, file)} → ${spec}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('presentations keep no kind lists of their own', () => {
    const offences: string[] = [];
    for (const file of sourceFiles(join(SRC, 'presentations'))) {
      const text = readFileSync(file, 'utf8');
      if (/\b[A-Z_]*KINDS\s*=\s*(new Set\()?\[/.test(text)) offences.push(relative(SRC, file));
    }
    expect(offences).toEqual([]);
  });
});
