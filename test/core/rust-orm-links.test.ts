/**
 * Diesel and SeaORM through the engine: a Rust tree whose `table!` schema and SeaORM entity map
 * tables of a real PostgreSQL source without foreign keys. `get` of a table lists the files that
 * declare, read and write it; `describe` lists the joins `joinable!` and `belongs_to` declare.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf, tableUsersOf } from '../helpers/database-and-tree.js';

const FILES: Record<string, string> = {
  'Cargo.toml': '[package]\nname = "blog"\nversion = "0.1.0"\n',
  'src/schema.rs': [
    'diesel::table! {',
    '    posts (id) {',
    '        id -> Int4,',
    '        author_id -> Int4,',
    '        published -> Bool,',
    '    }',
    '}',
    '',
    'diesel::table! {',
    '    authors (id) {',
    '        id -> Int4,',
    '    }',
    '}',
    '',
    'diesel::joinable!(posts -> authors (author_id));',
  ].join('\n'),
  'src/posts.rs': [
    'use crate::schema::posts;',
    '',
    'pub fn publish(conn: &mut PgConnection, id: i32) -> QueryResult<usize> {',
    '    diesel::update(posts::table.find(id)).set(posts::published.eq(true)).execute(conn)',
    '}',
  ].join('\n'),
  'entity/src/tag.rs': [
    'use sea_orm::entity::prelude::*;',
    '',
    '#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]',
    '#[sea_orm(table_name = "tags")]',
    'pub struct Model {',
    '    #[sea_orm(primary_key)]',
    '    pub id: i32,',
    '    pub post_id: i32,',
    '}',
    '',
    '#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]',
    'pub enum Relation {',
    '    #[sea_orm(belongs_to = "super::post::Entity", from = "Column::PostId", to = "super::post::Column::Id")]',
    '    Post,',
    '}',
  ].join('\n'),
  'entity/src/post.rs': ['#[sea_orm(table_name = "posts")]', 'pub struct Model {', '    pub id: i32,', '}'].join('\n'),
  'src/tags.rs': ['use entity::tag;', '', 'pub async fn list(db: &DbConn) -> Vec<tag::Model> {', '    tag::Entity::find().all(db).await.unwrap()', '}'].join(
    '\n',
  ),
};

const suite = databaseAndTreeSuite(
  'rust_orm_links',
  `
    CREATE TABLE authors (id serial PRIMARY KEY);
    CREATE TABLE posts (id serial PRIMARY KEY, author_id int, published boolean);
    CREATE TABLE tags (id serial PRIMARY KEY, post_id int);
  `,
  FILES,
);

const usersOf = (table: string) => tableUsersOf(suite.engine(), table);

it('links the tables Diesel and SeaORM declare to their files and to the files reading or writing them', async () => {
  expect(await usersOf('public.posts')).toEqual(['entity/src/post.rs:1 schema', 'src/posts.rs:4 read,write', 'src/schema.rs:2 schema']);
  expect(await usersOf('public.tags')).toEqual(['entity/src/tag.rs:4 schema', 'src/tags.rs:4 read']);
});

it('lists the joins joinable! and a belongs_to relation declare', async () => {
  expect(await declaredJoinsOf(suite.engine(), 'public.posts')).toEqual(['posts.author_id = authors.id -- diesel src/schema.rs:15']);
  expect(await declaredJoinsOf(suite.engine(), 'public.tags')).toEqual(['tags.post_id = posts.id -- seaorm entity/src/tag.rs:13']);
});
