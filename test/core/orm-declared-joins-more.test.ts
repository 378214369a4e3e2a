/**
 * Joins declared by Sequelize's associations, TypeORM's join tables and SQLAlchemy's association
 * tables and class-named foreign keys, where the database has no foreign key: `describe` of a table
 * lists them among its joins with the declaring file, line and ORM. A Sequelize model named without
 * `tableName` reaches its table by the plural Sequelize gives it. Real engine, real PostgreSQL source,
 * real code tree.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf } from '../helpers/database-and-tree.js';

const FILES: Record<string, string> = {
  'models/index.js': [
    "const { Sequelize, DataTypes } = require('sequelize');",
    'const sequelize = new Sequelize(process.env.DATABASE_URL);',
    "const User = sequelize.define('user', { name: DataTypes.STRING });",
    "const Order = sequelize.define('order', { buyerId: { type: DataTypes.INTEGER, field: 'buyer_id' } });",
    "const Product = sequelize.define('product', { label: DataTypes.STRING });",
    "Order.belongsTo(User, { foreignKey: 'buyerId', as: 'buyer' });",
    "Order.belongsToMany(Product, { through: 'order_lines', foreignKey: 'order_id', otherKey: 'product_id' });",
    'module.exports = { User, Order, Product };',
  ].join('\n'),
  'src/entities.ts': [
    "import { Entity, PrimaryGeneratedColumn, ManyToMany, JoinTable } from 'typeorm';",
    "@Entity('labels')",
    'export class Label {',
    '  @PrimaryGeneratedColumn()',
    '  id: number;',
    '}',
    "@Entity('articles')",
    'export class Article {',
    '  @PrimaryGeneratedColumn()',
    '  id: number;',
    '  @ManyToMany(() => Label)',
    '  @JoinTable()',
    '  labels: Label[];',
    '}',
  ].join('\n'),
  'app/models.py': [
    'from sqlalchemy import Column, ForeignKey, Integer, Table',
    '',
    'class Author(Base):',
    "    __tablename__ = 'authors'",
    '    id = Column(Integer, primary_key=True)',
    '',
    'class Book(Base):',
    "    __tablename__ = 'books'",
    '    id = Column(Integer, primary_key=True)',
    '    author_id = Column(Integer, ForeignKey(Author.id))',
    '',
    'book_shelves = Table(',
    "    'book_shelves',",
    '    Base.metadata,',
    "    Column('book_id', ForeignKey('books.id')),",
    ')',
  ].join('\n'),
};

const suite = databaseAndTreeSuite(
  'orm_joins_more',
  `
    CREATE TABLE users (id serial PRIMARY KEY, name text);
    CREATE TABLE orders (id serial PRIMARY KEY, buyer_id int);
    CREATE TABLE products (id serial PRIMARY KEY, label text);
    CREATE TABLE order_lines (order_id int, product_id int);
    CREATE TABLE labels (id serial PRIMARY KEY);
    CREATE TABLE articles (id serial PRIMARY KEY);
    CREATE TABLE articles_labels_labels ("articlesId" int, "labelsId" int);
    CREATE TABLE authors (id serial PRIMARY KEY);
    CREATE TABLE books (id serial PRIMARY KEY, author_id int);
    CREATE TABLE book_shelves (book_id int, shelf text);
  `,
  FILES,
);

const joinsOf = (table: string) => declaredJoinsOf(suite.engine(), table);

it("lists Sequelize's belongsTo and belongsToMany joins, the models' tables by their plural", async () => {
  expect(await joinsOf('public.orders')).toEqual(['orders.buyer_id = users.id -- sequelize models/index.js:6']);
  expect(await joinsOf('public.order_lines')).toEqual([
    'order_lines.order_id = orders.id -- sequelize models/index.js:7',
    'order_lines.product_id = products.id -- sequelize models/index.js:7',
  ]);
});

it("lists a TypeORM @JoinTable's junction joins under TypeORM's default names", async () => {
  expect(await joinsOf('public.articles_labels_labels')).toEqual([
    'articles_labels_labels."articlesId" = articles.id -- typeorm src/entities.ts:11',
    'articles_labels_labels."labelsId" = labels.id -- typeorm src/entities.ts:11',
  ]);
});

it("lists SQLAlchemy's ForeignKey(Author.id) and an association Table's column", async () => {
  expect(await joinsOf('public.books')).toEqual(['books.author_id = authors.id -- sqlalchemy app/models.py:10']);
  expect(await joinsOf('public.book_shelves')).toEqual(['book_shelves.book_id = books.id -- sqlalchemy app/models.py:15']);
});
