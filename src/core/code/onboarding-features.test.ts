import { describe, expect, it } from 'vitest';
import { buildCodeGraph } from './code-graph.js';
import { contentIndex } from './content-similarity.js';
import { busiestFiles, relatedCandidates, topicCandidates, type HistoryFacts } from './onboarding-features.js';

// seed.ts imports dep.ts; user.ts imports seed.ts; far.ts is two imports away; partner.ts only changed with the seed
const graph = buildCodeGraph(
  ['src/a/seed.ts', 'src/a/dep.ts', 'src/b/user.ts', 'src/b/far.ts', 'src/c/partner.ts', 'src/c/seed-helper.ts', 'src/d/lonely.ts'],
  [
    { source: 'src/a/seed.ts', target: 'src/a/dep.ts' },
    { source: 'src/b/user.ts', target: 'src/a/seed.ts' },
    { source: 'src/b/far.ts', target: 'src/b/user.ts' },
  ],
);
const facts: HistoryFacts = {
  coChanged: new Map([
    ['src/a/seed.ts', [{ path: 'src/c/partner.ts', weight: 2 }]],
    [
      'src/c/partner.ts',
      [
        { path: 'src/a/seed.ts', weight: 2 },
        { path: 'src/d/lonely.ts', weight: 1 },
      ],
    ],
  ]),
  churn: new Map([
    ['src/c/partner.ts', 3],
    ['src/a/seed.ts', 1],
    ['src/d/lonely.ts', 0],
  ]),
  commits: new Map([
    ['src/a/seed.ts', 4],
    ['src/c/partner.ts', 2],
  ]),
  subjects: new Map([
    ['src/a/seed.ts', ['add the partner']],
    ['src/c/partner.ts', ['add the partner', 'partner works alone']],
  ]),
};
const byFile = (list: ReturnType<typeof relatedCandidates>) => new Map(list.map((c) => [c.file, c.features]));

describe('related candidates', () => {
  const found = byFile(relatedCandidates(graph, 'src/a/seed.ts', facts));

  it('draws from imports both ways, two imports away, co-change partners and their partners, similar names; never the seed', () => {
    expect([...found.keys()].sort()).toEqual(['src/a/dep.ts', 'src/b/far.ts', 'src/b/user.ts', 'src/c/partner.ts', 'src/c/seed-helper.ts', 'src/d/lonely.ts']);
  });

  it('says where each sits in the import graph', () => {
    expect(found.get('src/a/dep.ts')).toMatchObject({ imported: 1, importer: 0, distance2: 0, sameFolder: 1 });
    expect(found.get('src/b/user.ts')).toMatchObject({ imported: 0, importer: 1, distance2: 0, sameFolder: 0 });
    expect(found.get('src/b/far.ts')).toMatchObject({ imported: 0, importer: 0, distance2: 1 });
    // the walk goes as far and in the direction the plan asks
    const near = byFile(relatedCandidates(graph, 'src/a/seed.ts', facts, undefined, { depth: 1, direction: 'union' }));
    expect(near.has('src/b/far.ts')).toBe(false);
    const forward = byFile(relatedCandidates(graph, 'src/a/seed.ts', facts, undefined, { depth: 2, direction: 'forward' }));
    expect(forward.has('src/b/user.ts')).toBe(false);
    expect(forward.has('src/a/dep.ts')).toBe(true);
  });

  it('reads co-change as a count and as shares of the seed’s and the partner’s commits', () => {
    const partner = found.get('src/c/partner.ts')!;
    expect(partner.cochange).toBeCloseTo(Math.log1p(2));
    expect(partner.confidence).toBeCloseTo(2 / 4);
    expect(partner.partnerShare).toBeCloseTo(2 / 2);
    expect(partner.cochangeRank).toBe(1);
    // lonely.ts changed only with the seed's partner: second order, (2/4) · (1/2)
    expect(found.get('src/d/lonely.ts')!.secondOrder).toBeCloseTo(0.25);
    expect(found.get('src/d/lonely.ts')!.cochange).toBe(0);
  });

  it('reads how old each file is and how long it has rested, in days from the history’s newest change; a file git does not know is new', () => {
    const DAY = 86_400;
    const spans = new Map([
      ['src/c/partner.ts', { first: 100 * DAY, last: 130 * DAY }],
      ['src/a/dep.ts', { first: 10 * DAY, last: 40 * DAY }],
    ]);
    const dated = byFile(relatedCandidates(graph, 'src/a/seed.ts', { ...facts, spans }));
    expect(dated.get('src/c/partner.ts')).toMatchObject({ age: Math.log1p(30), idle: 0 });
    expect(dated.get('src/a/dep.ts')).toMatchObject({ age: Math.log1p(120), idle: Math.log1p(90) });
    expect(dated.get('src/b/user.ts')).toMatchObject({ age: 0, idle: 0 });
    expect(found.get('src/a/dep.ts')).not.toHaveProperty('age');
  });

  it('reads how many commits ago each file changed, and which of the seed’s latest commits a candidate shared', () => {
    const recent = new Map([
      // the seed's latest commits: 1 ago with partner.ts (2 files), 3 ago with dep.ts and user.ts (3 files), 5 ago with 60 files
      [
        'src/a/seed.ts',
        [
          { ago: 1, files: 2 },
          { ago: 3, files: 3 },
          { ago: 5, files: 60 },
        ],
      ],
      ['src/c/partner.ts', [{ ago: 1, files: 2 }]],
      [
        'src/a/dep.ts',
        [
          { ago: 0, files: 1 },
          { ago: 3, files: 3 },
          { ago: 5, files: 60 },
        ],
      ],
      [
        'src/b/user.ts',
        [
          { ago: 3, files: 3 },
          { ago: 5, files: 60 },
        ],
      ],
      ['src/b/far.ts', [{ ago: 5, files: 60 }]],
    ]);
    const runs = byFile(relatedCandidates(graph, 'src/a/seed.ts', { ...facts, recent }));
    expect(runs.get('src/c/partner.ts')).toMatchObject({ lastWith: 1, recentWith: 1, lately: 1 / 2, commitsSince: Math.log1p(1) });
    expect(runs.get('src/a/dep.ts')).toMatchObject({ lastWith: 1 / 2, recentWith: 1 / 2, lately: 1, commitsSince: 0 });
    expect(runs.get('src/b/user.ts')).toMatchObject({ lastWith: 1 / 2, recentWith: 1 / 2, lately: 1 / 4 });
    // a sweeping commit binds nothing; a file git does not know is new
    expect(runs.get('src/b/far.ts')).toMatchObject({ lastWith: 0, recentWith: 0, lately: 1 / 6 });
    expect(runs.get('src/d/lonely.ts')).toMatchObject({ lastWith: 0, recentWith: 0, lately: 1, commitsSince: 0 });
    expect(found.get('src/a/dep.ts')).not.toHaveProperty('lastWith');
  });

  it('reads how much both the seed and the candidate document (a documentation pass edits them together)', () => {
    const docLines = new Map([
      ['src/a/seed.ts', 30],
      ['src/c/partner.ts', 10],
    ]);
    const docs = byFile(relatedCandidates(graph, 'src/a/seed.ts', { ...facts, docLines }));
    expect(docs.get('src/c/partner.ts')!.docsBoth).toBeCloseTo(Math.log1p(30) * Math.log1p(10));
    expect(docs.get('src/a/dep.ts')!.docsBoth).toBe(0);
    expect(found.get('src/c/partner.ts')!.docsBoth).toBe(0);
  });

  it('a file named like the seed has a similar-name rank; the seed’s name-word search is a topic', () => {
    expect(found.get('src/c/seed-helper.ts')!.similarName).toBeGreaterThan(0);
    const withTopic = byFile(relatedCandidates(graph, 'src/a/seed.ts', facts, { lexical: ['src/d/lonely.ts'], vector: [], fused: ['src/d/lonely.ts'] }));
    expect(withTopic.get('src/d/lonely.ts')!.topic).toBe(1);
    expect(found.get('src/d/lonely.ts')!.topic).toBe(0);
  });
});

describe('topic candidates', () => {
  const lists = { lexical: ['src/c/partner.ts'], vector: ['src/b/user.ts'], fused: ['src/c/partner.ts', 'src/b/user.ts'] };
  const found = byFile(topicCandidates(graph, 'how does the partner work', lists, facts));

  it('draws from both searches, the busy files, and what the best hits changed with or import', () => {
    expect(found.has('src/c/partner.ts')).toBe(true);
    expect(found.has('src/b/user.ts')).toBe(true);
    // the best hit changed with the seed and lonely.ts; user.ts imports seed.ts and is imported by far.ts
    expect(found.get('src/a/seed.ts')!.tiedByHistory).toBeCloseTo(2 / 2);
    expect(found.get('src/d/lonely.ts')!.tiedByHistory).toBeCloseTo(1 / 2);
    expect(found.get('src/b/far.ts')!.tiedByImports).toBeCloseTo(1 / 2);
  });

  it('matches the request’s words against path words; ranks are reciprocal, absence is 0', () => {
    expect(found.get('src/c/partner.ts')).toMatchObject({ lexical: 1, lexicalHit: 1, vector: 0, vectorHit: 0, topic: 1, pathWords: 1, baseWords: 1 });
    expect(found.get('src/b/user.ts')).toMatchObject({ lexical: 0, vector: 1, topic: 0.5, pathWords: 0 });
  });

  it('matches the request against each file’s commit subjects', () => {
    expect(found.get('src/c/partner.ts')!.subjectsRank).toBe(1);
    expect(found.get('src/c/partner.ts')!.subjects).toBeGreaterThan(found.get('src/a/seed.ts')!.subjects!);
    expect(found.get('src/b/user.ts')!.subjects).toBe(0);
  });

  it('says how routine the request reads, the same for every candidate', () => {
    // of the two files with history, none was changed for "how does the partner work", one for "partner works alone", both to "add the partner"
    expect(new Set([...found.values()].map((f) => f.routine))).toEqual(new Set([0]));
    expect(new Set([...byFile(topicCandidates(graph, 'partner works alone', lists, facts)).values()].map((f) => f.routine))).toEqual(
      new Set([Math.sqrt(1 / 2)]),
    );
    expect(byFile(topicCandidates(graph, 'add the partner', lists, facts)).get('src/b/user.ts')!.routine).toBe(1);
  });

  it('says how broad the request is in path terms: how many candidates its words name, the same for every candidate', () => {
    // "partner" names src/c/partner.ts alone
    expect(new Set([...found.values()].map((f) => f.pathMatches))).toEqual(new Set([Math.log1p(1)]));
    expect(new Set([...byFile(topicCandidates(graph, 'zzz', lists, facts)).values()].map((f) => f.pathMatches))).toEqual(new Set([0]));
  });

  it('for a request about documentation, reads how much each file documents and what past commits said of it', () => {
    const docLines = new Map([
      ['src/c/partner.ts', 40],
      ['src/b/user.ts', 0],
    ]);
    const docs = byFile(topicCandidates(graph, 'fix the partner docs', lists, { ...facts, docLines }));
    expect(docs.get('src/c/partner.ts')!.docsLines).toBeCloseTo(Math.log1p(40));
    expect(docs.get('src/b/user.ts')!.docsLines).toBe(0);
    expect(docs.get('src/c/partner.ts')!.docsSubjects).toBe(docs.get('src/c/partner.ts')!.subjects);
    expect(docs.get('src/c/partner.ts')!.docsSubjects).toBeGreaterThan(0);
    // a request about behaviour reads neither
    const behaviour = byFile(topicCandidates(graph, 'how does the partner work', lists, { ...facts, docLines }));
    expect(behaviour.get('src/c/partner.ts')).toMatchObject({ docsLines: 0, docsSubjects: 0 });
  });

  it('busiest files: by churn, files that never changed left out', () => {
    expect(busiestFiles(facts)).toEqual(['src/c/partner.ts', 'src/a/seed.ts']);
    expect(busiestFiles(facts, 1)).toEqual(['src/c/partner.ts']);
  });
});

describe('body words and exported symbols', () => {
  // lonely.ts shares the seed's rare words without importing it or changing with it; user.ts exports PartnerBuilder
  const withBodies: HistoryFacts = {
    ...facts,
    content: contentIndex(
      new Map([
        ['src/a/seed.ts', { returning: 3, values: 2, common: 5 }],
        ['src/d/lonely.ts', { returning: 2, values: 2, common: 1 }],
        ['src/b/user.ts', { values: 1, common: 4, other: 3 }],
        ['src/c/partner.ts', { common: 2, partner: 4 }],
      ]),
    ),
    symbols: new Map([
      ['src/a/seed.ts', ['OtherValues']],
      ['src/b/user.ts', ['PartnerBuilder']],
      ['src/c/partner.ts', ['partner']],
    ]),
  };

  it('related: the cosine of each candidate’s words with the seed’s, and its rank among them', () => {
    const found = byFile(relatedCandidates(graph, 'src/a/seed.ts', withBodies));
    expect(found.get('src/d/lonely.ts')!.contentRank).toBe(1);
    expect(found.get('src/d/lonely.ts')!.content).toBeGreaterThan(found.get('src/b/user.ts')!.content!);
    expect(found.get('src/c/partner.ts')!.content).toBe(0);
    // user.ts's body holds the words of the seed's export OtherValues; the seed's holds none of partner.ts's export
    expect(found.get('src/b/user.ts')).toMatchObject({ usesSeed: 1, usedBySeed: 0 });
    expect(found.get('src/c/partner.ts')).toMatchObject({ usesSeed: 0, usedBySeed: 0 });
    // without bodies, no content signal
    expect(byFile(relatedCandidates(graph, 'src/a/seed.ts', facts)).get('src/d/lonely.ts')!.content).toBe(0);
  });

  it('topic: the request’s identifiers among each file’s exports and in its body’s words', () => {
    const lists = { lexical: ['src/a/seed.ts'], vector: ['src/d/lonely.ts'], fused: ['src/a/seed.ts', 'src/d/lonely.ts'] };
    const found = byFile(topicCandidates(graph, 'add `returning` to the PartnerBuilder', lists, withBodies));
    expect(found.get('src/b/user.ts')!.identifiers).toBeCloseTo(1);
    expect(found.get('src/c/partner.ts')!.identifiers).toBe(0);
    // `returning` is a word of the seed's and lonely.ts's bodies
    expect(found.get('src/d/lonely.ts')!.identifiersUsed).toBeCloseTo(1 / 2);
  });

  it('topic: how many distinct words each body holds, a word every file holds not counted', () => {
    const lists = { lexical: ['src/a/seed.ts'], vector: [], fused: ['src/a/seed.ts'] };
    const found = byFile(topicCandidates(graph, 'partner values', lists, withBodies));
    // `common` is in every body; user.ts holds `values` and `other`, partner.ts only `partner`
    expect(found.get('src/b/user.ts')!.vocabulary).toBeCloseTo(Math.log1p(2));
    expect(found.get('src/c/partner.ts')!.vocabulary).toBeCloseTo(Math.log1p(1));
    expect(byFile(topicCandidates(graph, 'partner values', lists, facts)).get('src/b/user.ts')!.vocabulary).toBe(0);
  });
});
