/**
 * @module kernel/test-paths
 * Which files of a tree are tests, by the conventions of the languages a code source reads: a
 * folder named `test`, `tests`, `__tests__`, `spec`, `specs`, or one of JavaScript's test-data folders
 * (`__mocks__`, `__fixtures__`, `__testfixtures__`, `fixtures`), or a file named like `x.test.ts`,
 * `x.spec.js`, a type test `x.test-d.ts`, `x.e2e-spec.ts`, `x_test.go`, `test_x.py`, `x_test.py`, `conftest.py`, `XTest.java`.
 */

const TEST_FOLDERS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', '__mocks__', '__fixtures__', '__testfixtures__', 'fixtures']);
const TEST_NAME = /(\.(test|spec|test-d|spec-d|e2e-spec)\.[a-z0-9]+$)|(_test\.(go|py)$)|(^test_.*\.py$)|(^conftest\.py$)|([a-z0-9](Test|Tests|IT)\.(java|kt)$)/;

export function isTestFile(path: string): boolean {
  const parts = path.split('/');
  const name = parts.pop() ?? '';
  return TEST_NAME.test(name) || parts.some((p) => TEST_FOLDERS.has(p.toLowerCase()));
}

/** A file named as one test module (`test_views.py`, `users.spec.ts`, `server_test.go`, `UserTest.java`), not a shared fixture file (`conftest.py`) nor a file in a test folder. */
export function namedLikeTest(path: string): boolean {
  const name = path.split('/').pop() ?? '';
  return name !== 'conftest.py' && TEST_NAME.test(name);
}
