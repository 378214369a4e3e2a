/**
 * Entity Framework Core's links to ASP.NET Core Identity's tables: a context deriving from
 * `IdentityDbContext<ApplicationUser>` maps the tables Identity's EF store creates in a real
 * PostgreSQL source (`"AspNetUsers"`, `"AspNetUserRoles"`, …); `get` of one lists the context and
 * the custom user class, and `describe` lists the joins Identity's foreign keys declare and an
 * entity's navigation to the user class. Real engine, real PostgreSQL source, real code tree.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf, tableUsersOf } from '../helpers/database-and-tree.js';
import { IDENTITY_TABLES_SQL } from '../helpers/identity-tables.js';

const FILES: Record<string, string> = {
  'src/Identity/AppIdentityDbContext.cs': [
    'using Microsoft.AspNetCore.Identity.EntityFrameworkCore;',
    'namespace Shop.Identity;',
    'public class AppIdentityDbContext : IdentityDbContext<ApplicationUser>',
    '{',
    '    public AppIdentityDbContext(DbContextOptions<AppIdentityDbContext> options) : base(options) { }',
    '}',
  ].join('\n'),
  'src/Identity/ApplicationUser.cs': [
    'namespace Shop.Identity;',
    'public class ApplicationUser : IdentityUser',
    '{',
    '    public string? Nickname { get; set; }',
    '}',
  ].join('\n'),
  'src/Data/ShopContext.cs': 'namespace Shop.Data;\npublic class ShopContext : DbContext\n{\n    public DbSet<Review> Reviews { get; set; }\n}',
  'src/Data/Review.cs': [
    'namespace Shop.Data;',
    'public class Review',
    '{',
    '    public int Id { get; set; }',
    '    public string AuthorId { get; set; } = "";',
    '    public ApplicationUser Author { get; set; } = null!;',
    '}',
  ].join('\n'),
  'src/Admin/Roles.cs': [
    'namespace Shop.Admin;',
    'public class Roles(AppIdentityDbContext db)',
    '{',
    '    public Task<int> Count() => db.Roles.CountAsync();',
    '    public void Grant(IdentityUserRole<string> link) => db.UserRoles.Add(link);',
    '    public Task<ApplicationUser?> Find(UserManager<ApplicationUser> users, string id) => users.FindByIdAsync(id);',
    '}',
  ].join('\n'),
};

const suite = databaseAndTreeSuite(
  'efcore_identity_links',
  `${IDENTITY_TABLES_SQL}
    CREATE TABLE "Reviews" ("Id" serial PRIMARY KEY, "AuthorId" text);
  `,
  FILES,
);

it('links the Identity context, the custom user class and a UserManager call to AspNetUsers', async () => {
  expect(await tableUsersOf(suite.engine(), 'public.AspNetUsers')).toEqual([
    'src/Admin/Roles.cs:6 read',
    'src/Identity/AppIdentityDbContext.cs:3 schema',
    'src/Identity/ApplicationUser.cs:2 schema',
  ]);
});

it("links the code reading and writing Identity's DbSets to their tables", async () => {
  expect(await tableUsersOf(suite.engine(), 'public.AspNetRoles')).toEqual(['src/Admin/Roles.cs:4 read', 'src/Identity/AppIdentityDbContext.cs:3 schema']);
  expect(await tableUsersOf(suite.engine(), 'public.AspNetUserRoles')).toEqual(['src/Admin/Roles.cs:5 write', 'src/Identity/AppIdentityDbContext.cs:3 schema']);
});

it("lists the joins of Identity's foreign keys, and of an entity's navigation to the user class", async () => {
  expect(await declaredJoinsOf(suite.engine(), 'public.AspNetUserRoles')).toEqual([
    '"AspNetUserRoles"."RoleId" = "AspNetRoles"."Id" -- efcore src/Identity/AppIdentityDbContext.cs:3',
    '"AspNetUserRoles"."UserId" = "AspNetUsers"."Id" -- efcore src/Identity/AppIdentityDbContext.cs:3',
  ]);
  expect(await declaredJoinsOf(suite.engine(), 'public.AspNetRoleClaims')).toEqual([
    '"AspNetRoleClaims"."RoleId" = "AspNetRoles"."Id" -- efcore src/Identity/AppIdentityDbContext.cs:3',
  ]);
  expect(await declaredJoinsOf(suite.engine(), 'public.Reviews')).toEqual(['"Reviews"."AuthorId" = "AspNetUsers"."Id" -- efcore src/Data/Review.cs:6']);
});
