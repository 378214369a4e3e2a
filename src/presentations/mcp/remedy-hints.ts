/**
 * @module presentations/mcp/remedy-hints
 * What to do about a failure, in an agent's words: the remedy an error or a glossary result
 * carries (data) becomes the tool that does it, never a command line; what only an administrator
 * can do says so. An error without a remedy shows its hint as it is. Tool names are written out
 * (importing the tools here would make an import cycle through the registry); the test checks
 * each one is a tool.
 */
import { sourcesToUpdate, sourceToAdd, whatToDo, type RemedyWords, type WhatToDo } from '../../kernel/remedy.js';

const WORDS: RemedyWords<string> = {
  'list-terms': () => 'list the terms with the `list_glossary` tool',
  'edit-term': (r) =>
    r.taken === 'name'
      ? `change it with the \`update_glossary_term\` tool (term '${r.term}'), or pick another name`
      : `pick another name, or change term '${r.term}' with the \`update_glossary_term\` tool`,
  'add-source': (r) => `ask an administrator to add ${sourceToAdd(r)}${r.update ? ' and update it' : ''} (no tool adds sources)`,
  'describe-source': (r) => `see the tables and columns of source '${r.source}' with the \`describe\` tool (object "${r.source}", then a table's id)`,
  'list-sources': () => 'list them with the `list_sources` tool',
  'find-object': () => 'find its id with the `deep_search` or `list_objects` tool',
  'pick-project': (r) =>
    `known projects: ${r.projects.join(', ')}; name one of them, or ask an administrator to create ${r.create ? `project '${r.create}'` : 'one'}`,
  'get-role': (r) => `ask the user or an administrator for an access token with the ${r.role} role, then connect with it (no tool changes roles)`,
  'update-source': (r) => `ask an administrator to update ${sourcesToUpdate(r)} (no tool updates sources)`,
  'turn-on-setting': (r) => `ask the user or an administrator to turn on the ${r.setting} setting of project '${r.project}' (no tool changes project settings)`,
};

/** The hint of an error (or a glossary failure) for an agent: its remedy in these words, or its own hint. */
export function mcpHint(failure: WhatToDo): string | undefined {
  return whatToDo(WORDS, failure);
}
