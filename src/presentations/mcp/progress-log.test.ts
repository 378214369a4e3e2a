import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../kernel/progress.js';
import { createLogger } from './logging.js';
import { logProgress } from './progress-log.js';

const dir = mkdtempSync(join(tmpdir(), 'sextant-progress-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const model = (done: number): ProgressEvent => ({ source: '*', phase: 'model', done, total: 100, detail: 'building the builtin word-vector cache (once)' });

describe('progress in the MCP log', () => {
  it('writes one line per event, and none for an event that repeats the previous one', () => {
    const file = join(dir, 'log.jsonl');
    const progress = logProgress(createLogger({ destination: file }));
    // the cache build's reports: each percent of the parse after several chunks, and a phase's end at the next one's start
    for (const done of [0, 1, 1, 2, 2, 2, 60, 75, 75, 90, 90, 100, 100]) progress(model(done));
    progress({ source: 'shop', phase: 'embed', done: 1, total: 2 });
    progress({ source: 'shop', phase: 'embed', done: 1, total: 2 });
    progress({ source: 'docs', phase: 'embed', done: 1, total: 2 });
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; phase: string; done: number });
    expect(lines.every((l) => l.event === 'progress')).toBe(true);
    expect(lines.map((l) => `${l.phase} ${l.done}`)).toEqual([
      'model 0',
      'model 1',
      'model 2',
      'model 60',
      'model 75',
      'model 90',
      'model 100',
      'embed 1',
      'embed 1',
    ]);
  });
});
