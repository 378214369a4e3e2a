import { describe, expect, it } from 'vitest';
import { ormModelUses, ormTableRefs } from './orm-refs.js';
import { typeormJoins } from './declared-joins.js';
import { mikroOrmJoins } from './mikro-orm-joins.js';

const entities = [
  "import { Collection } from '@mikro-orm/core';",
  "import { Entity, ManyToMany, ManyToOne, PrimaryKey } from '@mikro-orm/decorators/legacy';",
  '@Entity()',
  'export class BookTag {',
  '  @ManyToMany(() => Book, (b) => b.tags)',
  '  books = new Collection<Book>(this);',
  '}',
  "@Entity({ tableName: 'books', schema: 'shop' })",
  'export class Book {',
  '  @PrimaryKey()',
  '  isbn!: string;',
  '  @ManyToOne()',
  '  author!: Ref<Author>;',
  '  @ManyToMany(() => BookTag, undefined, { owner: true })',
  '  tags = new Collection<BookTag>(this);',
  "  @ManyToMany({ entity: () => Book, pivotTable: 'book_to_sequel' })",
  '  sequels!: Collection<Book>;',
  '  @ManyToMany({ hidden: true })',
  '  readAlongWith = new Collection<Book>(this);',
  '}',
  '@Entity()',
  'export class Author {',
  '  @PrimaryKey()',
  '  id!: number;',
  "  @OneToOne({ entity: () => Book, joinColumn: 'favourite_isbn' })",
  '  favourite?: Book;',
  '  @OneToOne(() => Book, (b) => b.author)',
  '  debut?: Book;',
  '}',
].join('\n');

describe('MikroORM', () => {
  it("names an entity's table by `tableName` (else its class in snake case) and an owning many-to-many's pivot table", () => {
    expect(ormTableRefs(entities, 'typescript', 'src/entities.ts').map((r) => [r.table, r.line, r.via, r.model])).toEqual([
      ['book_tag', 3, 'mikro-orm', 'BookTag'],
      ['shop.books', 8, 'mikro-orm', 'Book'],
      // `BookTag.books` is the inverse side: its second argument is `mappedBy`
      ['shop.books_tags', 14, 'mikro-orm', undefined],
      ['shop.book_to_sequel', 16, 'mikro-orm', undefined],
      ['shop.books_read_along_with', 18, 'mikro-orm', undefined],
      ['author', 21, 'mikro-orm', 'Author'],
    ]);
  });

  it('reads an entity whose decorator holds an arrow function (`repository: () => UserRepository`), with its pivot tables and joins', () => {
    const text = [
      "import { Entity, ManyToMany, ManyToOne, PrimaryKey } from '@mikro-orm/decorators/legacy';",
      "@Entity({ repository: () => UserRepository, tableName: 'users' })",
      'export class User {',
      '  @PrimaryKey()',
      '  id!: number;',
      '  @ManyToMany({ hidden: true })',
      '  favorites = new Collection<Book>(this);',
      '  @ManyToOne(() => User)',
      '  mentor?: User;',
      '}',
    ].join('\n');
    expect(ormTableRefs(text, 'typescript', 'src/user.ts').map((r) => [r.table, r.line, r.model])).toEqual([
      ['users', 2, 'User'],
      ['users_favorites', 6, undefined],
    ]);
    expect(
      mikroOrmJoins([{ path: 'src/user.ts', text }])
        .get('src/user.ts')
        ?.map((j) => [j.table, j.columns, j.references]),
    ).toEqual([['users', ['mentor_id'], 'users']]);
  });

  it('reads entities declared by `defineEntity` and `new EntitySchema`, an owning many-to-many (built or written out) with its pivot; no abstract base', () => {
    const text = [
      "import { defineEntity, EntitySchema, p } from '@mikro-orm/core';",
      "export const BaseSchema = defineEntity({ name: 'Base', abstract: true, properties: { id: p.integer().primary() } });",
      'export const BookSchema = defineEntity({',
      '  extends: BaseSchema,',
      "  name: 'Book',",
      '  properties: {',
      '    title: p.string(),',
      '    tags: () => p.manyToMany(BookTag).owner(),',
      "    shelves: () => p.manyToMany(Shelf).pivotTable('book_on_shelf'),",
      "    readers: () => p.manyToMany(Reader).mappedBy('books'),",
      '  },',
      '});',
      "export const Reader = new EntitySchema({ name: 'Reader', tableName: 'readers', schema: 'lib', properties: { name: { type: 'string' },",
      "  shelves: { kind: 'm:n', entity: 'Shelf', pivotTable: 'reader_shelf' }, books: { kind: 'm:n', entity: () => Book, mappedBy: 'readers' } } });",
    ].join('\n');
    expect(ormTableRefs(text, 'javascript', 'src/entities.js').map((r) => [r.table, r.line, r.model])).toEqual([
      ['book', 3, 'Book'],
      ['book_tags', 3, undefined],
      ['book_on_shelf', 3, undefined],
      ['lib.readers', 13, 'Reader'],
      ['lib.reader_shelf', 13, undefined], // written out, `kind: 'm:n'`; the inverse `books` adds none
    ]);
    // outside a MikroORM file, `defineEntity` names nothing
    expect(ormTableRefs(text.replace("'@mikro-orm/core'", "'./orm'"), 'javascript', 'src/entities.js')).toEqual([]);
  });

  it("joins a to-one relation on `<property>_<target's primary column>` or the column it names; TypeORM's names none", () => {
    const files = [{ path: 'src/entities.ts', text: entities }];
    expect(
      mikroOrmJoins(files)
        .get('src/entities.ts')
        ?.map((j) => [j.table, j.columns, j.references, j.referencedColumns, j.line, j.via]),
    ).toEqual([
      ['shop.books', ['author_id'], 'author', ['id'], 12, 'mikro-orm'], // its target from the type, past `Ref<…>`
      ['author', ['favourite_isbn'], 'shop.books', ['isbn'], 25, 'mikro-orm'], // the inverse `debut` (its `mappedBy`) joins nothing
    ]);
    expect([...typeormJoins(files)]).toEqual([]);
  });

  it('joins the to-one relations of `defineEntity` and `new EntitySchema` schemas as the decorated ones, by a base schema’s primary key', () => {
    const base = [
      "import { defineEntity, p } from '@mikro-orm/core';",
      "export const BaseSchema = defineEntity({ name: 'BaseEntity', abstract: true, properties: { id: p.integer().primary() } });",
    ].join('\n');
    const article = [
      "import { defineEntity, p } from '@mikro-orm/core';",
      'export const ArticleSchema = defineEntity({',
      "  name: 'Article',",
      '  extends: BaseSchema,',
      '  properties: {',
      '    author: () => p.manyToOne(UserSchema).ref(),',
      "    editor: () => p.manyToOne(() => Author).joinColumn('editor_ref'),",
      '    cover: () => p.oneToOne(Cover).owner(),',
      "    review: () => p.oneToOne(Review).mappedBy('article'),",
      "    comments: () => p.oneToMany(Comment).mappedBy('article'),",
      '    tags: () => p.manyToMany(Tag),',
      '  },',
      '});',
    ].join('\n');
    const user = [
      "import { defineEntity, EntitySchema, p } from '@mikro-orm/core';",
      "export const UserSchema = defineEntity({ name: 'User', tableName: 'users', extends: BaseSchema, properties: { name: p.string() } });",
      'export const Cover = new EntitySchema({',
      "  name: 'Cover',",
      "  properties: { code: { type: 'string', primary: true, fieldName: 'cover_code' }, owner: { kind: 'm:1', entity: () => User } },",
      '});',
      'export const Review = new EntitySchema({',
      "  class: 'Review',",
      '  properties: {',
      "    uuid: { type: 'uuid', primary: true },",
      "    article: { reference: ReferenceKind.ONE_TO_ONE, entity: 'Article', owner: true, joinColumn: 'reviewed_article' },",
      "    cover: { kind: 'm:1', entity: 'Nowhere' },",
      '  },',
      '});',
    ].join('\n');
    const author = [
      "import { Entity, PrimaryKey } from '@mikro-orm/decorators/legacy';",
      '@Entity()',
      'export class Author {',
      '  @PrimaryKey()',
      '  id!: number;',
      '}',
    ].join('\n');
    const joins = mikroOrmJoins([
      { path: 'src/base.ts', text: base },
      { path: 'src/article.ts', text: article },
      { path: 'src/user.ts', text: user },
      { path: 'src/author.ts', text: author },
    ]);
    const listed = (path: string) => joins.get(path)?.map((j) => [j.table, j.columns, j.references, j.referencedColumns, j.line]);
    expect(listed('src/article.ts')).toEqual([
      ['article', ['author_id'], 'users', ['id'], 6], // `UserSchema`, the variable, is the entity `User`; `id` is its base's
      ['article', ['editor_ref'], 'author', ['id'], 7], // a decorated class
      ['article', ['cover_cover_code'], 'cover', ['cover_code'], 8], // the inverse `review`, the collections join nothing here
    ]);
    expect(listed('src/user.ts')).toEqual([
      ['cover', ['owner_id'], 'users', ['id'], 5],
      ['review', ['reviewed_article'], 'article', ['id'], 11], // an entity the project lacks joins nothing
    ]);
    expect(joins.get('src/base.ts')).toBeUndefined();
  });

  it('reads the entity manager, repositories and the rows persisted or removed, each by what it does', () => {
    const models = ormTableRefs(entities, 'typescript', 'src/entities.ts');
    const service = [
      "import { EntityManager, EntityRepository } from '@mikro-orm/postgresql';",
      "import { InjectRepository } from '@mikro-orm/nestjs';",
      'export class BookService {',
      '  constructor(',
      '    private readonly em: EntityManager,',
      '    @InjectRepository(Book) private readonly books: EntityRepository<Book>,',
      '  ) {}',
      '  async tagged(name: string) {',
      '    return this.em.find(BookTag, { name });',
      '  }',
      '  async add(title: string) {',
      '    const tag = new BookTag();',
      '    await this.em.persist(tag).flush();',
      '  }',
      '  async drop(id: number) {',
      '    const tag = this.em.getReference(BookTag, id);',
      '    await this.books.nativeDelete({ id });',
      '  }',
      '  async keep(tag: BookTag) {',
      '    await this.em.remove(tag).flush();', // a parameter: which entity the code does not say by a binding here
      '  }',
      '}',
    ].join('\n');
    expect(ormModelUses(service, 'typescript', models).map((u) => [u.table, u.line, u.via, u.access])).toEqual([
      ['shop.books', 6, 'mikro-orm', ['write']], // the injected repository, written by `nativeDelete`
      ['book_tag', 9, 'mikro-orm', ['read', 'write']], // read by `em.find`, written where `tag = new BookTag()` is persisted
    ]);
  });

  it('writes a row found, changed and flushed where its binding holds (the unit of work), not one only found or not flushed', () => {
    const models = ormTableRefs(entities, 'typescript', 'src/entities.ts');
    const service = [
      'export class BookService {',
      '  constructor(private readonly em: EntityManager, @InjectRepository(Book) private readonly books: EntityRepository<Book>) {}',
      '  async rename(isbn: string, title: string) {',
      '    const book = await this.books.findOneOrFail(isbn);',
      '    book.title = title;',
      '    await this.em.flush();',
      '  }',
      '  async look(id: number) {',
      '    const tag = await this.em.findOne(BookTag, id);',
      '    await this.em.flush();',
      '  }',
      '  async bump(id: number) {',
      '    const tag = await this.em.findOneOrFail(BookTag, id);',
      "    wrap(tag).assign({ name: 'x' });",
      '  }',
      '}',
    ].join('\n');
    expect(ormModelUses(service, 'typescript', models).map((u) => [u.table, u.line, u.access])).toEqual([
      ['shop.books', 2, ['read', 'write']],
      ['book_tag', 9, ['read']],
    ]);
    const assigned = service.replace("wrap(tag).assign({ name: 'x' });", "this.em.assign(tag, { name: 'x' });\n    await this.em.flush();");
    expect(ormModelUses(assigned, 'typescript', models).map((u) => [u.table, u.access])).toEqual([
      ['shop.books', ['read', 'write']],
      ['book_tag', ['read', 'write']],
    ]);
  });

  it('takes a name persisted where its binding holds, not one bound in another function', () => {
    const models = ormTableRefs(entities, 'typescript', 'src/entities.ts');
    const code = [
      'function build() {',
      '  const tag = new BookTag();',
      '  return tag;',
      '}',
      'async function save(em: EntityManager, tag: unknown) {',
      '  await em.persistAndFlush(tag);',
      '}',
      'async function make(em: EntityManager) {',
      "  await em.persistAndFlush(new Book('x'));",
      '}',
    ].join('\n');
    expect(ormModelUses(code, 'typescript', models).map((u) => [u.table, u.line, u.access])).toEqual([['shop.books', 9, ['write']]]);
  });
});
