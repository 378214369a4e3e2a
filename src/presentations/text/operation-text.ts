/**
 * @module presentations/text/operation-text
 * REST operations as text for people and agents: a description (ready request, parameters,
 * responses, and how to obtain each id it takes) and a listing page, whose note says what to do
 * in the words of the presentation showing it.
 */
import type { OperationDescription, OperationPage } from '../../core/openapi/operations.js';
import type { WhatToDo } from '../../kernel/remedy.js';
import { clip, pageFooter } from './fragments.js';

const PRODUCERS_SHOWN = 3;
const FEEDS_SHOWN = 8;

export function renderOperationDescription(d: OperationDescription): string {
  const lines = [`${d.method} ${d.path}  (${d.id})${d.deprecated ? '  [deprecated]' : ''}`];
  if (d.summary) lines.push(d.summary);
  if (d.description) lines.push(clip(d.description, 600));
  if (d.tags.length) lines.push(`tags: ${d.tags.join(', ')}`);
  if (d.security.length) lines.push(`auth: ${d.security.join(', ')} (credentials are the caller's)`);
  lines.push('', 'request:', d.template);
  const responses = d.responses.filter((r) => r.type || r.description);
  if (responses.length) {
    lines.push('', 'responses:');
    for (const r of responses) lines.push(`  ${r.status}${r.type ? ` ${clip(r.type, 300)}` : ''}${r.description ? ` -- ${clip(r.description, 120)}` : ''}`);
  }
  const needed = d.inputs.filter((i) => i.producers.length);
  if (needed.length) {
    lines.push('', 'to obtain its inputs:');
    for (const input of needed) {
      const calls = input.producers.slice(0, PRODUCERS_SHOWN).map((p) => `${p.operation} (${p.field})`);
      lines.push(
        `  ${input.parameter}: call ${calls.join(', or ')}${input.producers.length > PRODUCERS_SHOWN ? `; ${input.producers.length - PRODUCERS_SHOWN} more` : ''}`,
      );
    }
  }
  if (d.feeds.length) {
    lines.push('', 'its ids feed:');
    for (const f of d.feeds.slice(0, FEEDS_SHOWN)) lines.push(`  ${f.operation} (${f.parameter})`);
    if (d.feeds.length > FEEDS_SHOWN) lines.push(`  … ${d.feeds.length - FEEDS_SHOWN} more`);
  }
  if (d.schemas.length) lines.push('', `schemas: ${d.schemas.join(', ')}`);
  return lines.join('\n');
}

/** Words a remedy the way one presentation does (its table), else a hint as it is. */
export type RemedyHint = (failure: WhatToDo) => string | undefined;

/** A page's note with what to do about it, in `words` (the CLI's commands, MCP's): `no OpenAPI source here, …: add one with …`. */
export function operationNote(page: OperationPage, words: RemedyHint): string | null {
  if (!page.note) return null;
  const hint = page.remedy ? words({ remedy: page.remedy }) : undefined;
  return hint ? `${page.note}: ${hint}` : page.note;
}

/** A listing page as text, its note (when it has one) worded with what to do by `words`. */
export function renderOperationPage(page: OperationPage, words: RemedyHint): string {
  const lines = page.items.map(
    (o) => `${o.method.padEnd(6)} ${o.path}  ${o.source}${o.summary ? ` -- ${clip(o.summary, 100)}` : ''}${o.deprecated ? ' [deprecated]' : ''}`,
  );
  const note = operationNote(page, words);
  if (note) return note;
  if (!lines.length) lines.push('no operations match');
  lines.push(pageFooter(page.items.length, page.total, page.nextCursor));
  return lines.join('\n');
}
