/**
 * @module core/entities/schema-names
 * Entities from identifiers (table, column, function, API path names) with pluralize, never an
 * NLP tagger: compromise reads a lone `addresses` as a verb, identifiers are not sentences.
 *
 * Cleaning: split (`getUserById` → get User By Id), drop naming prefixes (`tbl_`, `vw_`, `t_`),
 * expand schema abbreviations (`cust_addr` → customer address; `id` stays), singularize the head
 * word and any word before a preposition (`orders_by_customer` → order by customer; the other
 * words stay as written: `sales_report` → sales report), lower-case all but acronyms
 * (`APIKey` → API key, `api_keys` → API key).
 */
import { SCHEMA_ABBREVIATIONS } from '../../kernel/text/abbreviations.js';
import { splitIdentifier, splitIdentifierCased } from '../../kernel/text/identifiers.js';
import { singular } from '../../kernel/text/inflect.js';
import type { EntityMention, SemanticType } from './types.js';

/** Acronyms recognised even in lower-case or all-caps identifiers (`api_key`, `CUSTOMER_SKU`). */
export const KNOWN_ACRONYMS: ReadonlySet<string> = new Set(
  (
    'api url uri sku uuid guid ip http https json xml sql csv pdf html vat gst kpi mrr arr crm erp ' +
    'sla eta iso utc gdpr ssn iban bic ein upc ean isbn gtin mfa sso otp jwt ltv clv cac roi gmv ' +
    'aov nps dau mau sms gps ui ux ssl tls dns cpu etl'
  ).split(' '),
);

/** Words that name a property or a state rather than a thing. */
const ATTRIBUTE_WORDS = new Set(
  (
    'active inactive enabled disabled deleted archived pending valid invalid primary default current ' +
    'total subtotal sum count amount quantity price cost rate ratio percent percentage score rank level ' +
    'priority status state type kind name title label description note code number flag date time ' +
    'timestamp year month week day hour duration age size length width height weight min max minimum ' +
    'maximum average mean median first last new old public private internal external visible hidden ' +
    'daily weekly monthly quarterly yearly annual unique required optional verified approved locked'
  ).split(' '),
);

/** Verbs that open a callable's name (`getUserById`, `calculate_total`). */
const ACTION_VERBS = new Set(
  (
    'get list create update delete remove add set find fetch search insert upsert calculate compute ' +
    'send validate check process generate import export sync load save refresh cancel approve reject ' +
    'submit register login logout reset count build run execute apply assign archive restore merge ' +
    'close open notify post put patch read write handle parse convert transform record track log ' +
    'query lookup resolve verify issue refund charge ship deliver publish subscribe unsubscribe'
  ).split(' '),
);

/** Connecting words: kept inside names, never entities of their own. */
const FUNCTION_WORDS = new Set('a an the and or of by per for to from in on at with is has can should was'.split(' '));
const PREPOSITIONS = new Set('of by per for to from in on at with'.split(' '));

/** Structural words: kept inside names, never entities of their own. */
const STRUCTURAL = new Set('id ids uuid guid key pk fk idx ref'.split(' '));

/** Naming prefixes dropped when more words follow (`tbl_orders`, `vw_sales`, `t_ord_hdr`). */
const PREFIXES = new Set('t v tbl tb vw fn sp usp ix idx pk fk uq trg mv dim fct stg'.split(' '));

/** Abbreviations left as written in names: expanding them would hide the usual spelling. */
const KEEP_ABBREVIATIONS = new Set(['id']);

/** Kinds whose names start with a verb: their first word may be an ACTION. */
const CALLABLE_KIND = /function|procedure|operation|mutation|query|endpoint|method|rpc|trigger/i;

/** Suffix-only forms that make a word a property: `created`, `nullable`. */
function looksLikeAttribute(word: string): boolean {
  if (ATTRIBUTE_WORDS.has(word)) return true;
  return /^[a-z]{3,}(?:[^e]ed|able|ible)$/.test(word);
}

export interface CleanName {
  /** Normalized words: lower case except acronyms; head word singular. */
  words: string[];
  /** `words` joined by spaces. */
  name: string;
  /** Title case, small connecting words lower case, acronyms kept. */
  displayName: string;
  /** Which of `words` are acronyms. */
  acronyms: boolean[];
}

function titleWord(word: string, index: number, acronym: boolean): string {
  if (acronym) return word;
  if (index > 0 && FUNCTION_WORDS.has(word)) return word;
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * Cleans one identifier (the last segment of a dotted name). Null when nothing word-like is left.
 * `expandAbbreviations` defaults to true.
 */
export function cleanIdentifier(identifier: string, options: { expandAbbreviations?: boolean } = {}): CleanName | null {
  const expand = options.expandAbbreviations ?? true;
  const last =
    identifier
      .split('.')
      .filter((s) => s.trim() !== '')
      .pop() ?? '';
  const hasLower = /\p{Ll}/u.test(last);
  const raw = splitIdentifierCased(last);
  if (raw.length > 1 && PREFIXES.has(raw[0]?.toLowerCase() ?? '')) raw.shift();

  const words: string[] = [];
  const acronyms: boolean[] = [];
  for (const part of raw) {
    const lower = part.toLowerCase();
    const pluralAcronym = /^\p{Lu}{2,}s$/u.test(part); // APIs
    const knownPlural = !pluralAcronym && lower.endsWith('s') && KNOWN_ACRONYMS.has(lower.slice(0, -1)); // apis, skus
    const bare = pluralAcronym || knownPlural ? lower.slice(0, -1) : lower;
    if (pluralAcronym || knownPlural || KNOWN_ACRONYMS.has(bare) || (hasLower && /^\p{Lu}{2,}$/u.test(part))) {
      words.push(bare.toUpperCase());
      acronyms.push(true);
      continue;
    }
    const full = expand && !KEEP_ABBREVIATIONS.has(lower) && Object.hasOwn(SCHEMA_ABBREVIATIONS, lower) ? SCHEMA_ABBREVIATIONS[lower] : undefined;
    for (const w of full === undefined ? [lower] : full.split(' ')) {
      words.push(w);
      acronyms.push(false);
    }
  }
  if (!words.some((w) => /\p{L}/u.test(w))) return null;

  // singular head word, and singular words before a preposition (`orders by customer`)
  for (let i = 0; i < words.length; i++) {
    const next = words[i + 1];
    const isHead = i === words.length - 1 || (next !== undefined && PREPOSITIONS.has(next));
    if (!isHead || acronyms[i] || /\d/.test(words[i] ?? '')) continue;
    // the head of a name ending in digits is the word before them (`address_line2`)
    words[i] = singular(words[i] ?? '');
  }
  const trailingDigits = words.length > 1 && /^\d+$/.test(words[words.length - 1] ?? '');
  if (trailingDigits) {
    const i = words.length - 2;
    if (!acronyms[i]) words[i] = singular(words[i] ?? '');
  }
  return {
    words,
    name: words.join(' '),
    displayName: words.map((w, i) => titleWord(w, i, acronyms[i] ?? false)).join(' '),
    acronyms,
  };
}

/** The resource words of an API path: `/api/v1/users/{id}/orders` → users, orders. */
export function pathSegments(path: string): string[] {
  const bare = path.replace(/^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+/i, '').split(/[?#]/)[0] ?? '';
  return bare
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s !== '' && !/^[{:<]/.test(s) && !/^v\d+(\.\d+)*$/i.test(s) && !/^(api|rest|graphql)$/i.test(s) && /\p{L}/u.test(s));
}

function mention(words: CleanName, semanticType: SemanticType, confidence: number): EntityMention {
  return { name: words.name, displayName: words.displayName, semanticType, nerType: null, confidence };
}

function single(word: string, acronym: boolean): CleanName {
  return { words: [word], name: word, displayName: titleWord(word, 0, acronym), acronyms: [acronym] };
}

/** Semantic type of a one-word name. */
function classifyWord(word: string, acronym: boolean, callableFirst: boolean): SemanticType {
  if (acronym) return 'TERM';
  if (callableFirst && ACTION_VERBS.has(word)) return 'ACTION';
  return looksLikeAttribute(word) ? 'ATTRIBUTE' : 'CONCEPT';
}

/**
 * Entities of one cleaned name: the whole name (one word: CONCEPT, ATTRIBUTE or, for acronyms,
 * TERM; several: TERM) and, for several words, each content word on its own (a callable's
 * leading verb as ACTION). `confidence` is the whole name's; parts get less.
 */
export function nameEntities(clean: CleanName, options: { callable?: boolean; confidence?: number } = {}): EntityMention[] {
  const confidence = options.confidence ?? 0.9;
  const callable = options.callable ?? false;
  const content = clean.words
    .map((w, i) => ({ w, i, acronym: clean.acronyms[i] ?? false }))
    .filter(({ w }) => !FUNCTION_WORDS.has(w) && !STRUCTURAL.has(w) && /\p{L}/u.test(w) && [...w].length > 1);
  if (clean.words.length === 1) {
    const [only] = content;
    return only === undefined ? [] : [mention(clean, classifyWord(only.w, only.acronym, callable), confidence)];
  }
  const out: EntityMention[] = [mention(clean, 'TERM', confidence)];
  for (const { w, i, acronym } of content) {
    const type = classifyWord(w, acronym, callable && i === 0);
    const word = acronym || type === 'ACTION' ? w : singular(w);
    const weight = type === 'ACTION' ? 0.9 : type === 'ATTRIBUTE' ? 0.65 : 0.75;
    out.push(mention(single(word, acronym), type, Math.round(confidence * weight * 1000) / 1000));
  }
  return out;
}

/** Entities of an object's own name; API paths give their resource segments. */
export function schemaNameEntities(kind: string, name: string): EntityMention[] {
  const callable = CALLABLE_KIND.test(kind);
  if (name.includes('/')) {
    const segments = pathSegments(name);
    return segments.flatMap((segment, i) => {
      const clean = cleanIdentifier(segment);
      if (clean === null) return [];
      const last = i === segments.length - 1;
      return nameEntities(clean, { confidence: last ? 0.85 : 0.7 });
    });
  }
  const clean = cleanIdentifier(name);
  if (clean === null) return [];
  return nameEntities(callable ? clean : withoutFlagAffixes(clean), { callable, confidence: 0.9 });
}

/** `is_active` → active, `has_children` → children, `created_at` → created, `updated_on` → updated. */
export function withoutFlagAffixes(clean: CleanName): CleanName {
  let start = 0;
  let end = clean.words.length;
  if (end - start > 1 && /^(is|has|can|should|was)$/.test(clean.words[0] ?? '')) start++;
  if (end - start > 1 && /^(at|on)$/.test(clean.words[end - 1] ?? '')) end--;
  if (start === 0 && end === clean.words.length) return clean;
  const words = clean.words.slice(start, end);
  const acronyms = clean.acronyms.slice(start, end);
  return {
    words,
    name: words.join(' '),
    displayName: words.map((w, i) => titleWord(w, i, acronyms[i] ?? false)).join(' '),
    acronyms,
  };
}

/** SQL words that look like identifiers but name nothing of the schema. */
const SQL_BUILTINS = new Set(
  (
    'current_timestamp current_date current_time current_user session_user localtimestamp date_trunc ' +
    'date_part row_number to_char to_date to_timestamp to_number array_agg string_agg json_agg jsonb_agg ' +
    'json_build_object jsonb_build_object json_object_agg jsonb_object_agg regexp_replace regexp_matches ' +
    'pg_catalog information_schema gen_random_uuid generate_series dense_rank percent_rank cume_dist ' +
    'first_value last_value nth_value split_part array_length jsonb_set jsonb_array_elements ' +
    'json_array_elements'
  ).split(' '),
);

/** Words that follow FROM/JOIN without naming a relation. */
const NOT_RELATIONS = new Set('lateral only unnest select values rows generate_series json_to_recordset jsonb_to_recordset'.split(' '));

const REFERENCED_RELATION = /\b(?:from|join|references|into)\s+((?:"[^"]+"|[\p{L}_][\p{L}\p{N}_$]*)(?:\s*\.\s*(?:"[^"]+"|[\p{L}_][\p{L}\p{N}_$]*))*)/giu;
const COMPOUND_IDENTIFIER = /[\p{L}_][\p{L}\p{N}_]*/gu;
/** A token that is one word however it is split (`order`, `Order`, `ORDER`): most of a prose text. */
const ONE_WORD = /^(?:\p{Lu}?\p{Ll}+|\p{Lu}+)$/u;

/**
 * Entities of a definition (view SQL, function signature): relations it reads or references
 * (`FROM sales.orders` → order) and compound identifiers (`order_total`, `customerId`).
 * Keywords and single plain words are not read; at most `limit` names (default 24).
 */
export function definitionEntities(definition: string, limit = 24): EntityMention[] {
  const out: EntityMention[] = [];
  const seen = new Set<string>();
  const take = (identifier: string, confidence: number): void => {
    if (seen.size >= limit) return;
    const clean = cleanIdentifier(identifier.replace(/"/g, ''));
    if (clean === null || seen.has(clean.name)) return;
    seen.add(clean.name);
    out.push(...nameEntities(withoutFlagAffixes(clean), { confidence }));
  };
  for (const m of definition.matchAll(REFERENCED_RELATION)) {
    if (seen.size >= limit) return out;
    const relation = m[1] ?? '';
    if (!NOT_RELATIONS.has(relation.toLowerCase())) take(relation, 0.6);
  }
  for (const m of definition.matchAll(COMPOUND_IDENTIFIER)) {
    if (seen.size >= limit) break;
    const token = m[0];
    if (ONE_WORD.test(token) || SQL_BUILTINS.has(token.toLowerCase()) || splitIdentifier(token).length < 2) continue;
    take(token, 0.5);
  }
  return out;
}
