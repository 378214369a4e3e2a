import { describe, expect, it } from 'vitest';
import { svelteKitPaths } from './svelte-config.js';

describe("a SvelteKit project's aliases, read from its svelte.config.js without running it", () => {
  it('$lib is src/lib without a config, or one that sets no folder', async () => {
    const lib = { $lib: ['./src/lib'], '$lib/*': ['./src/lib/*'] };
    expect(await svelteKitPaths(undefined)).toEqual(lib);
    expect(await svelteKitPaths("import adapter from '@sveltejs/adapter-auto';\nexport default { kit: { adapter: adapter() } };\n")).toEqual(lib);
  });

  it("reads older SvelteKit's kit.files.lib and kit.alias: a folder and its files, a folder's files only, a file", async () => {
    const config = [
      "import adapter from '@sveltejs/adapter-node';",
      '/** @type {import("@sveltejs/kit").Config} */',
      'const config = {',
      '  preprocess: [],',
      '  kit: {',
      '    adapter: adapter(),',
      "    files: { lib: 'app/lib', routes: 'app/routes' },",
      "    alias: { $utils: 'src/utils', '$ui/*': './src/ui/*', '@db': 'src/db/index.ts', $built: path.resolve('x') },",
      '  },',
      '};',
      'export default config;',
    ].join('\n');
    expect(await svelteKitPaths(config)).toEqual({
      $lib: ['./app/lib'],
      '$lib/*': ['./app/lib/*'],
      $utils: ['./src/utils'],
      '$utils/*': ['./src/utils/*'],
      '$ui/*': ['./src/ui/*'],
      '@db': ['./src/db/index.ts'],
    });
  });

  it('takes $lib from kit.alias too; a config it cannot read leaves the default', async () => {
    expect(await svelteKitPaths("export default { kit: { alias: { $lib: 'app/lib' } } };")).toEqual({ $lib: ['./app/lib'], '$lib/*': ['./app/lib/*'] });
    expect(await svelteKitPaths('const kit = { files: { lib: "app/lib" } };\nexport default { kit };')).toEqual({
      $lib: ['./src/lib'],
      '$lib/*': ['./src/lib/*'],
    });
    expect(await svelteKitPaths('export default {{{ kit: ')).toEqual({ $lib: ['./src/lib'], '$lib/*': ['./src/lib/*'] });
  });
});
