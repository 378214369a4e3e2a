/**
 * @module presentations/mcp/tools/common
 * Argument schemas and checks shared by several tools, and small text helpers.
 */
import { z } from 'zod';
import { SextantError } from '../../../kernel/errors.js';
import type { ToolContext } from '../tool-registry.js';

export const kindsArg = z.array(z.string().min(1)).max(20).optional().describe('e.g. ["table","column"]');
export const sourcesArg = z.array(z.string().min(1)).max(50).optional();
export const detailArg = z.enum(['brief', 'full']).default('brief');
export const cursorArg = z.string().max(500).optional();

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

export { clip, pageFooter } from '../../text/describe-text.js';
