import { describe, expect, it } from 'vitest';
import { buildCodeGraph } from './code-graph.js';
import { deterministicPlan, isEntryPoint } from './plan-steps.js';
import { traverse } from './traverse.js';

// src/cli.ts → src/pay.ts → src/money.ts → src/round.ts; src/refund.ts → src/pay.ts
const GRAPH = buildCodeGraph(
  [],
  [
    { source: 'src/cli.ts', target: 'src/pay.ts' },
    { source: 'src/pay.ts', target: 'src/money.ts' },
    { source: 'src/money.ts', target: 'src/round.ts' },
    { source: 'src/refund.ts', target: 'src/pay.ts' },
    { source: 'src/worker.ts', target: 'src/refund.ts' },
  ],
);

describe('deterministic plan', () => {
  it('entry points first, then the seed, what it builds on, who uses it, further out', () => {
    const walk = traverse(GRAPH, 'src/pay.ts', { depth: 2, limit: 30, direction: 'union' });
    const plan = deterministicPlan(GRAPH, {
      request: 'how is payment done',
      seed: 'src/pay.ts',
      how: 'topic',
      related: walk.relatedFiles,
      distance: walk.distance,
    });
    expect(plan.writtenBy).toBe('rules');
    expect(plan.steps.map((s) => [s.step, s.title, s.files])).toEqual([
      [1, 'Start at the entry points', ['src/cli.ts', 'src/worker.ts']],
      [2, 'Read src/pay.ts', ['src/pay.ts']],
      [3, 'What it builds on', ['src/money.ts']],
      [4, 'Who uses it', ['src/refund.ts']],
      [5, 'Further out (2 imports away)', ['src/round.ts']],
    ]);
    expect(plan.steps[1]!.why).toContain('how is payment done');
    expect(plan.steps.every((s) => s.why.length > 0)).toBe(true);
  });

  it('files with no import path to the seed come last: first those git history changed with it, then those about the topic', () => {
    const walk = traverse(GRAPH, 'src/pay.ts', { depth: 1, limit: 30, direction: 'union' });
    const related = [...walk.relatedFiles, 'src/tax.ts', 'src/round.ts'];
    const input = { request: 'rounding', seed: 'src/pay.ts', related, distance: walk.distance };
    const plan = deterministicPlan(GRAPH, { ...input, changedWith: new Set(['src/round.ts', 'src/money.ts']) });
    expect(plan.steps.slice(-2)).toEqual([
      { step: 5, title: 'Changed together with it', files: ['src/round.ts'], why: expect.stringContaining('changed in the same commits as it before') },
      { step: 6, title: 'About the same topic', files: ['src/tax.ts'], why: expect.stringContaining('about the words of "rounding"') },
    ]);
    // without history every such file is about the topic; without a request, the seed's name is the topic
    const named = deterministicPlan(GRAPH, { ...input, request: '', how: 'exact' });
    expect(named.steps.at(-1)).toMatchObject({
      title: 'About the same topic',
      files: ['src/tax.ts', 'src/round.ts'],
      why: expect.stringContaining('named and written like it'),
    });
  });

  it('a file that imports none of the code around the seed is no entry point, though nothing imports it', () => {
    // full-stack-fastapi-template, seed routes/items.py ranked fused: an email template the topic brought in came as an entry point
    const graph = buildCodeGraph(
      [],
      [
        { source: 'app/api/main.py', target: 'app/api/routes/items.py' },
        { source: 'app/api/routes/items.py', target: 'app/models.py' },
        { source: 'app/alembic/env.py', target: 'app/models.py' },
        { source: 'emails/new_account.tsx', target: 'emails/layout.tsx' },
      ],
    );
    const walk = traverse(graph, 'app/api/routes/items.py', { depth: 1, limit: 30, direction: 'union' });
    const related = [...walk.relatedFiles, 'app/alembic/env.py', 'emails/new_account.tsx'];
    const plan = deterministicPlan(graph, {
      request: '',
      seed: 'app/api/routes/items.py',
      how: 'exact',
      related,
      distance: walk.distance,
      changedWith: new Set(['emails/new_account.tsx']),
    });
    // alembic/env.py imports the models the seed builds on: it starts code around the seed
    expect(plan.steps.map((s) => [s.title, s.files])).toEqual([
      ['Start at the entry points', ['app/api/main.py', 'app/alembic/env.py']],
      ['Read app/api/routes/items.py', ['app/api/routes/items.py']],
      ['What it builds on', ['app/models.py']],
      ['Changed together with it', ['emails/new_account.tsx']],
    ]);
  });

  it('a file that imports only what history or the topic brought in is no entry point either', () => {
    // this project, "how are documents cut into passages" ranked fused: a benchmark script importing the engine led the plan
    const graph = buildCodeGraph(
      [],
      [
        { source: 'src/kind.ts', target: 'src/chunks.ts' },
        { source: 'src/chunks.ts', target: 'src/split.ts' },
        { source: 'src/engine.ts', target: 'src/kind.ts' },
        { source: 'bench/docs.ts', target: 'src/engine.ts' },
        { source: 'bench/docs.ts', target: 'src/ranking.ts' },
      ],
    );
    const walk = traverse(graph, 'src/chunks.ts', { depth: 1, limit: 30, direction: 'union' });
    const plan = deterministicPlan(graph, {
      request: 'how are documents cut into passages',
      seed: 'src/chunks.ts',
      how: 'topic',
      related: [...walk.relatedFiles, 'src/ranking.ts', 'bench/docs.ts', 'src/engine.ts'],
      distance: walk.distance,
      changedWith: new Set(['src/ranking.ts']),
    });
    expect(plan.steps.map((s) => s.title)).not.toContain('Start at the entry points');
    expect(plan.steps.find((s) => s.title === 'About the same topic')?.files).toEqual(['bench/docs.ts', 'src/engine.ts']);
  });

  it('a fused topic plan tells the files the words found from those only tied to them or busy lately', () => {
    const walk = traverse(GRAPH, 'src/money.ts', { depth: 1, limit: 30, direction: 'union' });
    const input = {
      request: 'how is money rounded',
      seed: 'src/money.ts',
      how: 'topic',
      related: [...walk.relatedFiles, 'src/docs/rounding.ts', 'src/engine.ts'],
      distance: walk.distance,
      changedWith: new Set<string>(),
    };
    const steps = (found?: ReadonlySet<string>) => deterministicPlan(GRAPH, { ...input, ...(found ? { found } : {}) }).steps.map((s) => [s.title, s.files]);
    expect(steps(new Set(['src/money.ts', 'src/docs/rounding.ts'])).slice(-2)).toEqual([
      ['About the same topic', ['src/docs/rounding.ts']],
      ['Near the topic', ['src/engine.ts']],
    ]);
    // the graph order knows no more than the search: every unlinked file is about the topic
    expect(steps().at(-1)).toEqual(['About the same topic', ['src/docs/rounding.ts', 'src/engine.ts']]);
  });

  it('tests are no entry points: they come last, in a step of their own', () => {
    const graph = buildCodeGraph(
      [],
      [
        { source: 'src/cli.ts', target: 'src/pay.ts' },
        { source: 'src/pay.ts', target: 'src/money.ts' },
        { source: 'test/pay.test.ts', target: 'src/pay.ts' },
        { source: 'tests/test_money.py', target: 'src/money.ts' },
      ],
    );
    const walk = traverse(graph, 'src/pay.ts', { depth: 2, limit: 30, direction: 'union' });
    const plan = deterministicPlan(graph, { request: 'pay', seed: 'src/pay.ts', how: 'topic', related: walk.relatedFiles, distance: walk.distance });
    expect(plan.steps.map((s) => [s.title, s.files])).toEqual([
      ['Start at the entry points', ['src/cli.ts']],
      ['Read src/pay.ts', ['src/pay.ts']],
      ['What it builds on', ['src/money.ts']],
      ['How it is tested', ['test/pay.test.ts', 'tests/test_money.py']],
    ]);
    expect(plan.steps.at(-1)!.why).toContain('tests of src/pay.ts');
  });

  it('says how a named seed was matched', () => {
    const plan = deterministicPlan(GRAPH, { request: 'x', seed: 'src/pay.ts', how: 'extension', related: [], distance: new Map() });
    expect(plan.steps).toHaveLength(1);
    expect(plan.steps[0]!.why).toBe('the seed file you named (extension match)');
  });

  it('without a seed: one step that says why and what to do', () => {
    const plan = deterministicPlan(GRAPH, { request: 'quantum', seed: null, related: [], distance: new Map(), reason: 'no code file matches "quantum"' });
    expect(plan.steps).toEqual([{ step: 1, title: 'Find a starting file', files: [], why: expect.stringContaining('no code file matches "quantum"') }]);
  });

  it('entry points: imported by nothing, or named like one', () => {
    expect(isEntryPoint(GRAPH, 'src/cli.ts')).toBe(true);
    expect(isEntryPoint(GRAPH, 'src/money.ts')).toBe(false);
    expect(isEntryPoint(GRAPH, 'src/round.ts')).toBe(false);
  });

  it('a C or C++ source is an entry point only by its name: nothing includes a .c file', () => {
    const c = buildCodeGraph(
      ['src/main.c', 'src/parse.c', 'src/parse.h', 'src/util.cc', 'src/util.h'],
      [
        { source: 'src/main.c', target: 'src/parse.h' },
        { source: 'src/parse.c', target: 'src/parse.h' },
        { source: 'src/util.cc', target: 'src/util.h' },
      ],
    );
    expect(['src/main.c', 'src/parse.c', 'src/util.cc', 'src/parse.h'].filter((f) => isEntryPoint(c, f))).toEqual(['src/main.c']);
  });

  it("tests calling the seed's routes over HTTP come first among the tests, with the line and route", () => {
    const plan = deterministicPlan(GRAPH, {
      request: '',
      seed: 'src/pay.ts',
      how: 'exact',
      related: ['src/money.ts', 'test/money.test.ts', 'test/pay-api.test.ts'],
      distance: new Map([['src/money.ts', 1]]),
      httpCallers: [{ file: 'test/pay-api.test.ts', why: 'line 4 calls /payments/{id}' }],
    });
    const tests = plan.steps.at(-1)!;
    expect([tests.title, tests.files]).toEqual(['How it is tested', ['test/pay-api.test.ts', 'test/money.test.ts']]);
    expect(tests.why).toContain('test/pay-api.test.ts calls its routes over HTTP (line 4 calls /payments/{id})');
  });
});
