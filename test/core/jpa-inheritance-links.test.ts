/**
 * JPA's class hierarchies through the engine, over a real PostgreSQL source: a `@MappedSuperclass`'s
 * relation joins the table of each entity extending it; a single-table subclass maps its root's
 * table; a joined subclass's table joins its parent's, and its uses reach both tables.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf, tableUsersOf } from '../helpers/database-and-tree.js';

const M = 'src/main/java/org/shop';
const FILES: Record<string, string> = {
  [`${M}/Described.java`]: [
    'package org.shop;',
    '',
    '@MappedSuperclass',
    'public abstract class Described {',
    '  @Id @Column(name = "description_id") private Long id;',
    '  @ManyToOne @JoinColumn(name = "language_id") private Language language;',
    '}',
  ].join('\n'),
  [`${M}/ProductDescription.java`]: [
    'package org.shop;',
    '',
    '@Entity',
    '@Table(name = "product_description")',
    'public class ProductDescription extends Described {}',
  ].join('\n'),
  [`${M}/Language.java`]: 'package org.shop;\n\n@Entity\n@Table(name = "language")\npublic class Language {\n  @Id private Integer id;\n}\n',
  [`${M}/Payment.java`]: 'package org.shop;\n\n@Entity\n@Table(name = "payment")\npublic class Payment {\n  @Id private Long id;\n}\n',
  [`${M}/CardPayment.java`]: 'package org.shop;\n\n@Entity\npublic class CardPayment extends Payment {}\n',
  [`${M}/Item.java`]: [
    'package org.shop;',
    '',
    '@Entity',
    '@Table(name = "item")',
    '@Inheritance(strategy = InheritanceType.JOINED)',
    'public class Item {',
    '  @Id @Column(name = "item_id") private Long id;',
    '}',
  ].join('\n'),
  [`${M}/Book.java`]: 'package org.shop;\n\n@Entity\n@Table(name = "book")\npublic class Book extends Item {}\n',
  [`${M}/Shelf.java`]: [
    'package org.shop;',
    '',
    'public class Shelf {',
    '  @PersistenceContext private EntityManager em;',
    '  public Book book(long id) { return em.find(Book.class, id); }',
    '  public void pay(CardPayment p) { em.persist(p); }',
    '}',
  ].join('\n'),
};

const suite = databaseAndTreeSuite(
  'jpa_inheritance_links',
  `
    CREATE TABLE language (id serial PRIMARY KEY);
    CREATE TABLE product_description (description_id serial PRIMARY KEY, language_id int);
    CREATE TABLE payment (id serial PRIMARY KEY, dtype text);
    CREATE TABLE item (item_id serial PRIMARY KEY);
    CREATE TABLE book (item_id int PRIMARY KEY);
  `,
  FILES,
);

it("joins a mapped superclass's relation from the table of the entity extending it", async () => {
  expect(await declaredJoinsOf(suite.engine(), 'public.product_description')).toEqual([
    `product_description.language_id = language.id -- jpa ${M}/ProductDescription.java:3`,
  ]);
});

it("maps a single-table subclass to its root's table, and links a joined subclass's uses to its parent's table", async () => {
  expect(await tableUsersOf(suite.engine(), 'public.payment')).toEqual([
    `${M}/CardPayment.java:3 schema`,
    `${M}/Payment.java:3 schema`,
    `${M}/Shelf.java:3 write`,
  ]);
  expect(await tableUsersOf(suite.engine(), 'public.item')).toEqual([`${M}/Item.java:3 schema`, `${M}/Shelf.java:3 read`]);
  expect(await declaredJoinsOf(suite.engine(), 'public.book')).toEqual([`book.item_id = item.item_id -- jpa ${M}/Book.java:3`]);
});
