/**
 * @module adapters/embedder/builtin/abbreviations
 * Abbreviation expansion for the builtin embedder. The canonical table lives in
 * `core/text/abbreviations.ts` (query expansion reads it too); this module adds the few
 * embedder-only entries that are too specific for lexical expansion but help a word-vector
 * model, which has no useful vector for `pk` or `dtl` otherwise.
 *
 * Changing either table changes vectors: bump BUILTIN_MODEL_ID when it changes materially.
 */
import { SCHEMA_ABBREVIATIONS } from '../../../kernel/text/abbreviations.js';

export { SCHEMA_ABBREVIATIONS };

/** Embedder-only additions (lower-case abbreviation → lower-case words); the core table wins on overlap. */
export const EMBEDDER_ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['qnty', 'quantity'],
  ['ttl', 'total'],
  ['perc', 'percent'],
  ['wt', 'weight'],
  ['wgt', 'weight'],
  ['vol', 'volume'],
  ['len', 'length'],
  ['sz', 'size'],
  ['clnt', 'client'],
  ['empl', 'employee'],
  ['mngr', 'manager'],
  ['vnd', 'vendor'],
  ['mbr', 'member'],
  ['pers', 'person'],
  ['uid', 'user identifier'],
  ['uuid', 'unique identifier'],
  ['guid', 'unique identifier'],
  ['pk', 'primary key'],
  ['fk', 'foreign key'],
  ['nr', 'number'],
  ['adr', 'address'],
  ['eml', 'email'],
  ['ssn', 'social security number'],
  ['zip', 'postal code'],
  ['cty', 'city'],
  ['dte', 'date'],
  ['tstamp', 'timestamp'],
  ['dy', 'day'],
  ['dur', 'duration'],
  ['crt', 'created'],
  ['dtl', 'detail'],
  ['catg', 'category'],
  ['shp', 'shipment'],
  ['shpt', 'shipment'],
  ['dlv', 'delivery'],
  ['wh', 'warehouse'],
  ['param', 'parameter'],
  ['config', 'configuration'],
  ['env', 'environment'],
  ['prio', 'priority'],
  ['rsn', 'reason'],
  ['stts', 'status'],
  ['tgt', 'target'],
  ['prev', 'previous'],
  ['nxt', 'next'],
  ['orig', 'original'],
  ['auth', 'authorization'],
  ['pw', 'password'],
  ['info', 'information'],
  ['bkp', 'backup'],
  ['mkt', 'market'],
  ['hq', 'headquarters'],
  ['kpi', 'key performance indicator'],
]);

/** The expansion of one lower-case word, or `undefined` when it is not an abbreviation. */
export function expandAbbreviation(word: string): string | undefined {
  return Object.hasOwn(SCHEMA_ABBREVIATIONS, word) ? SCHEMA_ABBREVIATIONS[word] : EMBEDDER_ABBREVIATIONS.get(word);
}
