import { describe, expect, it } from 'vitest';
import { importNames } from './workspace-packages.js';

describe('import names a scan records', () => {
  it("a package's entry and pattern-free export subpaths, a main built to dist/, Go import paths by the nearest go.mod", () => {
    const configs = [
      {
        path: 'packages/server/package.json',
        text: JSON.stringify({ name: '@trpc/server', exports: { '.': { import: './dist/index.js' }, './http': './dist/http/index.js', './*': './dist/*.js' } }),
      },
      { path: 'packages/ui/package.json', text: JSON.stringify({ name: 'ui', main: './lib/main.js' }) },
      { path: 'go.mod', text: 'module github.com/spf13/cobra\n\ngo 1.21\n' },
      { path: 'tools/go.mod', text: 'module example.com/tools\n' },
    ];
    const files = [
      'packages/server/src/index.ts',
      'packages/server/src/http/index.ts',
      'packages/ui/src/main.tsx',
      'cobra.go',
      'doc/doc.go',
      'doc/doc_test.go',
      'tools/gen/gen.go',
    ];
    expect(Object.fromEntries(importNames(configs, files))).toEqual({
      'packages/server/src/index.ts': ['@trpc/server'],
      'packages/server/src/http/index.ts': ['@trpc/server/http'],
      'packages/ui/src/main.tsx': ['ui'],
      'cobra.go': ['github.com/spf13/cobra'],
      'doc/doc.go': ['github.com/spf13/cobra/doc'],
      'tools/gen/gen.go': ['example.com/tools/gen'],
    });
  });
});
