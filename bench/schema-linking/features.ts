/**
 * `--features FILE`: the learned ranker's training data (bench/train-ranker reads it). For every
 * question of every setting, the hybrid table search and the hybrid column search are asked with
 * `explain` for their first candidates in RRF order, at the candidate depth of the bench's own
 * searches (so the lists are exactly the ones the ranker will see), and each candidate is written
 * with its features and whether it is gold. Run it with the learned ranker off (SEXTANT_RANKER=rrf).
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { candidateDepth } from '../../src/core/search/search-service.js';
import type { SearchOptions } from '../../src/core/search/types.js';
import type { Question } from './dataset.js';
import { queryText, rankedKeys, TABLE_KINDS } from './metrics.js';
import type { SearchFn } from './rankers.js';

/** Candidates written per search: the ranker reorders at most this many. */
export const FEATURE_POOL = { relations: 40, columns: 60 } as const;

export interface FeatureSetting {
  key: string;
  withEvidence: boolean;
  sources: string[];
  all: boolean;
  questions: Question[];
}

/** One search's candidates, as train-ranker reads them (one JSON line each). */
export interface FeatureRow {
  setting: string;
  all: boolean;
  target: 'relations' | 'columns' | 'documents';
  id: string;
  database: string;
  gold: number;
  candidates: Array<{ key: string; label: 0 | 1; features: Record<string, number> }>;
}

export async function writeFeatures(
  file: string,
  settings: readonly FeatureSetting[],
  hybrid: SearchFn,
  limits: { tables: number; columns: number },
  progress: (label: string, done: number, total: number) => void,
): Promise<number> {
  writeFileSync(file, '');
  let rows = 0;
  for (const s of settings) {
    for (const [i, q] of s.questions.entries()) {
      const text = queryText(q.question, q.evidence, s.withEvidence);
      for (const target of ['relations', 'columns'] as const) {
        const gold = new Set(target === 'relations' ? q.goldTables : q.goldColumns);
        if (gold.size === 0) continue;
        const options: SearchOptions = {
          kinds: target === 'relations' ? TABLE_KINDS : ['column'],
          sources: s.sources,
          noRerank: true,
          explain: true,
          limit: FEATURE_POOL[target],
          depth: candidateDepth(target === 'relations' ? limits.tables : limits.columns),
        };
        const result = await hybrid(text, options);
        const candidates: FeatureRow['candidates'] = [];
        for (const hit of result.hits) {
          const [key] = rankedKeys([hit], target === 'relations' ? 'table' : 'column', s.sources);
          if (!key || !hit.explain?.features) continue;
          candidates.push({ key, label: gold.has(key) ? 1 : 0, features: hit.explain.features });
        }
        const row: FeatureRow = { setting: s.key, all: s.all, target, id: q.id, database: q.schema.toLowerCase(), gold: gold.size, candidates };
        appendFileSync(file, `${JSON.stringify(row)}\n`);
        rows++;
      }
      progress(`features: ${s.key}`, i + 1, s.questions.length);
    }
  }
  return rows;
}
