/**
 * @module kernel/test-paths
 * Which files of a tree are tests and examples. Tests, by the conventions of the languages a code source reads: a
 * folder named `test`, `tests`, `__tests__`, `spec`, `specs`, `e2e`, `cypress`, or one of JavaScript's test-data folders
 * (`__mocks__`, `__fixtures__`, `__testfixtures__`, `fixtures`), or a file named like `x.test.ts`,
 * `x.spec.js`, a type test `x.test-d.ts`, `x.e2e-spec.ts`, a Cypress test `x.cy.ts`, `x_test.go`, `test_x.py`, `x_test.py`,
 * `conftest.py`, `XTest.java` (and Kotlin's, Scala's, Swift's, C#'s and PHP's `XTest`/`XTests`), Ruby's `x_spec.rb` and
 * `x_test.rb`, Dart's `x_test.dart`, or a file in an Xcode or .NET test target's folder (`MyAppTests`, `Shop.UnitTests`).
 */

const TEST_FOLDERS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', 'e2e', 'cypress', '__mocks__', '__fixtures__', '__testfixtures__', 'fixtures']);
const TEST_NAME =
  /(\.(test|spec|test-d|spec-d|e2e-spec|cy)\.[a-z0-9]+$)|(_test\.(go|py|rb|dart)$)|(_spec\.rb$)|(^test_.*\.py$)|(^conftest\.py$)|([a-z0-9](Test|Tests|IT)\.(java|kt|scala|swift|cs|php)$)/;
/** An Xcode or .NET test target's folder: `MyAppTests`, `UnitTests`, `Shop.Api.Tests`, `Shop.UnitTests`. */
const TEST_TARGET_FOLDER = /[a-z0-9.]Tests$/;

export function isTestFile(path: string): boolean {
  const parts = path.split('/');
  const name = parts.pop() ?? '';
  return TEST_NAME.test(name) || parts.some((p) => TEST_FOLDERS.has(p.toLowerCase()) || TEST_TARGET_FOLDER.test(p));
}

/** A file named as one test module (`test_views.py`, `users.spec.ts`, `server_test.go`, `UserTest.java`), not a shared fixture file (`conftest.py`) nor a file in a test folder. */
export function namedLikeTest(path: string): boolean {
  const name = path.split('/').pop() ?? '';
  return name !== 'conftest.py' && TEST_NAME.test(name);
}

/**
 * A folder of examples: code written to show a library's use, in its users' words. `docs_src` holds the code the
 * documentation shows (FastAPI's, Typer's and SQLModel's layout: 290 of SQLModel's Python files); `_examples` is
 * Go's way of keeping them out of the build (go-chi/chi).
 */
const EXAMPLE_FOLDERS = new Set(['example', 'examples', '_examples', 'docs_src']);

/**
 * The example a file belongs to: its examples folder and the folder after it (`examples/tutorial` for
 * `examples/tutorial/flaskr/auth.py`, `_examples/todos-resource`), or the examples folder for a file right in it; null
 * for a file in no examples folder.
 */
export function exampleRoot(path: string): string | null {
  const folders = path.split('/').slice(0, -1);
  const at = folders.findIndex((p) => EXAMPLE_FOLDERS.has(p.toLowerCase()));
  return at < 0 ? null : folders.slice(0, at + 2).join('/');
}

/** A file in an `examples/`, `example/`, `_examples/` or `docs_src/` folder, at any depth (`packages/x/examples/…`). */
export function isExampleFile(path: string): boolean {
  return exampleRoot(path) !== null;
}
