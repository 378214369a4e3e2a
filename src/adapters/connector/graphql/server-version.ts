/**
 * @module adapters/connector/graphql/server-version
 * The Hugr server's version (`core.version`), asked once per endpoint and cached: execution
 * depends on it (`validateOnly` exists only from v0.2.0; before that the server ignores the flag
 * and runs the operation).
 */
import { postGraphql } from './client.js';
import type { CredentialContext, CredentialFetch } from './credential-fetch.js';
import type { EndpointSettings } from './endpoint.js';

export const VERSION_QUERY = '{ function { core { version { version } } } }';
const VERSION_TTL_MS = 10 * 60_000;

export type VersionCache = Map<string, { version: string | null; at: number }>;

/** `v0.3.41`, `0.2.0-rc1`, … → [0, 3, 41]; null when it is not a version. */
export function parseVersion(text: string | null | undefined): [number, number, number] | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text?.trim() ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

export function versionAtLeast(text: string | null | undefined, min: readonly [number, number, number]): boolean {
  const v = parseVersion(text);
  if (!v) return false;
  for (let i = 0; i < 3; i++) if (v[i] !== min[i]) return v[i]! > min[i]!;
  return true;
}

/** An unknown version is treated as old: validating client-side costs a request, a double run costs a write. */
export function supportsValidateOnly(version: string | null): boolean {
  return versionAtLeast(version, [0, 2, 0]);
}

export function rememberVersion(cache: VersionCache, settings: EndpointSettings, version: string | null, now = Date.now()): void {
  cache.set(settings.queryUrl, { version, at: now });
}

export async function serverVersion(
  deps: { settings: EndpointSettings; fetcher: CredentialFetch; versions: VersionCache },
  context: CredentialContext,
  signal?: AbortSignal,
): Promise<string | null> {
  const cached = deps.versions.get(deps.settings.queryUrl);
  if (cached && Date.now() - cached.at < VERSION_TTL_MS) return cached.version;
  let version: string | null = null;
  try {
    const res = await postGraphql(deps.fetcher, deps.settings.queryUrl, { query: VERSION_QUERY }, context, signal);
    const fn = res.data?.function as { core?: { version?: { version?: unknown } } } | undefined;
    version = typeof fn?.core?.version?.version === 'string' ? fn.core.version.version : null;
  } catch {
    version = null;
  }
  rememberVersion(deps.versions, deps.settings, version);
  return version;
}
