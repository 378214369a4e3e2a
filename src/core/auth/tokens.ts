/**
 * @module core/auth/tokens
 * Static bearer tokens: created with a name, optional projects and a role (roles.ts), shown once, stored
 * only as a hash; verified by hashing what the client sends and looking the hash up.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ScopeStore, TokenRecord } from '../../ports/store.js';
import { SextantError } from '../../kernel/errors.js';
import type { ProjectService } from '../projects/projects.js';
import { roleNamed, ROLES } from './roles.js';
import type { RequestUser } from './user.js';

/** Recognisable prefix: secret scanners and `redactText` can spot a leaked token. */
export const TOKEN_PREFIX = 'sxt_';
const TOKEN_BYTES = 32;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$/;

/** A token as it may be shown: never the hash. */
export type PublicToken = Omit<TokenRecord, 'hash'>;

export interface CreatedToken {
  /** The bearer token: printed once, never stored. */
  token: string;
  record: PublicToken;
}

export interface TokenService {
  create(input: { name: string; projects?: readonly string[]; roles?: readonly string[] }): Promise<CreatedToken>;
  list(): Promise<PublicToken[]>;
  /** Revokes by name or id; TOKEN_NOT_FOUND when none matches. */
  revoke(nameOrId: string): Promise<PublicToken>;
  /** The user of a presented token, or null when it is not a known token. */
  verify(token: string): Promise<RequestUser | null>;
  /** Whether any token exists (then HTTP serving requires one). */
  any(): Promise<boolean>;
}

/**
 * sha256 is enough here, unlike for passwords: a token carries 256 random bits, so there is no
 * dictionary to try and a slow hash (bcrypt, scrypt) would only add latency to every request.
 * Looking the hash up in a unique index also means the secret is never compared byte by byte.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function publicToken(record: TokenRecord): PublicToken {
  const { hash: _hash, ...rest } = record;
  return rest;
}

export function createTokenService(store: ScopeStore, projects: ProjectService): TokenService {
  return {
    async create(input) {
      if (!NAME.test(input.name)) {
        throw new SextantError('USAGE', `invalid token name '${input.name}'`, { hint: 'use letters, digits, and _ . @ -, up to 64 characters' });
      }
      const bad = (input.roles ?? []).find((r) => roleNamed(r) === null);
      if (bad !== undefined) throw new SextantError('USAGE', `unknown role '${bad}'`, { hint: `roles: ${ROLES.join(', ')} (none given: reader)` });
      const roles = [...new Set((input.roles ?? []).map((r) => roleNamed(r)!))];
      const names = [...new Set(input.projects ?? [])];
      for (const name of names) await projects.get(name);
      const token = `${TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
      const record: TokenRecord = {
        id: randomBytes(6).toString('hex'),
        name: input.name,
        hash: hashToken(token),
        projects: names,
        roles,
        createdAt: new Date().toISOString(),
      };
      await store.addToken(record);
      return { token, record: publicToken(record) };
    },
    async list() {
      return (await store.listTokens()).map(publicToken);
    },
    async revoke(nameOrId) {
      const found = (await store.listTokens()).find((t) => t.name === nameOrId || t.id === nameOrId);
      if (!found || !(await store.removeToken(found.id))) {
        throw new SextantError('TOKEN_NOT_FOUND', `no token named '${nameOrId}'`, { hint: 'list them with `sextant token list`' });
      }
      return publicToken(found);
    },
    async verify(token) {
      if (!token.startsWith(TOKEN_PREFIX)) return null;
      const found = await store.findTokenByHash(hashToken(token));
      if (!found) return null;
      return { subject: found.name, roles: found.roles, projects: found.projects.length ? found.projects : null, via: 'token' };
    },
    async any() {
      return (await store.listTokens()).length > 0;
    },
  };
}
