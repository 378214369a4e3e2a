/**
 * Test helper: the shared Hugr fixtures (`../shared/hugr/fixtures` from the repository root).
 * Tests fail with a clear message when that folder is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { REPO_ROOT } from './cli.js';

export const HUGR_FIXTURES = join(REPO_ROOT, '..', 'shared', 'hugr', 'fixtures');

export function fixturePath(relative: string): string {
  const path = join(HUGR_FIXTURES, relative);
  if (!existsSync(path)) {
    throw new Error(
      `Hugr fixture missing: ${path}\nThese tests read ../shared/hugr/fixtures relative to the repository root; check out the shared folder next to the repository.`,
    );
  }
  return path;
}

export function readFixture(relative: string): string {
  const path = fixturePath(relative);
  return path.endsWith('.gz') ? gunzipSync(readFileSync(path)).toString('utf8') : readFileSync(path, 'utf8');
}

export function readFixtureJson<T = any>(relative: string): T {
  return JSON.parse(readFixture(relative)) as T;
}

export const ACME = {
  sdl: () => readFixture('hand-built/acme.schema.graphql'),
  introspection: () => readFixtureJson('hand-built/acme.introspection.json'),
  summary: () => readFixtureJson('hand-built/acme.schema_summary.json'),
};
