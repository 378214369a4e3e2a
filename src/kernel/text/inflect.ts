/**
 * @module kernel/text/inflect
 * Singular and plural forms on top of `pluralize`, made safe for schema identifiers:
 * digits, abbreviations (`qty`, `sts`), short words (`us`, `os`), acronyms (`APIs`, `SKUs`),
 * non-English words and a few words pluralize gets wrong (`data` → `datum`, `caches` → `cach`)
 * are handled here. Never mutates pluralize's global rules (the embedder shares that module).
 */
import pluralize from 'pluralize';
import { SCHEMA_ABBREVIATIONS } from './abbreviations.js';

/** Words that are the same in singular and plural, or that must not be inflected. */
const INVARIANT = new Set([
  'data',
  'metadata',
  'analytics',
  'media',
  'news',
  'series',
  'species',
  'chassis',
  'sms',
  'gps',
  'dns',
  'aws',
  'ios',
  'cms',
  'crm',
  'erp',
  'ssl',
  'tls',
  'pos',
  'kudos',
  'basis',
  'ellipsis',
  'always',
  // function words pluralize would happily change (`has` → `have`, `this` → `these`)
  'has',
  'was',
  'this',
  'its',
  'his',
  'hers',
  'ours',
  'yours',
  'theirs',
  'yes',
  'does',
]);

/** Irregular pairs pluralize lacks or gets wrong for schema vocabulary: singular → plural. */
const IRREGULAR: ReadonlyArray<readonly [string, string]> = [
  ['id', 'ids'],
  ['axis', 'axes'],
  ['cache', 'caches'],
  ['niche', 'niches'],
  ['alias', 'aliases'],
  ['bias', 'biases'],
  ['lens', 'lenses'],
  ['canvas', 'canvases'],
  ['status', 'statuses'],
  ['virus', 'viruses'],
  ['campus', 'campuses'],
  ['corpus', 'corpora'],
];
const PLURAL_OF = new Map(IRREGULAR);
const SINGULAR_OF = new Map(IRREGULAR.map(([s, p]) => [p, s] as const));

const ASCII_WORD = /^[A-Za-z]+$/;
/** All caps not ending in `S` is an acronym (`API`, `SKU`); all caps ending in `S` is inflected
 * as a word (`ORDERS` → `ORDER`, `SMS` stays), so is a long all-caps word (`CUSTOMER`). */
const ACRONYM = /^[A-Z]{1,}[A-RT-Z]$/;
const SHORT_ACRONYM = /^[A-Z]{1,4}[A-RT-Z]$/;
const PLURAL_ACRONYM = /^[A-Z]{2,}s$/;

/** Applies the case pattern of `model` (all caps, capitalised, lower) to `word`. */
function matchCase(model: string, word: string): string {
  if (model === model.toLowerCase()) return word;
  if (model === model.toUpperCase()) return word.toUpperCase();
  if (model[0] === model[0]?.toUpperCase()) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

/**
 * Whether English inflection applies: ASCII letters only, at least three letters (or a
 * known irregular such as `id`), not an abbreviation from the schema table, not invariant.
 */
export function isInflectable(word: string): boolean {
  if (!ASCII_WORD.test(word)) return false;
  const lower = word.toLowerCase();
  if (PLURAL_OF.has(lower) || SINGULAR_OF.has(lower)) return true;
  if (lower.length < 3 || INVARIANT.has(lower)) return false;
  return !Object.hasOwn(SCHEMA_ABBREVIATIONS, lower);
}

/** Words seen by `singular`, with their singular: indexing a manual asks for the same few thousand words again and again. */
const SINGULAR_CACHE_SIZE = 50_000;
const singularCache = new Map<string, string>();

/**
 * Singular form: `orders` → order, `statuses` → status, `addresses` → address,
 * `analyses` → analysis, `APIs` → API, `ORDERS` → ORDER. Unchanged: `data`, `status`, `qty`,
 * `v2`, `sms`, `für`, acronyms (`API`).
 * Keeps the word's case pattern.
 */
export function singular(word: string): string {
  const known = singularCache.get(word);
  if (known !== undefined) return known;
  const found = singularOf(word);
  if (singularCache.size >= SINGULAR_CACHE_SIZE) singularCache.clear();
  singularCache.set(word, found);
  return found;
}

function singularOf(word: string): string {
  if (PLURAL_ACRONYM.test(word)) return word.slice(0, -1);
  if (ACRONYM.test(word) || !isInflectable(word)) return word;
  const lower = word.toLowerCase();
  if (PLURAL_OF.has(lower)) return word;
  const irregular = SINGULAR_OF.get(lower);
  if (irregular !== undefined) return matchCase(word, irregular);
  const result = pluralize.singular(lower);
  // pluralize strips a trailing `s` from short words it does not know (`gps` → `gp`).
  if (result.length < 3 && lower.length > result.length) return word;
  return matchCase(word, result);
}

/**
 * Plural form: `order` → orders, `status` → statuses, `category` → categories, `API` → APIs,
 * `id` → ids, `CUSTOMER` → CUSTOMERS. Unchanged: `data`, `qty`, `v2`, `für`, words already
 * plural. Keeps the word's case pattern.
 */
export function plural(word: string): string {
  if (PLURAL_ACRONYM.test(word)) return word;
  if (SHORT_ACRONYM.test(word)) return `${word}s`;
  if (!isInflectable(word)) return word;
  const lower = word.toLowerCase();
  if (SINGULAR_OF.has(lower)) return word;
  const irregular = PLURAL_OF.get(lower);
  if (irregular !== undefined) return matchCase(word, irregular);
  return matchCase(word, pluralize.plural(lower));
}

/** `[word, singular, plural]` without duplicates, in that order. */
export function wordForms(word: string): string[] {
  return [...new Set([word, singular(word), plural(word)])];
}
