import { describe, expect, it } from 'vitest';
import { buildPlanPrompt, fallbackNote, parsePlanAnswer } from './llm-plan.js';
import { SextantError } from '../../kernel/errors.js';

const KNOWN = new Set(['src/pay.ts', 'src/money.ts', 'src/cli.ts']);

describe('LLM plan answers', () => {
  it('keeps steps with known files, numbered, in order; unknown files and empty steps dropped', () => {
    const steps = parsePlanAnswer(
      JSON.stringify({
        steps: [
          { title: 'Entry', files: ['src/cli.ts', '/etc/passwd', 'src/cli.ts'], why: 'where it starts' },
          { title: 'Invented', files: ['src/nowhere.ts'], why: 'x' },
          { title: 'Core', files: ['./src/pay.ts', 'src/money.ts'] },
        ],
      }),
      KNOWN,
    );
    expect(steps).toEqual([
      { step: 1, title: 'Entry', files: ['src/cli.ts'], why: 'where it starts' },
      { step: 2, title: 'Core', files: ['src/pay.ts', 'src/money.ts'], why: 'Core' },
    ]);
  });

  it('reads a fenced answer and a bare list', () => {
    expect(parsePlanAnswer('```json\n[{"title":"A","files":["src/pay.ts"],"why":"w"}]\n```', KNOWN)).toHaveLength(1);
  });

  it('refuses what is not a usable plan, each with its reason', () => {
    expect(() => parsePlanAnswer('Sure! Read pay.ts first.', KNOWN)).toThrow(/did not answer JSON/);
    expect(() => parsePlanAnswer('{"steps": []}', KNOWN)).toThrow(/no steps/);
    expect(() => parsePlanAnswer('{"steps": [{"title": "A", "files": ["lib/x.ts"]}]}', KNOWN)).toThrow(/none of the files/);
  });

  it('the prompt lists every file with its relation, comment and symbols, and the draft', () => {
    const [system, user] = buildPlanPrompt({
      request: 'how is payment done',
      seed: 'src/pay.ts',
      files: [
        { path: 'src/pay.ts', relation: 'the starting file', comment: 'Pays an invoice.', symbols: ['pay'] },
        { path: 'src/money.ts', relation: 'imported by the starting file', comment: null, symbols: [] },
      ],
      draft: { request: 'how is payment done', writtenBy: 'rules', steps: [{ step: 1, title: 'Read src/pay.ts', files: ['src/pay.ts'], why: 'w' }] },
    });
    expect(system!.content).toContain('JSON only');
    expect(user!.content).toContain('- src/pay.ts (the starting file) — Pays an invoice.; exports pay');
    expect(user!.content).toContain('- src/money.ts (imported by the starting file)');
    expect(user!.content).toContain('1. Read src/pay.ts: src/pay.ts');
    expect(user!.content).toContain('Request: how is payment done');
    // a plan asked from a seed file alone says what it is for
    const [, seedOnly] = buildPlanPrompt({ request: '', seed: 'src/pay.ts', files: [], draft: { request: '', writtenBy: 'rules', steps: [] } });
    expect(seedOnly!.content).toContain('Request: understand src/pay.ts and the files that belong with it');
  });

  it('the fallback note names the failure', () => {
    expect(fallbackNote(new SextantError('UPSTREAM_FAILED', 'HTTP 500'))).toBe('the chat model could not write the plan (HTTP 500); this plan is by rules');
  });
});
