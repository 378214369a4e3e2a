import { describe, expect, it } from 'vitest';
import { exportedShare, mentionedShare, nameWeight, referenceIndex, referenceWalk, requestNames, sharedMentions } from './symbol-references.js';

// a kysely-like tree: a node, its builder, a compiler that walks nodes, the index re-exporting all, a helper
const symbols = new Map<string, string[]>([
  ['node.ts', ['SelectQueryNode']],
  ['builder.ts', ['SelectQueryBuilder', 'returning']],
  ['compiler.ts', ['QueryCompiler']],
  ['index.ts', ['Kysely']],
  ['util.ts', ['freeze']],
  ['docs.ts', []],
]);
const references = new Map<string, string[]>([
  ['node.ts', ['freeze']],
  ['builder.ts', ['SelectQueryNode', 'freeze']],
  ['compiler.ts', ['SelectQueryNode', 'freeze']],
  ['index.ts', ['SelectQueryBuilder', 'QueryCompiler', 'freeze']],
  ['util.ts', []],
  ['docs.ts', ['Kysely', 'returning']],
]);
const index = referenceIndex(symbols, references);

describe('symbol references', () => {
  it('links a file to the files whose exports it mentions, both ways', () => {
    expect([...index.uses.get('builder.ts')!].sort()).toEqual(['node.ts', 'util.ts']);
    expect([...index.usedBy.get('node.ts')!].sort()).toEqual(['builder.ts', 'compiler.ts']);
    expect(index.usedBy.has('docs.ts')).toBe(false);
  });

  it('weighs a name by how few files mention it', () => {
    expect(nameWeight(index, 'SelectQueryNode')).toBeGreaterThan(nameWeight(index, 'freeze'));
    expect(nameWeight(index, 'freeze')).toBeCloseTo(Math.log(7 / 5));
  });

  it("gives the weighted share of the names a file mentions: the seed's exports used by a candidate", () => {
    expect(mentionedShare(index, symbols.get('node.ts')!, 'compiler.ts')).toBeCloseTo(1);
    expect(mentionedShare(index, symbols.get('node.ts')!, 'util.ts')).toBe(0);
    // builder mentions SelectQueryNode and freeze of these three: the rare two outweigh the common one
    const share = mentionedShare(index, ['SelectQueryNode', 'freeze', 'QueryCompiler'], 'builder.ts');
    const w = (n: string) => nameWeight(index, n);
    expect(share).toBeCloseTo((w('SelectQueryNode') + w('freeze')) / (w('SelectQueryNode') + w('freeze') + w('QueryCompiler')));
    expect(mentionedShare(index, [], 'builder.ts')).toBe(0);
  });

  it('walks two steps over the uses links: the builder reaches the compiler through the node both use', () => {
    const walk = referenceWalk(index, 'builder.ts');
    expect(walk.get('compiler.ts')).toBeGreaterThan(0);
    expect(walk.has('builder.ts')).toBe(false);
    // docs.ts mentions only index.ts's and builder's exports: one step away, reached over index.ts
    expect(walk.get('docs.ts')).toBeGreaterThan(0);
    expect(referenceWalk(index, 'nowhere.ts').size).toBe(0);
  });

  it("reads a request's identifiers and its plain words that spell an export, in the tree's spelling", () => {
    expect(requestNames(index, ['selectQueryNode'], ['add', 'Returning', 'to', 'the', 'kysely', 'builder'])).toEqual([
      'SelectQueryNode',
      'returning',
      'Kysely',
    ]);
    expect(requestNames(index, [], ['fix', 'the', 'docs'])).toEqual([]);
  });

  it('gives the weighted share of the names a file exports', () => {
    expect(exportedShare(index, ['returning'], 'builder.ts')).toBeCloseTo(1);
    expect(exportedShare(index, ['returning', 'Kysely'], 'builder.ts')).toBeGreaterThan(0);
    expect(exportedShare(index, ['returning', 'Kysely'], 'builder.ts')).toBeLessThan(1);
    expect(exportedShare(index, [], 'builder.ts')).toBe(0);
  });

  it('likens two files by the rare names both mention', () => {
    // builder and compiler both mention SelectQueryNode and freeze: alike; node mentions only the common freeze
    expect(sharedMentions(index, 'builder.ts', 'compiler.ts')).toBeCloseTo(1);
    expect(sharedMentions(index, 'builder.ts', 'node.ts')).toBeGreaterThan(0);
    expect(sharedMentions(index, 'builder.ts', 'node.ts')).toBeLessThan(0.5);
    expect(sharedMentions(index, 'builder.ts', 'util.ts')).toBe(0);
  });
});
