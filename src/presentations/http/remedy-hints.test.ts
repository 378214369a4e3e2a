import { describe, expect, it } from 'vitest';
import { SextantError } from '../../kernel/errors.js';
import type { Remedy, RemedyAction } from '../../kernel/remedy.js';
import { createUiApp } from '../ui/ui-app.js';
import { errorBody, rpcError, toHttpError } from './http-error.js';
import { httpHint } from './remedy-hints.js';

/** Every action with its words (a `Record` by action: adding one fails to compile until it is here). */
const EVERY: { readonly [A in RemedyAction]: Array<[Extract<Remedy, { action: A }>, string]> } = {
  'list-terms': [[{ action: 'list-terms' }, 'see the terms on the web UI page /ui/glossary']],
  'edit-term': [
    [{ action: 'edit-term', term: 'MRR', taken: 'name' }, 'edit it instead (web UI page /ui/glossary/edit?name=MRR), or pick another name'],
    [
      { action: 'edit-term', term: 'net revenue', taken: 'alias' },
      "pick another name, or edit term 'net revenue' (web UI page /ui/glossary/edit?name=net%20revenue)",
    ],
  ],
  'add-source': [
    [{ action: 'add-source', project: 'sales' }, "an administrator has to add a source to project 'sales' on the server first"],
    [{ action: 'add-source' }, 'an administrator has to add a source on the server first'],
    [{ action: 'add-source', type: 'code' }, 'an administrator has to add a code source on the server first'],
    [
      { action: 'add-source', type: 'openapi', update: true },
      'an administrator has to add an openapi source on the server first, then update it (web UI page /ui/sources)',
    ],
  ],
  'describe-source': [[{ action: 'describe-source', source: 'shop' }, 'see its tables and columns on the web UI page /ui/browse/source?name=shop']],
  'list-sources': [[{ action: 'list-sources' }, 'see the sources on the web UI page /ui/browse']],
  'find-object': [[{ action: 'find-object' }, 'look the id up on the web UI page /ui/search, or update its source on /ui/sources']],
  'pick-project': [
    [
      { action: 'pick-project', projects: ['default', 'sales'], create: 'x' },
      "known projects: default, sales; name one of them, or ask an administrator to create project 'x'",
    ],
    [{ action: 'pick-project', projects: ['default'], create: null }, 'known projects: default; name one of them, or ask an administrator to create one'],
  ],
  'update-source': [
    [{ action: 'update-source', sources: ['tmdb'] }, "an administrator has to update source 'tmdb' first (web UI page /ui/sources)"],
    [{ action: 'update-source', sources: ['tmdb', 'pets'] }, "an administrator has to update sources 'tmdb', 'pets' first (web UI page /ui/sources)"],
  ],
  'get-role': [
    [
      { action: 'get-role', role: 'editor' },
      'ask an administrator for a credential with the editor role (an access token, or the OIDC roles claim), then send it as the Bearer token',
    ],
  ],
  'turn-on-setting': [
    // the web UI's Glossary page switches developer tools for the project it serves, the default one
    [
      { action: 'turn-on-setting', project: 'default', setting: 'developer-tools' },
      "an administrator has to turn on the developer-tools setting of project 'default' (web UI page /ui/glossary) first",
    ],
    [
      { action: 'turn-on-setting', project: 'billing', setting: 'developer-tools' },
      "an administrator has to turn on the developer-tools setting of project 'billing' on the server first",
    ],
    [
      { action: 'turn-on-setting', project: 'default', setting: 'document-urls' },
      "an administrator has to turn on the document-urls setting of project 'default' on the server first",
    ],
  ],
};
const ALL: Array<[Remedy, string]> = Object.values(EVERY).flat();

describe("remedies in an HTTP client's words", () => {
  it.each(ALL)('%j', (remedy, words) => {
    expect(httpHint({ remedy })).toBe(words);
  });

  it('names only pages the web UI has, and never a command line', () => {
    const pages = new Set(createUiApp(() => undefined).routes.map((r) => r.path));
    for (const [remedy] of ALL) {
      const words = httpHint({ remedy }) ?? '';
      expect(words).not.toContain('sextant ');
      for (const [path] of words.matchAll(/\/ui\/[a-z/]+/g)) expect(pages, `${remedy.action}: ${path}`).toContain(path);
    }
  });

  it("answers an error's remedy as the body's plain hint, in place of its fallback; a hint without a remedy as it is", () => {
    const remedied = toHttpError(new SextantError('TERM_NOT_FOUND', "term 'x' not found", { remedy: { action: 'list-terms' } }), 'sextant');
    expect(errorBody(remedied)).toEqual({ error: { message: "term 'x' not found", hint: 'see the terms on the web UI page /ui/glossary' } });
    expect(errorBody(toHttpError(new SextantError('USAGE', 'bad', { hint: 'pass --sql' }), 'sextant'))).toEqual({
      error: { message: 'bad', hint: 'pass --sql' },
    });
    expect(errorBody(toHttpError(new SextantError('USAGE', 'bad'), 'sextant'))).toEqual({ error: { message: 'bad' } });
  });

  it("a JSON-RPC error words the remedy with the route's own words", () => {
    const remedied = toHttpError(new SextantError('OBJECT_NOT_FOUND', "no object 'x'", { remedy: { action: 'find-object' } }), 'sextant');
    expect(rpcError(remedied).data?.hint).toBe(httpHint({ remedy: { action: 'find-object' } }));
    expect(rpcError(remedied, () => 'use the deep_search tool').data).toEqual({ hint: 'use the deep_search tool' });
  });
});
