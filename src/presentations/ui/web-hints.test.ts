import { html } from 'hono/html';
import { describe, expect, it } from 'vitest';
import { requirePermission } from '../../core/auth/roles.js';
import { glossaryError } from '../../core/glossary/index.js';
import { SextantError } from '../../kernel/errors.js';
import { glossaryHint, type HintSource, webHint } from './web-hints.js';

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

  it("words a glossary failure's remedy as the page that does it, and links its suggested terms", async () => {
    const worded = async (failure: Parameters<typeof glossaryHint>[0]) => String(await html`${glossaryHint(failure)}`);
    const base = { success: false, error: 'no' } as const;
    expect(await worded({ ...base, code: 'TERM_EXISTS', remedy: { action: 'edit-term', term: 'MRR', taken: 'name' } })).toBe(
      '<a href="/ui/glossary/edit?name=MRR">edit it</a> instead, or pick another name',
    );
    expect(await worded({ ...base, code: 'ALIAS_CONFLICT', remedy: { action: 'edit-term', term: 'MRR', taken: 'alias' } })).toBe(
      'pick another name, or <a href="/ui/glossary/edit?name=MRR">edit term MRR</a>',
    );
    expect(await worded({ ...base, code: 'TERM_NOT_FOUND', remedy: { action: 'list-terms' } })).toBe(
      'see the terms on the <a href="/ui/glossary">Glossary</a> page',
    );
    expect(await worded({ ...base, code: 'TERM_NOT_FOUND', hint: "did you mean 'MRR'?", suggestions: ['MRR'] })).toBe(
      'did you mean <a href="/ui/glossary/term?name=MRR">MRR</a>?',
    );
    expect(await worded({ ...base, code: 'ALIAS_CONFLICT', hint: 'aliases are unique in a project' })).toBe('aliases are unique in a project');
    expect(await worded({ ...base, code: 'SOURCE_NOT_FOUND', remedy: { action: 'add-source', project: 'default' } })).toBe(
      "an administrator adds one on the server's command line (<code>sextant source add</code>)",
    );
    expect(await worded({ ...base, code: 'SQL_INVALID', remedy: { action: 'describe-source', source: 'shop' } })).toBe(
      'see its tables and columns on the <a href="/ui/browse/source?name=shop">shop</a> page',
    );
    expect(glossaryHint({ ...base, code: 'INVALID_INPUT' })).toBeNull();
    // thrown (a term page that is no term): the remedy is the error's
    expect(await shown(glossaryError({ ...base, code: 'TERM_NOT_FOUND', remedy: { action: 'list-terms' } }))).toBe(
      'see the terms on the <a href="/ui/glossary">Glossary</a> page',
    );
  });

  it("words any error's remedy as the page that does it, in place of its fallback hint", async () => {
    const err = new SextantError('OBJECT_NOT_FOUND', "no object 'x'", {
      hint: 'run `sextant update` or check the id with `sextant search`',
      remedy: { action: 'find-object' },
      details: { suggestions: [] },
    });
    expect(await shown(err)).toBe('look it up on the <a href="/ui/search">Search</a> page, or update its source on the <a href="/ui/sources">Sources</a> page');
    expect(await shown(new SextantError('SOURCE_NOT_FOUND', 'no source named "x"', { hint: 'check the name', remedy: { action: 'list-sources' } }))).toBe(
      'pick one on the <a href="/ui/browse">Browse</a> page',
    );
    // no source at all (nothing to update), and no code source to plan in: the command with the type when one is needed
    expect(await shown(new SextantError('SOURCE_NOT_FOUND', 'no sources to update', { remedy: { action: 'add-source' } }))).toBe(
      "an administrator adds one on the server's command line (<code>sextant source add</code>)",
    );
    expect(await shown(new SextantError('SOURCE_NOT_FOUND', 'no code source to plan in', { remedy: { action: 'add-source', type: 'code' } }))).toBe(
      "an administrator adds one on the server's command line (<code>sextant source add code</code>)",
    );
    expect(await shown({ remedy: { action: 'update-source', sources: ['tmdb'] } })).toBe(
      'an administrator updates it on the <a href="/ui/sources">Sources</a> page',
    );
    expect(await shown({ remedy: { action: 'add-source', type: 'openapi', update: true } })).toBe(
      'an administrator adds one on the server\'s command line (<code>sextant source add openapi</code>), then updates it on the <a href="/ui/sources">Sources</a> page',
    );
    const project = new SextantError('PROJECT_NOT_FOUND', "unknown project 'x'", {
      hint: 'known projects: default, sales',
      remedy: { action: 'pick-project', projects: ['default', 'sales'], create: 'x' },
    });
    expect(await shown(project)).toBe(
      "known projects: default, sales; create one with <code>sextant project create x</code> (an administrator, on the server's command line)",
    );
  });

  it("words the role check's missing role as signing in with a token that has it, naming no command", async () => {
    let refused: unknown;
    try {
      requirePermission({ subject: 'ci', roles: ['editor'], projects: null, via: 'token' }, 'settings', 'updating a source');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(SextantError);
    const text = await shown(refused as SextantError);
    expect(text).toBe('ask an administrator for an access token with the admin role, then <a href="/ui/login">sign in</a> with it');
  });

  it("words a project setting that is off as the Glossary page's developer-tools switch (the project this UI serves), else the administrator's command line", async () => {
    expect(await shown({ remedy: { action: 'turn-on-setting', project: 'default', setting: 'developer-tools' } })).toBe(
      'an administrator turns developer tools on with the switch on the <a href="/ui/glossary">Glossary</a> page',
    );
    // the switch is the default project's only: another project's is the command line's
    expect(await shown({ remedy: { action: 'turn-on-setting', project: 'billing', setting: 'developer-tools' } })).toBe(
      "an administrator turns it on from the server's command line (<code>sextant project set billing developer-tools on</code>)",
    );
    expect(await shown({ remedy: { action: 'turn-on-setting', project: 'default', setting: 'document-urls' } })).toBe(
      "an administrator turns it on from the server's command line (<code>sextant project set default document-urls on</code>)",
    );
  });
});
