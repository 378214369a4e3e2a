/**
 * The plan a chat model writes keeps the rules' "Code that touches the data" step (issue 16): the
 * model, a local server speaking the chat-completions protocol, answers a plan that leaves the
 * data files out, and the step is appended; a plan that names them all is left as written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiLlm } from '../../src/adapters/llm/openai/index.js';
import { llmPlan, type LlmPlanInput } from '../../src/core/code/llm-plan.js';
import type { LlmCache } from '../../src/ports/glossary.js';
import { startChatServer, type ChatServer } from '../helpers/chat-server.js';

let chat: ChatServer;
/** What the model answers next. */
let answer: unknown;

function memoryCache(): Pick<LlmCache, 'getCachedCompletion' | 'putCachedCompletion'> {
  const answers = new Map<string, string>();
  return {
    getCachedCompletion: async (key) => answers.get(key) ?? null,
    putCachedCompletion: async (key, _model, response) => void answers.set(key, response),
  };
}

const DATA_STEP = {
  step: 2,
  title: 'Code that touches the data',
  files: ['src/unpaid.ts'],
  why: 'the request is about data these files use: src/unpaid.ts uses table billing.invoice (line 4)',
};

function input(request: string, withData: boolean): LlmPlanInput {
  return {
    request,
    seed: 'src/dunning.ts',
    files: [
      { path: 'src/dunning.ts', relation: 'the starting file', comment: 'Dunning run.', symbols: ['run'] },
      { path: 'src/mail.ts', relation: 'imported by the starting file', comment: null, symbols: ['send'] },
      { path: 'src/unpaid.ts', relation: 'not linked by imports', comment: 'Unpaid invoices.', symbols: ['unpaid'] },
    ],
    draft: {
      request,
      writtenBy: 'rules',
      steps: [
        { step: 1, title: 'Read src/dunning.ts', files: ['src/dunning.ts'], why: 'w' },
        ...(withData ? [DATA_STEP] : []),
        { step: withData ? 3 : 2, title: 'What it builds on', files: ['src/mail.ts'], why: 'w' },
      ],
    },
  };
}

beforeAll(async () => {
  chat = await startChatServer(() => ({ content: JSON.stringify(answer) }));
});
afterAll(() => chat?.close());

describe('the data step of a plan the model writes', () => {
  it('is appended when the model leaves the data files out, from a fresh answer and from the cache', async () => {
    answer = {
      steps: [
        { title: 'Start at the run', files: ['src/dunning.ts'], why: 'it drives the dunning' },
        { title: 'Mail', files: ['src/mail.ts'], why: 'how reminders go out' },
      ],
    };
    const llm = createOpenAiLlm({ url: chat.url, model: 'planner' });
    const cache = memoryCache();
    const plan = await llmPlan(llm, cache, input('unpaid invoice reminders', true));
    expect(plan.writtenBy).toBe('openai:planner');
    expect(plan.steps.map((s) => [s.step, s.title, s.files])).toEqual([
      [1, 'Start at the run', ['src/dunning.ts']],
      [2, 'Mail', ['src/mail.ts']],
      [3, 'Code that touches the data', ['src/unpaid.ts']],
    ]);
    expect(plan.steps[2]!.why).toBe(DATA_STEP.why);
    const asked = chat.requests.length;
    const again = await llmPlan(llm, cache, input('unpaid invoice reminders', true));
    expect(chat.requests.length).toBe(asked);
    expect(again.steps).toEqual(plan.steps);
  });

  it('is not added when the model names every data file, nor when the request is not about data', async () => {
    answer = {
      steps: [
        { title: 'Start at the run', files: ['src/dunning.ts'], why: 'it drives the dunning' },
        { title: 'Which invoices', files: ['src/unpaid.ts', 'src/mail.ts'], why: 'the query and the mail' },
      ],
    };
    const llm = createOpenAiLlm({ url: chat.url, model: 'planner' });
    const named = await llmPlan(llm, memoryCache(), input('which invoices get reminders', true));
    expect(named.steps.map((s) => s.title)).toEqual(['Start at the run', 'Which invoices']);
    answer = { steps: [{ title: 'Start at the run', files: ['src/dunning.ts'], why: 'it drives the dunning' }] };
    const noData = await llmPlan(llm, memoryCache(), input('how the dunning run starts', false));
    expect(noData.steps.map((s) => s.title)).toEqual(['Start at the run']);
  });
});
