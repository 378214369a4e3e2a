/**
 * @module core/entities/prose
 * Entities from prose (comments, contexts, document text) through compromise, in one tagging
 * pass per text: NER (people → PERSON, organizations → ORG, places → GPE, holidays → EVENT),
 * nouns → CONCEPT, adjectives → ATTRIBUTE, verbs → ACTION (infinitive), compound noun phrases
 * and acronyms → TERM.
 *
 * Gaps (compromise 14 has no such classes): PRODUCT is never produced, EVENT only for words
 * compromise tags as holidays. Runs of capitalised words without an NER tag (`World Cup`,
 * `Stripe`) become CONCEPT/TERM with a null NER type.
 *
 * compromise loads lazily, on the first call, through `require` (about 0.2 s): importing this
 * module costs nothing, and a CLI that never extracts entities never loads it. Identifiers
 * written inside prose (`customer_id`, `orders.total`, `getUserById`) are taken out before
 * tagging and cleaned by schema-names.ts instead, since the tagger reads them as odd words.
 */
import { createRequire } from 'node:module';
import type nlpTwo from 'compromise/two';
import { singular } from '../../kernel/text/inflect.js';
import { fasterRuleSweep } from './rule-sweep.js';
import { cleanIdentifier, KNOWN_ACRONYMS, nameEntities, withoutFlagAffixes } from './schema-names.js';
import type { EntityMention, NerType, SemanticType } from './types.js';

type Nlp = typeof nlpTwo;
interface TaggedTerm {
  text: string;
  pre: string;
  post: string;
  normal: string;
  tags?: Set<string>;
  root?: string;
}

let nlp: Nlp | null = null;

function tagger(): Nlp {
  if (nlp === null) {
    const require = createRequire(import.meta.url);
    nlp = require('compromise/two') as Nlp;
    nlp.plugin(fasterRuleSweep);
  }
  return nlp;
}

/** Prose beyond this many characters is not read (bounds the cost of a pasted document). */
export const MAX_PROSE_CHARS = 20_000;

/** Confidence per kind of finding. NER and phrases are more specific than lone words. */
const CONFIDENCE = {
  ner: 0.8,
  nerMultiWord: 0.85,
  properNoun: 0.6,
  acronym: 0.6,
  term: 0.65,
  identifier: 0.6,
  noun: 0.55,
  adjective: 0.45,
  verb: 0.45,
} as const;

const SKIP_TAGS = ['Pronoun', 'Determiner', 'Value', 'Date', 'Url', 'Email', 'HashTag', 'AtMention', 'Emoji', 'Emoticon', 'Abbreviation'];
const GENERIC_NOUNS = new Set('thing things way lot lots kind sort example etc one ones others something anything everything nothing id ids'.split(' '));
const GENERIC_ADJECTIVES = new Set('other same such own many much few more most less least several various certain given'.split(' '));
const GENERIC_VERBS = new Set('be have do get make let see use uses used'.split(' '));

/** URLs and e-mail addresses: neither prose nor identifiers. */
const URL_OR_EMAIL = /\b(?:https?|ftp):\/\/\S+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+/giu;
/** `customer_id`, `orders.total_amount`, `getUserById`, `APIKey`: identifiers inside prose. */
/** camelCase needs two lower-case letters first, so brand names (`iPhone`, `eBay`) stay prose. */
const INLINE_IDENTIFIER =
  /[\p{L}\p{N}_]+(?:\.[\p{L}\p{N}_]+)+|[\p{L}\p{N}]*_[\p{L}\p{N}_]+|\b\p{Ll}{2,}\p{Lu}[\p{L}\p{N}]*|\b\p{Lu}{2,}\p{Lu}\p{Ll}+[\p{L}\p{N}]*/gu;

function has(term: TaggedTerm, tag: string): boolean {
  return term.tags?.has(tag) ?? false;
}

function nerOf(term: TaggedTerm): NerType | null {
  if (has(term, 'Person')) return 'PERSON';
  if (has(term, 'Organization')) return 'ORG';
  if (has(term, 'Place')) return 'GPE';
  if (has(term, 'Holiday')) return 'EVENT';
  return null;
}

/** Punctuation after a term ends a name or phrase (`Paris, France`). */
function breaksAfter(term: TaggedTerm): boolean {
  return /[^\s'’]/u.test(term.post);
}

function cleanWord(term: TaggedTerm): string {
  return term.normal.replace(/['’]s$/u, '').replace(/['’.]/gu, '');
}

function isAcronym(term: TaggedTerm): boolean {
  return /^\p{Lu}{2,}s?$/u.test(term.text) && (has(term, 'Acronym') || KNOWN_ACRONYMS.has(term.text.toLowerCase().replace(/s$/, '')));
}

function displayWord(term: TaggedTerm): string {
  return isAcronym(term) ? term.text.replace(/s$/, '') : term.text.replace(/['’]s$/u, '');
}

/** Lower case, except acronyms; singular head. */
function phraseName(terms: readonly TaggedTerm[], singularHead: boolean): { name: string; displayName: string } {
  const words = terms.map((t) => (isAcronym(t) ? t.text.replace(/s$/, '') : cleanWord(t)));
  const last = terms.length - 1;
  const lastTerm = terms[last];
  if (singularHead && lastTerm !== undefined && !isAcronym(lastTerm)) words[last] = singular(words[last] ?? '');
  const displayName = terms
    .map((t, i) => {
      const word = i === last && singularHead && !isAcronym(t) ? singular(displayWord(t)) : displayWord(t);
      return isAcronym(t) ? word : word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(' ');
  return { name: words.join(' '), displayName };
}

function entity(name: string, displayName: string, semanticType: SemanticType, nerType: NerType | null, confidence: number): EntityMention {
  return { name, displayName, semanticType, nerType, confidence };
}

function isNounLike(term: TaggedTerm): boolean {
  return has(term, 'Noun') && !SKIP_TAGS.some((t) => has(term, t)) && /\p{L}/u.test(term.normal);
}

/** A word that can sit inside a compound noun phrase: a noun, an adjective, a gerund modifier. */
function isModifier(term: TaggedTerm): boolean {
  if (SKIP_TAGS.some((t) => has(term, t)) || nerOf(term) !== null) return false;
  if (has(term, 'Possessive')) return false;
  return has(term, 'Noun') || has(term, 'Adjective') || has(term, 'Gerund');
}

/** Counts toward the two content words a TERM needs: nouns and `-ing` modifiers (`billing`). */
function isNounish(term: TaggedTerm): boolean {
  return isNounLike(term) || has(term, 'Gerund') || (has(term, 'Adjective') && /ing$/.test(term.normal));
}

/** Compound noun phrases: runs of modifiers ending in a noun, with two or more noun-ish words. */
function compoundTerms(sentence: readonly TaggedTerm[], out: EntityMention[]): void {
  let run: TaggedTerm[] = [];
  const flush = (): void => {
    while (run.length > 0 && !isNounLike(run[run.length - 1] as TaggedTerm)) run.pop();
    // a leading lone adjective stays only if the rest already makes a phrase
    const nounish = run.filter(isNounish).length;
    if (nounish >= 2 && run.length <= 5) {
      while (run.length > 0 && !isNounish(run[0] as TaggedTerm) && run.filter(isNounish).length < 2) run.shift();
      const { name, displayName } = phraseName(run, true);
      out.push(entity(name, displayName, 'TERM', null, CONFIDENCE.term));
    }
    run = [];
  };
  for (const term of sentence) {
    if (isModifier(term) && !isAcronym(term)) {
      run.push(term);
      if (breaksAfter(term)) flush();
    } else {
      flush();
    }
  }
  flush();
}

function sentenceEntities(sentence: readonly TaggedTerm[], out: EntityMention[]): void {
  for (let i = 0; i < sentence.length; i++) {
    const term = sentence[i] as TaggedTerm;
    // compromise calls some acronyms organizations (`SLA`); known ones are terms
    const knownAcronym = isAcronym(term) && KNOWN_ACRONYMS.has(term.text.toLowerCase().replace(/s$/, ''));
    const ner = knownAcronym ? null : nerOf(term);

    // named entities and capitalised names: group consecutive words of the same class
    const proper = ner === null && has(term, 'ProperNoun') && /^\p{Lu}/u.test(term.text) && !isAcronym(term);
    if (ner !== null || proper) {
      const group = [term];
      while (!breaksAfter(group[group.length - 1] as TaggedTerm) && i + 1 < sentence.length) {
        const next = sentence[i + 1] as TaggedTerm;
        const nextNer = nerOf(next);
        const sameClass = ner !== null ? nextNer === ner : nextNer === null && has(next, 'ProperNoun') && /^\p{Lu}/u.test(next.text);
        if (!sameClass) break;
        group.push(next);
        i++;
      }
      const words = group.map(displayWord);
      const name = group.map((t) => (isAcronym(t) ? t.text : cleanWord(t))).join(' ');
      if (!/\p{L}/u.test(name)) continue;
      if (ner !== null) {
        out.push(entity(name, words.join(' '), 'CONCEPT', ner, group.length > 1 ? CONFIDENCE.nerMultiWord : CONFIDENCE.ner));
      } else {
        out.push(entity(name, words.join(' '), group.length > 1 ? 'TERM' : 'CONCEPT', null, CONFIDENCE.properNoun));
      }
      continue;
    }

    if (isAcronym(term)) {
      const bare = term.text.replace(/s$/, '');
      out.push(entity(bare, bare, 'TERM', null, CONFIDENCE.acronym));
      continue;
    }
    if (SKIP_TAGS.some((t) => has(term, t))) continue;

    if (isNounLike(term)) {
      const word = singular(cleanWord(term));
      if ([...word].length > 1 && !GENERIC_NOUNS.has(word)) {
        out.push(entity(word, word.charAt(0).toUpperCase() + word.slice(1), 'CONCEPT', null, CONFIDENCE.noun));
      }
    } else if (has(term, 'Adjective')) {
      const word = cleanWord(term);
      if ([...word].length > 2 && !GENERIC_ADJECTIVES.has(word)) {
        out.push(entity(word, word.charAt(0).toUpperCase() + word.slice(1), 'ATTRIBUTE', null, CONFIDENCE.adjective));
      }
    } else if (has(term, 'Verb') && !has(term, 'Copula') && !has(term, 'Auxiliary') && !has(term, 'Modal')) {
      const word = (term.root ?? term.normal).replace(/['’.]/gu, '');
      if ([...word].length > 2 && !GENERIC_VERBS.has(word) && /^\p{L}+$/u.test(word)) {
        out.push(entity(word, word.charAt(0).toUpperCase() + word.slice(1), 'ACTION', null, CONFIDENCE.verb));
      }
    }
  }
  compoundTerms(sentence, out);
}

/** A text with its identifiers taken out: their entities, and what is left for the tagger (null: nothing to tag). */
interface Prepared {
  out: EntityMention[];
  prose: string | null;
}

function prepare(text: string): Prepared {
  const out: EntityMention[] = [];
  let prose = text.length > MAX_PROSE_CHARS ? text.slice(0, MAX_PROSE_CHARS) : text;
  prose = prose.replace(URL_OR_EMAIL, ' ');
  // identifiers: cleaned like schema names, then replaced by a neutral word for the tagger
  prose = prose.replace(INLINE_IDENTIFIER, (token) => {
    // every dotted segment counts (`customers.id` names the table too); `e.g`, `v1.2` are not names
    const parts = token.split('.').filter((p) => /\p{L}{2}/u.test(p));
    if (parts.length === 0) return token;
    for (const part of parts) {
      const clean = cleanIdentifier(part);
      if (clean !== null) out.push(...nameEntities(withoutFlagAffixes(clean), { confidence: CONFIDENCE.identifier }));
    }
    // spaced, so `total(order_id)` does not become the single word `it(it`
    return ' it ';
  });
  return { out, prose: /\p{L}/u.test(prose) ? prose : null };
}

/** Tags one text: its sentences, each a list of terms (roots computed for verbs, the only ones read). */
function tagged(prose: string): TaggedTerm[][] {
  const doc = tagger()(prose);
  doc.match('#Verb').compute('root');
  return doc.document as unknown as TaggedTerm[][];
}

/**
 * Entities of one prose text. May contain duplicates (the caller merges them by name and type).
 * Deterministic: the same text always gives the same list.
 */
export function proseEntities(text: string): EntityMention[] {
  const { out, prose } = prepare(text);
  if (prose === null) return out;
  for (const sentence of tagged(prose)) sentenceEntities(sentence, out);
  return out;
}

/**
 * Texts tagged in one call of the tagger: most of its cost is per call (each of its hundreds of
 * rules is tried against the document), so short catalog comments are tagged together.
 */
const TAG_BATCH = 256;
/** …and at most about this many characters (long texts are tagged with few others). */
const TAG_BATCH_CHARS = 32_000;
/** Between texts of a batch: a blank line always ends a sentence. */
const SEPARATOR = '\n\n';
/** CJK full stops change how the whole text is split into sentences: such texts are tagged alone. */
const CJK_STOP = /[\u3002\uFF01\uFF1F\uFF61]/u;
const LEADING_SPACE = /^\s*/u;
const TRAILING_SPACE = /\s*$/u;

/**
 * The sentences of each text, tagged in one call of the tagger; null when a sentence of the
 * joined text does not lie inside one text (the caller then tags each text alone). The tagger
 * reads each sentence on its own, so a text's sentences get the tags they get alone.
 */
function taggedTogether(proses: readonly string[]): TaggedTerm[][][] | null {
  const starts: number[] = [];
  let at = 0;
  for (const prose of proses) {
    starts.push(at);
    at += prose.length + SEPARATOR.length;
  }
  const joined = proses.join(SEPARATOR);
  const out: TaggedTerm[][][] = proses.map(() => []);
  let cursor = 0;
  let text = 0;
  for (const sentence of tagged(joined)) {
    const raw = sentence.map((t) => `${t.pre}${t.text}${t.post}`).join('');
    if (joined.slice(cursor, cursor + raw.length) !== raw) return null;
    const from = cursor + (LEADING_SPACE.exec(raw)?.[0].length ?? 0);
    const to = cursor + raw.length - (TRAILING_SPACE.exec(raw)?.[0].length ?? 0);
    cursor += raw.length;
    if (from >= to) continue;
    while (text + 1 < proses.length && (starts[text + 1] as number) <= from) text++;
    if (to > (starts[text] as number) + (proses[text] as string).length) return null;
    (out[text] as TaggedTerm[][]).push(sentence);
  }
  return cursor === joined.length ? out : null;
}

/** `proseEntities` of many texts, the same lists in the same order, in far fewer tagger calls. */
export function proseEntitiesMany(texts: readonly string[]): EntityMention[][] {
  const prepared = texts.map(prepare);
  const results = prepared.map((p) => p.out);
  const pending: number[] = [];
  let chars = 0;
  const flush = (): void => {
    chars = 0;
    const together = pending.length > 1 ? taggedTogether(pending.map((i) => prepared[i]?.prose as string)) : null;
    pending.forEach((i, k) => {
      const sentences = together?.[k] ?? tagged(prepared[i]?.prose as string);
      for (const sentence of sentences) sentenceEntities(sentence, results[i] as EntityMention[]);
    });
    pending.length = 0;
  };
  prepared.forEach((p, i) => {
    if (p.prose === null) return;
    if (CJK_STOP.test(p.prose)) {
      for (const sentence of tagged(p.prose)) sentenceEntities(sentence, results[i] as EntityMention[]);
      return;
    }
    pending.push(i);
    chars += p.prose.length;
    if (pending.length === TAG_BATCH || chars >= TAG_BATCH_CHARS) flush();
  });
  flush();
  return results;
}
