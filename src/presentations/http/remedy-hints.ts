/**
 * @module presentations/http/remedy-hints
 * What to do about a failure, in an HTTP client's words (the JSON error bodies of the HTTP host
 * and the scan bridge): the remedy an error carries (data) becomes the web UI page that does it,
 * named by its path, or a step for an administrator on the server where no page does; never a
 * `sextant …` command for the client to run. An error without a remedy shows its hint as it is.
 * Paths are written out (the web UI is a presentation above this one); the test checks each is a page.
 */
import { DEFAULT_PROJECT } from '../../core/projects/projects.js';
import { sourcesToUpdate, sourceToAdd, whatToDo, type Remedy, type RemedyWords, type WhatToDo } from '../../kernel/remedy.js';

/**
 * Whether the web UI's Glossary page turns the setting on: it has the developer-tools switch (for
 * administrators) of the project the web UI serves, the default one; any other setting, or another
 * project's, is the server's command line. The web UI's words ask this too.
 */
export function onGlossaryPage(r: Extract<Remedy, { action: 'turn-on-setting' }>): boolean {
  return r.setting === 'developer-tools' && r.project === DEFAULT_PROJECT;
}

const WORDS: RemedyWords<string> = {
  'list-terms': () => 'see the terms on the web UI page /ui/glossary',
  'edit-term': (r) => {
    const edit = `/ui/glossary/edit?name=${encodeURIComponent(r.term)}`;
    return r.taken === 'name'
      ? `edit it instead (web UI page ${edit}), or pick another name`
      : `pick another name, or edit term '${r.term}' (web UI page ${edit})`;
  },
  'add-source': (r) => `an administrator has to add ${sourceToAdd(r)} on the server first${r.update ? ', then update it (web UI page /ui/sources)' : ''}`,
  'describe-source': (r) => `see its tables and columns on the web UI page /ui/browse/source?name=${encodeURIComponent(r.source)}`,
  'list-sources': () => 'see the sources on the web UI page /ui/browse',
  'find-object': () => 'look the id up on the web UI page /ui/search, or update its source on /ui/sources',
  'pick-project': (r) =>
    `known projects: ${r.projects.join(', ')}; name one of them, or ask an administrator to create ${r.create ? `project '${r.create}'` : 'one'}`,
  'get-role': (r) =>
    `ask an administrator for a credential with the ${r.role} role (an access token, or the OIDC roles claim), then send it as the Bearer token`,
  'update-source': (r) => `an administrator has to update ${sourcesToUpdate(r)} first (web UI page /ui/sources)`,
  'turn-on-setting': (r) =>
    `an administrator has to turn on the ${r.setting} setting of project '${r.project}' ${onGlossaryPage(r) ? '(web UI page /ui/glossary)' : 'on the server'} first`,
};

/** The hint of an error in an HTTP error body: its remedy in these words, or its own hint. */
export function httpHint(failure: WhatToDo): string | undefined {
  return whatToDo(WORDS, failure);
}
