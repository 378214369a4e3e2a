/**
 * @module presentations/mcp/tools/common
 * Argument schemas and checks shared by several tools, and small text helpers.
 */
import { z } from 'zod';
import { SextantError } from '../../../kernel/errors.js';
import type { ToolContext } from '../tool-registry.js';

export const kindsArg = z.array(z.string().min(1)).max(20).optional().describe('Only these kinds, e.g. ["table","column"]');
export const sourcesArg = z.array(z.string().min(1)).max(50).optional().describe('Only these sources (see list_sources)');
export const detailArg = z.enum(['brief', 'full']).default('brief');
export const cursorArg = z.string().max(500).optional().describe('next_cursor of the previous page');

/** Fails with the list of kinds in the index when a requested kind is not one of them. */
export async function checkKinds(ctx: ToolContext, kinds: readonly string[] | undefined): Promise<void> {
  if (!kinds?.length) return;
  const known = await ctx.knownKinds();
  const unknown = kinds.filter((k) => !known.has(k));
  if (unknown.length) {
    throw new SextantError('USAGE', `unknown kind${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `'${k}'`).join(', ')}`, {
      hint: `kinds in this index: ${[...known].sort().join(', ')}`,
      details: { field: 'kinds' },
    });
  }
}

export function clip(text: string | null | undefined, max: number): string {
  if (!text) return '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The line that ends a page: how many shown of how many, and how to get more. */
export function pageFooter(shown: number, total: number, nextCursor: string | null): string {
  if (nextCursor) return `showing ${shown} of ${total}; more: pass cursor "${nextCursor}"`;
  return `${total} in total`;
}
