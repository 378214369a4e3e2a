/**
 * JPA's annotated relations through the engine, over a real PostgreSQL source: a `@ManyToMany`'s
 * `@JoinTable` joins both entities; one without it, and an `@ElementCollection`, map the tables
 * their default names give (here Spring Boot's snake case) with their joins.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf, tableUsersOf } from '../helpers/database-and-tree.js';

const FILES: Record<string, string> = {
  // a many-to-one's default join column: the attribute _ the target's id (in snake case)
  'src/main/java/org/library/Review.java': [
    'package org.library;',
    '',
    '@Entity',
    'public class Review {',
    '  @Id private Long id;',
    '  @ManyToOne(fetch = FetchType.LAZY)',
    '  private Book reviewedBook;',
    '}',
  ].join('\n'),
  'src/main/java/org/clinic/Vet.java': [
    'package org.clinic;',
    '',
    '@Entity',
    '@Table(name = "vets")',
    'public class Vet {',
    '  @Id private Integer id;',
    '  @ManyToMany(fetch = FetchType.EAGER)',
    '  @JoinTable(name = "vet_specialties", joinColumns = @JoinColumn(name = "vet_id"), inverseJoinColumns = @JoinColumn(name = "specialty_id"))',
    '  private Set<Specialty> specialties;',
    '}',
  ].join('\n'),
  // its id is its base class's
  'src/main/java/org/clinic/Specialty.java': 'package org.clinic;\n\n@Entity\n@Table(name = "specialties")\npublic class Specialty extends NamedEntity {}\n',
  'src/main/java/org/library/Author.java': 'package org.library;\n\n@Entity\npublic class Author {\n  @Id private Long id;\n}\n',
  'src/main/java/org/library/Book.java': [
    'package org.library;',
    '',
    '@Entity',
    'public class Book {',
    '  @Id private Long id;',
    '  @ManyToMany',
    '  private Set<Author> authors;',
    '  @ElementCollection',
    '  private Set<String> tags;',
    '}',
  ].join('\n'),
};

const suite = databaseAndTreeSuite(
  'jpa_join_table_links',
  `
    CREATE TABLE vets (id serial PRIMARY KEY);
    CREATE TABLE specialties (id serial PRIMARY KEY);
    CREATE TABLE vet_specialties (vet_id int, specialty_id int);
    CREATE TABLE author (id serial PRIMARY KEY);
    CREATE TABLE book (id serial PRIMARY KEY);
    CREATE TABLE book_authors (book_id int, authors_id int);
    CREATE TABLE book_tags (book_id int, tags text);
    CREATE TABLE review (id serial PRIMARY KEY, reviewed_book_id int);
  `,
  FILES,
);

it('joins a @JoinTable to both entities by its join columns', async () => {
  expect(await declaredJoinsOf(suite.engine(), 'public.vet_specialties')).toEqual([
    'vet_specialties.specialty_id = specialties.id -- jpa src/main/java/org/clinic/Vet.java:7',
    'vet_specialties.vet_id = vets.id -- jpa src/main/java/org/clinic/Vet.java:7',
  ]);
});

it('maps the default join table and collection table, with their joins', async () => {
  expect(await tableUsersOf(suite.engine(), 'public.book_authors')).toEqual(['src/main/java/org/library/Book.java:6 schema']);
  expect(await declaredJoinsOf(suite.engine(), 'public.book_authors')).toEqual([
    'book_authors.authors_id = author.id -- jpa src/main/java/org/library/Book.java:6',
    'book_authors.book_id = book.id -- jpa src/main/java/org/library/Book.java:6',
  ]);
  expect(await tableUsersOf(suite.engine(), 'public.book_tags')).toEqual(['src/main/java/org/library/Book.java:8 schema']);
  expect(await declaredJoinsOf(suite.engine(), 'public.book_tags')).toEqual(['book_tags.book_id = book.id -- jpa src/main/java/org/library/Book.java:8']);
});

it("joins a many-to-one's column to its target's id", async () => {
  expect(await declaredJoinsOf(suite.engine(), 'public.review')).toEqual(['review.reviewed_book_id = book.id -- jpa src/main/java/org/library/Review.java:6']);
});
