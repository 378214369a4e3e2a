/**
 * The onboarding bench's `--features` dump (what bench/train-onboarding learns from), run on a
 * three-commit repository bundled like kysely's: one JSON line per item and task, the item's
 * changed files labelled gold among the fused order's candidates, every candidate with its
 * features. Embeddings are off: the topic's vector side is empty.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { run } from '../../bench/code-onboarding/index.js';
import { tempHome } from '../helpers/temp-home.js';

interface Row {
  task: string;
  id: string;
  gold: number;
  candidates: Array<{ key: string; label: number; features: Record<string, number> }>;
}

const home = tempHome();
afterAll(() => {
  vi.unstubAllEnvs();
  home.cleanup();
});

/** A repository whose last commit changes the query builder and its analogous node file; returns the bundle and the parent commit. */
function bundledRepository(): { bundle: string; parent: string } {
  const repo = join(home.dir, 'repo');
  mkdirSync(join(repo, 'src'), { recursive: true });
  const git = (...a: string[]) =>
    execFileSync('git', ['-C', repo, ...a], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  git('init', '-q', '-b', 'cut');
  git('config', 'user.email', 'bench@example.invalid');
  git('config', 'user.name', 'bench');
  const write = (file: string, text: string) => writeFileSync(join(repo, 'src', file), text);
  write(
    'query-builder.ts',
    "import { createNode } from './query-node.js';\n// builds a query over some columns\nexport class QueryBuilder {\n  returning(columns: string[]) { return createNode('returning'); }\n}\n",
  );
  write('query-node.ts', "export function createNode(returning: string) {\n  return { kind: 'QueryNode', returning };\n}\n");
  write(
    'insert-node.ts',
    "// the columns an insert lists\nexport function insertNode(returning: string, columns: string[]) {\n  return { kind: 'InsertNode', returning, columns };\n}\n",
  );
  write('logger.ts', 'export function log(message: string) {\n  console.log(message);\n}\n');
  git('add', '.');
  git('commit', '-q', '-m', 'first');
  write('query-node.ts', "export function createNode(returning: string) {\n  return { kind: 'QueryNode', returning, returningAll: false };\n}\n");
  write(
    'query-builder.ts',
    "import { createNode } from './query-node.js';\n// builds a query over some columns\nexport class QueryBuilder {\n  returning(columns: string[]) { return createNode('returning'); }\n  returningAll() { return createNode('*'); }\n}\n",
  );
  git('commit', '-q', '-am', 'add returningAll');
  const parent = git('rev-parse', 'HEAD');
  write(
    'insert-node.ts',
    "// the columns an insert lists\nexport function insertNode(returning: string, columns: string[]) {\n  return { kind: 'InsertNode', returning, columns, values: [] };\n}\n",
  );
  write(
    'query-builder.ts',
    "import { createNode } from './query-node.js';\n// builds a query over some columns\nexport class QueryBuilder {\n  returning(columns: string[]) { return createNode('returning'); }\n  returningAll() { return createNode('*'); }\n  values() {}\n}\n",
  );
  git('commit', '-q', '-am', 'add values');
  const bundle = join(home.dir, 'repo.bundle');
  git('bundle', 'create', '-q', bundle, 'cut');
  return { bundle, parent };
}

describe('npm run bench -- onboarding --features', () => {
  it('writes one line per task with the changed files labelled gold among the candidates', async () => {
    const { bundle, parent } = bundledRepository();
    const items = join(home.dir, 'items.jsonl');
    const item = { id: 'i1', date: '2023-01-01', query: 'add `values` to QueryBuilder', seed_file: 'src/query-builder.ts', bundle_parent: parent };
    writeFileSync(items, `${JSON.stringify({ ...item, changed_files: ['src/query-builder.ts', 'src/insert-node.ts'] })}\n`);
    const out = join(home.dir, 'features.jsonl');
    vi.stubEnv('SEXTANT_EMBEDDINGS_PROVIDER', 'none');
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    await run(['--items', items, '--bundle', bundle, '--ranks', 'fused', '--features', out, '--json']);
    printed.mockRestore();

    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Row);
    expect(rows.map((r) => [r.task, r.id, r.gold])).toEqual([
      ['related', 'i1', 1],
      ['topic', 'i1', 2],
    ]);
    const related = rows[0]!;
    // the seed is never its own candidate; the other changed file is the one gold label
    expect(related.candidates.map((c) => c.key)).not.toContain('src/query-builder.ts');
    expect(related.candidates.filter((c) => c.label).map((c) => c.key)).toEqual(['src/insert-node.ts']);
    const insertNode = related.candidates.find((c) => c.key === 'src/insert-node.ts')!.features;
    // no import ties it to the seed; its body words do
    expect(insertNode.imported).toBe(0);
    expect(insertNode.content).toBeGreaterThan(0);
    const topic = rows[1]!;
    expect(topic.candidates.filter((c) => c.label).length).toBeGreaterThan(0);
    expect(topic.candidates.find((c) => c.key === 'src/query-builder.ts')?.features.identifiers).toBeGreaterThan(0);
  });
});
