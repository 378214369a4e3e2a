/**
 * @module adapters/connector/code/efcore-identity
 * ASP.NET Core Identity's EF Core store, as a context deriving from it maps it: an
 * `IdentityUserContext<TUser, …>` maps the users, their claims, logins and tokens; an
 * `IdentityDbContext<TUser, TRole, …>` (or the plain `IdentityDbContext`) adds the roles, their
 * claims and the user-role links. Each is a `DbSet` of the base context (`Users`, `Roles`,
 * `UserRoles`, …) whose entity is the class the context's generic arguments give (a project's
 * `ApplicationUser`), else Identity's own (`IdentityUser`), with the table Identity's
 * `OnModelCreating` names (`AspNetUsers`, …), its key and its foreign keys (each `UserId` to the
 * users' `Id`, each `RoleId` to the roles'). The calls of Identity's managers that query or change
 * the store (`UserManager<…>.FindByIdAsync`, `AddToRoleAsync`, …) reach those tables; a
 * `SignInManager<…>`'s sign-ins reach every table they go through (`PasswordSignInAsync` reads and
 * writes the user, reads its authenticator key among its tokens, and its claims, and when the project
 * registers roles its roles and their claims, as Identity's claims principal factory does). The
 * passkeys of Identity's schema version 3 (.NET 10), `AspNetUserPasskeys`, are mapped when the project
 * opts in: `options.Stores.SchemaVersion = IdentitySchemaVersions.Version3`, or a context whose generic
 * arguments give the passkey's type.
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
  UserPasskeys: { dbSet: 'UserPasskeys', type: 'IdentityUserPasskey', table: 'AspNetUserPasskeys', key: 'CredentialId', references: USER },
};

/** The parts each base context's generic arguments give, in order (`TKey` as `null`), by the number of arguments. */
const ARGUMENTS: Record<string, Record<number, ReadonlyArray<string | null>>> = {
  IdentityUserContext: {
    0: [],
    1: ['Users'],
    2: ['Users', null],
    5: ['Users', null, 'UserClaims', 'UserLogins', 'UserTokens'],
    6: ['Users', null, 'UserClaims', 'UserLogins', 'UserTokens', 'UserPasskeys'],
  },
  IdentityDbContext: {
    0: [],
    1: ['Users'],
    3: ['Users', 'Roles', null],
    8: ['Users', 'Roles', null, 'UserClaims', 'UserRoles', 'UserLogins', 'RoleClaims', 'UserTokens'],
    9: ['Users', 'Roles', null, 'UserClaims', 'UserRoles', 'UserLogins', 'RoleClaims', 'UserTokens', 'UserPasskeys'],
  },
};
const USER_PARTS = ['Users', 'UserClaims', 'UserLogins', 'UserTokens', 'UserPasskeys'];

/** Whether the project opts in to Identity's schema version 3 and its passkeys (`o.Stores.SchemaVersion = IdentitySchemaVersions.Version3`). */
export const identityPasskeys = (text: string) => /\bSchemaVersion\s*=\s*(?:[\w.]*\.)?IdentitySchemaVersions\s*\.\s*Version3\b/.test(text);

/** Whether the project registers Identity's roles (`AddIdentity<TUser, TRole>`, `.AddRoles<TRole>()`), whose claims principal factory reads them. */
export const identityRoles = (text: string) => /\bAdd(?:Identity\s*<[^<>()]*,|Roles\s*<)/.test(text);

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

/** The Identity entities a class maps when it derives from one of Identity's contexts (nothing when it does not); `passkeys`, the project opts in to them. */
export function identityEntities(c: CsharpClass, passkeys = false): IdentityEntity[] {
  for (const base of c.bases) {
    const kind = bareType(base);
    const forms = ARGUMENTS[kind];
    const args = typeArguments(base);
    const form = forms?.[args.length];
    if (!form) continue;
    const given = new Map(form.flatMap((part, i) => (part ? [[part, args[i]!] as const] : [])));
    const parts = (kind === 'IdentityUserContext' ? USER_PARTS : Object.keys(PARTS)).filter((p) => p !== 'UserPasskeys' || passkeys || given.has(p));
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

/** A part of Identity's store a call reaches, with what it does there; `roles`, only when the project registers roles. */
interface Reach {
  dbSet: string;
  access: 'read' | 'write';
  roles?: boolean;
}
const reach = (dbSet: string, access: Reach['access'], roles?: boolean): Reach => ({ dbSet, access, ...(roles ? { roles } : {}) });
/** Checking a password: the user read, its lockout count (and a rehashed password) written. */
const PASSWORD = [reach('Users', 'read'), reach('Users', 'write')];
/** Whether two-factor applies: the authenticator key, one of the user's tokens. */
const TWO_FACTOR = [reach('UserTokens', 'read')];
/** Signing in: the claims principal factory reads the user, its claims, and its roles and their claims when roles are registered. */
const PRINCIPAL = [
  reach('Users', 'read'),
  reach('UserClaims', 'read'),
  reach('UserRoles', 'read', true),
  reach('Roles', 'read', true),
  reach('RoleClaims', 'read', true),
];

/** What a method of Identity's managers does, by manager: the parts whose tables it reaches and whether it reads or writes each. */
const MANAGER_CALLS: Record<string, ReadonlyArray<[RegExp, readonly Reach[]]>> = {
  UserManager: [
    [/^(?:FindBy(?:Id|Name|Email)Async|GetUserAsync|Users)$/, [reach('Users', 'read')]],
    [
      /^(?:Create|Update|Delete|Set(?:Email|PhoneNumber|UserName|TwoFactorEnabled|LockoutEnabled|LockoutEndDate)|(?:Add|Remove|Change|Reset)Password|ConfirmEmail|ChangeEmail|ChangePhoneNumber|UpdateSecurityStamp|AccessFailed|ResetAccessFailedCount)Async$/,
      [reach('Users', 'write')],
    ],
    [/^(?:AddToRoles?|RemoveFromRoles?)Async$/, [reach('UserRoles', 'write')]],
    [/^(?:GetRoles|IsInRole|GetUsersInRole)Async$/, [reach('UserRoles', 'read')]],
    [/^(?:AddClaims?|RemoveClaims?|ReplaceClaim)Async$/, [reach('UserClaims', 'write')]],
    [/^(?:GetClaims|GetUsersForClaim)Async$/, [reach('UserClaims', 'read')]],
    [/^(?:Add|Remove)LoginAsync$/, [reach('UserLogins', 'write')]],
    [/^(?:GetLogins|FindByLogin)Async$/, [reach('UserLogins', 'read')]],
    [
      /^(?:SetAuthenticationToken|RemoveAuthenticationToken|ResetAuthenticatorKey|GenerateNewTwoFactorRecoveryCodes|RedeemTwoFactorRecoveryCode)Async$/,
      [reach('UserTokens', 'write')],
    ],
    [/^(?:GetAuthenticationToken|GetAuthenticatorKey|CountRecoveryCodes)Async$/, [reach('UserTokens', 'read')]],
    [/^(?:GetPasskeys?|FindByPasskeyId)Async$/, [reach('UserPasskeys', 'read')]],
    [/^(?:AddOrUpdate|Remove)PasskeyAsync$/, [reach('UserPasskeys', 'write')]],
  ],
  RoleManager: [
    [/^(?:FindBy(?:Id|Name)Async|RoleExistsAsync|Roles)$/, [reach('Roles', 'read')]],
    [/^(?:Create|Update|Delete)Async$/, [reach('Roles', 'write')]],
    [/^(?:AddClaim|RemoveClaim)Async$/, [reach('RoleClaims', 'write')]],
    [/^GetClaimsAsync$/, [reach('RoleClaims', 'read')]],
  ],
  SignInManager: [
    [/^PasswordSignInAsync$/, [...PASSWORD, ...TWO_FACTOR, ...PRINCIPAL]],
    [/^CheckPasswordSignInAsync$/, [...PASSWORD, ...TWO_FACTOR]],
    [/^(?:SignIn|SignInWithClaims|RefreshSignIn|CreateUserPrincipal)Async$/, PRINCIPAL],
    [/^ExternalLoginSignInAsync$/, [reach('UserLogins', 'read'), ...TWO_FACTOR, ...PRINCIPAL]],
    [/^TwoFactor(?:Authenticator)?SignInAsync$/, [...PASSWORD, ...TWO_FACTOR, ...PRINCIPAL]],
    [/^TwoFactorRecoveryCodeSignInAsync$/, [...PASSWORD, reach('UserTokens', 'write'), ...PRINCIPAL]],
    [/^(?:ValidateSecurityStamp|ValidateTwoFactorSecurityStamp|GetTwoFactorAuthenticationUser)Async$/, [reach('Users', 'read')]],
    [/^UpdateExternalAuthenticationTokensAsync$/, [reach('UserLogins', 'read'), reach('UserTokens', 'write')]],
    // a passkey's sign-in finds the user by it and records its new sign count
    [/^PasskeySignInAsync$/, [reach('UserPasskeys', 'read'), reach('UserPasskeys', 'write'), ...PRINCIPAL]],
    [/^PerformPasskeyAssertionAsync$/, [reach('UserPasskeys', 'read'), reach('Users', 'read')]],
    [/^MakePasskeyRequestOptionsAsync$/, [reach('UserPasskeys', 'read')]],
  ],
};

/**
 * The tables a file reaches through Identity's managers (`UserManager<ApplicationUser> users`,
 * `RoleManager<…>`, `SignInManager<…>`): each call that queries or changes the store, as the
 * `DbSet` of the part it reaches (`Users`, `UserRoles`, …), with its access and offset.
 */
export function identityManagerUses(text: string, roles = false): Array<{ dbSet: string; access: 'read' | 'write'; index: number }> {
  if (!/Manager\s*</.test(text)) return [];
  const held = new Map<string, string>();
  for (const m of text.matchAll(/(?<![\w.])(?:[\w.]*\.)?(UserManager|RoleManager|SignInManager)\s*<[^<>;]*>\??\s+(\w+)\s*[;,)={]/g)) held.set(m[2]!, m[1]!);
  if (!held.size) return [];
  const names = [...held.keys()].join('|');
  const out: Array<{ dbSet: string; access: 'read' | 'write'; index: number }> = [];
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\w.])(?:this\s*\.\s*)?(${names})\s*[!?]?\.\s*(\w+)\b`, 'g'))) {
    const call = MANAGER_CALLS[held.get(m[1]!)!]!.find(([method]) => method.test(m[2]!));
    for (const r of call?.[1] ?? []) if (roles || !r.roles) out.push({ dbSet: r.dbSet, access: r.access, index: m.index });
  }
  return out;
}
