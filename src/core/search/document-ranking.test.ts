import { describe, expect, it } from 'vitest';
import type { RankerModel } from './learned-ranker.js';
import {
  createPageViews,
  emphasised,
  pageCandidates,
  pageOf,
  pagesInOrder,
  phraseText,
  queryWords,
  rankPages,
  tableShare,
  viewOf,
  type PageFeatureContext,
  type PageText,
} from './document-ranking.js';
import type { Ordered } from './stages.js';

function ordered(id: string, fused: number, lexicalRank: number | null, vectorRank: number | null): Ordered {
  return { id, score: fused, fused, lexicalRank, vectorRank, bonus: 0, lists: [] };
}

// fused order: two passages of the reference page first, then the guide that explains the term
const order = [
  ordered('docs:document:ref.html', 0.06, 1, null),
  ordered('docs:document:ref.html#2', 0.03, 2, 5),
  ordered('docs:document:guide.html#3', 0.025, 3, 1),
  ordered('docs:document:other.html', 0.01, null, 2),
];

const pages: Record<string, PageText> = {
  'docs:document:ref.html': { title: 'pg_foreign_table', outline: ['1 pg_foreign_table'], markdown: '| column | type |\n| --- | --- |\n| ftrelid | oid |' },
  'docs:document:guide.html': {
    title: '5.12. Foreign Data',
    outline: ['2 5.12.\u00a0Foreign Data', '3 Creating a Foreign Table'],
    markdown: 'A _foreign table_ reads rows kept elsewhere: foreign tables are...',
  },
  'docs:document:other.html': { title: 'Other', outline: [], markdown: 'nothing here' },
};

const ctx: PageFeatureContext = {
  query: 'foreign tables',
  // BM25 magnitudes 9, 4 and 8 as relevances s / (1 + s)
  lexical: new Map([
    ['docs:document:ref.html', 0.9],
    ['docs:document:ref.html#2', 0.8],
    ['docs:document:guide.html#3', 8 / 9],
  ]),
  vector: new Map([
    ['docs:document:guide.html#3', 0.7],
    ['docs:document:other.html', 0.6],
    ['docs:document:ref.html#2', 0.5],
  ]),
  pages: new Map(Object.entries(pages).map(([id, text]) => [id, viewOf(text)])),
  passages: new Map([
    ['docs:document:ref.html', '| column | type |\n| --- | --- |\n| ftrelid | oid |'],
    ['docs:document:guide.html#3', 'A foreign table reads rows kept elsewhere.'],
  ]),
};

describe('pages of a document search', () => {
  it('names the page of a passage and lists pages in order of their best passage', () => {
    expect(pageOf('docs:document:guide.html#3')).toBe('docs:document:guide.html');
    expect(pageOf('docs:document:guide.html')).toBe('docs:document:guide.html');
    expect(pagesInOrder(order).map((p) => [p.page, p.best.id])).toEqual([
      ['docs:document:ref.html', 'docs:document:ref.html'],
      ['docs:document:guide.html', 'docs:document:guide.html#3'],
      ['docs:document:other.html', 'docs:document:other.html'],
    ]);
  });

  it('reads query words in singular without function words, phrases without punctuation, emphasis and tables', () => {
    expect(queryWords('Rows of the foreign_tables')).toEqual(['row', 'foreign', 'table']);
    expect(phraseText('User-defined  Types!')).toBe(' user defined types ');
    expect(emphasised('a _foreign table_ and **bold words** but not snake_case_names')).toBe('foreign table bold words');
    expect(tableShare('| a | b |\nprose line')).toBeCloseTo(9 / 19);
    expect(tableShare('')).toBe(0);
  });

  it('describes each page by its passages’ places and scores and by its own title, headings, emphasis and phrase', () => {
    const [ref, guide, other] = pageCandidates(order, ctx, 3);
    expect(ref!.features).toMatchObject({ 'fused.inv': 1, 'lexical.inv': 1, 'lexical.ratio': 1, 'vector.inv': 1 / 3, phrase: 0, 'table.share': 1 });
    expect(ref!.features['lexical.count']).toBeCloseTo(Math.log(3));
    expect(guide!.best.id).toBe('docs:document:guide.html#3');
    expect(guide!.features).toMatchObject({ 'fused.inv': 0.5, 'lexical.inv': 0.5, 'vector.inv': 1, 'vector.score': 0.7, phrase: 1, 'table.share': 0 });
    expect(guide!.features['lexical.ratio']).toBeCloseTo(8 / 9);
    expect(guide!.features['title.coverage']).toBe(0.5);
    // of the title's words foreign and data (its section number is not one), the query holds one
    expect(guide!.features['title.precision']).toBe(0.5);
    expect(guide!.features['headings.coverage']).toBe(1);
    expect(guide!.features['emphasis.coverage']).toBe(1);
    expect(other!.features).toMatchObject({ 'lexical.inv': 0, 'lexical.ratio': 0, 'lexical.count': 0, 'title.coverage': 0, phrase: 0 });
    expect(pageCandidates(order, ctx, 2)).toHaveLength(2);
  });

  it('reads the share of the query’s words in what the pages linking to a page call it', () => {
    const linked = { ...pages['docs:document:other.html']!, anchors: ['Foreign tables | 5.12. Foreign Data', 'FDW'] };
    const withAnchors = { ...ctx, pages: new Map([...ctx.pages, ['docs:document:other.html', viewOf(linked)]]) };
    const [ref, , other] = pageCandidates(order, withAnchors, 3);
    expect(other!.features['anchor.coverage']).toBe(1);
    expect(ref!.features['anchor.coverage']).toBe(0);
    expect(pageCandidates(order, { ...withAnchors, query: 'foreign wrappers' }, 3)[2]!.features['anchor.coverage']).toBe(0.5);
  });

  it('counts, for each page, the share of the other candidates that link to it', () => {
    const linking = new Map([
      ['docs:document:ref.html', viewOf({ ...pages['docs:document:ref.html']!, linksTo: ['docs:document:guide.html'] })],
      ['docs:document:guide.html', viewOf({ ...pages['docs:document:guide.html']!, linksTo: ['docs:document:guide.html', 'docs:document:ref.html'] })],
      // a page of another source with the same name is another page
      ['docs:document:other.html', viewOf({ ...pages['docs:document:other.html']!, linksTo: ['docs:document:guide.html', 'wiki:document:ref.html'] })],
    ]);
    const [ref, guide, other] = pageCandidates(order, { ...ctx, pages: linking }, 3);
    // guide.html: linked from ref.html and other.html (its link to itself does not count)
    expect(guide!.features['pool.inlinks']).toBe(1);
    expect(ref!.features['pool.inlinks']).toBe(0.5);
    expect(other!.features['pool.inlinks']).toBe(0);
    expect(pageCandidates(order, ctx, 3).map((c) => c.features['pool.inlinks'])).toEqual([0, 0, 0]);
  });

  it('puts the pages in the model’s order, each best passage first, the other passages after in fused order', () => {
    const model: RankerModel = { target: 'documents', pool: 3, features: ['phrase', 'table.share'], mean: [0, 0], scale: [1, 1], weights: [2, -1] };
    const ranked = rankPages(model, order, pageCandidates(order, ctx, 3));
    expect(ranked.map((o) => o.id)).toEqual(['docs:document:guide.html#3', 'docs:document:other.html', 'docs:document:ref.html', 'docs:document:ref.html#2']);
    const fused = ranked.map((o) => o.fused);
    expect(fused.every((f, i) => f > 0 && (i === 0 || f < fused[i - 1]!))).toBe(true);
  });

  it('derives a page view once per page and text, again when the text, anchors or links change, and forgets the least recently used', () => {
    const views = createPageViews(2);
    const text = (markdown: string, anchors: string[] = []) => ({ title: 'T', outline: ['Intro'], markdown, anchors });
    const a = views('a', text('Alpha'));
    expect(views('a', text('Alpha'))).toBe(a);
    expect(views('a', text('Alpha', ['setup guide']))).not.toBe(a);
    expect(views('a', text('Alpha again')).body).toBe(' alpha again ');
    const b = views('b', text('Beta'));
    views('a', text('Alpha again'));
    views('c', text('Gamma')); // b is the least recently used and goes
    expect(views('b', text('Beta'))).not.toBe(b);
    expect(views('b', text('Beta')).body).toBe(' beta ');
    expect(views('b', { ...text('Beta'), linksTo: ['docs:document:c.html'] }).linksTo.has('docs:document:c.html')).toBe(true);
  });
});
