/**
 * @module core/search/named-things
 * Whether a request names a particular thing ("movies directed by Sofia Coppola", "the playlist
 * 'My Rock'"): a quoted title, a run of capitalised words inside the sentence, or a person the
 * tagger recognises. A request that names things needs a lookup (an operation that turns a name
 * into an id) before the operation that answers it.
 */
import { proseEntities } from '../entities/prose.js';

export interface NamedThings {
  /** The names as written. */
  names: string[];
  /** True when one of them is a person. */
  person: boolean;
}

const QUOTED = /["“‘']([^"”’']{2,80})["”’']/g;
const JOINERS = new Set(['of', 'the', 'and', 'a', 'de', 'la']);
// Short acronyms (`TV`, `US`, `API`) are words of the request, not names.
const capitalised = (word: string) => /^[A-Z0-9][\p{L}\p{N}'’&.-]*$/u.test(word) && word !== 'I' && !/^[A-Z]{1,3}$/.test(word);

function capitalisedRuns(text: string): string[] {
  const runs: string[] = [];
  for (const sentence of text.split(/[.?!]\s+/)) {
    const words = sentence
      .replace(/[,;:?!.()"“”]/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    let run: string[] = [];
    const flush = () => {
      while (run.length && JOINERS.has(run.at(-1)!.toLowerCase())) run.pop();
      if (run.length) runs.push(run.join(' '));
      run = [];
    };
    // The first word of a sentence is capitalised by grammar, not because it names something.
    for (const [i, word] of words.entries()) {
      if (i > 0 && capitalised(word)) run.push(word);
      else if (run.length && JOINERS.has(word.toLowerCase())) run.push(word);
      else flush();
    }
    flush();
  }
  return runs;
}

export function namedThings(query: string): NamedThings {
  const names = [...[...query.matchAll(QUOTED)].map((m) => m[1]!.trim()), ...capitalisedRuns(query.replace(QUOTED, ' '))];
  if (names.length === 0) return { names, person: false };
  const person = proseEntities(query).some((e) => e.nerType === 'PERSON');
  return { names: [...new Set(names)], person };
}
