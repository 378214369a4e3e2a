/**
 * @module adapters/connector/code/efcore-identity
 * ASP.NET Core Identity's EF Core store, as a context deriving from it maps it: an
 * `IdentityUserContext<TUser, …>` maps the users, their claims, logins and tokens; an
 * `IdentityDbContext<TUser, TRole, …>` (or the plain `IdentityDbContext`) adds the roles, their
 * claims and the user-role links. Each is a `DbSet` of the base context (`Users`, `Roles`,
 * `UserRoles`, …) whose entity is the class the context's generic arguments give (a project's
 * `ApplicationUser`), else Identity's own (`IdentityUser`), with the table Identity's
 * `OnModelCreating` names (`AspNetUsers`, …), its key and its foreign keys (each `UserId` to the
 * users' `Id`, each `RoleId` to the roles'). The passkeys of Identity's schema version 3 are not read.
 */
import { bareType, type CsharpClass } from './csharp-classes.js';

/** One of Identity's entities: its `DbSet` on the base context, its table, its key (none when composite), the foreign keys it holds. */
interface IdentityPart {
  dbSet: string;
  /** Identity's own class for it. */
  type: string;
  table: string;
  key?: string;
  references: ReadonlyArray<{ foreignKey: string; principal: 'Users' | 'Roles' }>;
}

const USER = [{ foreignKey: 'UserId', principal: 'Users' }] as const;
const PARTS: Record<string, IdentityPart> = {
  Users: { dbSet: 'Users', type: 'IdentityUser', table: 'AspNetUsers', key: 'Id', references: [] },
  UserClaims: { dbSet: 'UserClaims', type: 'IdentityUserClaim', table: 'AspNetUserClaims', key: 'Id', references: USER },
  UserLogins: { dbSet: 'UserLogins', type: 'IdentityUserLogin', table: 'AspNetUserLogins', references: USER },
  UserTokens: { dbSet: 'UserTokens', type: 'IdentityUserToken', table: 'AspNetUserTokens', references: USER },
  Roles: { dbSet: 'Roles', type: 'IdentityRole', table: 'AspNetRoles', key: 'Id', references: [] },
  RoleClaims: {
    dbSet: 'RoleClaims',
    type: 'IdentityRoleClaim',
    table: 'AspNetRoleClaims',
    key: 'Id',
    references: [{ foreignKey: 'RoleId', principal: 'Roles' }],
  },
  UserRoles: {
    dbSet: 'UserRoles',
    type: 'IdentityUserRole',
    table: 'AspNetUserRoles',
    references: [...USER, { foreignKey: 'RoleId', principal: 'Roles' }],
  },
};

/** The parts each base context's generic arguments give, in order (`TKey` as `null`), by the number of arguments. */
const ARGUMENTS: Record<string, Record<number, ReadonlyArray<string | null>>> = {
  IdentityUserContext: {
    0: [],
    1: ['Users'],
    2: ['Users', null],
    5: ['Users', null, 'UserClaims', 'UserLogins', 'UserTokens'],
  },
  IdentityDbContext: {
    0: [],
    1: ['Users'],
    3: ['Users', 'Roles', null],
    8: ['Users', 'Roles', null, 'UserClaims', 'UserRoles', 'UserLogins', 'RoleClaims', 'UserTokens'],
  },
};
const USER_PARTS = ['Users', 'UserClaims', 'UserLogins', 'UserTokens'];

/** One of Identity's entities as a context maps it. */
export interface IdentityEntity {
  /** The entity's class: the context's generic argument, else Identity's own. */
  name: string;
  dbSet: string;
  table: string;
  key: string | undefined;
  /** Each foreign key it holds, to the class of the entity it references. */
  references: Array<{ foreignKey: string; principal: string }>;
}

/** The generic arguments of a type as written, split at their top-level commas, without namespaces: `IdentityDbContext<AppUser, AppRole, string>` → `AppUser`, `AppRole`, `string`. */
function typeArguments(type: string): string[] {
  const open = type.indexOf('<');
  if (open < 0) return [];
  const out: string[] = [];
  let [depth, start] = [0, open + 1];
  for (let i = open + 1; i < type.length; i++) {
    const c = type[i]!;
    if (c === '<') depth++;
    else if ((c === ',' && !depth) || (c === '>' && !depth--)) {
      out.push(bareType(type.slice(start, i)));
      start = i + 1;
      if (c === '>') break;
    }
  }
  return out;
}

/** The Identity entities a class maps when it derives from one of Identity's contexts (nothing when it does not). */
export function identityEntities(c: CsharpClass): IdentityEntity[] {
  for (const base of c.bases) {
    const kind = bareType(base);
    const forms = ARGUMENTS[kind];
    const args = typeArguments(base);
    const form = forms?.[args.length];
    if (!form) continue;
    const given = new Map(form.flatMap((part, i) => (part ? [[part, args[i]!] as const] : [])));
    const parts = kind === 'IdentityUserContext' ? USER_PARTS : Object.keys(PARTS);
    const names = new Map(parts.map((p) => [p, given.get(p) ?? PARTS[p]!.type]));
    return parts.map((p) => {
      const part = PARTS[p]!;
      return {
        name: names.get(p)!,
        dbSet: part.dbSet,
        table: part.table,
        key: part.key,
        references: part.references.map((r) => ({ foreignKey: r.foreignKey, principal: names.get(r.principal)! })),
      };
    });
  }
  return [];
}
