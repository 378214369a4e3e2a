/**
 * @module presentations/ui/pages/explain-chart
 * Draws a hit's explanation (core/search: each ranked list's place and share of the fused score,
 * the top-rank bonus) as a small inline SVG bar chart, with the same numbers as text beside it
 * for screen readers. It computes nothing: bar lengths are the core's numbers, scaled to the width.
 */
import { html } from 'hono/html';
import type { SearchHit } from '../../../core/search/types.js';
import type { Html } from '../layout.js';

const WIDTH = 420;
const LABEL = 150;
const ROW = 22;
const COLORS = { primary: '#1d4ed8', supporting: '#0f766e', bonus: '#b45309' } as const;

interface Bar {
  label: string;
  value: number;
  color: string;
}

const fixed = (n: number) => n.toFixed(4);

export function explainChart(hit: SearchHit, index: number): Html {
  const e = hit.explain;
  if (!e) return html`<p class="muted">Found through shared entities with the hits above; not ranked by the lists.</p>`;
  const bars: Bar[] = [
    ...e.lists.map((l) => ({
      label: `${l.name}${l.role === 'supporting' ? ' (support)' : ''} ${l.rank === null ? '—' : `#${l.rank}`}`,
      value: l.contribution,
      color: COLORS[l.role],
    })),
    ...(e.bonus > 0 ? [{ label: 'top-rank bonus', value: e.bonus, color: COLORS.bonus }] : []),
  ];
  const scale = Math.max(e.fused, ...bars.map((b) => b.value), Number.EPSILON);
  const height = ROW * (bars.length + 1) + 4;
  const titleId = `explain-title-${index}`;
  return html`<div class="explain">
    <svg role="img" aria-labelledby="${titleId}" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">
      <title id="${titleId}">Why ${hit.name} ranks here: fused score ${fixed(e.fused)}</title>
      ${bars.map(
        (b, i) =>
          html`<g>
            <text x="0" y="${i * ROW + 15}" font-size="12" fill="#1a1a1a">${b.label}</text>
            <rect
              x="${LABEL}"
              y="${i * ROW + 4}"
              width="${Math.max(b.value > 0 ? 1 : 0, ((WIDTH - LABEL - 60) * b.value) / scale)}"
              height="14"
              fill="${b.color}"
            ></rect>
            <text x="${WIDTH - 56}" y="${i * ROW + 15}" font-size="12" fill="#1a1a1a">${fixed(b.value)}</text>
          </g>`,
      )}
      <g>
        <text x="0" y="${bars.length * ROW + 15}" font-size="12" font-weight="700" fill="#1a1a1a">fused score</text>
        <rect x="${LABEL}" y="${bars.length * ROW + 4}" width="${((WIDTH - LABEL - 60) * e.fused) / scale}" height="14" fill="#374151"></rect>
        <text x="${WIDTH - 56}" y="${bars.length * ROW + 15}" font-size="12" font-weight="700" fill="#1a1a1a">${fixed(e.fused)}</text>
      </g>
    </svg>
    <dl>
      <dt>Lexical rank</dt>
      <dd>${e.lexicalRank ?? 'not found lexically'}</dd>
      <dt>Vector rank</dt>
      <dd>${e.vectorRank ?? 'not found by meaning'}</dd>
      <dt>Fused score</dt>
      <dd>${fixed(e.fused)} (shown as ${hit.score.toFixed(3)})</dd>
      ${
        e.named
          ? html`<dt>First because</dt>
              <dd>the query is its ${e.named === 'path' ? 'whole name' : 'name'}</dd>`
          : ''
      }
      <dt>Expansions</dt>
      <dd>${e.expansions.length ? e.expansions.join(', ') : 'none'}</dd>
      <dt>Entities</dt>
      <dd>${e.entities.length ? e.entities.join(', ') : 'none'}</dd>
    </dl>
  </div>`;
}
