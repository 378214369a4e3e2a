/**
 * @module presentations/repl/render
 * Text of the shell's own commands, in the CLI's style and with its helpers (the CLI's commands
 * print through the CLI's own renderers).
 */
import type { SearchHit } from '../../core/search/types.js';
import type { DocumentSummary } from '../../core/sessions/session-service.js';
import type { EntityPage, SessionRecord } from '../../ports/store.js';
import { explainLine } from '../cli/commands/search.js';
import { colors, table } from '../cli/output.js';
import type { CommandSpec } from './commands.js';

export function renderProjects(session: SessionRecord, sources: readonly string[] | null): string {
  return [
    `active projects: ${session.activeProjects.join(', ')}  ${colors.dim(`(served: ${session.project})`)}`,
    `sources: ${sources ? sources.join(', ') || 'none' : 'all'}`,
  ].join('\n');
}

export function renderDocuments(docs: readonly DocumentSummary[]): string {
  if (docs.length === 0) return 'no documents in this session; add one with `doc add FILE|URL`';
  return table(
    docs.map((d) => [d.name, d.mimeType, d.chars, d.chunks, d.objectId]),
    ['name', 'type', 'chars', 'chunks', 'id'],
  );
}

export function renderDocumentAdded(d: DocumentSummary): string {
  return `added ${d.name} (${d.mimeType}, ${d.chars} chars) as ${d.chunks} chunk${d.chunks === 1 ? '' : 's'}, visible to this session only; id ${d.objectId}`;
}

export function renderEntities(page: EntityPage, documentsOnly: boolean): string {
  const lines: string[] = [];
  if (page.items.length === 0) lines.push(documentsOnly ? 'no entities in this session’s documents' : 'no entities in what this session searches');
  else
    lines.push(
      table(
        page.items.map((e) => [e.displayName, e.semanticType.toLowerCase(), e.nerType ?? '', e.chunks]),
        ['entity', 'type', 'ner', 'chunks'],
      ),
    );
  if (page.nextCursor) lines.push(colors.dim('more: `entities more`'));
  return lines.join('\n');
}

/** Result N of a search with everything the search knows about its rank. */
export function renderExplain(n: number, query: string, hit: SearchHit): string {
  const lines = [`${String(n).padStart(2)}. ${hit.score.toFixed(3)}  ${colors.bold(hit.objectId)}  ${colors.dim(hit.kind)}`, `    for: ${query}`];
  const e = hit.explain;
  if (!e) return [...lines, '    no explanation (a related result: it shares entities with the hits, no list ranked it)'].join('\n');
  lines.push(`    ${explainLine(e)}`);
  // the lists that ranked this hit (a hybrid search also names lists it is absent from)
  const ranked = e.lists.filter((l) => l.rank !== null);
  if (ranked.length) {
    const fused = ranked.length > 1 || ranked[0]!.role === 'supporting' || e.bonus > 0;
    const support = ranked.some((l) => l.role === 'supporting');
    const rows = ranked.map((l) => [
      l.name,
      `#${l.rank}`,
      ...(fused ? [`+${l.contribution.toFixed(5)}`] : []),
      ...(support ? [l.role === 'supporting' ? 'supporting' : ''] : []),
    ]);
    const header = ['list', 'rank', ...(fused ? ['adds'] : []), ...(support ? ['role'] : [])];
    lines.push(
      ...table(rows, header)
        .split('\n')
        .map((l) => `    ${l}`),
    );
  }
  if (e.bonus) lines.push(`    top-rank bonus +${e.bonus}`);
  if (e.expansions.length) lines.push(`    expansions: ${e.expansions.join(', ')}`);
  return lines.join('\n');
}

export function renderHelp(specs: readonly CommandSpec[]): string {
  const rows = [...specs.filter((s) => s.cli), ...specs.filter((s) => !s.cli)].map((s) => [s.usage, s.summary]);
  return [
    table(rows),
    '',
    colors.dim('`COMMAND --help` shows the options of a search or catalog command; Tab completes commands, ids and glossary terms;'),
    colors.dim('Ctrl-C cancels a running command or clears the line; Ctrl-D leaves.'),
  ].join('\n');
}
