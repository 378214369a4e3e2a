import { describe, expect, it } from 'vitest';
import { isTestFile, namedLikeTest } from './test-paths.js';

describe('isTestFile', () => {
  it.each([
    'test/e2e/code-cli.test.ts',
    'src/core/code/fuse.test.ts',
    'lib/router.spec.js',
    'src/__tests__/app.tsx',
    'tests/test_commands.py',
    'pkg/store/store_test.go',
    'app/models_test.py',
    'conftest.py',
    'src/test/java/com/acme/AppTest.java',
    'core/src/main/java/com/acme/OrderServiceTests.java',
    'spec/models/user_spec.rb',
    'packages/query-core/src/__tests__/queryClient.test-d.tsx',
    'packages/vue-query/src/useQuery.test-d.ts',
    'apps/api/test/app.e2e-spec.ts',
    'packages/query-codemods/src/v5/remove-overloads/__testfixtures__/default-import.output.tsx',
    'src/__mocks__/fs.js',
    'src/__fixtures__/user.ts',
    'test-utils/fixtures/graph.ts',
  ])('%s is a test', (path) => expect(isTestFile(path)).toBe(true));

  it.each([
    'src/dialect/postgres/postgres-introspector.ts',
    'src/click/testing.py',
    'src/core/contest.ts',
    'src/latest.ts',
    'src/main/java/com/acme/Test.java',
    'cmd/attestation/main.go',
    'docs/specification.md',
    'src/fixtures.ts',
    'src/test-d.ts',
  ])('%s is not a test', (path) => expect(isTestFile(path)).toBe(false));
});

describe('namedLikeTest', () => {
  it('a file named as a test module, not a fixture file nor any file of a test folder', () => {
    for (const p of ['tests/test_basic.py', 'src/users.spec.ts', 'server_test.go', 'src/test/java/OwnerControllerTests.java'])
      expect(namedLikeTest(p), p).toBe(true);
    for (const p of ['tests/conftest.py', 'tests/test_apps/blueprintapp/__init__.py', 'src/app.ts', 'test/helpers.ts']) expect(namedLikeTest(p), p).toBe(false);
  });
});
