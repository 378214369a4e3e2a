/**
 * @module presentations/mcp/logging
 * Structured logs (pino, JSON lines) on stderr, or a file for the daemon. Never stdout: in stdio
 * mode stdout carries the protocol. Every field and message passes the core's redaction.
 */
import { pino, type Logger } from 'pino';
import { redactText, redactValue } from '../../kernel/redact.js';

export type { Logger };

export interface LoggerOptions {
  level?: string;
  /** File descriptor or path; default 2 (stderr). */
  destination?: number | string;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const destination = pino.destination({ dest: options.destination ?? 2, sync: true });
  return pino(
    {
      level: options.level ?? 'info',
      base: { app: 'sextant-mcp' },
      formatters: { log: (object) => redactValue(object) },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((a) => (typeof a === 'string' ? redactText(a) : a)) as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

/** One line per tool call: what ran, for whom, how long, how it ended. */
export interface ToolCallLog {
  tool: string;
  session: string;
  user: string;
  project: string;
  durationMs: number;
  outcome: 'ok' | 'error' | 'fault';
  code?: string;
}

export function logToolCall(logger: Logger, entry: ToolCallLog): void {
  const level = entry.outcome === 'fault' ? 'error' : 'info';
  logger[level]({ event: 'tool_call', ...entry }, `${entry.tool} ${entry.outcome}`);
}
