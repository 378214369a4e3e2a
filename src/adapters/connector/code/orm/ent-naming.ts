/**
 * @module adapters/connector/code/orm/ent-naming
 * The names ent (`entgo.io/ent`) derives from a schema: a type's table is its Go name made plural by
 * the inflection rules ent's code generator uses (go-openapi/inflect's default set, whose suffixes
 * match case-sensitively: `Category` gives `Categories`, but `Bus` stays `Bus`), then put in snake
 * case by ent's own rule (`UserInfo`: `user_info`, `HTTPServer`: `http_server`, a last capital
 * letter not split off). Method names take an edge's name in Pascal case (`friend_requests`:
 * `FriendRequests`, an initialism such as `id` upper case).
 */
import pluralize from 'pluralize';

/** Words left as they are. */
const UNCOUNTABLE = new Set(['equipment', 'information', 'rice', 'money', 'species', 'series', 'fish', 'sheep', 'jeans', 'police']);

/** `[suffix, replacement]`, the first whose suffix ends the word wins; an exact word is marked by `=`. */
const PLURALS: ReadonlyArray<readonly [string, string]> = [
  ...[
    ['zombie', 'zombies'],
    ['move', 'moves'],
    ['sex', 'sexes'],
    ['child', 'children'],
    ['man', 'men'],
    ['person', 'people'],
  ].flatMap(([one, many]) => [[many!, many!] as const, [one!, many!] as const]),
  ['=quiz', 'quizzes'],
  ['=oxen', 'oxen'],
  ['=ox', 'oxen'],
  ['lice', 'lice'],
  ['mice', 'mice'],
  ['louse', 'lice'],
  ['mouse', 'mice'],
  ['index', 'indices'],
  ['vertex', 'vertices'],
  ['matrex', 'matrices'],
  ['indix', 'indices'],
  ['vertix', 'vertices'],
  ['matrix', 'matrices'],
  ['sh', 'shes'],
  ['ss', 'sses'],
  ['ch', 'ches'],
  ['x', 'xes'],
  // a consonant's `y` (and `quy`), and `fe` after any letter but `f`
  ...[...'bcdfghjklmnpqrstvwxz'].map((c) => [`${c}y`, `${c}ies`] as const),
  ['quy', 'quies'],
  ['hive', 'hives'],
  ...[...'abcdeghijklmnopqrstuvwxyz'].map((c) => [`${c}fe`, `${c}ves`] as const),
  ['rf', 'rves'],
  ['lf', 'lves'],
  ['sis', 'ses'],
  ['ia', 'ia'],
  ['ta', 'ta'],
  ['ium', 'ia'],
  ['tum', 'ta'],
  ['tomato', 'tomatoes'],
  ['buffalo', 'buffaloes'],
  ['bus', 'buses'],
  ['status', 'statuses'],
  ['alias', 'aliases'],
  ['viri', 'viri'],
  ['octopi', 'octopi'],
  ['virus', 'viri'],
  ['octopus', 'octopi'],
  ['axis', 'axes'],
  ['testis', 'testes'],
  ['s', 's'],
];

/** A type's name made plural as ent's generator does it (`User`: `Users`, `Category`: `Categories`). */
export function entPlural(word: string): string {
  if (!word || UNCOUNTABLE.has(word.toLowerCase())) return word;
  for (const [suffix, replacement] of PLURALS) {
    if (suffix.startsWith('=')) {
      if (word === suffix.slice(1)) return replacement;
    } else if (word.endsWith(suffix)) return word.slice(0, word.length - suffix.length) + replacement;
  }
  return `${word}s`;
}

const upper = (c: string | undefined) => !!c && c !== c.toLowerCase() && c === c.toUpperCase();
const lower = (c: string | undefined) => !!c && c !== c.toUpperCase() && c === c.toLowerCase();
const letter = (c: string | undefined) => upper(c) || lower(c);

/** A Go name in snake case as ent writes it: `_` before a capital (not the first or the last) after a lower-case letter, or before a capital starting a word after a run of capitals. */
export function entSnake(name: string): string {
  let out = '';
  let last = -1;
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    if (i > 0 && i < name.length - 1 && upper(c) && (lower(name[i - 1]) || (last !== i - 1 && lower(name[i + 1]) && letter(name[i - 1])))) {
      last = i;
      out += '_';
    }
    out += c.toLowerCase();
  }
  return out;
}

/** The table ent gives a schema type by default. */
export const entTable = (type: string) => entSnake(entPlural(type));

/** The initialisms ent writes upper case in a generated name. */
const INITIALISMS = new Set(
  'ACL API ASCII AWS CPU CSS DNS EOF GB GUID HCL HTML HTTP HTTPS ID IP JSON KB LHS MAC MB QPS RAM RHS RPC SLA SMTP SQL SSH SSO TCP TLS TTL UDP UI UID URI URL UTF8 UUID VM XML XMPP XSRF XSS'.split(
    ' ',
  ),
);

/** An edge's or a field's name in Pascal case, as the generated methods carry it (`owner_id`: `OwnerID`). */
export const entPascal = (name: string) =>
  name
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((w) => (INITIALISMS.has(w.toUpperCase()) ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1)))
    .join('');

/** An edge's name made singular, for the second column of a join table of a type with itself (`friends`: `friend`). */
export const entSingular = (name: string) => pluralize.singular(name);
