/**
 * @module adapters/reranker/command
 * The rerank hook as an external command: it runs through `sh -c`, gets the payload as JSON on
 * stdin and prints its answer on stdout within the timeout (default 5 s). A non-zero exit, a
 * timeout or output beyond the size limit is a failure reply. On timeout the hook's whole
 * process group is killed, so children it started die with it.
 */
import { spawn } from 'node:child_process';
import { redactText } from '../../../kernel/redact.js';
import type { RerankPayload, RerankReply, Reranker } from '../../../ports/reranker.js';

export interface CommandRerankerOptions {
  /** Default 5000 ms. */
  timeoutMs?: number;
  /** Stdout beyond this many bytes is an error (default 1 MiB). */
  maxOutputBytes?: number;
}

const STDERR_KEEP = 2000;

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function runCommand(command: string, payload: RerankPayload, timeoutMs: number, maxOutputBytes: number): Promise<RerankReply> {
  return new Promise<RerankReply>((resolve) => {
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
    const finish = (reply: RerankReply): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(reply);
    };
    const fail = (error: string): void => finish({ ok: false, error });
    const timer = setTimeout(() => {
      killGroup();
      fail(`rerank hook timed out after ${timeoutMs} ms`);
    }, timeoutMs);

    child.on('error', (error) => fail(`rerank hook could not start: ${redactText(error.message)}`));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdoutBytes += Buffer.byteLength(chunk);
      if (stdoutBytes > maxOutputBytes) {
        killGroup();
        fail(`rerank hook printed more than ${maxOutputBytes} bytes`);
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
        finish({ ok: true, output: stdout });
        return;
      }
      const why = code === null ? `was killed by ${signal ?? 'a signal'}` : `exited with code ${code}`;
      const detail = oneLine(stderr, 200);
      fail(`rerank hook ${why}${detail ? `: ${redactText(detail)}` : ''}`);
    });

    // a hook that never reads stdin closes the pipe early: that is its business, not an error
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(payload));
  });
}

export function createCommandReranker(command: string, options: CommandRerankerOptions = {}): Reranker {
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxOutputBytes = options.maxOutputBytes ?? 1024 * 1024;
  return {
    rerank(payload) {
      if (command.trim() === '') return Promise.resolve({ ok: false, error: 'rerank hook command is empty' });
      return runCommand(command, payload, timeoutMs, maxOutputBytes);
    },
  };
}
