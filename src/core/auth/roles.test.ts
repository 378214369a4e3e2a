import { describe, expect, it } from 'vitest';
import { permits, requirePermission, roleOf, type Permission } from './roles.js';
import type { RequestUser } from './user.js';

const user = (roles: string[], via: RequestUser['via'] = 'token'): RequestUser => ({ subject: 'u', roles, projects: null, via });

describe('roles', () => {
  it.each([
    [[], 'token', 'reader'],
    [['reader'], 'token', 'reader'],
    [['editor'], 'oidc', 'editor'],
    [['ADMIN'], 'oidc', 'admin'],
    [['analyst', 'Editor', 'reader'], 'oidc', 'editor'],
    [['sextant-admin', 'not-admin'], 'oidc', 'reader'],
    [[], 'local', 'admin'],
    [[], 'anonymous', 'admin'],
  ] as const)('%j via %s is a %s', (roles, via, role) => {
    expect(roleOf(user([...roles], via))).toBe(role);
  });

  it.each([
    ['reader', ['read']],
    ['editor', ['read', 'write']],
    ['admin', ['read', 'write', 'settings']],
  ] as const)('%s may %j and nothing else', (role, allowed) => {
    for (const p of ['read', 'write', 'settings'] as Permission[]) expect(permits(user([role]), p)).toBe((allowed as readonly string[]).includes(p));
  });

  it('refuses with FORBIDDEN naming the role needed and the role held', () => {
    expect(() => requirePermission(user(['editor']), 'settings', 'changing project settings')).toThrow(
      expect.objectContaining({
        code: 'FORBIDDEN',
        message: "changing project settings needs the admin role; this credential's role is editor",
        remedy: { action: 'get-role', role: 'admin' },
        details: { role: 'editor', needs: 'admin' },
      }),
    );
  });
});
