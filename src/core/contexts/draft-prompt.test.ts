import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { abbreviatedShare, buildDraftPrompt, crypticScore, judgeDraftAnswer, MAX_CONTEXT_CHARS, type DraftSubject } from './draft-prompt.js';

const subject: DraftSubject = {
  id: 'demo:table:billing.inv_ln_itm',
  source: 'demo',
  kind: 'table',
  path: 'billing.inv_ln_itm',
  name: 'inv_ln_itm',
  comment: null,
  definition: null,
  columns: [
    { name: 'inv_ln_itm_id', dataType: 'integer', nullable: false, primaryKey: true, references: null, comment: null },
    { name: 'inv_id', dataType: 'bigint', nullable: false, primaryKey: false, references: 'billing.invoice.invoice_id', comment: null },
    { name: 'qty', dataType: 'numeric(10,2)', nullable: false, primaryKey: false, references: null, comment: 'units\n billed' },
  ],
  constraints: ['inv_ln_itm_inv_id_ln_nbr_key: UNIQUE (inv_id, ln_nbr)'],
  neighbours: [
    { relation: 'references', kind: 'table', path: 'billing.invoice', columns: 'inv_id → invoice_id', comment: 'A tax invoice sent to a billing account.' },
  ],
};

describe('draft prompt', () => {
  it('numbers every schema signal as a fact: name, columns with keys and comments, constraints, neighbours', () => {
    const { messages, facts } = buildDraftPrompt(subject);
    expect(facts.map((f) => `${f.id}: ${f.text}`)).toEqual([
      'F1: table billing.inv_ln_itm',
      'F2: column inv_ln_itm_id integer (primary key, not null)',
      'F3: column inv_id bigint (not null, references billing.invoice.invoice_id)',
      'F4: column qty numeric(10,2) (not null) -- units billed',
      'F5: constraint inv_ln_itm_inv_id_ln_nbr_key: UNIQUE (inv_id, ln_nbr)',
      'F6: references table billing.invoice (inv_id → invoice_id) -- A tax invoice sent to a billing account.',
    ]);
    expect(messages[0]!.role).toBe('system');
    expect(messages[0]!.content).toMatch(/\{"skip": /);
    expect(messages[1]!.content).toBe(`Source "demo". Facts about table billing.inv_ln_itm:\n${facts.map((f) => `${f.id}: ${f.text}`).join('\n')}`);
  });

  it('adds what people wrote on the source or schema, after the structure', () => {
    const { facts } = buildDraftPrompt({ ...subject, inherited: ['on schema billing: The finance\nsystem, migrated from the old ERP'] });
    expect(facts.at(-1)).toEqual({ id: 'F7', text: 'context written by a person on schema billing: The finance system, migrated from the old ERP' });
  });

  it('shows a view its definition and is deterministic (the cache key depends on it)', () => {
    const view: DraftSubject = { ...subject, kind: 'view', path: 'support.v_x', definition: 'SELECT a.agent_id\n  FROM support.agent a', columns: [] };
    const first = buildDraftPrompt(view);
    expect(first.facts[1]!.text).toBe('view definition: SELECT a.agent_id FROM support.agent a');
    expect(buildDraftPrompt(view)).toEqual(first);
  });

  it('is built from metadata alone: the module can reach no connector, store or data', () => {
    const source = readFileSync(fileURLToPath(new URL('./draft-prompt.ts', import.meta.url)), 'utf8');
    const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(imports).toEqual(['../../ports/llm.js']);
    expect(source).toMatch(/^import type /m);
  });
});

describe('judging an answer', () => {
  const { facts } = buildDraftPrompt(subject);
  const judge = (answer: string) => judgeDraftAnswer(answer, facts);

  it('keeps a grounded draft with the facts it cites (in JSON or wrapped in prose)', () => {
    const answer = 'Sure:\n```json\n{"context": "One line of an invoice:\\n what was billed.", "evidence": ["F1", "F3: column inv_id", "F3"]}\n```';
    expect(judge(answer)).toEqual({ status: 'drafted', context: 'One line of an invoice: what was billed.', evidence: [facts[0], facts[2]] });
  });

  it('skips, with the reason, what it cannot trust', () => {
    const cases: Array<[string, RegExp]> = [
      ['', /empty answer/],
      ['   ', /empty answer/],
      ["I'm sorry, but I can't help with that.", /^the model refused: "I'm sorry/],
      ['{"context": "One line", "evidence": ["F1"]', /^malformed answer \(not a JSON object\)/],
      ['[1, 2]', /^malformed answer/],
      ['{"evidence": ["F1"]}', /no "context" text/],
      ['{"context": "   ", "evidence": ["F1"]}', /no "context" text/],
      ['{"context": "I cannot determine what this table holds.", "evidence": ["F1"]}', /^the model refused/],
      ['{"context": "Invoice lines.", "evidence": []}', /cites no evidence/],
      ['{"context": "Invoice lines."}', /cites no evidence/],
      ['{"context": "Invoice lines.", "evidence": ["F1", "F42"]}', /evidence "F42" is not among the signals given/],
      ['{"context": "Invoice lines.", "evidence": ["the table name"]}', /evidence "the table name" is not among the signals given/],
      ['{"context": "Invoice lines.", "evidence": [7]}', /evidence "7" is not among the signals given/],
      [`{"context": "${'x'.repeat(MAX_CONTEXT_CHARS + 1)}", "evidence": ["F1"]}`, /too long/],
      ['{"skip": "names are opaque and nothing references it"}', /^the model found the signals too weak: names are opaque/],
      ['{"skip": true, "context": "a guess", "evidence": ["F1"]}', /too weak: no reason given/],
    ];
    for (const [answer, reason] of cases) {
      const verdict = judge(answer);
      expect(verdict.status, answer).toBe('skipped');
      expect(verdict.status === 'skipped' && verdict.reason, answer).toMatch(reason);
    }
  });
});

describe('cryptic names first', () => {
  it('scores abbreviated, uncommented legacy tables above documented ones', () => {
    expect(abbreviatedShare('inv_ln_itm')).toBe(1);
    expect(abbreviatedShare('invoice_line')).toBe(0);
    expect(abbreviatedShare('ticketEscHist')).toBe(2 / 3);
    const legacy = crypticScore({ name: 'tkt_esc_hist', comment: null, columns: [{ name: 'esc_lvl', comment: null }] });
    const documented = crypticScore({ name: 'ticket', comment: 'A support request', columns: [{ name: 'status', comment: 'open or closed' }] });
    const uncommentedPlain = crypticScore({ name: 'ticket', comment: null, columns: [{ name: 'status', comment: null }] });
    expect(legacy).toBeGreaterThan(uncommentedPlain);
    expect(uncommentedPlain).toBeGreaterThan(documented);
    expect(documented).toBe(0);
  });
});
