import { describe, expect, it } from 'vitest';
import {
  basenameMatches,
  basenameScoring,
  caseInsensitiveMatch,
  dottedModuleMatch,
  exactMatch,
  extensionSwaps,
  normalizeSeedPath,
  packageMatch,
  resolveSeedPath,
} from './resolve-seed.js';

const NODES = [
  'src/billing/pay.ts',
  'src/billing/index.ts',
  'src/billing/Invoice.ts',
  'src/legacy/pay.js',
  'src/ui/pay.tsx',
  'src/util/format.mjs',
  'test/billing/pay.test.ts',
  'lib/deep/billing/pay.ts',
];

describe('seed resolution', () => {
  it('exact before anything else', () => {
    expect(exactMatch('src/legacy/pay.js', NODES)).toBe('src/legacy/pay.js');
    expect(exactMatch('src/legacy/PAY.js', NODES)).toBeNull();
    expect(resolveSeedPath('src/ui/pay.tsx', NODES)).toEqual({ id: 'src/ui/pay.tsx', how: 'exact' });
  });

  it('case-insensitive', () => {
    expect(caseInsensitiveMatch('SRC/Billing/invoice.TS', NODES)).toBe('src/billing/Invoice.ts');
    expect(resolveSeedPath('src/billing/invoice.ts', NODES)).toEqual({ id: 'src/billing/Invoice.ts', how: 'case-insensitive' });
  });

  it('extension swaps: .js written for .ts, no extension, a folder for its index', () => {
    expect(extensionSwaps('src/billing/pay.js', NODES)).toBe('src/billing/pay.ts');
    expect(extensionSwaps('src/util/format', NODES)).toBe('src/util/format.mjs');
    expect(extensionSwaps('src/billing', NODES)).toBe('src/billing/index.ts');
    expect(extensionSwaps('src/billing/index.js', NODES)).toBe('src/billing/index.ts');
    expect(extensionSwaps('src/nothing.js', NODES)).toBeNull();
    expect(resolveSeedPath('src/ui/pay.jsx', NODES)).toEqual({ id: 'src/ui/pay.tsx', how: 'extension' });
    // a single-file component, written without its extension; a module's extension is never swapped for it
    const components = ['src/components/Button.vue', 'src/routes/Page.svelte', 'src/pages/index.astro'];
    expect(extensionSwaps('src/components/Button', components)).toBe('src/components/Button.vue');
    expect(extensionSwaps('src/routes/Page', components)).toBe('src/routes/Page.svelte');
    expect(extensionSwaps('src/pages/index', components)).toBe('src/pages/index.astro');
    expect(extensionSwaps('src/components/Button.js', components)).toBeNull();
  });

  it('basename scoring prefers the most shared trailing folders, then the shorter path', () => {
    expect(basenameScoring('billing/pay.ts', NODES)).toBe('src/billing/pay.ts');
    expect(basenameScoring('deep/billing/pay', NODES)).toBe('lib/deep/billing/pay.ts');
    // only the base name in common: the shortest path wins
    expect(basenameScoring('pay', NODES)).toBe('src/ui/pay.tsx');
    expect(basenameScoring('missing.ts', NODES)).toBeNull();
    expect(resolveSeedPath('other/billing/pay.ts', NODES)).toEqual({ id: 'src/billing/pay.ts', how: 'basename', others: ['lib/deep/billing/pay.ts'] });
  });

  it('a base name several files share as well: every one of them, shortest path first', () => {
    expect(basenameMatches('pay', NODES)).toEqual(['src/ui/pay.tsx', 'src/legacy/pay.js', 'src/billing/pay.ts', 'lib/deep/billing/pay.ts']);
    expect(basenameMatches('billing/pay.ts', NODES)).toEqual(['src/billing/pay.ts', 'lib/deep/billing/pay.ts']);
    expect(basenameMatches('deep/billing/pay', NODES)).toEqual(['lib/deep/billing/pay.ts']);
    expect(resolveSeedPath('pay', NODES)).toEqual({
      id: 'src/ui/pay.tsx',
      how: 'basename',
      others: ['src/legacy/pay.js', 'src/billing/pay.ts', 'lib/deep/billing/pay.ts'],
    });
    expect(resolveSeedPath('deep/billing/pay', NODES)).toEqual({ id: 'lib/deep/billing/pay.ts', how: 'basename' });
  });

  it('an unknown seed resolves to nothing', () => {
    expect(resolveSeedPath('src/unknown/thing.ts', NODES)).toBeNull();
    expect(resolveSeedPath('src/unknown/thing.ts', [])).toBeNull();
  });

  it('seed paths stay inside the repository', () => {
    expect(normalizeSeedPath('./src\\billing\\pay.ts')).toBe('src/billing/pay.ts');
    expect(normalizeSeedPath('/repo/src/pay.ts', '/repo')).toBe('src/pay.ts');
    expect(normalizeSeedPath('./src/./billing/./pay.ts')).toBe('src/billing/pay.ts');
    for (const bad of ['../etc/passwd', 'src/../../x.ts', '/etc/passwd', 'C:/windows/x.ts'])
      expect(() => normalizeSeedPath(bad, '/repo')).toThrow(/inside the repository/);
  });

  describe('package and module names', () => {
    const TREE = [
      'packages/server/src/index.ts',
      'packages/server/src/http/index.ts',
      'packages/server/src/theme.ts',
      'packages/client/src/index.ts',
      'doc/doc.go',
      'doc/util.go',
      'cmd/run/a.go',
      'cmd/run/b.go',
      'src/click/core.py',
      'src/click/__init__.py',
      'tests/click/core.py',
      'gson/src/main/java/com/google/gson/Gson.java',
      'gson/src/test/java/com/google/gson/GsonTest.java',
      'index.ts',
    ];
    const names = new Map<string, string[]>([
      ['@trpc/server', ['packages/server/src/index.ts']],
      ['@trpc/server/http', ['packages/server/src/http/index.ts']],
      ['github.com/spf13/cobra/doc', ['doc/util.go', 'doc/doc.go']],
      ['github.com/spf13/cobra/cmd/run', ['cmd/run/a.go', 'cmd/run/b.go']],
    ]);

    it('a package of the tree, a subpath export, a subpath beside the entry, any case', () => {
      expect(resolveSeedPath('@trpc/server', TREE, { names })).toEqual({ id: 'packages/server/src/index.ts', how: 'package' });
      expect(packageMatch('@trpc/server/http', TREE, { names })).toBe('packages/server/src/http/index.ts');
      expect(packageMatch('@trpc/server/theme', TREE, { names })).toBe('packages/server/src/theme.ts');
      expect(packageMatch('@TRPC/Server', TREE, { names })).toBe('packages/server/src/index.ts');
      expect(packageMatch('@trpc/client', TREE, { names })).toBeNull();
      expect(packageMatch('@trpc/server', TREE)).toBeNull();
    });

    it("a Go import path: the folder's file named like its last segment, else the most imported", () => {
      const root = new Map([['github.com/spf13/cobra', ['args.go', 'cobra.go', 'command.go']]]);
      expect(packageMatch('github.com/spf13/cobra', TREE, { names: root, importers: (id) => (id === 'command.go' ? 9 : 0) })).toBe('cobra.go');
      expect(resolveSeedPath('github.com/spf13/cobra/doc', TREE, { names })).toEqual({ id: 'doc/doc.go', how: 'package' });
      const importers = (id: string) => (id === 'cmd/run/b.go' ? 3 : 1);
      expect(packageMatch('github.com/spf13/cobra/cmd/run', TREE, { names, importers })).toBe('cmd/run/b.go');
      expect(packageMatch('github.com/spf13/cobra/cmd/run', TREE, { names })).toBe('cmd/run/a.go');
    });

    it('a Python dotted module, a package, a Java class; the shortest path wins', () => {
      expect(resolveSeedPath('click.core', TREE)).toEqual({ id: 'src/click/core.py', how: 'module' });
      expect(resolveSeedPath('click', TREE)).toEqual({ id: 'src/click/__init__.py', how: 'module' });
      expect(dottedModuleMatch('core', TREE)).toBeNull();
      expect(dottedModuleMatch('src.click', TREE)).toBe('src/click/__init__.py');
      expect(resolveSeedPath('com.google.gson.Gson', TREE)).toEqual({ id: 'gson/src/main/java/com/google/gson/Gson.java', how: 'module' });
      expect(dottedModuleMatch('com.google.gson.Missing', TREE)).toBeNull();
    });

    it("a name inside a module or class is that module's or class's file, two names at least remaining", () => {
      expect(resolveSeedPath('click.core.Command', TREE)).toEqual({ id: 'src/click/core.py', how: 'module' });
      expect(dottedModuleMatch('click.core.Command.invoke', TREE)).toBe('src/click/core.py');
      expect(resolveSeedPath('com.google.gson.Gson.Builder', TREE)).toEqual({ id: 'gson/src/main/java/com/google/gson/Gson.java', how: 'module' });
      // `click` alone is a package, but `click.Missing` is not read as a member of it
      expect(dottedModuleMatch('click.Missing', TREE)).toBeNull();
      expect(dottedModuleMatch('com.google.gson.Missing.Inner', TREE)).toBeNull();
    });

    it('a path still resolves as a path first', () => {
      expect(resolveSeedPath('index.ts', TREE, { names })).toEqual({ id: 'index.ts', how: 'exact' });
      expect(resolveSeedPath('core.py', TREE, { names })).toEqual({ id: 'src/click/core.py', how: 'basename', others: ['tests/click/core.py'] });
    });
  });
});
