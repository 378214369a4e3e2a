/** Test helper: the tables ASP.NET Core Identity's EF Core store creates (schema version 1 and 2), as PostgreSQL DDL. */
export const IDENTITY_TABLES_SQL = `
    CREATE TABLE "AspNetUsers" ("Id" text PRIMARY KEY, "Nickname" text);
    CREATE TABLE "AspNetRoles" ("Id" text PRIMARY KEY);
    CREATE TABLE "AspNetUserRoles" ("UserId" text, "RoleId" text, PRIMARY KEY ("UserId", "RoleId"));
    CREATE TABLE "AspNetUserClaims" ("Id" serial PRIMARY KEY, "UserId" text);
    CREATE TABLE "AspNetUserLogins" ("LoginProvider" text, "ProviderKey" text, "UserId" text, PRIMARY KEY ("LoginProvider", "ProviderKey"));
    CREATE TABLE "AspNetUserTokens" ("UserId" text, "LoginProvider" text, "Name" text, PRIMARY KEY ("UserId", "LoginProvider", "Name"));
    CREATE TABLE "AspNetRoleClaims" ("Id" serial PRIMARY KEY, "RoleId" text);
`;
