import { html } from 'hono/html';
import { describe, expect, it } from 'vitest';
import { SextantError } from '../../kernel/errors.js';
import { type HintSource, webHint } from './web-hints.js';

const shown = async (err: HintSource) => String(await html`${webHint(err)}`);

describe('core hints worded for a web user', () => {
  it('turns the commands of a hint into the pages that do the same', async () => {
    const text = await shown(
      new SextantError('OBJECT_NOT_FOUND', "no object 'x'", {
        hint: 'run `sextant update` or check the id with `sextant search`',
        details: { suggestions: [] },
      }),
    );
    expect(text).toBe('update it on the <a href="/ui/sources">Sources</a> page, or look it up on the <a href="/ui/search">Search</a> page');
  });

  it("leaves a command no page runs to an administrator, and keeps the hint's other clauses", async () => {
    const text = await shown(
      new SextantError('PROJECT_NOT_FOUND', "unknown project 'x'", { hint: 'known projects: default, sales; create one with `sextant project create x`' }),
    );
    expect(text).toBe("known projects: default, sales; create one with <code>sextant project create x</code> (an administrator, on the server's command line)");
  });

  it('links suggested ids and terms, escaped', async () => {
    expect(await shown(new SextantError('OBJECT_NOT_FOUND', 'no', { hint: 'did you mean: a:table:s.t', details: { suggestions: ['a:table:s.t'] } }))).toBe(
      'did you mean <a href="/ui/browse/object?id=a%3Atable%3As.t">a:table:s.t</a>?',
    );
    expect(await shown(new SextantError('TERM_NOT_FOUND', 'no', { details: { suggestions: ['<b>MRR</b>'] } }))).toBe(
      'did you mean <a href="/ui/glossary/term?name=%3Cb%3EMRR%3C%2Fb%3E">&lt;b&gt;MRR&lt;/b&gt;</a>?',
    );
  });

  it('shows a hint without commands as the core wrote it, escaped; none when there is none', async () => {
    expect(await shown(new SextantError('USAGE', 'bad', { hint: 'use <one> of: a, b' }))).toBe('use &lt;one&gt; of: a, b');
    expect(webHint(new SextantError('USAGE', 'bad'))).toBeNull();
  });

  it("words a failure kept as data (a source's stored last update: a hint, no code) the same way", async () => {
    expect(await shown({ hint: 'check the location, then run `sextant update --source share` again; what was indexed stays' })).toBe(
      'update it on the <a href="/ui/sources">Sources</a> page; what was indexed stays',
    );
    expect(webHint({})).toBeNull();
  });
});
