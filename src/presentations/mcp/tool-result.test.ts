import { describe, expect, it } from 'vitest';
import { SextantError } from '../../kernel/errors.js';
import { failure, success } from './tool-result.js';

describe('tool results', () => {
  it('maps a SextantError to an isError result with code, hint, field and suggestions', () => {
    const err = new SextantError('OBJECT_NOT_FOUND', "no object 'x'", { hint: 'did you mean: a, b', details: { suggestions: ['a', 'b'], field: 'object' } });
    const { result, code } = failure(err);
    expect(code).toBe('OBJECT_NOT_FOUND');
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: "error OBJECT_NOT_FOUND: no object 'x'\nhint: did you mean: a, b" }]);
    expect(failure(new SextantError('USAGE', 'bad')).result.content).toEqual([{ type: 'text', text: 'error USAGE: bad' }]);
    expect(result.structuredContent).toEqual({
      error: { code: 'OBJECT_NOT_FOUND', message: "no object 'x'", hint: 'did you mean: a, b', field: 'object', suggestions: ['a', 'b'] },
    });
  });

  it("words an error's remedy for an agent, as its hint field and hint line (not the CLI's fallback hint)", () => {
    const err = new SextantError('OBJECT_NOT_FOUND', "no object 'x'", {
      hint: 'run `sextant update` or check the id with `sextant search`',
      remedy: { action: 'find-object' },
      details: { suggestions: [] },
    });
    const hint = 'find its id with the `deep_search` or `list_objects` tool';
    const { result } = failure(err);
    expect(result.content).toEqual([{ type: 'text', text: `error OBJECT_NOT_FOUND: no object 'x'\nhint: ${hint}` }]);
    expect(result.structuredContent).toEqual({ error: { code: 'OBJECT_NOT_FOUND', message: "no object 'x'", hint } });
  });

  it('hides the details of unexpected errors', () => {
    const { result, code } = failure(new Error('SQLITE_BUSY at /home/me/secret/index.sqlite'));
    expect(code).toBe('INTERNAL');
    expect(JSON.stringify(result)).not.toContain('secret');
  });

  it('redacts secrets in successes and failures', () => {
    const ok = success({ structured: { note: 'postgres://u:hunter2@db/x' }, text: 'Bearer abcdefghijkl' });
    expect(JSON.stringify(ok)).not.toMatch(/hunter2|abcdefghijkl/);
    const bad = failure(new SextantError('SOURCE_UNREACHABLE', 'cannot reach postgres://u:hunter2@db/x'));
    expect(JSON.stringify(bad.result)).not.toContain('hunter2');
  });
});
