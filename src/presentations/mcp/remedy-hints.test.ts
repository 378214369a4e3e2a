import { describe, expect, it } from 'vitest';
import { SextantError } from '../../kernel/errors.js';
import type { Remedy } from '../../kernel/remedy.js';
import { mcpHint } from './remedy-hints.js';
import { TOOLS } from './tools/index.js';

const EVERY: Array<[Remedy, string]> = [
  [{ action: 'list-terms' }, 'list the terms with the `list_glossary` tool'],
  [{ action: 'edit-term', term: 'MRR', taken: 'name' }, "change it with the `update_glossary_term` tool (term 'MRR'), or pick another name"],
  [{ action: 'edit-term', term: 'MRR', taken: 'alias' }, "pick another name, or change term 'MRR' with the `update_glossary_term` tool"],
  [{ action: 'add-source', project: 'sales' }, "ask an administrator to add a source to project 'sales' (no tool adds sources)"],
  [{ action: 'add-source' }, 'ask an administrator to add a source (no tool adds sources)'],
  [{ action: 'add-source', type: 'code' }, 'ask an administrator to add a code source (no tool adds sources)'],
  [{ action: 'add-source', type: 'openapi', update: true }, 'ask an administrator to add an openapi source and update it (no tool adds sources)'],
  [{ action: 'describe-source', source: 'shop' }, "see the tables and columns of source 'shop' with the `describe` tool (object \"shop\", then a table's id)"],
  [{ action: 'list-sources' }, 'list them with the `list_sources` tool'],
  [{ action: 'find-object' }, 'find its id with the `deep_search` or `list_objects` tool'],
  [
    { action: 'pick-project', projects: ['default', 'sales'], create: 'x' },
    "known projects: default, sales; name one of them, or ask an administrator to create project 'x'",
  ],
  [{ action: 'pick-project', projects: ['default'], create: null }, 'known projects: default; name one of them, or ask an administrator to create one'],
  [{ action: 'update-source', sources: ['tmdb'] }, "ask an administrator to update source 'tmdb' (no tool updates sources)"],
  [
    { action: 'get-role', role: 'editor' },
    'ask the user or an administrator for an access token with the editor role, then connect with it (no tool changes roles)',
  ],
  [
    { action: 'turn-on-setting', project: 'default', setting: 'document-urls' },
    "ask the user or an administrator to turn on the document-urls setting of project 'default' (no tool changes project settings)",
  ],
  [
    { action: 'turn-on-setting', project: 'billing', setting: 'developer-tools' },
    "ask the user or an administrator to turn on the developer-tools setting of project 'billing' (no tool changes project settings)",
  ],
];

describe("remedies in an agent's words", () => {
  it.each(EVERY)('%j', (remedy, words) => {
    expect(mcpHint({ remedy })).toBe(words);
  });

  it('names only tools there are, and never a command line', () => {
    const tools = new Set(TOOLS.map((t) => t.name));
    for (const [remedy] of EVERY) {
      const words = mcpHint({ remedy }) ?? '';
      expect(words).not.toContain('sextant ');
      for (const [, name] of words.matchAll(/`([a-z_]+)` tool/g)) expect(tools, `${remedy.action}: ${name}`).toContain(name);
    }
  });

  it("words an error's remedy in place of its fallback hint, and shows a hint without a remedy as it is", () => {
    const remedied = new SextantError('OBJECT_NOT_FOUND', "no object 'x'", { hint: 'run `sextant update`', remedy: { action: 'find-object' } });
    expect(mcpHint(remedied)).toBe('find its id with the `deep_search` or `list_objects` tool');
    expect(mcpHint({ hint: "did you mean 'MRR'?" })).toBe("did you mean 'MRR'?");
    expect(mcpHint({})).toBeUndefined();
  });
});
