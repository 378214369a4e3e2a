/**
 * Single-file components through the built CLI: a Vite-style app whose `.vue`, `.svelte` and
 * `.astro` files import each other and TypeScript files (relatively and through the tsconfig's
 * `@/*` alias), and are imported by TypeScript; a SQL string in a Vue script names a table of a
 * real PostgreSQL source. The graph has each edge both ways, the data link has the file's own
 * line, and an ignored component is not indexed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'web');
let db: TempDatabase;

const FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', paths: { '@/*': ['./src/*'] } } }),
  '.gitignore': 'src/generated/\n',
  'src/generated/Stale.vue': "<script setup>\nimport api from '../lib/api';\n</script>\n",
  'src/main.ts':
    "import { createApp } from 'vue';\nimport App from './App.vue';\nimport Badge from '@/components/Badge.svelte';\ncreateApp(App).mount('#app');\nexport { Badge };\n",
  'src/App.vue': [
    '<!-- The invoice list: unpaid invoices with their badges. -->',
    '<template>',
    '  <Card><Badge :count="rows.length" /></Card>',
    '</template>',
    '',
    '<script setup lang="ts">',
    "import Card from './components/Card.vue';",
    "import Badge from '@/components/Badge.svelte';",
    "import { query } from './lib/api';",
    "import type { Row } from '@/lib/types';",
    '',
    "const rows = await query<Row>('SELECT id, total FROM billing.invoice WHERE total > $1', [0]);",
    '</script>',
    '',
  ].join('\n'),
  'src/components/Card.vue':
    '<template><div class="card"><slot /></div></template>\n<script lang="ts">\nimport { theme } from \'@/lib/theme\';\nexport default { name: \'Card\', data: () => ({ theme }) };\n</script>\n',
  'src/components/Badge.svelte':
    '<script lang="ts">\n  import { format } from \'../lib/format.js\';\n  export let count: number;\n</script>\n<span>{format(count)}</span>\n',
  'src/pages/index.astro': [
    '---',
    "import Card from '../components/Card.vue';",
    "import Badge from '@/components/Badge.svelte';",
    "import { query } from '@/lib/api';",
    '---',
    '<Card><Badge count={1} /></Card>',
    "<script>import { track } from '../lib/track.ts'; track('home');</script>",
    '',
  ].join('\n'),
  'src/lib/api.ts': 'export async function query<T>(sql: string, params: unknown[]): Promise<T[]> { return []; }\n',
  'src/lib/types.ts': 'export interface Row { id: number; total: number }\n',
  'src/lib/theme.ts': "export const theme = 'light';\n",
  'src/lib/format.ts': 'export const format = (n: number) => String(n);\n',
  'src/lib/track.ts': 'export function track(event: string) {}\n',
  // Vue CLI's webpack style: components imported without their extension
  'src/components/List.vue': "<script>\nimport Card from './Card';\nexport default { components: { Card } };\n</script>\n",
  'src/lib/routes.ts': "import List from '../components/List';\nexport const routes = [{ path: '/', component: List }];\n",
};

type Edge = { kind: string; fromId: string; toId: string; attributes: { line?: number; kinds?: string[] } };

beforeAll(async () => {
  db = await createTempDatabase('sxt_sfc');
  await db.exec('CREATE SCHEMA billing; CREATE TABLE billing.invoice (id int PRIMARY KEY, total numeric); CREATE TABLE customer (id int);');
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  execFileSync('git', ['init', '-q', repo]);
  expect((await runCli(['source', 'add', db.adminDsn, '--name', 'pg', '--allow-extra-privileges'], env)).code).toBe(0);
  expect((await runCli(['update', '--source', 'pg', '--allow-extra-privileges'], env)).code).toBe(0);
  expect((await runCli(['source', 'add', 'code', repo, '--name', 'web'], env)).code).toBe(0);
  const update = await runCli(['update', '--source', 'web', '--json'], env);
  expect(update.code, update.stdout + update.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  await db?.drop();
  home.cleanup();
});

const get = async (path: string) => {
  const got = await runCli(['get', `web:code_file:${path}`, '--json'], env);
  expect(got.code, got.stderr).toBe(0);
  return got.json as {
    object: { comment: string | null; attributes: Record<string, unknown> };
    outgoing: Edge[];
    incoming: Edge[];
    children: Array<{ name: string }>;
  };
};
const imports = (edges: Edge[], end: 'toId' | 'fromId') =>
  edges
    .filter((e) => e.kind === 'imports')
    .map((e) => e[end].replace('web:code_file:', ''))
    .sort();

describe('single-file components in a code source', () => {
  it('are listed as code files (an ignored one is not), with their comment and component symbol', async () => {
    const app = await get('src/App.vue');
    expect(app.object.attributes).toMatchObject({ language: 'vue', symbols: ['App'] });
    expect(app.object.comment).toBe('The invoice list: unpaid invoices with their badges.');
    expect(app.children.map((c) => c.name)).toEqual(['App']);
    expect((await get('src/components/Badge.svelte')).object.attributes).toMatchObject({ language: 'svelte', symbols: ['Badge'] });
    expect((await get('src/pages/index.astro')).object.attributes).toMatchObject({ language: 'astro', symbols: [] });
    const stale = await runCli(['get', 'web:code_file:src/generated/Stale.vue', '--json'], env);
    expect(stale.code).not.toBe(0);
  });

  it('their script imports resolve: relative, aliased, .js for .ts, to .ts and to other components', async () => {
    const app = await get('src/App.vue');
    expect(imports(app.outgoing, 'toId')).toEqual(['src/components/Badge.svelte', 'src/components/Card.vue', 'src/lib/api.ts', 'src/lib/types.ts']);
    const kinds = new Map(app.outgoing.map((e) => [e.toId.replace('web:code_file:', ''), e.attributes.kinds]));
    expect(kinds.get('src/lib/types.ts')).toEqual(['aliased', 'aliased-tsconfig', 'aliased-tsconfig-paths', 'import', 'type-only']);
    expect(kinds.get('src/components/Card.vue')).toEqual(['local', 'import']);
    expect(imports((await get('src/components/Card.vue')).outgoing, 'toId')).toEqual(['src/lib/theme.ts']);
    expect(imports((await get('src/components/Badge.svelte')).outgoing, 'toId')).toEqual(['src/lib/format.ts']);
    expect(imports((await get('src/pages/index.astro')).outgoing, 'toId')).toEqual([
      'src/components/Badge.svelte',
      'src/components/Card.vue',
      'src/lib/api.ts',
      'src/lib/track.ts',
    ]);
  });

  it('TypeScript files import them, and they are importers of TypeScript files', async () => {
    expect(imports((await get('src/main.ts')).outgoing, 'toId')).toEqual(['src/App.vue', 'src/components/Badge.svelte']);
    expect(imports((await get('src/components/Badge.svelte')).incoming, 'fromId')).toEqual(['src/App.vue', 'src/main.ts', 'src/pages/index.astro']);
    expect(imports((await get('src/lib/api.ts')).incoming, 'fromId')).toEqual(['src/App.vue', 'src/pages/index.astro']);
  });

  it('an import without the extension reaches a .vue component, from a component and from TypeScript', async () => {
    expect(imports((await get('src/components/List.vue')).outgoing, 'toId')).toEqual(['src/components/Card.vue']);
    expect(imports((await get('src/lib/routes.ts')).outgoing, 'toId')).toEqual(['src/components/List.vue']);
  });

  it('a SQL string in a Vue script links to its table and columns, at the line in the .vue file', async () => {
    const app = await get('src/App.vue');
    expect(app.object.attributes.sqlTables).toEqual([{ table: 'billing.invoice', line: 12, columns: ['id', 'total'], access: ['read'] }]);
    expect(app.outgoing.filter((e) => e.kind === 'uses_table').map((e) => [e.toId, e.attributes.line])).toEqual([['pg:table:billing.invoice', 12]]);
    const table = await runCli(['get', 'pg:table:billing.invoice', '--json'], env);
    expect(table.json.incoming.filter((e: Edge) => e.kind === 'uses_table').map((e: Edge) => e.fromId)).toEqual(['web:code_file:src/App.vue']);
  });
});
