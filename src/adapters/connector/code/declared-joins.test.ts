import { describe, expect, it } from 'vitest';
import { prismaJoins } from './declared-joins.js';

const joinsOf = (text: string, path = 'prisma/schema.prisma') => prismaJoins([{ path, text }]).get(path) ?? [];
const brief = (text: string) => joinsOf(text).map((j) => `${j.table}(${j.columns}) → ${j.references}(${j.referencedColumns}) @${j.line}`);

describe('Prisma relations as declared joins', () => {
  it('maps models and fields to their @@map / @map names, the line of the relation field', () => {
    const schema = [
      'model User {',
      '  id    String @id @map("user_id") @db.Uuid',
      '  posts Post[] @relation("author")',
      '  @@map("users")',
      '}',
      '',
      'model Post {',
      '  id       Int    @id',
      '  authorId String @map("author_id")',
      '  author   User   @relation("author", fields: [authorId], references: [id], onDelete: Cascade)',
      '  @@map(name: "blog_posts")',
      '}',
    ].join('\n');
    expect(joinsOf(schema)).toEqual([
      { table: 'blog_posts', columns: ['author_id'], references: 'users', referencedColumns: ['user_id'], line: 10, via: 'prisma' },
    ]);
  });

  it('keeps composite keys in order, reads self-relations and names in @@schema', () => {
    const schema = [
      'model Tenant {',
      '  region String',
      '  code   String',
      '  @@id([region, code])',
      '  @@schema("core")',
      '}',
      'model Account {',
      '  id           Int      @id',
      '  tenantRegion String   @map("tenant_region")',
      '  tenantCode   String   @map("tenant_code")',
      '  managerId    Int?     @map("manager_id")',
      '  tenant       Tenant   @relation(fields: [tenantRegion, tenantCode], references: [region, code])',
      '  manager      Account? @relation("reports", fields: [managerId], references: [id])',
      '  reports      Account[] @relation("reports")',
      '  @@map("account")',
      '  @@schema("billing")',
      '}',
    ].join('\n');
    expect(brief(schema)).toEqual([
      'billing.account(tenant_region,tenant_code) → core.Tenant(region,code) @12',
      'billing.account(manager_id) → billing.account(id) @13',
    ]);
  });

  it('reads a model of another file, and leaves out commented relations, list sides and unknown fields', () => {
    const users = 'model User {\n  id Int @id\n}\n';
    const posts = [
      'model Post {',
      '  id       Int  @id',
      '  authorId Int',
      '  // editor User @relation(fields: [editorId], references: [id])',
      '  author   User @relation(fields: [authorId], references: [id]) // the writer, see https://example.com',
      '  ghost    User @relation("ghost", fields: [ghostId], references: [id])',
      '}',
    ].join('\n');
    const joins = prismaJoins([
      { path: 'prisma/user.prisma', text: users },
      { path: 'prisma/post.prisma', text: posts },
    ]);
    expect(joins.get('prisma/user.prisma')).toBeUndefined();
    expect(joins.get('prisma/post.prisma')?.map((j) => [j.table, j.columns, j.references, j.referencedColumns, j.line])).toEqual([
      ['Post', ['authorId'], 'User', ['id'], 5],
    ]);
  });
});
