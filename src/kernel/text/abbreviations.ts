/**
 * @module kernel/text/abbreviations
 * The canonical table of abbreviations found in schema identifiers (`qty`, `cust_addr`,
 * `ord_hdr`). Query expansion reads it both ways (`qty` ↔ `quantity`), entity extraction
 * expands identifier words with it, and embedders may use it to vectorise abbreviations.
 * Keys are lower-case abbreviations; values are the singular, lower-case word or phrase.
 *
 * Left out on purpose because they are common English words or too ambiguous to expand
 * blindly: `cur` (currency/current), `sec` (second/security), `rev` (revenue/revision),
 * `exp` (expiry/expense/expression), `st` (street/state), `temp` (temperature/temporary),
 * `sub` (subscription/substitute), `reg` (region/registration), `sum` (a word itself),
 * `co` (company/co-).
 *
 * Code reads its own, smaller table (CODE_ABBREVIATIONS): this one's `ts`, `id`, `src`, `desc`
 * or `min` mean something else in a program, or are on every file.
 */
export const SCHEMA_ABBREVIATIONS: Readonly<Record<string, string>> = Object.freeze({
  // quantities and money
  qty: 'quantity',
  amt: 'amount',
  prc: 'price',
  bal: 'balance',
  cnt: 'count',
  pct: 'percent',
  avg: 'average',
  tot: 'total',
  min: 'minimum',
  max: 'maximum',
  val: 'value',
  disc: 'discount',
  dsc: 'discount',
  ccy: 'currency',
  fx: 'foreign exchange',
  curr: 'currency',
  // people and parties
  cust: 'customer',
  usr: 'user',
  emp: 'employee',
  mgr: 'manager',
  org: 'organization',
  dept: 'department',
  acct: 'account',
  vndr: 'vendor',
  vend: 'vendor',
  supp: 'supplier',
  corp: 'corporation',
  // commerce documents
  ord: 'order',
  inv: 'invoice',
  itm: 'item',
  ln: 'line',
  hdr: 'header',
  prd: 'product',
  prod: 'product',
  cat: 'category',
  txn: 'transaction',
  trx: 'transaction',
  pmt: 'payment',
  pymt: 'payment',
  shpmt: 'shipment',
  dlvry: 'delivery',
  rcpt: 'receipt',
  whse: 'warehouse',
  po: 'purchase order',
  sku: 'stock keeping unit',
  uom: 'unit of measure',
  promo: 'promotion',
  stmt: 'statement',
  // support and workflow
  tkt: 'ticket',
  esc: 'escalation',
  hist: 'history',
  req: 'request',
  resp: 'response',
  msg: 'message',
  cmt: 'comment',
  pri: 'priority',
  lvl: 'level',
  // identity, naming, codes
  id: 'identifier',
  num: 'number',
  nbr: 'number',
  no: 'number',
  nm: 'name',
  cd: 'code',
  desc: 'description',
  descr: 'description',
  typ: 'type',
  sts: 'status',
  stat: 'status',
  flg: 'flag',
  ind: 'indicator',
  ref: 'reference',
  seq: 'sequence',
  idx: 'index',
  ver: 'version',
  attr: 'attribute',
  grp: 'group',
  proj: 'project',
  doc: 'document',
  img: 'image',
  // time
  dt: 'date',
  ts: 'timestamp',
  tz: 'timezone',
  yr: 'year',
  qtr: 'quarter',
  mth: 'month',
  wk: 'week',
  hr: 'hour',
  dob: 'date of birth',
  eff: 'effective',
  upd: 'updated',
  // places and contact
  addr: 'address',
  ctry: 'country',
  cntry: 'country',
  rgn: 'region',
  loc: 'location',
  lat: 'latitude',
  lng: 'longitude',
  lon: 'longitude',
  tel: 'telephone',
  phn: 'phone',
  fname: 'first name',
  lname: 'last name',
  // systems
  src: 'source',
  dst: 'destination',
  dest: 'destination',
  cfg: 'configuration',
  svc: 'service',
  sys: 'system',
  pwd: 'password',
  lang: 'language',
  mktg: 'marketing',
  calc: 'calculation',
  est: 'estimated',
  tmp: 'temporary',
});

/**
 * Abbreviations of a program's identifiers and paths (`wsLink`, `dbCtx`, `parseReq`), spelled
 * out in code chunks' search text so `websocket` finds `wsLink.ts`. Values are one lower-case word.
 *
 * Left out on purpose: `res` (response/result/resolve), `sub` (subscription/subscriber/subject),
 * `auth` (authentication/authorization), `doc` (document/documentation), and the keywords and
 * built-in names of some language, whose count says how a file is written rather than what it
 * is about: `fn`, `func`, `impl`, `init`, `str`, `val`, `async`.
 */
export const CODE_ABBREVIATIONS: Readonly<Record<string, string>> = Object.freeze({
  ws: 'websocket',
  wss: 'websocket',
  db: 'database',
  tx: 'transaction',
  trx: 'transaction',
  txn: 'transaction',
  req: 'request',
  resp: 'response',
  ctx: 'context',
  cfg: 'configuration',
  conf: 'configuration',
  config: 'configuration',
  msg: 'message',
  err: 'error',
  env: 'environment',
  repo: 'repository',
  util: 'utility',
  param: 'parameter',
  arg: 'argument',
  cb: 'callback',
  evt: 'event',
  cmd: 'command',
  btn: 'button',
  img: 'image',
  num: 'number',
  idx: 'index',
  pkg: 'package',
  dir: 'directory',
  tmp: 'temporary',
});

/** What `table` spells `word` out as (an own key only: `constructor` is no abbreviation). */
export const fullFormIn = (table: Readonly<Record<string, string>>, word: string): string | undefined => (Object.hasOwn(table, word) ? table[word] : undefined);

/** The full forms of the abbreviations among `words` (`lookup` gives one's full form), each once, in the order met. */
export function fullForms(words: Iterable<string>, lookup: (word: string) => string | undefined): string[] {
  const out = new Set<string>();
  for (const word of words) {
    const full = lookup(word);
    if (full) out.add(full);
  }
  return [...out];
}
