/**
 * A generated, seeded database catalog for the scale benchmark: schemas of a business (sales,
 * billing, logistics, …), tables named like real ones (`order_line`, `customer_address_history`,
 * `stg_invoice_daily`), columns with types, keys, foreign keys and comments written from
 * templates with varied wording, and realistic gaps (many columns have no comment). Built as
 * CatalogObjects, the shape the postgres connector produces, so it runs through the normal ingest.
 */
import type { CatalogEdge, CatalogObject, SourceSnapshot } from '../src/ports/catalog.js';

/** mulberry32: small, seeded, fast. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCHEMAS: Record<string, string[]> = {
  sales: ['order', 'quote', 'opportunity', 'deal', 'customer', 'channel', 'territory', 'commission', 'discount', 'price list'],
  billing: ['invoice', 'payment', 'refund', 'credit note', 'tax rate', 'billing account', 'dunning notice', 'subscription', 'plan', 'usage record'],
  inventory: ['product', 'sku', 'warehouse', 'stock level', 'bin location', 'stock movement', 'cycle count', 'lot', 'serial number', 'reorder rule'],
  logistics: ['shipment', 'parcel', 'carrier', 'route', 'delivery slot', 'tracking event', 'return label', 'freight rate', 'customs declaration', 'depot'],
  hr: ['employee', 'department', 'position', 'payroll run', 'leave request', 'timesheet', 'benefit plan', 'performance review', 'contract', 'candidate'],
  marketing: ['campaign', 'audience segment', 'email send', 'landing page', 'lead', 'coupon', 'ad spend', 'attribution touch', 'newsletter', 'survey response'],
  finance: [
    'ledger entry',
    'journal',
    'cost center',
    'budget',
    'exchange rate',
    'fiscal period',
    'accrual',
    'asset',
    'depreciation schedule',
    'bank statement',
  ],
  support: ['ticket', 'agent', 'sla policy', 'escalation', 'knowledge article', 'chat session', 'satisfaction rating', 'macro', 'queue', 'incident'],
  crm: ['account', 'contact', 'activity', 'meeting', 'call log', 'note', 'partner', 'relationship', 'renewal', 'health score'],
  procurement: [
    'supplier',
    'purchase order',
    'requisition',
    'goods receipt',
    'vendor invoice',
    'contract term',
    'catalog item',
    'approval step',
    'rfq',
    'supplier rating',
  ],
  manufacturing: [
    'work order',
    'bill of material',
    'routing step',
    'machine',
    'production batch',
    'quality check',
    'scrap record',
    'shift',
    'downtime event',
    'tooling',
  ],
  payments: ['card token', 'payment intent', 'chargeback', 'payout', 'settlement', 'fraud signal', 'wallet', 'transfer', 'fee', 'dispute'],
  identity: ['user', 'role', 'permission', 'session', 'api key', 'login attempt', 'mfa device', 'organization', 'invitation', 'audit event'],
  analytics: ['page view', 'funnel step', 'cohort', 'experiment', 'variant assignment', 'metric', 'dashboard', 'kpi target', 'forecast', 'churn score'],
  content: ['article', 'author', 'media asset', 'tag', 'comment', 'translation', 'publication', 'category', 'revision', 'reading list'],
  events: ['event', 'venue', 'ticket sale', 'attendee', 'speaker', 'session slot', 'sponsor', 'booth', 'check in', 'feedback form'],
  catalog: ['brand', 'product family', 'attribute', 'variant', 'image', 'bundle', 'collection', 'size chart', 'supplier product', 'listing'],
  compliance: [
    'policy',
    'control',
    'risk',
    'audit finding',
    'consent record',
    'data request',
    'retention rule',
    'training record',
    'attestation',
    'vendor assessment',
  ],
  partners: [
    'reseller',
    'referral',
    'partner tier',
    'deal registration',
    'rebate',
    'co marketing fund',
    'certification',
    'territory assignment',
    'partner contact',
    'payout statement',
  ],
  reporting: [
    'daily revenue',
    'weekly active user',
    'monthly recurring revenue',
    'order summary',
    'inventory snapshot',
    'margin report',
    'sales target',
    'region summary',
    'cohort retention',
    'ltv estimate',
  ],
};

const TABLE_SUFFIXES = [
  '',
  '',
  '',
  '',
  'line',
  'item',
  'history',
  'event',
  'log',
  'status',
  'type',
  'assignment',
  'snapshot',
  'summary',
  'audit',
  'xref',
  'daily',
  'monthly',
  'archive',
  'detail',
  'note',
  'tag',
  'version',
  'link',
  'queue',
  'import',
  'export',
  'config',
  'rule',
  'schedule',
];
const TABLE_PREFIXES = ['', '', '', '', '', '', 'stg', 'tmp', 'legacy', 'dim', 'fact', 'agg', 'raw', 'int', 'v2', 'ext'];
const QUALIFIERS = [
  '',
  '',
  '',
  'customer',
  'internal',
  'external',
  'pending',
  'archived',
  'regional',
  'global',
  'partner',
  'vendor',
  'online',
  'retail',
  'wholesale',
  'annual',
  'open',
  'closed',
  'draft',
  'approved',
];

const ATTRIBUTES: Array<{ name: string; type: string; comment: string[] }> = [
  {
    name: 'name',
    type: 'text',
    comment: ['Display name of the {n}.', 'Human readable name of the {n}, shown in the back office.', 'Name as entered by the {team} team.'],
  },
  { name: 'description', type: 'text', comment: ['Free text description of the {n}.', 'Longer explanation shown on the {n} detail page.'] },
  {
    name: 'status',
    type: 'text',
    comment: [
      'Lifecycle status of the {n}: draft, active, closed.',
      'Current state of the {n}; see the {team} runbook for transitions.',
      'Workflow status, updated by the {system} job.',
    ],
  },
  {
    name: 'created_at',
    type: 'timestamptz',
    comment: ['When the {n} was created (UTC).', 'Creation time of the row.', 'Timestamp the {system} recorded the {n}.'],
  },
  { name: 'updated_at', type: 'timestamptz', comment: ['Last modification time (UTC).', 'When the {n} last changed.'] },
  { name: 'deleted_at', type: 'timestamptz', comment: ['Soft delete marker: set when the {n} is removed.', 'When the {n} was archived; NULL while active.'] },
  {
    name: 'amount_cents',
    type: 'bigint',
    comment: [
      'Amount of the {n} in cents, in the currency of the row.',
      'Gross amount in minor units, including tax.',
      'Net {n} amount in cents before discounts.',
    ],
  },
  { name: 'currency_code', type: 'char(3)', comment: ['ISO 4217 currency of the amounts.', 'Three letter currency code (EUR, USD, GBP).'] },
  { name: 'quantity', type: 'integer', comment: ['Number of units on the {n}.', 'Quantity ordered or moved, in units.'] },
  { name: 'unit_price_cents', type: 'bigint', comment: ['Price per unit in cents at the time of the {n}.', 'List price per unit, in minor units.'] },
  { name: 'email', type: 'text', comment: ['Contact e-mail address for the {n}.', 'E-mail used for notifications about the {n}.'] },
  { name: 'phone', type: 'text', comment: ['Phone number in E.164 format.', 'Contact phone number of the {n}.'] },
  { name: 'country_code', type: 'char(2)', comment: ['ISO 3166 country of the {n}.', 'Two letter country code used for tax and shipping.'] },
  { name: 'city', type: 'text', comment: ['City of the {n} address.'] },
  { name: 'postal_code', type: 'text', comment: ['Postal or ZIP code.'] },
  { name: 'address_line1', type: 'text', comment: ['First line of the street address.'] },
  { name: 'is_active', type: 'boolean', comment: ['Whether the {n} is currently active.', 'False once the {n} has been retired by the {team} team.'] },
  { name: 'external_ref', type: 'text', comment: ['Identifier of the {n} in the {system}.', 'Reference used by the {system} integration.'] },
  { name: 'notes', type: 'text', comment: ['Internal notes, never shown to customers.', 'Remarks added by the {team} team.'] },
  { name: 'score', type: 'numeric', comment: ['Score between 0 and 100 computed nightly by the {system}.', 'Model score of the {n}; higher is better.'] },
  { name: 'rating', type: 'smallint', comment: ['Star rating from 1 to 5.'] },
  { name: 'started_at', type: 'timestamptz', comment: ['When the {n} started.'] },
  { name: 'ended_at', type: 'timestamptz', comment: ['When the {n} ended; NULL while it runs.'] },
  { name: 'valid_from', type: 'date', comment: ['First day the {n} applies.'] },
  { name: 'valid_to', type: 'date', comment: ['Last day the {n} applies; NULL means open ended.'] },
  { name: 'priority', type: 'smallint', comment: ['Priority of the {n}, 1 is the most urgent.'] },
  { name: 'weight_grams', type: 'integer', comment: ['Weight in grams, used for freight pricing.'] },
  { name: 'tax_rate', type: 'numeric(5,4)', comment: ['Tax rate applied to the {n}, as a fraction.'] },
  { name: 'discount_percent', type: 'numeric(5,2)', comment: ['Discount granted on the {n}, in percent.'] },
  { name: 'source_system', type: 'text', comment: ['System the {n} was imported from.'] },
  { name: 'region', type: 'text', comment: ['Sales region responsible for the {n} (EMEA, AMER, APAC).'] },
  { name: 'owner_user_id', type: 'bigint', comment: ['User who owns the {n}.'] },
  { name: 'approved_by', type: 'bigint', comment: ['Employee who approved the {n}.'] },
  { name: 'approved_at', type: 'timestamptz', comment: ['When the {n} was approved.'] },
  { name: 'due_date', type: 'date', comment: ['Date the {n} is due.'] },
  { name: 'sequence_no', type: 'integer', comment: ['Position of the {n} within its parent.'] },
  { name: 'metadata', type: 'jsonb', comment: ['Extra attributes as JSON, schema defined by the {system}.'] },
  { name: 'cust_seg_cd', type: 'text', comment: ['Customer segment code (legacy abbreviation).'] },
  { name: 'qty_on_hand', type: 'integer', comment: ['Units physically on hand.'] },
  { name: 'amt_net', type: 'numeric(12,2)', comment: ['Net amount after discounts.'] },
];

const TEAMS = ['finance', 'operations', 'growth', 'data', 'platform', 'support', 'logistics', 'risk', 'revenue', 'partner'];
const SYSTEMS = ['ERP', 'Salesforce', 'SAP', 'Stripe', 'Zendesk', 'warehouse management system', 'billing engine', 'data lake', 'HubSpot', 'Workday'];
const VERBS = ['recorded', 'maintained', 'owned', 'loaded', 'reconciled', 'curated', 'reviewed', 'synchronised'];
const CADENCE = ['nightly', 'hourly', 'every fifteen minutes', 'on every change', 'weekly', 'at month end'];

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const snake = (words: string): string => words.trim().replace(/\s+/g, '_');
const plural = (noun: string): string => (noun.endsWith('s') ? noun : noun.endsWith('y') && !/[aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`);

interface TablePlan {
  schema: string;
  name: string;
  noun: string;
  columns: number;
}

function fill(template: string, rnd: () => number, noun: string): string {
  return template.replaceAll('{n}', noun).replaceAll('{team}', pick(rnd, TEAMS)).replaceAll('{system}', pick(rnd, SYSTEMS));
}

/** Column counts per table: 4..60, skewed (most tables are narrow, a few are wide), summing to `columns`. */
function columnCounts(rnd: () => number, tables: number, columns: number): number[] {
  const raw = Array.from({ length: tables }, () => 4 + Math.floor(Math.pow(rnd(), 2.2) * 56));
  const scale = columns / raw.reduce((a, b) => a + b, 0);
  const counts = raw.map((n) => Math.max(3, Math.round(n * scale)));
  let diff = columns - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0; i = (i + 1) % tables) {
    if (diff > 0) {
      counts[i]!++;
      diff--;
    } else if (counts[i]! > 3) {
      counts[i]!--;
      diff++;
    }
  }
  return counts;
}

/** `tables` tables with `columns` columns in all, spread over the business schemas. Deterministic per seed. */
export function generateCatalog(source: string, tables: number, columns: number, seed = 42): SourceSnapshot {
  const rnd = seeded(seed);
  const schemaNames = Object.keys(SCHEMAS);
  const plans: TablePlan[] = [];
  const taken = new Set<string>();
  const counts = columnCounts(rnd, tables, columns);
  for (let t = 0; plans.length < tables; t++) {
    const schema = schemaNames[t % schemaNames.length]!;
    const noun = pick(rnd, SCHEMAS[schema]!);
    const parts = [pick(rnd, TABLE_PREFIXES), pick(rnd, QUALIFIERS), noun, pick(rnd, TABLE_SUFFIXES)].filter(Boolean);
    let name = snake(parts.join(' '));
    if (taken.has(`${schema}.${name}`)) name = `${name}_${plans.length}`;
    taken.add(`${schema}.${name}`);
    plans.push({ schema, name, noun, columns: counts[plans.length]! });
  }

  const objects: CatalogObject[] = [];
  const edges: CatalogEdge[] = [];
  const id = (kind: string, path: string): string => `${source}:${kind}:${path}`;
  for (const schema of schemaNames) {
    objects.push({
      id: id('schema', schema),
      source,
      kind: 'schema',
      path: schema,
      name: schema,
      parentId: null,
      resource: `schema:${schema}`,
      comment: `The ${schema} domain: ${SCHEMAS[schema]!.slice(0, 4).map(plural).join(', ')} and related data.`,
      definition: null,
      attributes: { owner: `${schema}_owner` },
    });
  }
  // tables other tables can reference, by noun
  const byNoun = new Map<string, TablePlan[]>();
  for (const p of plans) byNoun.set(p.noun, [...(byNoun.get(p.noun) ?? []), p]);
  const nouns = [...byNoun.keys()];

  for (const plan of plans) {
    const path = `${plan.schema}.${plan.name}`;
    const tableId = id('table', path);
    const resource = `relation:${path}`;
    const readable = plan.name.replace(/_/g, ' ');
    const comment =
      rnd() < 0.85
        ? `${pick(rnd, ['One row per', 'Each row is a', 'Holds every', 'Stores one'])} ${plan.noun}${rnd() < 0.5 ? ` ${pick(rnd, VERBS)} by the ${pick(rnd, TEAMS)} team` : ''}. ` +
          `${pick(rnd, [`Loaded ${pick(rnd, CADENCE)} from the ${pick(rnd, SYSTEMS)}.`, `Source of truth for ${plural(plan.noun)} in ${plan.schema}.`, `Used by the ${pick(rnd, TEAMS)} reports on ${readable}.`, `Kept for ${1 + Math.floor(rnd() * 9)} years for audits.`, ''])}`.trim()
        : null;
    objects.push({
      id: tableId,
      source,
      kind: 'table',
      path,
      name: plan.name,
      parentId: id('schema', plan.schema),
      resource,
      comment,
      definition: null,
      attributes: { rowEstimate: Math.floor(Math.pow(10, 2 + rnd() * 6)), owner: `${plan.schema}_owner`, partitionOf: null },
    });
    const used = new Set<string>();
    const addColumn = (name: string, dataType: string, columnComment: string | null, extra: Record<string, unknown> = {}): void => {
      if (used.has(name)) return;
      used.add(name);
      objects.push({
        id: id('column', `${path}.${name}`),
        source,
        kind: 'column',
        path: `${path}.${name}`,
        name,
        parentId: tableId,
        resource,
        comment: columnComment,
        definition: null,
        attributes: {
          dataType,
          nullable: name !== 'id',
          default: null,
          identity: null,
          generated: '',
          position: used.size,
          isPrimaryKey: name === 'id',
          ...extra,
        },
      });
    };
    addColumn('id', 'bigint', rnd() < 0.3 ? `Surrogate key of the ${plan.noun}.` : null);
    let guard = 0;
    while (used.size < plan.columns && guard++ < plan.columns * 20) {
      const r = rnd();
      if (r < 0.2) {
        // a foreign key to a table of another noun
        const noun = pick(rnd, nouns);
        const target = pick(rnd, byNoun.get(noun)!);
        const name = `${snake(noun)}_id`;
        const targetPath = `${target.schema}.${target.name}`;
        if (used.has(name)) continue;
        addColumn(name, 'bigint', rnd() < 0.6 ? `The ${noun} this ${plan.noun} belongs to (${targetPath}).` : null, {
          references: id('column', `${targetPath}.id`),
        });
        edges.push({
          fromId: tableId,
          toId: id('table', targetPath),
          kind: 'foreign_key',
          resource,
          attributes: { columns: [name], referencedColumns: ['id'] },
        });
      } else if (r < 0.75) {
        const a = pick(rnd, ATTRIBUTES);
        addColumn(a.name, a.type, rnd() < 0.6 ? fill(pick(rnd, a.comment), rnd, plan.noun) : null);
      } else {
        // a noun-specific attribute: `<noun>_<attr>` (`invoice_amount_cents`, `shipment_status`)
        const a = pick(rnd, ATTRIBUTES);
        const name = `${snake(plan.noun)}_${a.name}`;
        addColumn(name, a.type, rnd() < 0.5 ? fill(pick(rnd, a.comment), rnd, plan.noun) : null);
      }
    }
    for (let i = 0; used.size < plan.columns; i++) addColumn(`attr_${String(i).padStart(2, '0')}`, 'text', null);
  }
  return { objects, edges, info: { generated: true, seed } };
}

/** `count` varied queries over the catalog's vocabulary: phrases, questions, identifiers, abbreviations. */
export function generateQueries(count: number, seed = 7): string[] {
  const rnd = seeded(seed);
  const nouns = Object.values(SCHEMAS).flat();
  const attrs = ATTRIBUTES.map((a) => a.name.replace(/_/g, ' '));
  const templates: Array<() => string> = [
    () => `${pick(rnd, nouns)} ${pick(rnd, attrs)}`,
    () => `which table has the ${pick(rnd, attrs)} of each ${pick(rnd, nouns)}`,
    () =>
      `total ${pick(rnd, ['revenue', 'amount', 'quantity', 'cost', 'tax'])} per ${pick(rnd, nouns)} by ${pick(rnd, ['month', 'region', 'country', 'channel', 'customer'])}`,
    () => `${snake(pick(rnd, nouns))}_${snake(pick(rnd, attrs))}`,
    () => `when was the ${pick(rnd, nouns)} ${pick(rnd, ['created', 'approved', 'shipped', 'closed', 'paid', 'updated'])}`,
    () => `${plural(pick(rnd, nouns))} loaded from ${pick(rnd, SYSTEMS)}`,
    () => `${pick(rnd, ['cust', 'ord', 'inv', 'qty', 'amt', 'addr'])} ${pick(rnd, ['id', 'dt', 'num', 'desc', 'cd'])}`,
    () => `how many ${plural(pick(rnd, nouns))} are ${pick(rnd, ['open', 'active', 'overdue', 'pending', 'archived'])}`,
    () => `${pick(rnd, nouns)} owned by the ${pick(rnd, TEAMS)} team`,
    () => `${pick(rnd, ['link', 'join', 'relationship'])} between ${pick(rnd, nouns)} and ${pick(rnd, nouns)}`,
  ];
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(templates[i % templates.length]!());
  return out;
}
