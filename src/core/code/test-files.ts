/**
 * @module core/code/test-files
 * Where a plan starts among tests, examples and generated code.
 * A plan seeded by a topic starts at the code a test exercises, not at the test: test files name
 * the topic's words over and over, so they lead the word search on most repositories; nor at a
 * generated file (one the scan marks so, adapters/connector/code/generated.ts) when a hand-written
 * one is among the first hits; nor in an `examples/` folder, unless the request asks for an example.
 * Which paths are tests is the kernel's rule (kernel/test-paths.ts), shared with the code connector.
 */

import { isTestFile } from '../../kernel/test-paths.js';

/** A request that asks for examples may start at one. */
export function aboutExamples(request: string): boolean {
  return /\b(examples?|usage|how to use)\b/i.test(request);
}

/** Topic hits read for a starting file that is not a test. */
const SEED_WINDOW = 10;

/**
 * The first of a topic's files that is written by hand rather than a test or generated (`generated`
 * says which are) and not set aside (`aside`: a schema or data SQL file, core/code/sql-copies; an example), among
 * its first few; else the first hand-written one; else the first that is no test; else the first. A generated
 * file repeats the names of what it was generated from: on techschool/simplebank, "how are users
 * authenticated and tokens checked" started at the protobuf code `pb/rpc_login_user.pb.go`. A schema
 * file repeats the table names: on spring-petclinic, "how are visits to a vet booked" started at `db/h2/schema.sql`.
 */
export function startingFile<T extends { id: string }>(
  files: readonly T[],
  generated: (file: T) => boolean = () => false,
  aside: (file: T) => boolean = () => false,
): T | undefined {
  const window = files.slice(0, SEED_WINDOW).filter((f) => !isTestFile(f.id));
  return window.find((f) => !generated(f) && !aside(f)) ?? window.find((f) => !generated(f)) ?? window[0] ?? files[0];
}
