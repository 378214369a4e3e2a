/**
 * @module core/search/rerank-hook
 * The optional, advisory rerank hook: an external command that reorders fused results.
 *
 * Contract: the command runs through `sh -c`, gets `{"query": …, "results": [{id, kind, name,
 * snippet, score}, …]}` as JSON on stdin and prints a JSON array of result ids on stdout, best
 * first, within the timeout (default 5 s). A partial list is fine: listed ids come first in
 * that order, the rest keep their fused order. Anything else (non-zero exit, timeout, invalid
 * JSON, not an array of strings, an id that was not in the payload) yields
 * `{ order: null, error }`: the caller keeps the fused order and reports the error. Never throws.
 * On timeout the hook's whole process group is killed, so children it started die with it.
 */
import { spawn } from 'node:child_process';
import { redactText } from '../../kernel/redact.js';

export interface RerankCandidate {
  id: string;
  kind: string;
  name: string;
  snippet: string;
  /** Presentation score, 0..1. */
  score: number;
}

export interface RerankPayload {
  query: string;
  results: RerankCandidate[];
}

export interface RerankHookOptions {
  /** Default 5000 ms. */
  timeoutMs?: number;
  /** Stdout beyond this many bytes is an error (default 1 MiB). */
  maxOutputBytes?: number;
}

export interface RerankOutcome {
  /** Ids in the hook's order (known ids only, each once), or null when the hook failed. */
  order: string[] | null;
  error: string | null;
}

const STDERR_KEEP = 2000;

function failure(error: string): RerankOutcome {
  return { order: null, error };
}

function preview(text: string, max = 80): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}

/** Validates what a hook printed against the ids it was given. Pure. */
export function parseRerankOutput(stdout: string, knownIds: ReadonlySet<string>): RerankOutcome {
  const text = stdout.trim();
  if (text === '') return failure('rerank hook printed nothing; expected a JSON array of result ids');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return failure(`rerank hook printed invalid JSON: ${redactText(preview(text))}`);
  }
  if (!Array.isArray(parsed) || !parsed.every((x): x is string => typeof x === 'string')) {
    return failure('rerank hook output must be a JSON array of result ids (strings)');
  }
  const unknown = [...new Set(parsed.filter((id) => !knownIds.has(id)))];
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 5).map((id) => JSON.stringify(preview(id, 60))).join(', ');
    const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
    return failure(`rerank hook returned ids that were not in the results: ${redactText(shown)}${more}`);
  }
  return { order: [...new Set(parsed)], error: null };
}

/**
 * The final order: ids the hook listed (known ones, first occurrence) in its order, then every
 * other fused id in fused order.
 */
export function applyRerankOrder(fusedIds: readonly string[], order: readonly string[]): string[] {
  const fused = new Set(fusedIds);
  const out = new Set<string>();
  for (const id of order) if (fused.has(id)) out.add(id);
  for (const id of fusedIds) out.add(id);
  return [...out];
}

/** Runs the hook; see the module comment for the contract. */
export function runRerankHook(command: string, payload: RerankPayload, options: RerankHookOptions = {}): Promise<RerankOutcome> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxOutputBytes = options.maxOutputBytes ?? 1024 * 1024;
  if (command.trim() === '') return Promise.resolve(failure('rerank hook command is empty'));
  const knownIds = new Set(payload.results.map((r) => r.id));

  return new Promise<RerankOutcome>((resolve) => {
    let done = false;
    let stdout = '';
    let stdoutBytes = 0;
    let stderr = '';

    // detached: the hook leads its own process group, so a timeout can kill its children too
    const child = spawn('/bin/sh', ['-c', command], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });

    const killGroup = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const finish = (outcome: RerankOutcome): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      killGroup();
      finish(failure(`rerank hook timed out after ${timeoutMs} ms`));
    }, timeoutMs);

    child.on('error', (error) => finish(failure(`rerank hook could not start: ${redactText(error.message)}`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdoutBytes += Buffer.byteLength(chunk);
      if (stdoutBytes > maxOutputBytes) {
        killGroup();
        finish(failure(`rerank hook printed more than ${maxOutputBytes} bytes`));
        return;
      }
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < STDERR_KEEP) stderr += chunk.slice(0, STDERR_KEEP - stderr.length);
    });
    child.on('close', (code, signal) => {
      if (code === 0) {
        finish(parseRerankOutput(stdout, knownIds));
        return;
      }
      const why = code === null ? `was killed by ${signal ?? 'a signal'}` : `exited with code ${code}`;
      const detail = preview(stderr, 200);
      finish(failure(`rerank hook ${why}${detail ? `: ${redactText(detail)}` : ''}`));
    });

    // a hook that never reads stdin closes the pipe early: that is its business, not an error
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(payload));
  });
}
