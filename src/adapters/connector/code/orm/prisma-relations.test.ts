import { describe, expect, it } from 'vitest';
import { ormModelUses, ormTableRefs } from './orm-refs.js';
import { prismaRelationReads, prismaRelations } from './prisma-relations.js';

const SCHEMA = [
  'enum Role {',
  '  owner',
  '  guest',
  '}',
  'model Author {',
  '  id     Int     @id',
  '  role   Role',
  '  shelf  Shelf?  @relation(fields: [shelfId], references: [id])',
  '  books  Book[]',
  '  @@map("author")',
  '}',
  'model Book {',
  '  id       Int    @id',
  '  author   Author @relation(fields: [authorId], references: [id])',
  '  authorId Int    @map("author_id")',
  '  @@map("book")',
  '}',
  'model Shelf {',
  '  id      Int      @id',
  '  authors Author[]',
  '  @@map("shelf")',
  '}',
].join('\n');
const relations = prismaRelations([SCHEMA]);
const read = (text: string, calls: Array<{ model: string; at: string }> = []) =>
  prismaRelationReads(
    text,
    calls.map((c) => ({ model: c.model, open: text.indexOf('(', text.indexOf(c.at)) })),
    relations,
  ).map((r) => `${r.model}@${text.slice(r.index).match(/^\w+/)?.[0]}`);

describe('Prisma relation reads', () => {
  it('reads the relation fields of the models, not enums or scalars', () => {
    expect(Object.fromEntries([...relations].map(([m, f]) => [m, Object.fromEntries(f)]))).toEqual({
      Author: { shelf: 'Shelf', books: 'Book' },
      Book: { author: 'Author' },
      Shelf: { authors: 'Author' },
    });
  });

  it("follows a client call's include, select, nested filters and _count, model by model", () => {
    const text = [
      'prisma.book.findMany({',
      '  where: { OR: [{ author: { shelf: { id: 3 } } }, { id: 1 }] },',
      '  include: { author: true },',
      '});',
      'prisma.shelf.findUnique({ where: { id }, select: { _count: { select: { authors: true } } } });',
      'prisma.book.update({ where: { id }, data: { author: { connect: { id: 2 } } } });',
    ].join('\n');
    const calls = [
      { model: 'Book', at: 'prisma.book.findMany' },
      { model: 'Shelf', at: 'prisma.shelf' },
      { model: 'Book', at: 'prisma.book.update' },
    ];
    // a write's nested `data` reads nothing; `id` is no relation
    expect(read(text, calls)).toEqual(['Author@author', 'Shelf@shelf', 'Author@author', 'Author@authors']);
  });

  it("reads a literal typed with a model's argument type, and the criteria handed to the file's own wrapper", () => {
    const text = [
      'export async function listBooks(criteria: Prisma.BookFindManyArgs, page: number) {',
      '  return paged(criteria, page);',
      '}',
      'export const listShelves = async (criteria: ShelfFindManyArgs) => paged(criteria);',
      'const where: Prisma.AuthorWhereInput = { ...(withShelf && { shelf: { id: 1 } }) };',
      'export const mine = (id) => listBooks({ where: { author: { id } } }, 1);',
      'export const full = () => listShelves({ include: { authors: { include: { books: true } } } });',
    ].join('\n');
    expect(read(text)).toEqual(['Shelf@shelf', 'Author@author', 'Author@authors', 'Book@books']);
  });

  it('links the tables a Prisma file reads through relations, at the first field naming them', () => {
    const models = ormTableRefs(SCHEMA, 'prisma', 'prisma/schema.prisma');
    const service = ["import { prisma } from './prisma';", 'export const withAuthors = () =>', '  prisma.shelf.findMany({ include: { authors: true } });'].join(
      '\n',
    );
    expect(ormModelUses(service, 'typescript', models, { prismaRelations: relations })).toEqual([
      { table: 'shelf', line: 3, via: 'prisma', access: ['read'] },
      { table: 'author', line: 3, via: 'prisma', access: ['read'] },
    ]);
    // without the project's relations, the call's own model only
    expect(ormModelUses(service, 'typescript', models)).toEqual([{ table: 'shelf', line: 3, via: 'prisma', access: ['read'] }]);
  });
});

describe('Prisma delegates bound to a name', () => {
  it("links a model's delegate taken from the client by name, and follows its calls' relations", () => {
    const models = ormTableRefs(SCHEMA, 'prisma', 'prisma/schema.prisma');
    const service = [
      "import prisma from './prisma';",
      'const { book, shelf: shelves } = prisma.client;',
      'const { author } = session;',
      'export const titles = () => book.findMany({ include: { author: true } });',
      'export const add = (id) => shelves.create({ data: { id } });',
      'export const rename = (id) => author.update({ id });',
    ].join('\n');
    expect(ormModelUses(service, 'typescript', models, { prismaRelations: relations })).toEqual([
      { table: 'book', line: 4, via: 'prisma', access: ['read'] },
      { table: 'shelf', line: 5, via: 'prisma', access: ['write'] },
      { table: 'author', line: 4, via: 'prisma', access: ['read'] },
    ]);
    const bound = ["import { db } from './prisma';", 'const shelves = db.shelf;', 'export const count = () => shelves.count();'].join('\n');
    expect(ormModelUses(bound, 'typescript', models)).toEqual([{ table: 'shelf', line: 3, via: 'prisma', access: ['read'] }]);
  });
});
