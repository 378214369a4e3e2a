/**
 * @module kernel/remedy
 * What fixes a failure, as data rather than words: an error carries one (`SextantError.remedy`)
 * and each presentation words it for its own audience from one table (the CLI names `sextant …`
 * commands, MCP its tools, the web UI its pages), so no hint in the core names a presentation.
 */
export type Remedy =
  /** See the project's glossary terms: the name asked for is no term or alias, and none is close to it. */
  | { action: 'list-terms' }
  /**
   * Change the existing term `term` instead, or pick another name: the name is taken by that
   * term, as its name (`taken: 'name'`) or as one of its aliases (`taken: 'alias'`).
   */
  | { action: 'edit-term'; term: string; taken: 'name' | 'alias' }
  /**
   * Add a source (an administrator's act): there is none for the work asked. `project`: the project
   * that has none (a term's SQL runs in one); absent when the work looks at every source (an
   * update, a lookup by name). `type`: the source type the work needs (`code` for an onboarding
   * plan, `openapi` to list REST operations); absent when any type will do. `update`: the work reads
   * what an update indexes (REST operations), so the source added must be updated too.
   */
  | { action: 'add-source'; project?: string; type?: string; update?: boolean }
  /** See what `source` holds (its schemas, tables and columns): what was asked names something it does not have. */
  | { action: 'describe-source'; source: string }
  /** See the sources there are: the name asked for is none of them. */
  | { action: 'list-sources' }
  /** Find the object's id by searching, or bring the index up to date: no object has the id asked for, and none is close to it. */
  | { action: 'find-object' }
  /**
   * Name one of the `projects` there are, or create a project (an administrator's act): the name
   * asked for is none of them. `create` is that name when it is valid for a project, else null.
   */
  | { action: 'pick-project'; projects: readonly string[]; create: string | null }
  /**
   * Use a credential that holds `role` (a role name: `editor`, `admin`), which an administrator
   * issues (a token with that role, or the identity provider's roles claim): the caller's role
   * does not allow the work asked.
   */
  | { action: 'get-role'; role: string }
  /** Update (read) the `sources` named (an administrator's act where roles apply): what was asked is what an update indexes, and they have none yet. */
  | { action: 'update-source'; sources: readonly string[] }
  /**
   * Turn `setting` on for `project` (an administrator's act): the project has it off, and that is
   * what refused the work asked (`document-urls`: a session document read from a URL;
   * `developer-tools`: an agent's tool that changes shared state).
   */
  | { action: 'turn-on-setting'; project: string; setting: 'developer-tools' | 'document-urls' };

export type RemedyAction = Remedy['action'];

/** What to do about a failure, as an error or a failure result carries it: a remedy to word, or a hint shown as it is. */
export interface WhatToDo {
  hint?: string | undefined;
  remedy?: Remedy | undefined;
}

/**
 * One presentation's words for every remedy: a table with an entry per action, so adding an
 * action fails to compile until each presentation words it.
 */
export type RemedyWords<T> = { readonly [A in RemedyAction]: (remedy: Extract<Remedy, { action: A }>) => T };

/** The words `table` has for `remedy`. */
export function wordRemedy<T>(table: RemedyWords<T>, remedy: Remedy): T {
  return (table[remedy.action] as (r: Remedy) => T)(remedy);
}

/** What to do, as a presentation shows it: the remedy in the words of its `table`, else the hint as it is. */
export function whatToDo<T>(table: RemedyWords<T>, failure: WhatToDo): T | string | undefined {
  return failure.remedy ? wordRemedy(table, failure.remedy) : failure.hint;
}

/** The source an add-source remedy asks for, in words: `a code source to project 'sales'`, `an openapi source`, `a source`. */
export function sourceToAdd(remedy: Extract<Remedy, { action: 'add-source' }>): string {
  const what = `${remedy.type ? `${remedy.type} ` : ''}source`;
  return `${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what}${remedy.project ? ` to project '${remedy.project}'` : ''}`;
}

/** The sources an update-source remedy names, in words: `source 'tmdb'`, `sources 'tmdb', 'pets'`. */
export function sourcesToUpdate(remedy: Extract<Remedy, { action: 'update-source' }>): string {
  return `source${remedy.sources.length > 1 ? 's' : ''} ${remedy.sources.map((name) => `'${name}'`).join(', ')}`;
}

/**
 * Each remedy in words that name no presentation: the hint of an error that carries a remedy and
 * no hint of its own, for the outputs that do not word remedies (logs, `SextantError.toLine`).
 */
const PLAIN: RemedyWords<string> = {
  'list-terms': () => "see the project's glossary terms",
  'edit-term': (r) => (r.taken === 'name' ? `edit term '${r.term}' instead, or pick another name` : `pick another name, or edit term '${r.term}'`),
  'add-source': (r) => `an administrator has to add ${sourceToAdd(r)}${r.update ? ' and update it' : ''} first`,
  'describe-source': (r) => `check the tables and columns of source '${r.source}'`,
  'list-sources': () => 'check the name against the registered sources',
  'find-object': () => 'find the id with a search, or update the index',
  'pick-project': (r) => `known projects: ${r.projects.join(', ')}${r.create ? `; or create project '${r.create}'` : ''}`,
  'get-role': (r) => `ask an administrator for a credential with role ${r.role} (an access token with that role, or the OIDC roles claim)`,
  'update-source': (r) => `update ${sourcesToUpdate(r)} first`,
  'turn-on-setting': (r) => `an administrator has to turn on the ${r.setting} setting of project '${r.project}'`,
};

/** `remedy` in words that name no presentation (the fallback hint of an error without one). */
export function plainRemedy(remedy: Remedy): string {
  return wordRemedy(PLAIN, remedy);
}
