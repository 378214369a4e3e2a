/**
 * @module core/search/expand
 * Deterministic query expansion: the same query and options always give the same terms, in
 * the same order. Each term lists the forms that count as a match for it; lexical-query.ts ORs
 * them, the vector side may embed the expansions.
 *
 * Steps: identifier splitting (`orderLines` → order, lines; the compound is kept as its own
 * term), lower-casing, stopwords removed (English function words only: `id`, `name`, `date`,
 * `type`, `status`, `key`, `get`, `list` stay), singular/plural forms, schema abbreviations both
 * ways (`qty` ↔ `quantity`, `cust` → `customer`, `number` → `num`/`nbr`/`no`, phrases too:
 * `date of birth` ↔ `dob`), glossary aliases both ways (`mrr` ↔ `monthly recurring revenue`).
 */
import { SCHEMA_ABBREVIATIONS } from '../../kernel/text/abbreviations.js';
import { identifierTokens, splitIdentifier, splitText } from '../../kernel/text/identifiers.js';
import { singular, wordForms } from '../../kernel/text/inflect.js';

/**
 * How a term entered the query: a query `word`; a compound `identifier` as typed
 * (`order_lines`); a glossary `alias` phrase found in the query (its forms are the glossary's
 * words for it); an `abbreviation` of a phrase found in the query (`date of birth` → `dob`).
 */
export type TermSource = 'word' | 'identifier' | 'alias' | 'abbreviation';

export interface ExpandedTerm {
  /** What the query said, normalized (lower case): a word, an identifier or a phrase. */
  text: string;
  /** Alternatives that match this term, each a word or a space-separated phrase. For `word`
   * and `identifier` terms the first form is `text` itself. Never empty. */
  forms: string[];
  source: TermSource;
}

export interface ExpandedQuery {
  terms: ExpandedTerm[];
  /** Every form added by expansion (not typed in the query), once, in order of first use. */
  expansions: string[];
}

export interface ExpandOptions {
  /** Glossary aliases: alias → the words of the term(s) it stands for. Read both ways. */
  aliases?: ReadonlyMap<string, readonly string[]>;
  /** Abbreviation → full word or phrase. Default: SCHEMA_ABBREVIATIONS; `{}` turns it off. */
  abbreviations?: Readonly<Record<string, string>>;
}

/**
 * English function words dropped from queries. Schema-meaningful words (`id`, `name`, `date`,
 * `type`, `status`, `key`, `code`, `number`, `value`, `first`, `last`, `new`, `get`, `list`)
 * are deliberately absent.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but nor if then else of in on at to from by for with without about into onto ' +
    'over under between per via as than so too very just also only not no yes ' +
    'is are was were be been being am do does did doing done have has had having ' +
    'can could would should will shall may might must ' +
    'i me my mine we us our ours you your yours he him his she her hers it its they them their theirs ' +
    'this that these those there here what which who whom whose where when why how ' +
    'all any some each every both either neither other such same ' +
    'please show find give tell want need looking look etc eg ie s t d ll m re ve'
  ).split(' '),
);

/** Caps so a pasted paragraph cannot build a huge MATCH expression. */
const MAX_WORDS = 64;
const MAX_WORD_TERMS = 24;
const MAX_TERMS = 32;

function isDroppable(word: string): boolean {
  return STOPWORDS.has(word) || /^\p{L}$/u.test(word);
}

/** Words of a phrase, singular, joined by one space: the key used to find phrases in queries. */
function phraseKey(words: readonly string[]): string {
  return words.map((w) => singular(w)).join(' ');
}

function normalizePhrase(text: string): string {
  return splitText(text).join(' ');
}

interface PhraseEntry {
  forms: string[];
  source: 'alias' | 'abbreviation';
}

/** Abbreviations with lower-case keys, in a Map so `constructor` or `__proto__` are plain words. */
function abbreviationMap(abbreviations: Readonly<Record<string, string>>): Map<string, string> {
  const map = new Map<string, string>();
  for (const [abbr, full] of Object.entries(abbreviations)) {
    const key = abbr.toLowerCase();
    const phrase = normalizePhrase(full);
    if (key && phrase && !map.has(key)) map.set(key, phrase);
  }
  return map;
}

/** Phrase key (singular words) → forms to add when the phrase occurs in a query. */
function buildPhraseTable(aliases: ReadonlyMap<string, readonly string[]>, abbreviations: ReadonlyMap<string, string>): Map<string, PhraseEntry> {
  const table = new Map<string, PhraseEntry>();
  const add = (key: string, forms: readonly string[], source: PhraseEntry['source']): void => {
    if (!key) return;
    const entry = table.get(key) ?? { forms: [], source };
    for (const form of forms) if (form && phraseKey(form.split(' ')) !== key && !entry.forms.includes(form)) entry.forms.push(form);
    if (entry.forms.length > 0) table.set(key, entry);
  };
  // sorted by alias, so the same entries in another insertion order give the same result
  const sorted = [...aliases.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [alias, targets] of sorted) {
    const aliasPhrase = normalizePhrase(alias);
    const targetPhrases = targets.map(normalizePhrase).filter(Boolean);
    add(phraseKey(splitText(alias)), targetPhrases, 'alias');
    for (const target of targetPhrases) add(phraseKey(target.split(' ')), [aliasPhrase], 'alias');
  }
  // multi-word abbreviation expansions, reversed: `date of birth` → dob
  for (const [abbr, full] of abbreviations) {
    const words = full.split(' ');
    if (words.length > 1) add(phraseKey(words), [abbr], 'abbreviation');
  }
  return table;
}

/** Full word (singular) → its abbreviations, in table order. */
function reverseAbbreviations(abbreviations: ReadonlyMap<string, string>): Map<string, string[]> {
  const reverse = new Map<string, string[]>();
  for (const [abbr, full] of abbreviations) {
    if (full.includes(' ')) continue;
    const key = singular(full);
    const list = reverse.get(key) ?? [];
    list.push(abbr);
    reverse.set(key, list);
  }
  return reverse;
}

interface Tables {
  abbreviations: ReadonlyMap<string, string>;
  reverse: ReadonlyMap<string, string[]>;
  phrases: ReadonlyMap<string, PhraseEntry>;
  maxPhraseWords: number;
}

function wordTerm(word: string, tables: Tables): ExpandedTerm {
  const forms = wordForms(word);
  const one = singular(word);
  const full = tables.abbreviations.get(word) ?? tables.abbreviations.get(one);
  if (full !== undefined) {
    forms.push(full);
    // `num` → number → also `nbr`, `no`
    if (!full.includes(' ')) forms.push(...(tables.reverse.get(singular(full)) ?? []));
  }
  forms.push(...(tables.reverse.get(one) ?? []));
  return { text: word, forms: [...new Set(forms)], source: 'word' };
}

function expandWith(query: string, tables: Tables): ExpandedQuery {
  const words: string[] = [];
  const compounds: string[] = [];
  for (const token of identifierTokens(query)) {
    const parts = splitIdentifier(token);
    if (words.length + parts.length > MAX_WORDS) break;
    words.push(...parts);
    if (parts.length > 1) compounds.push(token.toLowerCase());
  }

  const kept = words.filter((w) => !isDroppable(w));
  // a query of stopwords only still searches for them as typed (minus single letters)
  const onlyStopwords = kept.length === 0;
  const candidates = onlyStopwords ? words.filter((w) => !/^\p{L}$/u.test(w)) : kept;

  const terms: ExpandedTerm[] = [];
  const seen = new Set<string>();
  let wordTerms = 0;
  for (const word of candidates) {
    const key = `word:${singular(word)}`;
    if (seen.has(key) || wordTerms >= MAX_WORD_TERMS) continue;
    seen.add(key);
    wordTerms++;
    terms.push(onlyStopwords ? { text: word, forms: [word], source: 'word' } : wordTerm(word, tables));
  }
  for (const compound of compounds) {
    const key = `identifier:${compound}`;
    if (seen.has(key) || terms.length >= MAX_TERMS) continue;
    seen.add(key);
    terms.push({ text: compound, forms: [compound], source: 'identifier' });
  }

  // phrases (aliases, abbreviation phrases): longest match first, left to right, no overlap
  if (tables.phrases.size > 0) {
    const singulars = words.map((w) => singular(w));
    for (let i = 0; i < singulars.length;) {
      let matched = 0;
      for (let len = Math.min(tables.maxPhraseWords, singulars.length - i); len >= 1 && matched === 0; len--) {
        const key = singulars.slice(i, i + len).join(' ');
        const entry = tables.phrases.get(key);
        if (entry === undefined) continue;
        matched = len;
        const termKey = `${entry.source}:${key}`;
        if (seen.has(termKey) || terms.length >= MAX_TERMS) continue;
        seen.add(termKey);
        const forms = [...entry.forms];
        // a glossary phrase also matches through its content words (`monthly`, `revenue`)
        if (entry.source === 'alias') {
          for (const form of entry.forms) for (const w of form.split(' ')) if (!isDroppable(w) && !forms.includes(w)) forms.push(w);
        }
        terms.push({ text: words.slice(i, i + len).join(' '), forms, source: entry.source });
      }
      i += Math.max(matched, 1);
    }
  }

  const typed = new Set([...words, ...compounds]);
  const expansions: string[] = [];
  for (const term of terms) for (const form of term.forms) if (!typed.has(form) && !expansions.includes(form)) expansions.push(form);
  return { terms, expansions };
}

/**
 * Prepares the abbreviation and alias tables once and returns the expander; use it when the
 * glossary is large and queries are many. `createQueryExpander(o)(q)` equals `expandQuery(q, o)`.
 */
export function createQueryExpander(options: ExpandOptions = {}): (query: string) => ExpandedQuery {
  const abbreviations = abbreviationMap(options.abbreviations ?? SCHEMA_ABBREVIATIONS);
  const phrases = buildPhraseTable(options.aliases ?? new Map(), abbreviations);
  const tables: Tables = {
    abbreviations,
    reverse: reverseAbbreviations(abbreviations),
    phrases,
    maxPhraseWords: Math.max(0, ...[...phrases.keys()].map((k) => k.split(' ').length)),
  };
  return (query) => expandWith(query, tables);
}

/** Expands a free-text query into terms; see the module comment for the steps. */
export function expandQuery(query: string, options: ExpandOptions = {}): ExpandedQuery {
  return createQueryExpander(options)(query);
}
