/**
 * @module core/search/document-ranking
 * A document search ranks pages, not passages: the pages of the first fused passages become
 * candidates, each described by what its passages scored (BM25 relative to the best passage of
 * the search, vector similarity, how many of its passages matched) and by its own structure
 * (the query's words in its title, headings, emphasised terms and inbound anchor text, the
 * query as a phrase in its text, how much of its best passage is a table) and by the links
 * between the candidates (how many of the others link to it). A linear model trained on the
 * document bench's dev questions (bench/train-ranker, target `documents`) orders the pages;
 * each page's best passage takes the page's place, and every other passage follows in fused
 * order. RRF alone
 * throws the BM25 margin away and knows nothing of titles or phrases: on the PostgreSQL manual
 * it put the page an index entry names first for 59% of the dev queries.
 */
import { identifierTokens, splitIdentifier } from '../../kernel/text/identifiers.js';
import { singular } from '../../kernel/text/inflect.js';
import { STOPWORDS } from './expand.js';
import { modelScore, type RankerModel } from './learned-ranker.js';
import { lexicalField } from './lexical-text.js';
import type { Ordered } from './stages.js';

/** What a candidate page offers besides its passages' places: read from its document object. */
export interface PageText {
  title: string;
  /** Headings in order (`2 Client Connection Defaults`: depth first). */
  outline: readonly string[];
  /** The page's extracted markdown. */
  markdown: string;
  /** Inbound anchor text (what the pages of its source linking to it call it); none for a page no other links to. */
  anchors?: readonly string[];
  /** The ids of the pages of its source it links to. */
  linksTo?: readonly string[];
}

/** A page as the features read it, derived once per page text (see {@link createPageViews}). */
export interface PageView {
  /** The whole text as {@link phraseText} writes it. */
  body: string;
  title: ReadonlySet<string>;
  /** The title's own words (section numbers left out), for the share the query covers. */
  titleWords: readonly string[];
  headings: ReadonlySet<string>;
  emphasis: ReadonlySet<string>;
  anchors: ReadonlySet<string>;
  linksTo: ReadonlySet<string>;
}

export function viewOf(text: PageText): PageView {
  return {
    body: phraseText(text.markdown),
    title: wordSet(text.title),
    titleWords: queryWords(text.title.replace(/^\p{L}?[\d.]+\s/u, '')),
    headings: wordSet(text.outline.map((h) => h.replace(/^\d+ /, '')).join(' ')),
    emphasis: wordSet(emphasised(text.markdown)),
    anchors: wordSet((text.anchors ?? []).join(' ')),
    linksTo: new Set(text.linksTo ?? []),
  };
}

/** Whether two page texts are the same (strings compared as they are: no hashing of a long page per search). */
function sameText(a: PageText, b: PageText): boolean {
  const same = (x: readonly string[] = [], y: readonly string[] = []) => x.length === y.length && x.every((v, i) => v === y[i]);
  return a.markdown === b.markdown && a.title === b.title && same(a.outline, b.outline) && same(a.anchors, b.anchors) && same(a.linksTo, b.linksTo);
}

/**
 * Page views remembered by page id with the text they were derived from, the least recently
 * used dropped beyond `capacity`: the same pages come back across searches, and normalising a
 * long page costs more than the rest of its features. A page whose text, anchors or links
 * changed is derived again.
 */
export function createPageViews(capacity = 2000): (id: string, text: PageText) => PageView {
  const views = new Map<string, { text: PageText; view: PageView }>();
  return (id, text) => {
    let entry = views.get(id);
    if (entry) views.delete(id);
    if (!entry || !sameText(entry.text, text)) entry = { text, view: viewOf(text) };
    views.set(id, entry);
    if (views.size > capacity) views.delete(views.keys().next().value!);
    return entry.view;
  };
}

export interface PageFeatureContext {
  query: string;
  /** Per-retriever relevance (0..1) of the passages, as the search service keeps them. */
  lexical: ReadonlyMap<string, number>;
  vector: ReadonlyMap<string, number>;
  /** Candidate pages by object id. */
  pages: ReadonlyMap<string, PageView>;
  /** Passage texts (the embedder's text) by chunk id, for the pool's best passages. */
  passages: ReadonlyMap<string, string>;
}

export interface PageCandidate {
  page: string;
  /** The page's best passage in fused order. */
  best: Ordered;
  features: Record<string, number>;
}

/** The document a passage belongs to: its chunk id without the `#n` of later passages. */
export function pageOf(chunkId: string): string {
  return chunkId.replace(/#\d+$/, '');
}

/** Distinct pages in the order of their best passage, each with that passage. */
export function pagesInOrder(order: readonly Ordered[]): Array<{ page: string; best: Ordered }> {
  const seen = new Set<string>();
  const out: Array<{ page: string; best: Ordered }> = [];
  for (const o of order) {
    const page = pageOf(o.id);
    if (seen.has(page)) continue;
    seen.add(page);
    out.push({ page, best: o });
  }
  return out;
}

/** 1-based rank of each page by its best passage's rank in one retriever's list. */
function pageRanks(order: readonly Ordered[], rankOf: (o: Ordered) => number | null): Map<string, number> {
  const ranked = order.filter((o) => rankOf(o) !== null).sort((a, b) => rankOf(a)! - rankOf(b)!);
  return new Map(pagesInOrder(ranked).map((p, i) => [p.page, i + 1]));
}

/** The words of a text as the lexical index reads them (split identifiers, singular forms too). */
export function wordSet(text: string): Set<string> {
  return new Set(lexicalField(text).split(' ').filter(Boolean));
}

/** The query's content words, each in its singular form (the index writes singulars beside plurals). */
export function queryWords(query: string): string[] {
  const words: string[] = [];
  for (const token of identifierTokens(query)) {
    for (const word of splitIdentifier(token)) {
      const one = singular(word);
      if (STOPWORDS.has(one) || /^\p{L}$/u.test(one) || words.includes(one)) continue;
      words.push(one);
    }
  }
  return words;
}

function coverage(words: readonly string[], field: ReadonlySet<string>): number {
  if (words.length === 0) return 0;
  return words.filter((w) => field.has(w)).length / words.length;
}

/** The opening of a page (characters of its normalised text) where its topic is usually named. */
const EARLY_CHARS = 1500;

function occurrences(text: string, part: string): number {
  let n = 0;
  for (let i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length)) n++;
  return n;
}

/** Share of the title's words the query holds: 1 when the page is named by the query alone. */
function precision(words: readonly string[], titleWords: readonly string[]): number {
  return titleWords.length ? titleWords.filter((w) => words.includes(w)).length / titleWords.length : 0;
}

/** Lower-case words separated by single spaces, padded: `" user defined type "`. */
export function phraseText(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** Emphasised spans of markdown (`_x_`, `*x*`, `**x**`; not the underscores inside `snake_case`), joined. */
export function emphasised(markdown: string): string {
  const spans: string[] = [];
  for (const m of markdown.matchAll(/(?<![\p{L}\p{N}_*])(\*\*|__|\*|_)(?=\S)([^*_\n]{1,80}?)(?<=\S)\1(?![\p{L}\p{N}_*])/gu)) spans.push(m[2]!);
  return spans.join(' ');
}

/** Share of a passage's characters on markdown table rows. */
export function tableShare(text: string): number {
  const lines = text.split('\n').filter((l) => l.trim());
  const total = lines.reduce((n, l) => n + l.length, 0);
  if (total === 0) return 0;
  return lines.filter((l) => l.trimStart().startsWith('|')).reduce((n, l) => n + l.length, 0) / total;
}

/**
 * Share of the other candidate pages that link to each page: link analysis within the search's
 * own candidates (the authority step of Kleinberg's HITS, once). The page the other pages about
 * a query point at is often the one that treats it: on the PostgreSQL manual the chapter over
 * the sections that match ("standby server" → High Availability) or the page the reference
 * pages cite.
 */
function poolInlinks(pages: ReadonlyArray<{ page: string }>, views: ReadonlyMap<string, PageView>): Map<string, number> {
  const others = Math.max(1, pages.length - 1);
  const out = new Map<string, number>();
  for (const { page } of pages) {
    const linking = pages.filter((p) => p.page !== page && views.get(p.page)?.linksTo.has(page)).length;
    out.set(page, linking / others);
  }
  return out;
}

/** FTS5 relevance s / (1 + s) back to the BM25 magnitude s. */
function bm25Of(relevance: number | undefined): number {
  if (relevance === undefined || relevance <= 0) return 0;
  return relevance >= 1 ? 1e6 : relevance / (1 - relevance);
}

/** The first `pool` pages of the fused order with their features. */
export function pageCandidates(order: readonly Ordered[], ctx: PageFeatureContext, pool: number): PageCandidate[] {
  const pages = pagesInOrder(order).slice(0, pool);
  const lexicalRank = pageRanks(order, (o) => o.lexicalRank);
  const vectorRank = pageRanks(order, (o) => o.vectorRank);
  const bestLexical = new Map<string, number>();
  const bestVector = new Map<string, number>();
  const matched = new Map<string, number>();
  let topLexical = 0;
  for (const o of order) {
    const page = pageOf(o.id);
    const bm25 = bm25Of(ctx.lexical.get(o.id));
    topLexical = Math.max(topLexical, bm25);
    if (bm25 > (bestLexical.get(page) ?? 0)) bestLexical.set(page, bm25);
    if (o.lexicalRank !== null) matched.set(page, (matched.get(page) ?? 0) + 1);
    const cosine = ctx.vector.get(o.id) ?? 0;
    if (cosine > (bestVector.get(page) ?? 0)) bestVector.set(page, cosine);
  }
  const words = queryWords(ctx.query);
  const phrase = words.length >= 2 ? phraseText(ctx.query) : null;
  const inlinks = poolInlinks(pages, ctx.pages);
  return pages.map(({ page, best }, i) => {
    const view = ctx.pages.get(page);
    const body = view?.body ?? '';
    const lr = lexicalRank.get(page);
    const vr = vectorRank.get(page);
    const features: Record<string, number> = {
      'fused.inv': 1 / (i + 1),
      'lexical.inv': lr ? 1 / lr : 0,
      'vector.inv': vr ? 1 / vr : 0,
      'lexical.ratio': topLexical > 0 ? (bestLexical.get(page) ?? 0) / topLexical : 0,
      'vector.score': bestVector.get(page) ?? 0,
      'lexical.count': Math.log1p(matched.get(page) ?? 0),
      'title.coverage': view ? coverage(words, view.title) : 0,
      'headings.coverage': view ? coverage(words, view.headings) : 0,
      'emphasis.coverage': view ? coverage(words, view.emphasis) : 0,
      'anchor.coverage': view ? coverage(words, view.anchors) : 0,
      phrase: phrase && body.includes(phrase) ? 1 : 0,
      // a word's plural or longer forms count: `row` is found in `rows`
      'page.coverage': words.length ? words.filter((w) => body.includes(` ${w}`)).length / words.length : 0,
      'title.precision': view ? precision(words, view.titleWords) : 0,
      'page.length': Math.log1p(body.length / 1000),
      'phrase.count': phrase ? Math.log1p(occurrences(body, phrase)) : 0,
      'page.density': Math.log1p(words.reduce((n, w) => n + occurrences(body, ` ${w}`), 0) / (1 + body.length / 1000)),
      'early.coverage': words.length ? words.filter((w) => body.slice(0, EARLY_CHARS).includes(` ${w}`)).length / words.length : 0,
      'table.share': tableShare(ctx.passages.get(best.id) ?? ''),
      'pool.inlinks': inlinks.get(page) ?? 0,
    };
    return { page, best, features };
  });
}

/**
 * The fused order with the first `model.pool` pages in the model's order: each page's best
 * passage in its page's place, then every other passage in fused order. `fused` stays positive
 * and decreasing (the model's probability for the pages, scaled RRF below), so calibration works.
 */
export function rankPages(model: RankerModel, order: readonly Ordered[], candidates: readonly PageCandidate[]): Ordered[] {
  if (candidates.length < 2) return [...order];
  const scored = candidates.map((c, i) => ({ c, s: modelScore(model, c.features), i }));
  scored.sort((a, b) => b.s - a.s || a.i - b.i);
  const head = scored.map(({ c, s }) => ({ ...c.best, fused: 1 / (1 + Math.exp(-s)) }));
  const placed = new Set(head.map((h) => h.id));
  const rest = order.filter((o) => !placed.has(o.id));
  if (rest.length === 0) return head;
  const floor = Math.min(...head.map((h) => h.fused));
  const top = rest[0]!.fused || 1;
  return [...head, ...rest.map((o) => ({ ...o, fused: (floor * 0.999 * o.fused) / top }))];
}
