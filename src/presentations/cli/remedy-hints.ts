/**
 * @module presentations/cli/remedy-hints
 * What to do about a failure, in the command line's words: the remedy an error carries (data:
 * list the terms, edit the term holding a name, add, describe or list sources, find an object, pick a project,
 * get a credential with a role, update sources, turn a project setting on)
 * becomes the `sextant …` command that does it. An error without one shows its hint as it is.
 */
import { whatToDo, type RemedyWords, type WhatToDo } from '../../kernel/remedy.js';

/** What `sextant source add <type>` takes as its location, where a type says more than `<location>`. */
const LOCATION: Readonly<Record<string, string>> = { openapi: '<spec file or URL>' };

const WORDS: RemedyWords<string> = {
  'list-terms': () => 'list the terms with `sextant glossary list`',
  'edit-term': (r) =>
    r.taken === 'name'
      ? `change it with \`sextant glossary edit '${r.term}' …\`, or pick another name`
      : `pick another name, or change term '${r.term}' with \`sextant glossary edit\``,
  'add-source': (r) =>
    `add one with \`sextant source add ${r.type ?? '<type>'} ${LOCATION[r.type ?? ''] ?? '<location>'} --name <name>\`${r.update ? ', then `sextant update --source <name>`' : ''}`,
  'describe-source': (r) => `see its tables and columns with \`sextant describe ${r.source}\``,
  'list-sources': () => 'list them with `sextant source list`',
  'find-object': () => 'run `sextant update` or check the id with `sextant search`',
  'pick-project': (r) => `known projects: ${r.projects.join(', ')}; create one with \`sextant project create ${r.create ?? '<name>'}\``,
  'get-role': (r) => `ask an administrator for a credential with role ${r.role} (\`sextant token create <name> --role ${r.role}\`, or the OIDC roles claim)`,
  'update-source': (r) => `run \`sextant update --source ${r.sources[0] ?? '<name>'}\`${r.sources.length > 1 ? ' for each' : ''}`,
  'turn-on-setting': (r) => `an administrator turns it on with \`sextant project set ${r.project} ${r.setting} on\``,
};

/** The hint of an error as the CLI prints it: its remedy in these words, or its own hint. */
export function cliHint(failure: WhatToDo): string | undefined {
  return whatToDo(WORDS, failure);
}
