/**
 * Entity Framework Core's links to ASP.NET Core Identity's tables through a `SignInManager`'s sign-ins,
 * and the passkeys table of Identity's schema version 3 (.NET 10) in a project opting in to it: a
 * password's sign-in reaches the user, its tokens, its claims and (roles registered) its roles and
 * their claims; a passkey's sign-in reads and writes `AspNetUserPasskeys`, which joins the users.
 * Real engine, real PostgreSQL source, real code tree.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf, tableUsersOf } from '../helpers/database-and-tree.js';
import { IDENTITY_TABLES_SQL } from '../helpers/identity-tables.js';

const FILES: Record<string, string> = {
  'src/Identity/AppIdentityDbContext.cs': [
    'using Microsoft.AspNetCore.Identity.EntityFrameworkCore;',
    'namespace Shop.Identity;',
    'public class AppIdentityDbContext(DbContextOptions<AppIdentityDbContext> options) : IdentityDbContext<ApplicationUser>(options) { }',
  ].join('\n'),
  'src/Identity/ApplicationUser.cs': 'namespace Shop.Identity;\npublic class ApplicationUser : IdentityUser { }',
  'src/Program.cs': [
    'var builder = WebApplication.CreateBuilder(args);',
    'builder.Services.AddIdentityCore<ApplicationUser>(o => o.Stores.SchemaVersion = IdentitySchemaVersions.Version3)',
    '    .AddRoles<IdentityRole>()',
    '    .AddEntityFrameworkStores<AppIdentityDbContext>();',
  ].join('\n'),
  'src/Account/Login.cs': [
    'namespace Shop.Account;',
    'public class Login(SignInManager<ApplicationUser> signIn)',
    '{',
    '    public Task<SignInResult> Password(string n, string p) => signIn.PasswordSignInAsync(n, p, false, lockoutOnFailure: true);',
    '    public Task<SignInResult> Passkey(string credential) => signIn.PasskeySignInAsync(credential);',
    '}',
  ].join('\n'),
};

const suite = databaseAndTreeSuite(
  'efcore_identity_signin_links',
  `${IDENTITY_TABLES_SQL}
    CREATE TABLE "AspNetUserPasskeys" ("CredentialId" bytea PRIMARY KEY, "UserId" text, "Data" jsonb);
  `,
  FILES,
);

it("links a password's sign-in to the user, its tokens and claims, and the roles the project registers", async () => {
  expect(await tableUsersOf(suite.engine(), 'public.AspNetUsers')).toContain('src/Account/Login.cs:4 read,write');
  expect(await tableUsersOf(suite.engine(), 'public.AspNetUserTokens')).toContain('src/Account/Login.cs:4 read');
  expect(await tableUsersOf(suite.engine(), 'public.AspNetUserClaims')).toContain('src/Account/Login.cs:4 read');
  expect(await tableUsersOf(suite.engine(), 'public.AspNetRoleClaims')).toContain('src/Account/Login.cs:4 read');
});

it('maps the passkeys table of schema version 3, joins it to the users and links the passkey sign-in to it', async () => {
  expect(await tableUsersOf(suite.engine(), 'public.AspNetUserPasskeys')).toEqual([
    'src/Account/Login.cs:5 read,write',
    'src/Identity/AppIdentityDbContext.cs:3 schema',
  ]);
  expect(await declaredJoinsOf(suite.engine(), 'public.AspNetUserPasskeys')).toEqual([
    '"AspNetUserPasskeys"."UserId" = "AspNetUsers"."Id" -- efcore src/Identity/AppIdentityDbContext.cs:3',
  ]);
});
