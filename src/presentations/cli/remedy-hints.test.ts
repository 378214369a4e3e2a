import { describe, expect, it } from 'vitest';
import { SextantError } from '../../kernel/errors.js';
import type { Remedy } from '../../kernel/remedy.js';
import { cliHint } from './remedy-hints.js';

describe("remedies in the command line's words", () => {
  it.each<[Remedy, string]>([
    [{ action: 'list-terms' }, 'list the terms with `sextant glossary list`'],
    [{ action: 'edit-term', term: 'MRR', taken: 'name' }, "change it with `sextant glossary edit 'MRR' …`, or pick another name"],
    [{ action: 'edit-term', term: 'MRR', taken: 'alias' }, "pick another name, or change term 'MRR' with `sextant glossary edit`"],
    [{ action: 'add-source', project: 'default' }, 'add one with `sextant source add <type> <location> --name <name>`'],
    [{ action: 'add-source' }, 'add one with `sextant source add <type> <location> --name <name>`'],
    [{ action: 'add-source', type: 'code' }, 'add one with `sextant source add code <location> --name <name>`'],
    [
      { action: 'add-source', type: 'openapi', update: true },
      'add one with `sextant source add openapi <spec file or URL> --name <name>`, then `sextant update --source <name>`',
    ],
    [{ action: 'describe-source', source: 'shop' }, 'see its tables and columns with `sextant describe shop`'],
    [{ action: 'list-sources' }, 'list them with `sextant source list`'],
    [{ action: 'find-object' }, 'run `sextant update` or check the id with `sextant search`'],
    [{ action: 'pick-project', projects: ['default', 'sales'], create: 'x' }, 'known projects: default, sales; create one with `sextant project create x`'],
    [{ action: 'pick-project', projects: ['default'], create: null }, 'known projects: default; create one with `sextant project create <name>`'],
    [{ action: 'update-source', sources: ['tmdb'] }, 'run `sextant update --source tmdb`'],
    [{ action: 'update-source', sources: ['tmdb', 'pets'] }, 'run `sextant update --source tmdb` for each'],
    [
      { action: 'get-role', role: 'admin' },
      'ask an administrator for a credential with role admin (`sextant token create <name> --role admin`, or the OIDC roles claim)',
    ],
    // the command `sextant project set --help` documents: <name> <setting> <value>
    [
      { action: 'turn-on-setting', project: 'default', setting: 'document-urls' },
      'an administrator turns it on with `sextant project set default document-urls on`',
    ],
    [
      { action: 'turn-on-setting', project: 'billing', setting: 'developer-tools' },
      'an administrator turns it on with `sextant project set billing developer-tools on`',
    ],
  ])('%j', (remedy, words) => {
    expect(cliHint({ remedy })).toBe(words);
  });

  it("words an error's remedy in place of its fallback hint, and shows a hint without a remedy as it is", () => {
    const remedied = new SextantError('SOURCE_NOT_FOUND', 'no source named "x"', { hint: 'check the name', remedy: { action: 'list-sources' } });
    expect(cliHint(remedied)).toBe('list them with `sextant source list`');
    expect(cliHint(new SextantError('USAGE', 'bad', { hint: 'pass --sql' }))).toBe('pass --sql');
    expect(cliHint(new SextantError('USAGE', 'bad'))).toBeUndefined();
  });
});
