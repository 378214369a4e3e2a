/**
 * @module core/code/test-files
 * Which files of a tree are tests, by the conventions of the languages a code source reads: a
 * folder named `test`, `tests`, `__tests__`, `spec`, `specs`, or one of JavaScript's test-data folders
 * (`__mocks__`, `__fixtures__`, `__testfixtures__`, `fixtures`), or a file named like `x.test.ts`,
 * `x.spec.js`, a type test `x.test-d.ts`, `x.e2e-spec.ts`, `x_test.go`, `test_x.py`, `x_test.py`, `conftest.py`, `XTest.java`.
 * A plan seeded by a topic starts at the code a test exercises, not at the test: test files name
 * the topic's words over and over, so they lead the word search on most repositories.
 */

const TEST_FOLDERS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', '__mocks__', '__fixtures__', '__testfixtures__', 'fixtures']);
const TEST_NAME = /(\.(test|spec|test-d|spec-d|e2e-spec)\.[a-z0-9]+$)|(_test\.(go|py)$)|(^test_.*\.py$)|(^conftest\.py$)|([a-z0-9](Test|Tests|IT)\.(java|kt)$)/;

export function isTestFile(path: string): boolean {
  const parts = path.split('/');
  const name = parts.pop() ?? '';
  return TEST_NAME.test(name) || parts.some((p) => TEST_FOLDERS.has(p.toLowerCase()));
}

/** Topic hits read for a starting file that is not a test. */
const SEED_WINDOW = 10;

/** The first of a topic's files that is code rather than a test, among its first few; else the first. */
export function startingFile<T extends { id: string }>(files: readonly T[]): T | undefined {
  return files.slice(0, SEED_WINDOW).find((f) => !isTestFile(f.id)) ?? files[0];
}
