/**
 * @module adapters/connector/openapi/read-spec
 * Reads a spec's text from a local file or an http(s) URL, under a size cap, with the headers a
 * source names (values from environment variables, never stored or shown).
 */
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { SextantError } from '../../../kernel/errors.js';
import { redactDsn } from '../../../kernel/redact.js';

/** Larger specs are refused with the cap named: the largest public specs are well under it. */
export const SPEC_BYTE_CAP = 32 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export const isSpecUrl = (location: string) => /^https?:\/\//i.test(location);

/** A local path made absolute (the CLI's working directory is not the server's). */
export function normaliseLocation(location: string): string {
  if (isSpecUrl(location)) return location;
  const path = location.startsWith('file://') ? new URL(location).pathname : location;
  return isAbsolute(path) ? path : resolve(path);
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function tooLarge(location: string, bytes: number | null): SextantError {
  return new SextantError(
    'SPEC_INVALID',
    `the spec at ${redactDsn(location)} is ${bytes === null ? 'larger than' : megabytes(bytes) + ', over'} the ${megabytes(SPEC_BYTE_CAP)} cap`,
    {
      hint: 'split the spec, or index the part an agent needs',
    },
  );
}

async function readLocal(path: string): Promise<string> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    throw new SextantError('SOURCE_UNREACHABLE', `no spec file at ${path}`, {
      hint: 'check the path; relative paths are read from the directory `source add` ran in',
    });
  }
  if (size > SPEC_BYTE_CAP) throw tooLarge(path, size);
  return readFile(path, 'utf8');
}

async function readCapped(response: Response, url: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > SPEC_BYTE_CAP) throw tooLarge(url, declared);
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > SPEC_BYTE_CAP) {
      await reader.cancel();
      throw tooLarge(url, null);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readRemote(url: string, headers: Record<string, string>, fetchImpl: FetchLike, signal?: AbortSignal): Promise<string> {
  const shown = redactDsn(url);
  let response: Response;
  try {
    const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
    response = await fetchImpl(url, { headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (err) {
    const reason = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${FETCH_TIMEOUT_MS / 1000} s` : 'the request failed';
    throw new SextantError('SOURCE_UNREACHABLE', `cannot fetch the spec at ${shown}: ${reason}`, {
      hint: 'check the URL and that the server is up',
      cause: err,
    });
  }
  if (response.status === 401 || response.status === 403) {
    throw new SextantError('AUTH_FAILED', `${shown} refused the spec request (HTTP ${response.status})`, {
      hint: 'check the header credentials (--header-env Header=VAR) and that VAR is set',
    });
  }
  if (!response.ok) throw new SextantError('SOURCE_UNREACHABLE', `cannot fetch the spec at ${shown}: HTTP ${response.status}`);
  return readCapped(response, url);
}

export interface SpecLocation {
  location: string;
  headers: Record<string, string>;
}

export async function readSpecText(spec: SpecLocation, fetchImpl: FetchLike, signal?: AbortSignal): Promise<string> {
  return isSpecUrl(spec.location) ? readRemote(spec.location, spec.headers, fetchImpl, signal) : readLocal(spec.location);
}
