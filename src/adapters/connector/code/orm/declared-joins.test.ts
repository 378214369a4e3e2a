import { describe, expect, it } from 'vitest';
import { prismaJoins, typeormJoins } from './declared-joins.js';
import { sqlalchemyJoins } from './sqlalchemy-joins.js';
import type { DeclaredJoin } from '../../../../ports/code.js';

const joinsOf = (text: string, path = 'prisma/schema.prisma') => prismaJoins([{ path, text }]).get(path) ?? [];
/** The joins of one Python file, `app/models.py`, each as `table(columns) → references(columns) @line via`. */
const alchemyJoins = (text: string) =>
  (sqlalchemyJoins([{ path: 'app/models.py', text }]).get('app/models.py') ?? []).map(
    (j) => `${j.table}(${j.columns}) → ${j.references}(${j.referencedColumns}) @${j.line} ${j.via}`,
  );
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

describe('Prisma implicit many-to-many tables as declared joins', () => {
  it('joins `_AToB` (or `_<name>`) on A and B to both models’ @id columns, once per relation', () => {
    const schema = [
      'model Tag {',
      '  id    Int    @id @map("tag_id")',
      '  posts Post[]',
      '  @@map("tags")',
      '}',
      'model Post {',
      '  id        Int    @id',
      '  tags      Tag[]',
      '  likedBy   User[] @relation("likes")',
      '}',
      'model User {',
      '  id        String @id',
      '  likes     Post[] @relation("likes")',
      '  followers User[] @relation("follows")',
      '  following User[] @relation("follows")',
      '}',
    ].join('\n');
    expect(brief(schema)).toEqual([
      '_PostToTag(A) → Post(id) @3',
      '_PostToTag(B) → tags(tag_id) @3',
      '_likes(A) → Post(id) @9',
      '_likes(B) → User(id) @9',
      '_follows(A) → User(id) @14',
      '_follows(B) → User(id) @14',
    ]);
  });
});

describe('Prisma implicit many-to-many tables across schemas', () => {
  it('places `_AToB` in the schema of the first model in alphabetical order, not the first declared', () => {
    const schema = [
      'model Tag {',
      '  id    Int    @id',
      '  posts Post[]',
      '  @@schema("taxonomy")',
      '}',
      'model Post {',
      '  id   Int   @id',
      '  tags Tag[]',
      '  @@schema("blog")',
      '}',
    ].join('\n');
    expect(brief(schema)).toEqual(['blog._PostToTag(A) → blog.Post(id) @3', 'blog._PostToTag(B) → taxonomy.Tag(id) @3']);
  });
});

describe('TypeORM relations as declared joins', () => {
  const user = [
    "import { Entity, PrimaryGeneratedColumn, Column, OneToMany } from 'typeorm';",
    "@Entity({ name: 'users', schema: 'auth' })",
    'export class User {',
    "  @PrimaryGeneratedColumn('uuid', { name: 'user_id' })",
    '  id: string;',
    "  @Column({ unique: true, name: 'login_email' })",
    '  email: string;',
    '  @OneToMany(() => Post, (post) => post.author)',
    '  posts: Post[];',
    '}',
  ].join('\n');
  const post = [
    "import { Entity, PrimaryGeneratedColumn, ManyToOne, OneToOne, JoinColumn } from 'typeorm';",
    '@Entity()',
    'export class BlogPost {',
    '  @PrimaryGeneratedColumn()',
    '  id: number;',
    "  @ManyToOne(() => User, (user) => user.posts, { onDelete: 'CASCADE' })",
    "  @JoinColumn({ name: 'author_id' })",
    '  author: User;',
    '  @ManyToOne((type) => User)',
    '  reviewer?: User;',
    "  @OneToOne('User')",
    "  @JoinColumn({ name: 'owner_email', referencedColumnName: 'email' })",
    '  owner: User;',
    '  @OneToOne(() => User)',
    '  mirror: User;',
    '  // @ManyToOne(() => User) @JoinColumn({ name: "ghost_id" }) ghost: User;',
    '  @ManyToOne(() => Missing)',
    '  missing: Missing;',
    '}',
  ].join('\n');

  it('joins on the join column (named, else TypeORM’s default) and the other entity’s primary or named column', () => {
    const joins = typeormJoins([
      { path: 'src/user.entity.ts', text: user },
      { path: 'src/post.entity.ts', text: post },
    ]);
    expect(joins.get('src/user.entity.ts')).toBeUndefined();
    expect(joins.get('src/post.entity.ts')?.map((j) => `${j.table}(${j.columns}) → ${j.references}(${j.referencedColumns}) @${j.line} ${j.via}`)).toEqual([
      'blog_post(author_id) → auth.users(user_id) @6 typeorm',
      'blog_post(reviewerId) → auth.users(user_id) @9 typeorm',
      'blog_post(owner_email) → auth.users(login_email) @11 typeorm',
    ]);
  });
});

describe('SQLAlchemy and SQLModel foreign keys as declared joins', () => {
  it('joins the class table on the column (its name argument, else the attribute) to the table and column named', () => {
    const models = [
      'from sqlalchemy import Column, ForeignKey, Integer',
      'from sqlmodel import Field, SQLModel',
      '',
      'class Order(Base):',
      "    __tablename__ = 'orders'",
      "    __table_args__ = {'schema': 'shop'}",
      '    id = Column(Integer, primary_key=True)',
      "    customer_id = Column(Integer, ForeignKey('crm.customers.id'), nullable=False)",
      '    buyer: Mapped[int] = mapped_column(\'buyer_ref\', sa.ForeignKey("users.user_id"))',
      '    # note = Column(Integer, ForeignKey("notes.id"))',
      '    other = Column(Integer, ForeignKey(User.id))',
      '',
      'class Item(SQLModel, table=True):',
      '    owner_id: uuid.UUID = Field(',
      '        foreign_key="user.id", nullable=False, ondelete="CASCADE"',
      '    )',
      '',
      'class ItemBase(SQLModel):',
      '    owner_id: uuid.UUID = Field(foreign_key="user.id")',
    ].join('\n');
    const joins = sqlalchemyJoins([{ path: 'app/models.py', text: models }]).get('app/models.py') ?? [];
    expect(joins.map((j) => `${j.table}(${j.columns}) → ${j.references}(${j.referencedColumns}) @${j.line}`)).toEqual([
      'shop.orders(customer_id) → crm.customers(id) @8',
      'shop.orders(buyer_ref) → users(user_id) @9',
      'item(owner_id) → user(id) @14',
    ]);
  });
});

describe('TypeORM composite join columns and join tables as declared joins', () => {
  const files = [
    {
      path: 'src/entities.ts',
      text: [
        "import { Entity, PrimaryColumn, PrimaryGeneratedColumn, Column, ManyToOne, ManyToMany, JoinColumn, JoinTable } from 'typeorm';",
        "@Entity('tenants')",
        'export class Tenant {',
        "  @PrimaryColumn({ name: 'region_code' })",
        '  region: string;',
        '  @Column()',
        '  code: string;',
        '}',
        '@Entity()',
        'export class Tag {',
        "  @PrimaryGeneratedColumn({ name: 'tag_id' })",
        '  id: number;',
        '}',
        "@Entity({ name: 'posts', schema: 'blog' })",
        'export class Post {',
        '  @PrimaryGeneratedColumn()',
        '  id: number;',
        '  @ManyToOne(() => Tenant)',
        '  @JoinColumn([',
        "    { name: 'tenant_region', referencedColumnName: 'region' },",
        "    { name: 'tenant_code', referencedColumnName: 'code' },",
        '  ])',
        '  tenant: Tenant;',
        '  @ManyToMany(() => Tag, (tag) => tag.posts)',
        '  @JoinTable()',
        '  tags: Tag[];',
        '  @ManyToMany(() => Tag)',
        '  @JoinTable({',
        "    name: 'post_topics',",
        "    joinColumn: { name: 'post_id', referencedColumnName: 'id' },",
        "    inverseJoinColumn: { name: 'topic_id' },",
        '  })',
        '  topics: Tag[];',
        '  @ManyToMany(() => Post)',
        '  related: Post[];',
        '}',
      ].join('\n'),
    },
  ];

  it('joins on each pair of a composite @JoinColumn, and a @JoinTable (named or TypeORM’s default) to both entities', () => {
    const joins = typeormJoins(files).get('src/entities.ts') ?? [];
    expect(joins.map((j) => `${j.table}(${j.columns}) → ${j.references}(${j.referencedColumns}) @${j.line}`)).toEqual([
      'blog.posts(tenant_region,tenant_code) → tenants(region_code,code) @18',
      'blog.posts_tags_tag(postsId) → blog.posts(id) @24',
      'blog.posts_tags_tag(tagTagId) → tag(tag_id) @24',
      'blog.post_topics(post_id) → blog.posts(id) @27',
      'blog.post_topics(topic_id) → tag(tag_id) @27',
    ]);
  });

  it("names what the code does not in snake case when the project's DataSource says `namingStrategy: new SnakeNamingStrategy()`", () => {
    const comment = [
      'export class Comment {',
      '  @PrimaryGeneratedColumn()',
      '  commentId: number;',
      '  @ManyToOne(() => Post)',
      '  parentPost: Post;',
      '  @ManyToOne(() => Comment)',
      '  replyTo: Comment;',
      '}',
    ];
    const entities = [{ path: 'src/entities.ts', text: [files[0]!.text, '@Entity()', ...comment].join('\n') }];
    const brief = (found: Map<string, DeclaredJoin[]>) =>
      (found.get('src/entities.ts') ?? []).map((j) => `${j.table}(${j.columns}) → ${j.references}(${j.referencedColumns})`);
    const config = (strategy: string) => ({
      path: 'src/data-source.ts',
      text: [
        "import { DataSource } from 'typeorm';",
        "import { SnakeNamingStrategy } from 'typeorm-naming-strategies';",
        `export const AppDataSource = new DataSource({ type: 'postgres', entities: [Post, Tag, Comment], ${strategy} });`,
      ].join('\n'),
    });
    const snake = brief(typeormJoins([...entities, config('namingStrategy: new SnakeNamingStrategy()')]));
    expect(snake).toEqual([
      'blog.posts(tenant_region,tenant_code) → tenants(region_code,code)',
      'comment(parent_post_id) → blog.posts(id)',
      'comment(reply_to_comment_id) → comment(comment_id)',
      'blog.posts_tags_tag(posts_id) → blog.posts(id)',
      'blog.posts_tags_tag(tag_tag_id) → tag(tag_id)',
      'blog.post_topics(post_id) → blog.posts(id)',
      'blog.post_topics(topic_id) → tag(tag_id)',
    ]);
    // TypeORM's default strategy when the option is commented out, or the class is the project's own
    const own = {
      ...config('namingStrategy: new SnakeNamingStrategy()'),
      text: config('namingStrategy: new SnakeNamingStrategy()').text.replace('typeorm-naming-strategies', './snake'),
    };
    expect(brief(typeormJoins([...entities, own]))).toEqual(brief(typeormJoins(entities)));
    expect(brief(typeormJoins([...entities, config('// namingStrategy: new SnakeNamingStrategy(),')]))).toEqual([
      'blog.posts(tenant_region,tenant_code) → tenants(region_code,code)',
      'comment(parentPostId) → blog.posts(id)',
      'comment(replyToCommentId) → comment(commentId)',
      'blog.posts_tags_tag(postsId) → blog.posts(id)',
      'blog.posts_tags_tag(tagTagId) → tag(tag_id)',
      'blog.post_topics(post_id) → blog.posts(id)',
      'blog.post_topics(topic_id) → tag(tag_id)',
    ]);
  });
});

describe('Foreign keys held by constants', () => {
  it('reads a foreign key held by a module-level constant of the file; one assigned twice, or in another file, is left out', () => {
    const models = [
      'from sqlalchemy import Column, ForeignKey, Integer, Table',
      'from sqlmodel import Field, SQLModel',
      '',
      "USER_ID = 'users.id'",
      'TEAM_ID: str = "teams.id"  # the teams table',
      "SHADOWED = 'users.id'",
      "SHADOWED = 'teams.id'",
      '',
      'class Post(Base):',
      "    __tablename__ = 'posts'",
      '    author_id = Column(Integer, ForeignKey(USER_ID))',
      '    editor_id = Column(Integer, ForeignKey(SHADOWED))',
      '    owner_id = Column(Integer, ForeignKey(OWNER_ID))',
      '',
      'class Member(SQLModel, table=True):',
      '    team_id: int = Field(foreign_key=TEAM_ID)',
      '',
      "post_tags = Table('post_tags', Base.metadata, Column('post_author_id', ForeignKey(USER_ID, ondelete='CASCADE')))",
    ].join('\n');
    expect(alchemyJoins(models)).toEqual([
      'posts(author_id) → users(id) @11 sqlalchemy',
      'member(team_id) → teams(id) @16 sqlmodel',
      'post_tags(post_author_id) → users(id) @18 sqlalchemy',
    ]);
  });
});

describe('SQLAlchemy foreign keys naming classes and tables, association tables, constraints', () => {
  it('resolves ForeignKey(User.id) and ForeignKey(users.c.id), reads Table(…) columns and ForeignKeyConstraint; SQLModel says sqlmodel', () => {
    const models = [
      'from sqlalchemy import Column, ForeignKey, ForeignKeyConstraint, Integer, String, Table',
      'from sqlmodel import Field, SQLModel',
      '',
      "accounts = Table('accounts', metadata, Column('account_id', Integer, primary_key=True), schema='billing')",
      '',
      'class User(Base):',
      "    __tablename__ = 'users'",
      "    id = Column('user_id', Integer, primary_key=True)",
      '',
      'class Post(Base):',
      "    __tablename__ = 'posts'",
      '    id = Column(Integer, primary_key=True)',
      '    author_id = Column(Integer, ForeignKey(User.id))',
      '    account_id = mapped_column(ForeignKey(accounts.c.account_id))',
      '    ghost_id = Column(Integer, ForeignKey(Ghost.id))',
      '    tenant_region = Column(String)',
      '    tenant_code = Column(String)',
      '    __table_args__ = (',
      "        ForeignKeyConstraint(['tenant_region', 'tenant_code'], ['core.tenants.region', 'core.tenants.code']),",
      '    )',
      '',
      'post_tags = Table(',
      "    'post_tags',",
      '    Base.metadata,',
      "    Column('post_id', ForeignKey('posts.id'), primary_key=True),",
      "    Column('tag_id', Integer, ForeignKey('tags.id'), primary_key=True),",
      ')',
      '',
      'class PostLike(db.Model):',
      '    post_id: so.Mapped[int] = so.mapped_column(sa.ForeignKey(Post.id), primary_key=True)',
      '',
      'class Hero(SQLModel, table=True):',
      '    team_id: int | None = Field(default=None, foreign_key="team.id")',
    ].join('\n');
    expect(alchemyJoins(models)).toEqual([
      'posts(author_id) → users(user_id) @13 sqlalchemy',
      'posts(account_id) → billing.accounts(account_id) @14 sqlalchemy',
      'posts(tenant_region,tenant_code) → core.tenants(region,code) @19 sqlalchemy',
      'post_tags(post_id) → posts(id) @25 sqlalchemy',
      'post_tags(tag_id) → tags(id) @26 sqlalchemy',
      'post_like(post_id) → posts(id) @30 sqlalchemy',
      'hero(team_id) → team(id) @33 sqlmodel',
    ]);
  });

  it("resolves a class of a file without foreign keys; a name two files declare is the declaring file's own, else left out", () => {
    // no foreign key in this file: its class is still what another file's ForeignKey(User.id) names
    const users = "class User(Base):\n    __tablename__ = 'users'\n    id = Column(Integer, primary_key=True)\n";
    const legacy = "class Team(Base):\n    __tablename__ = 'legacy_teams'\n    id = Column(Integer, primary_key=True)\n";
    const teams = [
      'class Team(Base):',
      "    __tablename__ = 'teams'",
      '    id = Column(Integer, primary_key=True)',
      '    owner_id = Column(ForeignKey(User.id))',
      '    parent_id = Column(ForeignKey(Team.id))',
    ].join('\n');
    const audit = "class Audit(Base):\n    __tablename__ = 'audits'\n    team_id = Column(ForeignKey(Team.id))\n";
    const joins = sqlalchemyJoins([
      { path: 'app/users.py', text: users },
      { path: 'app/teams.py', text: teams },
      { path: 'app/legacy.py', text: legacy },
      { path: 'app/audit.py', text: audit },
    ]);
    expect(joins.get('app/teams.py')?.map((j) => `${j.table}(${j.columns}) → ${j.references}(${j.referencedColumns})`)).toEqual([
      'teams(owner_id) → users(id)',
      'teams(parent_id) → teams(id)',
    ]);
    expect(joins.get('app/audit.py')).toBeUndefined();
  });
});
