/**
 * @module core/entities/rule-sweep
 * A faster `bulkMatch` for compromise's tagger, installed as a compromise plugin: the same match
 * results in the same order, found with less work.
 *
 * compromise's post-tagger tries its ~570 rules on each sentence. To pick the candidate rules of
 * a sentence, its `bulkMatch` walks every key of the rule index (about a thousand words and tags),
 * asks whether the sentence has it, and filters the rules found; on short catalog comments that,
 * not the matching, was most of the tagger's time. Here the index is read from the other side:
 * the sentence's own words and tags (a few dozen) are looked up, and the keys found are put back
 * into the index's key order, so the candidates, their order and everything after them are what
 * compromise computes; and sentences with the same tested words and tags share one list. Written against compromise 14 (`methods.one.bulkMatch(document, net, methods, opts)`).
 */

/** A rule of compromise's match net, as far as candidate selection reads it. */
interface NetRule {
  match: string;
  needs: string[];
  wants: string[];
  minWant: number;
  minWords: number;
  ifNo?: string[];
  unTag?: unknown;
}

interface MatchNet {
  hooks: Record<string, NetRule[]>;
  always: NetRule[];
}

type Pointer = number[];
type Document = unknown[][];

interface SweepMethods {
  one: {
    cacheDoc(document: Document): Array<Set<string>>;
    match(docs: Document, rule: NetRule): { ptrs: Pointer[] };
  };
}

/**
 * What candidate selection reads of a net: each hook key's rules by its place in
 * `Object.keys(hooks)` (the order compromise visits them in), an id for every word or tag a rule
 * tests (hook keys first, in that order, then `ifNo` entries), and the candidates already worked out.
 */
interface NetIndex {
  ruleLists: NetRule[][];
  ids: Map<string, number>;
  /** Sentences of at least this many words pass every rule's `minWords`. */
  enoughWords: number;
  seen: Map<string, NetRule[]>;
}

/** Candidate lists kept per net; catalog prose repeats few shapes, so this rarely fills. */
const MAX_SHAPES = 50_000;

const indexes = new WeakMap<MatchNet, NetIndex>();

function netIndex(net: MatchNet): NetIndex {
  let index = indexes.get(net);
  if (index === undefined) {
    const keys = Object.keys(net.hooks);
    const ids = new Map(keys.map((key, i) => [key, i]));
    const rules = [...keys.flatMap((key) => net.hooks[key] as NetRule[]), ...net.always];
    for (const rule of rules) for (const no of rule.ifNo ?? []) if (!ids.has(no)) ids.set(no, ids.size);
    const enoughWords = Math.max(0, ...rules.map((r) => r.minWords).filter((n) => typeof n === 'number'));
    index = { ruleLists: keys.map((key) => net.hooks[key] as NetRule[]), ids, enoughWords, seen: new Map() };
    indexes.set(net, index);
  }
  return index;
}

/**
 * The rules worth trying on one sentence, in compromise's order. They depend only on which
 * tested words and tags the sentence has and on its length, so each such shape is worked out once.
 */
function candidates(has: Set<string>, index: NetIndex, net: MatchNet, words: number): NetRule[] {
  const present: number[] = [];
  for (const item of has) {
    const id = index.ids.get(item);
    if (id !== undefined) present.push(id);
  }
  present.sort((a, b) => a - b);
  const shape = `${present.join(',')}|${Math.min(words, index.enoughWords)}`;
  let out = index.seen.get(shape);
  if (out !== undefined) return out;
  out = [];
  const seen = new Set<string>();
  for (const id of present) {
    for (const rule of index.ruleLists[id] ?? []) {
      if (seen.has(rule.match)) continue;
      seen.add(rule.match);
      if (!rule.needs.every((need) => has.has(need))) continue;
      if (rule.ifNo !== undefined && rule.ifNo.some((no) => has.has(no))) continue;
      if (rule.wants.length > 0 && rule.wants.filter((want) => has.has(want)).length < rule.minWant) continue;
      if (words >= rule.minWords) out.push(rule);
    }
  }
  for (const rule of net.always) if (words >= rule.minWords) out.push(rule);
  if (index.seen.size >= MAX_SHAPES) index.seen.clear();
  index.seen.set(shape, out);
  return out;
}

/** compromise's `bulkMatch`: every match of the net's rules in the document, sentence by sentence. */
export function bulkMatch(document: Document, net: MatchNet, methods: SweepMethods, opts: { matchOne?: boolean } = {}): Array<NetRule & { pointer: Pointer }> {
  const caches = methods.one.cacheDoc(document);
  const index = netIndex(net);
  const results: Array<NetRule & { pointer: Pointer }> = [];
  for (let n = 0; n < document.length; n++) {
    const sentence = document[n] as unknown[];
    for (const rule of candidates(caches[n] as Set<string>, index, net, sentence.length)) {
      const found = methods.one.match([sentence], rule);
      if (found.ptrs.length === 0) continue;
      for (const ptr of found.ptrs) {
        ptr[0] = n;
        const result: NetRule & { pointer: Pointer } = Object.assign({}, rule, { pointer: ptr });
        if (rule.unTag !== undefined) result.unTag = rule.unTag;
        results.push(result);
      }
      if (opts.matchOne === true) return [results[0] as NetRule & { pointer: Pointer }];
    }
  }
  return results;
}

/** The compromise plugin that installs {@link bulkMatch}. */
export const fasterRuleSweep = { methods: { one: { bulkMatch } } };
