/**
 * @module core/scope/caller
 * The credential a scoped engine acts for, replaced by each request that presents one (HTTP
 * re-authenticates every request): its role decides what the caller may do, its projects which
 * projects the session may keep active.
 */
import { permits, requirePermission, roleOf, type Permission, type Role } from '../auth/roles.js';
import type { RequestUser } from '../auth/user.js';

export interface Caller {
  user(): RequestUser;
  role(): Role;
  permits(permission: Permission): boolean;
  /** FORBIDDEN unless the current credential's role allows `action`. */
  require(permission: Permission, action: string): void;
  replace(user: RequestUser): void;
}

export function createCaller(initial: RequestUser): Caller {
  let current = initial;
  return {
    user: () => current,
    role: () => roleOf(current),
    permits: (permission) => permits(current, permission),
    require: (permission, action) => requirePermission(current, permission, action),
    replace(user) {
      current = user;
    },
  };
}
