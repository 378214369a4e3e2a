/**
 * @module presentations/mcp/tool-result
 * Tool results: structured content plus a compact text rendering, and the one mapping from
 * errors to `isError` results. User-fixable failures (SextantError) say what to do; anything
 * else is reported as an internal error without details (they go to the log).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isSextantError, type SextantError } from '../../kernel/errors.js';
import { redactText, redactValue } from '../../kernel/redact.js';
import { mcpHint } from './remedy-hints.js';

export interface ToolOutput {
  structured: Record<string, unknown>;
  text: string;
}

export function success(output: ToolOutput): CallToolResult {
  return {
    content: [{ type: 'text', text: redactText(output.text) }],
    structuredContent: redactValue(output.structured),
  };
}

export interface ToolFailure {
  result: CallToolResult;
  /** Error code for the log; INTERNAL marks a fault (a bug or an outage), not a user mistake. */
  code: string;
}

/** An error result's text: what failed on the first line, what to do on a `hint:` line of its own (as the CLI prints them). */
function errorText(err: SextantError, hint: string | undefined): string {
  return `error ${err.code}: ${err.message}${hint ? `\nhint: ${hint}` : ''}`;
}

export function failure(err: unknown): ToolFailure {
  if (isSextantError(err)) {
    const details = (err.details ?? {}) as Record<string, unknown>;
    const suggestions = Array.isArray(details.suggestions) ? (details.suggestions as string[]) : undefined;
    const field = typeof details.field === 'string' ? details.field : undefined;
    // a remedy the error carries as data is worded as the tool that does it (a plain hint string)
    const hint = mcpHint(err);
    const error = redactValue({
      code: err.code,
      message: err.message,
      ...(hint ? { hint } : {}),
      ...(field ? { field } : {}),
      ...(suggestions?.length ? { suggestions } : {}),
    });
    return {
      code: err.code,
      result: { isError: true, content: [{ type: 'text', text: redactText(errorText(err, hint)) }], structuredContent: { error } },
    };
  }
  const message = 'internal error while running the tool; the server log has the details';
  return {
    code: 'INTERNAL',
    result: { isError: true, content: [{ type: 'text', text: `error INTERNAL: ${message}` }], structuredContent: { error: { code: 'INTERNAL', message } } },
  };
}
