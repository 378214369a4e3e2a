/**
 * RestBench requests over the TMDB and Spotify specs (../shared/bench/api-retrieval/README.md,
 * relative to the repository root): the dev questions only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ApiQuestion {
  id: string;
  api: string;
  query: string;
  /** `METHOD /path` exactly as in the spec. */
  gold: string[];
}

/** `../shared/bench/api-retrieval` beside the repository. */
export function defaultDataDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'bench', 'api-retrieval');
}

export function requireDataDir(dir: string): void {
  if (!existsSync(join(dir, 'questions.jsonl'))) {
    throw new Error(`api-retrieval dataset not found: expected ${dir} (../shared/bench/api-retrieval beside the repository), or pass --questions and --specs`);
  }
}

export function readQuestions(file: string): ApiQuestion[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((line, i) => {
      const q = JSON.parse(line) as { id?: string; api?: string; query?: string; gold_operations?: string[] };
      if (!q.api || !q.query || !Array.isArray(q.gold_operations)) throw new Error(`${file}:${i + 1}: expected {id, api, query, gold_operations}`);
      return { id: q.id ?? `q${i}`, api: q.api, query: q.query, gold: q.gold_operations };
    });
}

/** The spec of each API named by the questions: `<dir>/specs/<api>.json`. */
export function specPaths(dir: string, apis: readonly string[]): Map<string, string> {
  return new Map(apis.map((api) => [api, join(dir, 'specs', `${api}.json`)]));
}
