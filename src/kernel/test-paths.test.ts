import { describe, expect, it } from 'vitest';
import { exampleRoot, isExampleFile, isTestFile, namedLikeTest } from './test-paths.js';

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
    // Cypress (umami's cypress/e2e/api-team.cy.ts started a plan) and end-to-end folders
    'cypress/e2e/api-team.cy.ts',
    'cypress/support/commands.ts',
    'src/components/button.cy.tsx',
    'e2e/login.ts',
    // the conventions of the other languages a code source parses (an Xcode app's tests started a Swift plan)
    'UnitTests/Mocks/Interactors/CountriesInteractorTests.swift',
    'Sources/App/Models/OwnerStoreTests.swift',
    'src/Shop.UnitTests/Orders/OrderServiceTest.cs',
    'tests/Feature/FlightTest.php',
    'app/models/order_spec.rb',
    'lib/order_test.rb',
    'packages/core/lib/src/owner_test.dart',
    'modules/core/src/main/scala/ParserSpecTests.scala',
  ])('%s is a test', (path) => expect(isTestFile(path)).toBe(true));

  it.each([
    'src/dialect/postgres/postgres-introspector.ts',
    'src/click/testing.py',
    'src/core/contest.ts',
    'src/latest.ts',
    'src/main/java/com/acme/Test.java',
    'Sources/Contests/Contest.swift',
    'src/Shop.Api/Controllers/TestsController.cs',
    'cmd/attestation/main.go',
    'docs/specification.md',
    'src/fixtures.ts',
    'src/test-d.ts',
    'src/policy.ts',
    'src/lib/cyclic.ts',
  ])('%s is not a test', (path) => expect(isTestFile(path)).toBe(false));
});

describe('namedLikeTest', () => {
  it('a file named as a test module, not a fixture file nor any file of a test folder', () => {
    for (const p of ['tests/test_basic.py', 'src/users.spec.ts', 'server_test.go', 'src/test/java/OwnerControllerTests.java'])
      expect(namedLikeTest(p), p).toBe(true);
    for (const p of ['tests/conftest.py', 'tests/test_apps/blueprintapp/__init__.py', 'src/app.ts', 'test/helpers.ts']) expect(namedLikeTest(p), p).toBe(false);
  });
});

describe('isExampleFile and exampleRoot', () => {
  it('a file in an examples folder at any depth; not a file named so, nor a samples package', () => {
    expect(isExampleFile('examples/next-app/src/pages/index.tsx')).toBe(true);
    expect(isExampleFile('packages/client/example/main.go')).toBe(true);
    expect(isExampleFile('docs_src/tutorial/relationship_attributes/back_populates/tutorial001.py')).toBe(true);
    expect(isExampleFile('src/examples.ts')).toBe(false);
    expect(isExampleFile('src/main/java/org/springframework/samples/petclinic/owner/Pet.java')).toBe(false);
    expect(isExampleFile('src/demo/pglite-server.ts')).toBe(false);
    expect(isExampleFile('_examples/todos-resource/main.go')).toBe(true);
  });

  it('an example is its examples folder and the folder after it', () => {
    expect(exampleRoot('examples/tutorial/flaskr/auth.py')).toBe('examples/tutorial');
    expect(exampleRoot('examples/tutorial/tests/test_auth.py')).toBe('examples/tutorial');
    expect(exampleRoot('_examples/todos-resource/main.go')).toBe('_examples/todos-resource');
    expect(exampleRoot('examples/app.py')).toBe('examples');
    expect(exampleRoot('src/app.py')).toBeNull();
  });
});
