import { describe, expect, it } from 'vitest';
import { ormModelUses, ormTableRefs } from './orm-refs.js';
import { mikroOrmCollections } from './mikro-orm-collections.js';
import { heldRepositories } from './held-repositories.js';

const entities = [
  "import { Collection } from '@mikro-orm/core';",
  "import { Entity, ManyToMany, ManyToOne, OneToMany, PrimaryKey } from '@mikro-orm/decorators/legacy';",
  "@Entity({ repository: () => UserRepository, tableName: 'users' })",
  'export class User {',
  '  @PrimaryKey()',
  '  id!: number;',
  '  @ManyToMany({ hidden: true })',
  '  favorites = new Collection<Article>(this);',
  "  @ManyToMany({ entity: () => User, inversedBy: (u) => u.followed, owner: true, pivotTable: 'user_to_follower' })",
  '  followers = new Collection<User>(this);',
  '  @ManyToMany(() => User, (u) => u.followers)',
  '  followed = new Collection<User>(this);',
  '  @OneToMany(() => Article, (a) => a.author)',
  '  articles = new Collection<Article>(this);',
  '}',
  '@Entity()',
  'export class Article {',
  '  @PrimaryKey()',
  '  id!: number;',
  '  @ManyToOne()',
  '  author!: Ref<User>;',
  '  @OneToMany(() => Comment, (c) => c.article)',
  '  comments = new Collection<Comment>(this);',
  '  @ManyToMany()',
  '  tags!: Collection<Tag>;',
  '}',
  '@Entity()',
  'export class Comment {',
  '  @PrimaryKey()',
  '  id!: number;',
  '}',
  '@Entity()',
  'export class Tag {',
  '  @PrimaryKey()',
  '  id!: number;',
  '  @ManyToMany()',
  '  articles = new Collection<Article>(this);',
  '}',
].join('\n');
const files = [{ path: 'src/entities.ts', text: entities }];
const models = ormTableRefs(entities, 'typescript', 'src/entities.ts');
const uses = (code: string, context = {}) =>
  ormModelUses(code, 'typescript', models, { mikroCollections: mikroOrmCollections(files), ...context }).map((u) => [u.table, u.line, u.access]);

describe("MikroORM's unit of work, flushed", () => {
  it('gives each collection the table a change to it writes: the pivot (the inverse side its owner’s), a one-to-many’s target', () => {
    const collections = mikroOrmCollections(files);
    expect(Object.fromEntries([...collections].map(([entity, c]) => [entity, Object.fromEntries(c)]))).toEqual({
      User: { favorites: 'users_favorites', followers: 'user_to_follower', followed: 'user_to_follower', articles: 'article' },
      Article: { comments: 'comment', tags: 'article_tags' },
      Comment: {},
      Tag: { articles: 'tag_articles' },
    });
  });

  it("gives a schema's collections their tables too (`defineEntity`, `new EntitySchema`), its target named by the schema's variable", () => {
    const schemas = [
      "import { defineEntity, EntitySchema, p } from '@mikro-orm/core';",
      'export const ArticleSchema = defineEntity({',
      "  name: 'Article',",
      "  tableName: 'articles',",
      '  properties: {',
      "    comments: () => p.oneToMany(CommentSchema).mappedBy('article'),",
      '    tags: () => p.manyToMany(TagSchema),',
      '  },',
      '});',
      "export const CommentSchema = defineEntity({ name: 'Comment', tableName: 'comments', properties: { article: () => p.manyToOne(ArticleSchema) } });",
      "export const TagSchema = defineEntity({ name: 'Tag', properties: { articles: () => p.manyToMany(ArticleSchema).mappedBy((a) => a.tags) } });",
      "export const Shelf = new EntitySchema({ name: 'Shelf', properties: { books: { kind: 'm:n', entity: 'Article', pivotTable: 'shelf_books' } } });",
    ].join('\n');
    const collections = mikroOrmCollections([{ path: 'src/schemas.ts', text: schemas }]);
    expect(Object.fromEntries([...collections].map(([entity, c]) => [entity, Object.fromEntries(c)]))).toEqual({
      Article: { comments: 'comments', tags: 'articles_tags' },
      Comment: {},
      Tag: { articles: 'articles_tags' },
      Shelf: { books: 'shelf_books' },
    });
  });

  it("writes a collection's table when a change to it is flushed later in the function, by its receiver's entity or else its name", () => {
    const code = [
      'export class ArticleService {',
      '  constructor(private readonly em: EntityManager) {}',
      '  async favorite(user: Viewer, article: Article) {',
      '    if (!user.favorites.contains(article)) {',
      '      user.favorites.add(article);', // `Viewer` is no entity: `favorites` is User's alone
      '    }',
      '    await this.em.flush();',
      '  }',
      '  async follow(id: number, other: User) {',
      '    const user = await this.em.findOneOrFail(User, id);',
      '    user.followed.remove(other);', // the inverse side writes its owner's pivot table
      '    await this.em.flush();',
      '  }',
      '  async comment(article: Article, comment: Comment) {',
      '    article.comments.add(comment);',
      '    return this.em.persistAndFlush(article);',
      '  }',
      '  async untag(article: Article, tag: Tag) {',
      '    tag.articles.remove(article);', // `Tag.articles`, not `User.articles`: its receiver is typed
      '    await this.em.flush();',
      '  }',
      '  later(user: User, article: Article) {',
      '    user.articles.add(article);', // not flushed in this function
      '  }',
      '  async flushLater() {',
      '    await this.em.flush();',
      '  }',
      '}',
    ].join('\n');
    expect(uses(code)).toEqual([
      ['users', 10, ['read']],
      ['users_favorites', 5, ['write']],
      ['user_to_follower', 11, ['write']],
      ['comment', 15, ['write']],
      ['tag_articles', 19, ['write']],
    ]);
  });

  it('leaves a name two entities’ collections share, on a receiver of no entity, and a collection the receiver’s entity lacks', () => {
    const code = [
      'async function f(em: EntityManager, row: Viewer, article: Article) {',
      '  row.articles.add(article);', // User's and Tag's
      '  const tag = await em.findOne(Tag, 1);',
      '  tag.favorites.add(article);', // Tag has none
      '  await em.flush();',
      '}',
    ].join('\n');
    expect(uses(code)).toEqual([['tag', 3, ['read']]]);
  });

  it('writes rows `em.create` or a repository’s `create` made and flushed later, not those never flushed', () => {
    const code = [
      'export class Service {',
      '  constructor(private readonly em: EntityManager, @InjectRepository(Tag) private readonly tags: EntityRepository<Tag>) {}',
      '  async add(name: string) {',
      '    const comment = this.em.create(Comment, { name });',
      '    this.tags.create({ name });',
      '    await this.em.flush();',
      '  }',
      '  draft(name: string) {',
      '    return this.em.create(Article, { name });',
      '  }',
      '}',
    ].join('\n');
    expect(uses(code)).toEqual([
      ['tag', 2, ['write']],
      ['comment', 4, ['write']],
    ]);
  });

  it('writes a row bound by reference, `em.getReference` or a repository’s, then changed or removed and flushed', () => {
    const code = [
      'export class Service {',
      '  constructor(private readonly em: EntityManager, @InjectRepository(Comment) private readonly comments: EntityRepository<Comment>) {}',
      '  async rename(id: number) {',
      '    const article = this.em.getReference(Article, id);',
      "    article.title = 'x';",
      '    await this.em.flush();',
      '  }',
      '  async drop(id: number) {',
      '    const comment = this.comments.getReference(id);',
      '    await this.em.remove(comment).flush();',
      '  }',
      '}',
    ].join('\n');
    expect(uses(code)).toEqual([
      ['comment', 2, ['write']],
      ['article', 6, ['write']],
    ]);
  });

  it("reads a repository another file keeps as an object's property, `DI.authors`, by its calls and the rows they give", () => {
    const server = [
      'export const DI = {} as { orm: MikroORM; em: EntityManager; articles: EntityRepository<Article> };',
      'export const init = async () => {',
      '  DI.orm = await MikroORM.init(config);',
      '  DI.articles = DI.orm.em.getRepository(Article);',
      '  DI.tags = DI.em.getRepository(Tag);',
      '};',
    ].join('\n');
    const held = heldRepositories([{ text: server }, { text: 'other.tags = em.getRepository(Comment);\nthis.users = em.getRepository(User);' }]);
    expect([...held]).toEqual([
      ['DI.articles', 'Article'],
      ['DI.tags', 'Tag'],
      ['other.tags', 'Comment'],
    ]);
    const controller = [
      "import { DI } from '../server';",
      "router.get('/', async () => DI.articles.findAll({ limit: 20 }));",
      "router.put('/:id', async (req) => {",
      '  const article = await DI.articles.findOneOrFail(req.params.id);',
      '  wrap(article).assign(req.body);',
      '  await DI.em.flush();',
      '});',
      "router.post('/', async (req) => {",
      '  const tag = DI.tags.create(req.body);',
      '  await DI.em.flush();',
      '});',
      'other.tags.findAll();',
    ].join('\n');
    expect(uses(controller, { heldRepositories: held })).toEqual([
      ['article', 2, ['read', 'write']],
      ['tag', 9, ['write']],
      ['comment', 12, ['read']],
    ]);
  });

  it('reads a repository a function returns, by the name a file binds its call to, and a schema’s variable as its entity', () => {
    const db = [
      "import { defineEntity, p } from '@mikro-orm/core';",
      "export const UserSchema = defineEntity({ name: 'User', properties: { id: p.integer().primary() } });",
      'let cache: Services;',
      'export async function initORM(options?: Options): Promise<Services> {',
      '  if (cache) return cache;',
      '  const orm = await MikroORM.init(options);',
      '  return cache = { orm, em: orm.em, user: orm.em.getRepository(UserSchema), article: orm.em.getRepository(Article) };',
      '}',
      'export const services = () => ({ tags: em.getRepository(Tag) });',
    ].join('\n');
    const held = heldRepositories([{ text: db }]);
    expect([...held]).toEqual([
      ['cache.user', 'User'],
      ['initORM().user', 'User'],
      ['cache.article', 'Article'],
      ['initORM().article', 'Article'],
    ]);
    const routes = [
      "import { initORM } from '../db.js';",
      'export async function registerRoutes(app) {',
      '  const db = await initORM();',
      "  app.post('/', async (request) => {",
      '    const user = db.user.create(request.body);',
      '    await db.em.flush();',
      '  });',
      '  app.get("/", async () => db.article.find({}));',
      '}',
    ].join('\n');
    expect(uses(routes, { heldRepositories: held })).toEqual([
      ['users', 5, ['write']],
      ['article', 8, ['read']],
    ]);
  });

  it("writes an entity's collection its own method changes (`this.favorites.add(article)`), whoever flushes", () => {
    const reader = [
      "import { Collection } from '@mikro-orm/core';",
      "import { Entity, ManyToMany, PrimaryKey } from '@mikro-orm/decorators/legacy';",
      "@Entity({ tableName: 'readers' })",
      'export class Reader {',
      '  @PrimaryKey()',
      '  id!: number;',
      '  @ManyToMany()',
      '  favorites = new Collection<Article>(this);',
      '  favorite(article: Article) {',
      '    if (!this.favorites.contains(article)) this.favorites.add(article);',
      '  }',
      '}',
      'export class Shelf {',
      '  favorites = new Collection<Article>(this);',
      '  keep(article: Article) {',
      '    this.favorites.add(article);', // no entity's, and no flush
      '  }',
      '}',
    ].join('\n');
    const mikroCollections = mikroOrmCollections([...files, { path: 'src/reader.ts', text: reader }]);
    expect(ormModelUses(reader, 'typescript', models, { mikroCollections }).map((u) => [u.table, u.line, u.access])).toEqual([
      ['readers_favorites', 10, ['write']],
    ]);
  });

  it('reads a repository held in an object literal, `const DI = { authors: em.getRepository(Author) }`, as one held by assignment', () => {
    const db = [
      'export const DI = { orm, articles: orm.em.getRepository(Article), count: 2 };',
      'let cache: Services;',
      'export function init() {',
      '  return cache = { em: orm.em, tags: orm.em.getRepository(Tag), all: [orm.em.getRepository(User)] };',
      '}',
      'Object.assign(services, { comments: em.getRepository(Comment) });',
      'const other = { find: (e) => e.getRepository(User).find() };',
    ].join('\n');
    expect([...heldRepositories([{ text: db }])]).toEqual([
      ['DI.articles', 'Article'],
      ['cache.tags', 'Tag'],
      ['init().tags', 'Tag'], // what `init` returns
      ['services.comments', 'Comment'],
    ]);
    const controller = [
      "import { DI } from '../db';",
      "router.get('/', async () => DI.articles.findAll({ limit: 20 }));",
      "router.post('/', async (req) => {",
      '  const comment = services.comments.create(req.body);',
      '  await em.flush();',
      '});',
    ].join('\n');
    expect(uses(controller, { heldRepositories: heldRepositories([{ text: db }]) })).toEqual([
      ['article', 2, ['read']],
      ['comment', 4, ['write']],
    ]);
  });
});
