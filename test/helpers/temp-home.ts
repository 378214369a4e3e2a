/** Test helper: a temporary SEXTANT_HOME so tests never touch a real index. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function tempHome(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'sextant-test-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
