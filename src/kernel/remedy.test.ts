import { describe, expect, it } from 'vitest';
import { SextantError } from './errors.js';
import { plainRemedy, type Remedy, type RemedyAction } from './remedy.js';

/** Every action with its plain words (a `Record` by action: adding one fails to compile until it is here). */
const EVERY: { readonly [A in RemedyAction]: Array<[Extract<Remedy, { action: A }>, string]> } = {
  'list-terms': [[{ action: 'list-terms' }, "see the project's glossary terms"]],
  'edit-term': [
    [{ action: 'edit-term', term: 'MRR', taken: 'name' }, "edit term 'MRR' instead, or pick another name"],
    [{ action: 'edit-term', term: 'MRR', taken: 'alias' }, "pick another name, or edit term 'MRR'"],
  ],
  'add-source': [
    [{ action: 'add-source', project: 'sales' }, "an administrator has to add a source to project 'sales' first"],
    [{ action: 'add-source' }, 'an administrator has to add a source first'],
    [{ action: 'add-source', type: 'code' }, 'an administrator has to add a code source first'],
    [{ action: 'add-source', type: 'openapi', update: true }, 'an administrator has to add an openapi source and update it first'],
  ],
  'describe-source': [[{ action: 'describe-source', source: 'shop' }, "check the tables and columns of source 'shop'"]],
  'list-sources': [[{ action: 'list-sources' }, 'check the name against the registered sources']],
  'find-object': [[{ action: 'find-object' }, 'find the id with a search, or update the index']],
  'pick-project': [
    [{ action: 'pick-project', projects: ['default', 'sales'], create: 'x' }, "known projects: default, sales; or create project 'x'"],
    [{ action: 'pick-project', projects: ['default'], create: null }, 'known projects: default'],
  ],
  'update-source': [
    [{ action: 'update-source', sources: ['tmdb'] }, "update source 'tmdb' first"],
    [{ action: 'update-source', sources: ['tmdb', 'pets'] }, "update sources 'tmdb', 'pets' first"],
  ],
  'get-role': [
    [
      { action: 'get-role', role: 'editor' },
      'ask an administrator for a credential with role editor (an access token with that role, or the OIDC roles claim)',
    ],
  ],
  'turn-on-setting': [
    [
      { action: 'turn-on-setting', project: 'default', setting: 'document-urls' },
      "an administrator has to turn on the document-urls setting of project 'default'",
    ],
    [
      { action: 'turn-on-setting', project: 'billing', setting: 'developer-tools' },
      "an administrator has to turn on the developer-tools setting of project 'billing'",
    ],
  ],
};

describe('remedies in words that name no presentation', () => {
  it.each(Object.values(EVERY).flat() as Array<[Remedy, string]>)('%j', (remedy, words) => {
    expect(plainRemedy(remedy)).toBe(words);
    expect(words).not.toMatch(/sextant |\/ui\/|_tool|`/);
  });

  it('is the hint of an error that carries a remedy and no hint, so logs and toLine() say what to do; a given hint stays', () => {
    const remedyOnly = new SextantError('TERM_NOT_FOUND', "term 'x' not found", { remedy: { action: 'list-terms' } });
    expect(remedyOnly.hint).toBe("see the project's glossary terms");
    expect(remedyOnly.toLine()).toBe("term 'x' not found. see the project's glossary terms");
    const both = new SextantError('SOURCE_NOT_FOUND', 'no source named "x"', { hint: 'check the name', remedy: { action: 'list-sources' } });
    expect(both.hint).toBe('check the name');
    expect(new SextantError('USAGE', 'bad').toLine()).toBe('bad');
  });
});
