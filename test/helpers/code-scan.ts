/**
 * A code connector's scan of files written to a temporary folder (removed when the test file ends),
 * for tests of what the scan reads: imports, symbols, links.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createCodeConnector } from '../../src/adapters/connector/code/index.js';
import type { CatalogObject, SourceSnapshot } from '../../src/ports/catalog.js';
import type { SourceRecord } from '../../src/ports/connector.js';
import { writeFiles } from './code-repo.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Writes `files` (path → text) to a new temporary folder and returns it. */
export function writeTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'sextant-lang-'));
  dirs.push(root);
  writeFiles(root, files);
  return root;
}

/** The code source `svc` over `files`, scanned (`stored`: what an earlier scan stored). */
export function scanTree(files: Record<string, string>, stored: CatalogObject[] = []): Promise<SourceSnapshot> {
  return scanFolder(writeTree(files), stored);
}

/** The code source `svc` over the folder `root`, scanned (`stored`: what an earlier scan stored). */
export async function scanFolder(root: string, stored: CatalogObject[] = []): Promise<SourceSnapshot> {
  const source: SourceRecord = { name: 'svc', type: 'code', url: root, options: {}, createdAt: new Date().toISOString() };
  const connector = createCodeConnector();
  connector.validate(source);
  return connector.introspect(source, { stored: async () => stored });
}

/** The scan's edges as `from → to` paths, sorted. */
export const edgeList = (s: SourceSnapshot): string[] => s.edges.map((e) => `${e.fromId.split(':')[2]} → ${e.toId.split(':')[2]}`).sort();

/** One file's symbols as `kind name: signature`. */
export const symbolsOf = (s: SourceSnapshot, file: string): string[] =>
  s.objects.filter((o) => o.kind === 'code_symbol' && o.attributes.file === file).map((o) => `${o.attributes.symbolKind} ${o.name}: ${o.definition}`);
