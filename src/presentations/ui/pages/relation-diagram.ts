/**
 * @module presentations/ui/pages/relation-diagram
 * A relation and its join neighbours as a small SVG: the tables that reference it on the left,
 * the ones it references on the right, each a link, with the join condition as its tooltip.
 * It draws the core's `describe` joins; it finds no relation itself.
 */
import { html } from 'hono/html';
import type { JoinInfo } from '../../../core/discovery/describe.js';
import { href, type Html } from '../layout.js';

const WIDTH = 640;
const BOX = { width: 190, height: 24 };
const ROW = 32;

function label(id: string): string {
  const path = id.slice(id.lastIndexOf(':') + 1);
  return path.length > 26 ? `…${path.slice(-25)}` : path;
}

function node(join: JoinInfo, x: number, y: number): Html {
  return html`<a href="${href('browse/object', { id: join.table })}">
    <title>${join.table} ON ${join.on}</title>
    <rect x="${x}" y="${y}" width="${BOX.width}" height="${BOX.height}" rx="4" fill="#eef2f7" stroke="#6b7280"></rect>
    <text x="${x + 8}" y="${y + 16}" font-size="12" fill="#0b4fb3">${label(join.table)}</text>
  </a>`;
}

export function relationDiagram(name: string, joins: readonly JoinInfo[], referencedBy: readonly JoinInfo[]): Html {
  if (!joins.length && !referencedBy.length) return html``;
  const rows = Math.max(joins.length, referencedBy.length, 1);
  const height = rows * ROW + 8;
  const center = { x: (WIDTH - BOX.width) / 2, y: height / 2 - BOX.height / 2 };
  const top = (count: number, i: number) => (height - count * ROW) / 2 + i * ROW + 4;
  const right = WIDTH - BOX.width;
  return html`<figure>
    <svg
      role="img"
      aria-label="${name}: referenced by ${referencedBy.length}, references ${joins.length}"
      width="${WIDTH}"
      height="${height}"
      viewBox="0 0 ${WIDTH} ${height}"
    >
      ${referencedBy.map((j, i) => {
        const y = top(referencedBy.length, i);
        return html`<line x1="${BOX.width}" y1="${y + BOX.height / 2}" x2="${center.x}" y2="${height / 2}" stroke="#9ca3af"></line>${node(j, 0, y)}`;
      })}
      ${joins.map((j, i) => {
        const y = top(joins.length, i);
        return html`<line x1="${center.x + BOX.width}" y1="${height / 2}" x2="${right}" y2="${y + BOX.height / 2}" stroke="#9ca3af"></line
          >${node(j, right, y)}`;
      })}
      <rect x="${center.x}" y="${center.y}" width="${BOX.width}" height="${BOX.height}" rx="4" fill="#10233f"></rect>
      <text x="${center.x + 8}" y="${center.y + 16}" font-size="12" font-weight="700" fill="#ffffff">${label(name)}</text>
    </svg>
    <figcaption class="muted">Left: tables that reference it; right: tables it references. Hover a table for its join condition.</figcaption>
  </figure>`;
}
