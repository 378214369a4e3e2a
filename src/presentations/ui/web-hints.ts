/**
 * @module presentations/ui/web-hints
 * A core failure's hint, worded for a web user. Core hints are written for the command line and
 * MCP (`run \`sextant update\``); the UI words them from the error's structure instead: suggested
 * ids and terms (`details.suggestions`) become links to them, and each `sextant …` command a hint names becomes the page that
 * does the same, or, when no page does, a step for an administrator on the server's command line.
 * Any other hint is shown as the core wrote it. Failures kept as data (an update's report, a source's
 * stored last outcome) are worded the same way from their hint. A remedy the failure carries (data,
 * not words) becomes the page that does it, from one table (a missing role: sign in with a token
 * that has it; a project setting that is off: the Glossary page's developer-tools switch, or the
 * administrator's command line).
 */
import { html } from 'hono/html';
import { glossaryError, type GlossaryFailure } from '../../core/glossary/index.js';
import { isSextantError, type SextantError } from '../../kernel/errors.js';
import { wordRemedy, type RemedyWords, type WhatToDo } from '../../kernel/remedy.js';
import { redactText } from '../../kernel/redact.js';
import { onGlossaryPage } from '../http/remedy-hints.js';
import { errorLine, href, type Html } from './layout.js';

/** A command a hint names, as the page that does the same; null: no page does (an administrator's command line). */
function pageFor(command: string): Html | null {
  const [verb, sub] = command.split(/\s+/).slice(1);
  if (verb === 'update') return html`update it on the <a href="${href('sources')}">Sources</a> page`;
  if (verb === 'search' || verb === 'query' || verb === 'vsearch') return html`look it up on the <a href="${href('search')}">Search</a> page`;
  if (verb === 'status' || (verb === 'source' && sub === 'list')) return html`pick one on the <a href="${href('browse')}">Browse</a> page`;
  if (verb === 'glossary' && (sub === 'list' || sub === 'show')) return html`see the terms on the <a href="${href('glossary')}">Glossary</a> page`;
  if (verb === 'context' && sub === 'list') return html`see the contexts on the object's <a href="${href('browse')}">Browse</a> page`;
  return null;
}

const COMMAND = /`(sextant [^`]+)`/g;

/** One clause of a hint (hints separate clauses with `;`): its commands as pages, else as an administrator's step. */
function clause(text: string): Html | string {
  const commands = [...text.matchAll(COMMAND)].map((m) => m[1]!);
  if (!commands.length) return text;
  const pages = commands.map(pageFor).filter((p): p is Html => p !== null);
  if (!pages.length) {
    // split by the capturing pattern: odd parts are the commands
    const parts = text.split(COMMAND);
    return html`${parts.map((part, i) => (i % 2 ? html`<code>${part}</code>` : part))} (an administrator, on the server's command line)`;
  }
  return html`${pages.map((p, i) => html`${i ? ', or ' : ''}${p}`)}`;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

function links(items: readonly string[], to: (item: string) => string): Html {
  return html`did you mean ${items.map((item, i) => html`${i ? ', ' : ''}<a href="${to(item)}">${item}</a>`)}?`;
}

/** Each remedy (core data) as the page that does it; adding a source stays an administrator's step. */
const WORDS: RemedyWords<Html> = {
  'list-terms': () => html`see the terms on the <a href="${href('glossary')}">Glossary</a> page`,
  'edit-term': (r) => {
    const edit = href('glossary/edit', { name: r.term });
    return r.taken === 'name'
      ? html`<a href="${edit}">edit it</a> instead, or pick another name`
      : html`pick another name, or <a href="${edit}">edit term ${r.term}</a>`;
  },
  'add-source': (r) =>
    html`an administrator adds one on the server's command line (<code>sextant source add${r.type ? ` ${r.type}` : ''}</code>)${
        r.update ? html`, then updates it on the <a href="${href('sources')}">Sources</a> page` : ''
      }`,
  'describe-source': (r) => html`see its tables and columns on the <a href="${href('browse/source', { name: r.source })}">${r.source}</a> page`,
  'list-sources': () => html`pick one on the <a href="${href('browse')}">Browse</a> page`,
  'find-object': () =>
    html`look it up on the <a href="${href('search')}">Search</a> page, or update its source on the <a href="${href('sources')}">Sources</a> page`,
  'pick-project': (r) => {
    const create = html`<code>sextant project create ${r.create ?? '<name>'}</code>`;
    return html`known projects: ${r.projects.join(', ')}; create one with ${create} (an administrator, on the server's command line)`;
  },
  'get-role': (r) => html`ask an administrator for an access token with the ${r.role} role, then <a href="${href('login')}">sign in</a> with it`,
  'update-source': (r) => html`an administrator updates ${r.sources.length > 1 ? 'them' : 'it'} on the <a href="${href('sources')}">Sources</a> page`,
  // the Glossary page switches developer tools for the project this UI serves (the default one); anything else is the command line's
  'turn-on-setting': (r) =>
    onGlossaryPage(r)
      ? html`an administrator turns developer tools on with the switch on the <a href="${href('glossary')}">Glossary</a> page`
      : html`an administrator turns it on from the server's command line (<code>sextant project set ${r.project} ${r.setting} on</code>)`,
};

/** What a hint is worded from: a core failure, or a failure kept as data (an update's report or stored outcome, which have no code). */
export type HintSource = Pick<Partial<SextantError>, 'code' | 'details'> & WhatToDo;

/** The hint of `err` for a web page, or null when it has none. */
export function webHint(err: HintSource): Html | string | null {
  const suggestions = strings(err.details?.suggestions);
  if (suggestions.length && err.code === 'OBJECT_NOT_FOUND') return links(suggestions, (id) => href('browse/object', { id }));
  if (suggestions.length && err.code === 'TERM_NOT_FOUND') return links(suggestions, (name) => href('glossary/term', { name }));
  if (err.remedy) return wordRemedy(WORDS, err.remedy);
  if (!err.hint) return null;
  const parts = redactText(err.hint).split(/;\s+/);
  return html`${parts.map((part, i) => html`${i ? '; ' : ''}${clause(part)}`)}`;
}

/** A glossary failure's hint for a web page, as any core failure's (its remedy as the error's, its suggestions the error's details). */
export function glossaryHint(failure: GlossaryFailure): Html | string | null {
  return webHint(glossaryError(failure));
}

/** A core failure shown where it happened: its message (after `lead`) and its hint for the web (anything else stays in the log). */
export function errorFrom(err: unknown, lead = ''): Html {
  if (isSextantError(err)) return errorLine(lead + redactText(err.message), webHint(err));
  return errorLine(`${lead}Something went wrong; the server log has the details.`);
}
