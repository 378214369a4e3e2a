/**
 * @module presentations/mcp/tools/common
 * Argument schemas and checks shared by several tools, and small text helpers.
 */
import { z } from 'zod';
import { assertKnownKinds } from '../../../core/kinds/known-kinds.js';
import type { ToolContext } from '../tool-registry.js';

export const kindsArg = z.array(z.string().min(1)).max(20).optional().describe('e.g. ["table","column"]');
export const sourcesArg = z.array(z.string().min(1)).max(50).optional();
export const detailArg = z.enum(['brief', 'full']).default('brief');
export const cursorArg = z.string().max(500).optional();

/** The core's one kind check (kinds Sextant knows, present in the index or not). */
export function checkKinds(ctx: ToolContext, kinds: readonly string[] | undefined): void {
  assertKnownKinds(kinds, ctx.engine.kinds());
}

export { clip, pageFooter } from '../../text/fragments.js';
