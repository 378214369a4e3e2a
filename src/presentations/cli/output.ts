/**
 * @module presentations/cli/output
 * Everything the CLI prints goes through here: redacted, JSON or human, errors as an error line and a hint line.
 */
import pc from 'picocolors';
import { isSextantError } from '../../kernel/errors.js';
import { redactText, redactValue } from '../../kernel/redact.js';
import { cliHint } from './remedy-hints.js';

export interface OutputOptions {
  json?: boolean;
}

/** Where output goes: stdout and stderr, unless a longer-lived host of the commands (the REPL) takes it. */
export interface OutputSink {
  out(text: string): void;
  err(text: string): void;
}

const STANDARD: OutputSink = { out: (text) => void process.stdout.write(text), err: (text) => void process.stderr.write(text) };
let sink: OutputSink = STANDARD;

/** Sends all output to `next` (null: back to stdout and stderr). */
export function setOutputSink(next: OutputSink | null): void {
  sink = next ?? STANDARD;
}

export function printJson(value: unknown): void {
  sink.out(`${JSON.stringify(redactValue(value), null, 2)}\n`);
}

export function println(text = ''): void {
  sink.out(`${redactText(text)}\n`);
}

export function info(text: string): void {
  sink.err(`${redactText(text)}\n`);
}

export const colors = pc;

/** Exit code of a failure: 2 for usage errors, 1 otherwise. */
export function exitCodeOf(err: unknown): number {
  if (isSextantError(err) && (err.code === 'USAGE' || err.code === 'INVALID_TARGET')) return 2;
  return 1;
}

/**
 * Prints an error (JSON on stdout with --json, `hint` a field of its own) and returns the exit
 * code: on stderr a line of what failed (`error: …`), then a line of what to do (`hint: …`).
 */
export function reportError(err: unknown, options: OutputOptions): number {
  const code = exitCodeOf(err);
  if (isSextantError(err)) {
    // a remedy the error carries as data is printed as the hint it words (--json too: a plain string)
    const hint = cliHint(err);
    if (options.json) printJson({ ok: false, error: { code: err.code, message: err.message, hint: hint ?? null, ...err.details } });
    else sink.err(`${pc.red('error:')} ${redactText(err.message)}\n${hint ? `${pc.dim('hint:')} ${redactText(hint)}\n` : ''}`);
    return code;
  }
  const message = err instanceof Error ? err.message : String(err);
  if (options.json) printJson({ ok: false, error: { code: 'INTERNAL', message } });
  else sink.err(`${pc.red('error:')} ${redactText(message)}\n`);
  if (process.env.SEXTANT_DEBUG && err instanceof Error && err.stack) sink.err(`${redactText(err.stack)}\n`);
  return code;
}

/** What to do, as a line of its own under what failed (`indent` deeper than the margin), or '' without a hint. */
export function hintLine(hint: string | null | undefined, indent = '  '): string {
  return hint ? `\n${indent}${pc.dim('hint:')} ${hint}` : '';
}

/** A source whose update failed, as `update` and `status` print it: what failed, then an indented line of what to do. */
export function failedLine(source: string, failure: { message: string; hint?: string | undefined }): string {
  return `${pc.red('failed')} ${source}: ${failure.message}${hintLine(failure.hint)}`;
}

/** Plain aligned table (no borders), good for terminals and logs. */
export function table(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>, header?: readonly string[]): string {
  const all = (header ? [header, ...rows] : rows).map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c))));
  const widths: number[] = [];
  for (const row of all) row.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  const lines = all.map((row) =>
    row
      .map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
  if (header) lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  return lines.join('\n');
}
