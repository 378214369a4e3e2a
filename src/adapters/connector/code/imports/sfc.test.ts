import { describe, expect, it } from 'vitest';
import { exportedSymbols } from '../outline.js';
import { componentComment, componentSymbols, scriptBlocks, scriptImports, scriptView } from './sfc.js';

/** The 1-based line of the first occurrence of `needle`. */
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

const VUE = [
  '<!-- The cart: lines, totals and checkout. -->',
  '<template>',
  '  <div class="cart">{{ total }}</div>',
  '</template>',
  '',
  '<script lang="ts">',
  'export const CART_LIMIT = 20;',
  '</script>',
  '',
  '<script setup lang="ts" generic="T extends Record<string, unknown>">',
  "import { api } from '../lib/api';",
  "import type { Line } from '@/types';",
  "const rows = await api.query('SELECT id, total FROM billing.invoice WHERE paid = false');",
  '</script>',
  '',
  '<style scoped>',
  '.cart { color: red }',
  '</style>',
  '',
].join('\n');

describe('script blocks of single-file components', () => {
  it('a Vue file: both blocks, TypeScript, at their own lines; the view keeps length and lines and blanks the rest', () => {
    const blocks = scriptBlocks(VUE, 'vue');
    expect(blocks.map((b) => [b.role, b.language, b.line])).toEqual([
      ['script', 'typescript', 6],
      ['setup', 'typescript', 10],
    ]);
    const view = scriptView(VUE, 'vue');
    expect(view.text).toHaveLength(VUE.length);
    expect(view.text.split('\n')).toHaveLength(VUE.split('\n').length);
    expect(lineOf(view.text, 'SELECT id')).toBe(13);
    expect(lineOf(view.text, 'CART_LIMIT')).toBe(7);
    // the generic's `>` does not end the tag: the code starts after it
    expect(view.text.slice(blocks[1]!.start).startsWith('\nimport { api }')).toBe(true);
    expect(view.text).not.toContain('cart">');
    expect(view.text).not.toContain('color: red');
    expect(view.text).not.toContain('<script');
    expect(view.language).toBe('typescript');
  });

  it('plain JavaScript blocks; other languages, JSON, templates and commented-out scripts are no blocks', () => {
    const text = [
      '<script>',
      "import a from './a.js'",
      '</script>',
      '<script type="application/ld+json">{"@type": "Thing"}</script>',
      '<script type="text/x-template" id="t"><div/></script>',
      '<script lang="coffee">x = 1</script>',
      "<!-- <script>import gone from './gone.js'</script> -->",
    ].join('\n');
    const view = scriptView(text, 'vue');
    expect(view.blocks.map((b) => [b.language, b.line])).toEqual([['javascript', 1]]);
    expect(view.language).toBe('javascript');
    expect(view.text).not.toContain('Thing');
    expect(view.text).not.toContain('gone');
  });

  it('Svelte: the instance script and the module script, on one line or several', () => {
    const text = [
      '<script context="module" lang="ts">export function preload() {}</script>',
      '<script lang="ts">',
      '  export let title: string;',
      "  import Card from './Card.svelte';",
      '</script>',
      '<h1>{title}</h1>',
    ].join('\n');
    const blocks = scriptBlocks(text, 'svelte');
    expect(blocks.map((b) => [b.role, b.line])).toEqual([
      ['module', 1],
      ['script', 2],
    ]);
    expect(text.slice(blocks[0]!.start, blocks[0]!.end)).toBe('export function preload() {}');
    expect(scriptBlocks('<script module>export const x = 1</script>', 'svelte')[0]!.role).toBe('module');
  });

  it('Astro: the frontmatter and the scripts it bundles, not is:inline ones nor a --- later in the page', () => {
    const text = [
      '---',
      '// The product page.',
      "import Layout from '../layouts/Layout.astro';",
      '---',
      '<Layout>',
      '  <hr>',
      '---',
      '</Layout>',
      "<script>import { track } from '../lib/track';</script>",
      "<script is:inline>import x from 'https://cdn.example/x.js'</script>",
    ].join('\n');
    const view = scriptView(text, 'astro');
    expect(view.blocks.map((b) => [b.role, b.line])).toEqual([
      ['frontmatter', 2],
      ['script', 9],
    ]);
    expect(view.text).toContain("import Layout from '../layouts/Layout.astro';");
    expect(view.text).not.toContain('cdn.example');
    expect(view.text).not.toContain('<Layout>');
    expect(componentComment(text, view)).toBe('The product page.');
    // no frontmatter unless the file opens with one
    expect(scriptBlocks('<p>hi</p>\n---\nconst x = 1\n---\n', 'astro')).toEqual([]);
  });

  it('a component without a script, and a file of another language, have no blocks and a blank view', () => {
    const text = '<template>\n  <p>static</p>\n</template>\n';
    const view = scriptView(text, 'vue');
    expect(view.blocks).toEqual([]);
    expect(view.text.trim()).toBe('');
    expect(view.text.split('\n')).toHaveLength(4);
    expect(scriptBlocks('<script>x</script>', 'typescript')).toEqual([]);
  });

  it('the comment: the opening HTML comment, else the first block’s', () => {
    expect(componentComment(VUE, scriptView(VUE, 'vue'))).toBe('The cart: lines, totals and checkout.');
    const text = '<script setup>\n/** Picks a date. */\nimport x from "./x"\n</script>\n';
    expect(componentComment(text, scriptView(text, 'vue'))).toBe('Picks a date.');
  });

  it('symbols: the PascalCase component, then the exports; a Svelte prop is no export, a route no component', () => {
    const view = scriptView(VUE, 'vue');
    expect(componentSymbols('src/CartPanel.vue', view, exportedSymbols(view.text, view.language)).map((s) => [s.name, s.kind, s.line])).toEqual([
      ['CartPanel', 'component', 6],
      ['CART_LIMIT', 'const', 7],
    ]);
    const svelte = '<script context="module">\nexport const limit = 3;\n</script>\n<script>\nexport let title;\n</script>\n';
    const sv = scriptView(svelte, 'svelte');
    expect(componentSymbols('src/routes/+page.svelte', sv, exportedSymbols(sv.text, sv.language)).map((s) => s.name)).toEqual(['limit']);
  });

  it('imports of the blocks: static, type-only, re-exports, dynamic and require', async () => {
    const text = [
      '<script setup lang="ts">',
      "import { api } from '../lib/api';",
      "import type { Line } from '@/types';",
      "export { helper } from './helper';",
      "const Chart = () => import('./Chart.vue');",
      "const legacy = require('./legacy.js');",
      '</script>',
      '<template><a href="import(\'./not-code\')"></a></template>',
    ].join('\n');
    expect(await scriptImports(scriptView(text, 'vue'))).toEqual([
      { module: '../lib/api', kinds: ['import'] },
      { module: '@/types', kinds: ['import', 'type-only'] },
      { module: './helper', kinds: ['import'] },
      { module: './Chart.vue', kinds: ['dynamic-import'] },
      { module: './legacy.js', kinds: ['require'] },
    ]);
  });
});
