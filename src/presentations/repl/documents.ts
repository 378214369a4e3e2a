/**
 * @module presentations/repl/documents
 * `doc add FILE|URL`: reads the text a session document is made of. Only the reading is here;
 * names, sizes and kinds are checked by the core's session documents, as for MCP add_document.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { MAX_DOCUMENT_CHARS, type DocumentInput } from '../../core/sessions/session-documents.js';
import { SextantError } from '../../kernel/errors.js';

/** UTF-8 takes at most 4 bytes a character: more bytes than this cannot fit the character limit. */
const MAX_BYTES = MAX_DOCUMENT_CHARS * 4;
const FETCH_TIMEOUT_MS = 30_000;

function refuseBinary(text: string, what: string): string {
  if (text.includes('\u0000')) throw new SextantError('USAGE', `${what} is not text`, { hint: 'session documents are plain text or markdown' });
  return text;
}

/** A fetch that failed below HTTP, said in words with the address (not `fetch failed`). */
function fetchFailure(url: URL, err: unknown): SextantError {
  if (err instanceof Error && err.name === 'TimeoutError') return new SextantError('USAGE', `${url.href} did not answer within ${FETCH_TIMEOUT_MS / 1000} s`);
  const cause = err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  const why =
    code === 'ECONNREFUSED'
      ? 'connection refused'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'unknown host'
        : typeof cause?.message === 'string'
          ? cause.message
          : err instanceof Error
            ? err.message
            : String(err);
  return new SextantError('USAGE', `cannot fetch ${url.href}: ${why}`, { hint: 'check the address, or save the document and `doc add FILE`' });
}

async function readUrl(url: URL, signal: AbortSignal): Promise<DocumentInput> {
  if (url.username || url.password)
    throw new SextantError('USAGE', 'a URL with a user name or password is not fetched', { hint: 'save the document and `doc add FILE`' });
  try {
    return await fetchText(url, signal);
  } catch (err) {
    // Ctrl-C: the shell says it was cancelled; our own refusals already say what is wrong
    if (signal.aborted || err instanceof SextantError) throw err;
    throw fetchFailure(url, err);
  }
}

async function fetchText(url: URL, signal: AbortSignal): Promise<DocumentInput> {
  const response = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]), redirect: 'follow' });
  if (!response.ok) throw new SextantError('USAGE', `${url.href} answered ${response.status} ${response.statusText}`.trim());
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type && !type.startsWith('text/'))
    throw new SextantError('USAGE', `${url.href} is ${type}, not text`, { hint: 'session documents are plain text or markdown' });
  const bytes: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > MAX_BYTES)
      throw new SextantError('USAGE', `${url.href} is larger than a session document may be`, { hint: `at most ${MAX_DOCUMENT_CHARS} characters` });
    bytes.push(chunk);
  }
  const text = refuseBinary(Buffer.concat(bytes).toString('utf8'), url.href);
  const last = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '') || url.hostname;
  const markdown = type === 'text/markdown' || type === 'text/x-markdown' || /\.(md|markdown)$/i.test(last);
  return { name: last, text, mimeType: markdown ? 'text/markdown' : 'text/plain' };
}

function readFile(path: string): DocumentInput {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (err) {
    throw new SextantError('USAGE', `cannot read ${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  if (size > MAX_BYTES)
    throw new SextantError('USAGE', `${path} is larger than a session document may be`, { hint: `at most ${MAX_DOCUMENT_CHARS} characters` });
  return { name: basename(path), text: refuseBinary(readFileSync(path, 'utf8'), path) };
}

/** The document at `target` (a file path or an http(s) URL), named `name` or after its file. */
export async function readDocument(target: string, signal: AbortSignal, name?: string): Promise<DocumentInput> {
  const url = /^https?:\/\//i.test(target) ? new URL(target) : null;
  const input = url ? await readUrl(url, signal) : readFile(target);
  return name ? { ...input, name } : input;
}
