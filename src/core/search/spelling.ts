/**
 * @module core/search/spelling
 * "Did you mean": a word of a short query that nothing in the index holds (`invoce`) is matched to
 * the nearest word of the index's names (`invoice`), the words people type when they look for a
 * thing. Names only, never comments or documents' text: the suggestions are vocabulary the
 * catalog itself declares, and a question in prose (more than `MAX_QUERY_WORDS` words) is left as
 * it is.
 */
import { splitText } from '../../kernel/text/identifiers.js';

/** Queries of more words than this are questions: their stray words do not need correcting. */
export const MAX_QUERY_WORDS = 4;
/** Words shorter than this have too many neighbours one edit away to guess from. */
const MIN_WORD = 4;

/** How many times each word (three letters or more) occurs in the names of these object ids' paths. */
export function nameWords(objectIds: Iterable<string>): Map<string, number> {
  const words = new Map<string, number>();
  for (const id of objectIds) {
    // `<source>:<kind>:<path>`: the path names the object
    const path = id.slice(id.indexOf(':', id.indexOf(':') + 1) + 1);
    for (const word of splitText(path)) {
      if (word.length >= 3 && /^\p{L}+$/u.test(word)) words.set(word, (words.get(word) ?? 0) + 1);
    }
  }
  return words;
}

/** Whether a correction may replace this word of a query: letters only, long enough to guess from. */
export function correctable(word: string): boolean {
  return word.length >= MIN_WORD && /^\p{L}+$/u.test(word);
}

/** `query` with each corrected word replaced where it stands (any case), the rest as typed. */
export function respell(query: string, corrections: ReadonlyMap<string, string>): string {
  return query.replace(/\p{L}+/gu, (word) => corrections.get(word.toLowerCase()) ?? word);
}

/**
 * The name words of the sources asked for (all when none are named), built from the catalog's
 * object ids on first need and again only after a write (the store's change counter moved).
 */
export function createNameVocabulary(store: { objectIds(): Promise<string[]>; changeCounter(): Promise<number> }) {
  let built: { stamp: number; bySource: Map<string, Map<string, number>> } | null = null;

  async function bySource(): Promise<Map<string, Map<string, number>>> {
    const stamp = await store.changeCounter();
    if (built?.stamp === stamp) return built.bySource;
    const ids = new Map<string, string[]>();
    for (const id of await store.objectIds()) {
      const source = id.slice(0, id.indexOf(':'));
      const list = ids.get(source);
      if (list) list.push(id);
      else ids.set(source, [id]);
    }
    built = { stamp, bySource: new Map([...ids].map(([source, list]) => [source, nameWords(list)])) };
    return built.bySource;
  }

  return async (sources?: readonly string[]): Promise<ReadonlyMap<string, number>> => {
    const all = await bySource();
    const chosen = sources ? sources.map((s) => all.get(s)).filter((m) => m !== undefined) : [...all.values()];
    if (chosen.length === 1) return chosen[0]!;
    const merged = new Map<string, number>();
    for (const words of chosen) for (const [word, count] of words) merged.set(word, (merged.get(word) ?? 0) + count);
    return merged;
  };
}
