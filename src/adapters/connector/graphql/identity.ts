/**
 * @module adapters/connector/graphql/identity
 * Who a Hugr server says a user credential is, asked before the first query with it.
 *
 * A Hugr server reads `Authorization: Bearer` only when JWT or OIDC is configured. With only a
 * secret key configured it ignores the bearer and runs the request as the anonymous role, which
 * is `admin` by default (hugr `ALLOWED_ANONYMOUS=true`, `ANONYMOUS_ROLE=admin`). A user's query
 * must never silently run as that role, so the server is asked `core.auth.me` (v0.3.6+) with the
 * user's own credential, and an anonymous answer refuses the query.
 */
import { SextantError } from '../../../kernel/errors.js';
import { sha256 } from '../../../kernel/hash.js';
import { errorMessages, postGraphql } from './client.js';
import type { CredentialContext, CredentialFetch } from './credential-fetch.js';
import type { EndpointSettings } from './endpoint.js';

export const ME_QUERY = 'query { function { core { auth { me { user_id user_name role auth_type } } } } }';

/** How long a credential's identity is trusted before the server is asked again. */
export const IDENTITY_TTL_MS = 60_000;

export interface HugrIdentity {
  userId: string;
  userName: string;
  role: string;
  /** `jwt`, `oidc`, `apiKey`, `impersonation`, `anonymous`, … as the server names it. */
  authType: string;
}

/** `unknown`: the server cannot say (before v0.3.6, or `me` is null). */
export type IdentityAnswer = { known: true; identity: HugrIdentity } | { known: false; reason: string };

export type IdentityCache = Map<string, { answer: IdentityAnswer; at: number }>;

interface MeAnswer {
  user_id?: unknown;
  user_name?: unknown;
  role?: unknown;
  auth_type?: unknown;
}

function meOf(data: Record<string, unknown> | null | undefined): MeAnswer | null {
  const fn = data?.function as { core?: { auth?: { me?: MeAnswer | null } } } | undefined;
  return fn?.core?.auth?.me ?? null;
}

async function askServer(settings: EndpointSettings, fetcher: CredentialFetch, context: CredentialContext, signal?: AbortSignal): Promise<IdentityAnswer> {
  const res = await postGraphql(fetcher, settings.queryUrl, { query: ME_QUERY }, context, signal);
  if (res.errors?.length)
    return { known: false, reason: `the server cannot report who a credential is (${errorMessages(res.errors)}); Hugr answers core.auth.me from v0.3.6` };
  const me = meOf(res.data);
  if (!me) return { known: false, reason: 'the server answered core.auth.me with no identity' };
  return {
    known: true,
    identity: { userId: String(me.user_id ?? ''), userName: String(me.user_name ?? ''), role: String(me.role ?? ''), authType: String(me.auth_type ?? '') },
  };
}

function isAnonymous(identity: HugrIdentity): boolean {
  return identity.authType.toLowerCase() === 'anonymous' || identity.userId === 'anonymous';
}

/**
 * The identity behind an execution credential, cached per credential for {@link IDENTITY_TTL_MS}.
 * Throws AUTH_FAILED when a user credential was sent but the server ran it as anonymous.
 */
export async function resolveIdentity(
  deps: { settings: EndpointSettings; fetcher: CredentialFetch; identities: IdentityCache; now?: () => number },
  context: CredentialContext & { purpose: 'execution' },
  userToken: string | null,
  signal?: AbortSignal,
): Promise<IdentityAnswer> {
  const now = deps.now ?? Date.now;
  const key = userToken ? sha256(userToken) : 'anonymous';
  let entry = deps.identities.get(key);
  if (!entry || now() - entry.at >= IDENTITY_TTL_MS) {
    entry = { answer: await askServer(deps.settings, deps.fetcher, context, signal), at: now() };
    deps.identities.set(key, entry);
  }
  const { answer } = entry;
  if (userToken && answer.known && isAnonymous(answer.identity)) {
    const how = deps.settings.userTokenAs === 'api-key' ? 'as x-hugr-api-key' : 'as Authorization: Bearer';
    throw new SextantError(
      'AUTH_FAILED',
      `${deps.settings.queryUrl} ignored the user's credential (sent ${how}) and would run the query as the anonymous role '${answer.identity.role}': nothing was run`,
      {
        hint:
          'the Hugr server reads bearer tokens only with JWT or OIDC configured; configure one of them (and ALLOWED_ANONYMOUS=false), ' +
          'or give users managed API keys and set the source option userTokenAs: api-key',
      },
    );
  }
  return answer;
}
