import { describe, expect, it } from 'vitest';
import { baseNameWords, filesWithSimilarNames } from './name-similarity.js';

const NODES = [
  'src/query-builder/select-query-builder.ts',
  'src/query-builder/insert-query-builder.ts',
  'src/operation-node/select-query-node.ts',
  'src/operation-node/selection-node.ts',
  'src/parser/select-parser.ts',
  'src/util/log.ts',
  'src/selectQueryBuilder.test.ts',
];

describe('files named like the seed', () => {
  it('base-name words: extension and folders dropped, camelCase split, singular', () => {
    expect([...baseNameWords('src/query-builder/select-query-builders.ts')]).toEqual(['select', 'query', 'builder']);
    expect([...baseNameWords('src/selectQueryBuilder.test.ts')]).toEqual(['select', 'query', 'builder', 'test']);
  });

  it('rarer shared words weigh more; no shared word, no place; the seed never appears', () => {
    const similar = filesWithSimilarNames('src/query-builder/select-query-builder.ts', NODES);
    // the camelCase twin shares all three words; `select` (4 files) outweighs `builder` (3 files) shared by insert-query-builder
    expect(similar[0]).toBe('src/selectQueryBuilder.test.ts');
    expect(similar.indexOf('src/operation-node/select-query-node.ts')).toBeLessThan(similar.indexOf('src/parser/select-parser.ts'));
    expect(similar).not.toContain('src/query-builder/select-query-builder.ts');
    expect(similar).not.toContain('src/util/log.ts');
    expect(similar).not.toContain('src/operation-node/selection-node.ts');
  });

  it('a limit cuts the tail; ties go to the path', () => {
    expect(filesWithSimilarNames('src/parser/select-parser.ts', NODES, 2)).toEqual([
      'src/operation-node/select-query-node.ts',
      'src/query-builder/select-query-builder.ts',
    ]);
    expect(filesWithSimilarNames('src/util/log.ts', NODES)).toEqual([]);
  });
});
