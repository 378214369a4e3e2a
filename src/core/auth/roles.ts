/**
 * @module core/auth/roles
 * What each role may do. `reader` reads the index and its own session (documents, active
 * projects); `editor` also writes shared meaning (glossary terms, contexts, GraphQL mutations
 * where the project allows them); `admin` also changes project settings. A credential's role is
 * the strongest known role it carries (token `--role`, the OIDC roles claim); one that carries
 * none is a reader. Local users (stdio, the CLI) and anonymous loopback callers (no credential
 * configured: whoever can reach the machine's loopback already holds the CLI) are admins.
 */
import { SextantError } from '../../kernel/errors.js';
import type { RequestUser } from './user.js';

export const ROLES = ['reader', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** `read`: the index and the caller's own session; `write`: shared meaning; `settings`: project settings. */
export type Permission = 'read' | 'write' | 'settings';

const GRANTS: Readonly<Record<Role, readonly Permission[]>> = Object.freeze({
  reader: ['read'],
  editor: ['read', 'write'],
  admin: ['read', 'write', 'settings'],
});

/** The known role a claim or `--role` value names (case-insensitive), or null. */
export function roleNamed(name: string): Role | null {
  const lower = name.trim().toLowerCase();
  return (ROLES as readonly string[]).includes(lower) ? (lower as Role) : null;
}

export function roleOf(user: RequestUser): Role {
  if (user.via === 'local' || user.via === 'anonymous') return 'admin';
  return strongestRole(user.roles);
}

/** The strongest known role among these names (a token's `--role`s, an OIDC roles claim); none known: reader. */
export function strongestRole(names: readonly string[]): Role {
  let best: Role = 'reader';
  for (const name of names) {
    const role = roleNamed(name);
    if (role && ROLES.indexOf(role) > ROLES.indexOf(best)) best = role;
  }
  return best;
}

export function permits(user: RequestUser, permission: Permission): boolean {
  return GRANTS[roleOf(user)].includes(permission);
}

/** The weakest role holding `permission`, for messages. */
function roleFor(permission: Permission): Role {
  return ROLES.find((r) => GRANTS[r].includes(permission))!;
}

/** Throws FORBIDDEN when the user's role does not allow `action`, with the remedy of a credential holding the role it needs. */
export function requirePermission(user: RequestUser, permission: Permission, action: string): void {
  if (permits(user, permission)) return;
  throw new SextantError('FORBIDDEN', `${action} needs the ${roleFor(permission)} role; this credential's role is ${roleOf(user)}`, {
    remedy: { action: 'get-role', role: roleFor(permission) },
    details: { role: roleOf(user), needs: roleFor(permission) },
  });
}
