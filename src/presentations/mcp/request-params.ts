/**
 * @module presentations/mcp/request-params
 * Request schemas whose invalid params fail as the protocol says: -32602 with one short line.
 * Handed a schema, the SDK's low-level server throws the raw ZodError, which reaches the client
 * as -32603 "internal error" carrying a JSON dump of zod issues (issue 11 §8).
 */
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const MAX_MESSAGE_CHARS = 200;

type RequestSchema = z.ZodObject<{ method: z.ZodLiteral<string>; params: z.ZodType }>;

/** One line: each failing field and why, clipped. */
export function shortIssues(error: z.ZodError): string {
  const line = error.issues.map((i) => `${i.path.join('.') || '(params)'}: ${i.message}`).join('; ');
  return line.length > MAX_MESSAGE_CHARS ? `${line.slice(0, MAX_MESSAGE_CHARS - 1)}…` : line;
}

/** The same request schema, its params checked first and refused with McpError(-32602, a short line). */
export function withShortParamErrors<S extends RequestSchema>(schema: S) {
  const { method, params } = schema.shape;
  return schema.extend({
    // a preprocess, not a transform: an absent optional `params` stays absent
    params: z.preprocess(
      (value) => {
        const parsed = params.safeParse(value);
        // thrown here, the McpError passes through the SDK's parse unchanged
        if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `invalid params for ${method.value}: ${shortIssues(parsed.error)}`);
        return parsed.data;
      },
      params as S['shape']['params'],
    ),
  });
}
