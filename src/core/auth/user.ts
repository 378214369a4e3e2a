/**
 * @module core/auth/user
 * The user a request acts for: who (subject), with which roles, limited to which projects.
 */
import { SextantError } from '../../kernel/errors.js';

export interface RequestUser {
  /** Token name, JWT `sub`, or the local OS user for stdio. */
  subject: string;
  roles: string[];
  /** Projects the credential may serve; null means every project. */
  projects: string[] | null;
  /** How the user was established. */
  via: 'token' | 'oidc' | 'local' | 'anonymous';
}

/** The user of a loopback HTTP server without auth configured, or of a local stdio process. */
export function localUser(subject: string, via: 'local' | 'anonymous' = 'local'): RequestUser {
  return { subject, roles: [], projects: null, via };
}

export function canAccessProject(user: RequestUser, project: string): boolean {
  return user.projects === null || user.projects.includes(project);
}

/** Throws FORBIDDEN when the user's credential is limited to other projects. */
export function requireProjectAccess(user: RequestUser, project: string): void {
  if (!canAccessProject(user, project)) {
    throw new SextantError('FORBIDDEN', `this credential may not use project '${project}'`, {
      hint: `it is limited to: ${user.projects!.join(', ') || '(no projects)'}`,
    });
  }
}
