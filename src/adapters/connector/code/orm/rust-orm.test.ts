import { describe, expect, it } from 'vitest';
import { dieselReader } from './diesel-tables.js';
import { collectUses, type OrmReader, type ProjectFile } from './orm-reader.js';
import { seaormReader } from './seaorm-entities.js';

const rust = (path: string, ...lines: string[]): ProjectFile => ({ path, text: lines.join('\n'), language: 'rust' });

/** What a reader makes of the files: each file's tables, the joins, each file's uses (`table:line access`). */
function read(reader: OrmReader, files: ProjectFile[]) {
  const declared = new Map(files.map((f) => [f.path, reader.declared(f)]));
  const project = reader.project!(files, declared);
  return {
    tables: files.flatMap((f) => declared.get(f.path)!.map((r) => `${r.model} ${r.table} ${f.path}:${r.line}`)),
    joins: [...(project.joins ?? [])].flatMap(([path, js]) =>
      js.map((j) => `${j.table}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} ${path}:${j.line}`),
    ),
    uses: files.flatMap((f) => collectUses(f.text, (use) => project.uses?.(f, use)).map((u) => `${f.path} ${u.table}:${u.line} ${u.access?.join() ?? '-'}`)),
  };
}

describe('Diesel', () => {
  const schema = rust(
    'src/schema.rs',
    '// @generated automatically by Diesel CLI.',
    'diesel::table! {',
    '    posts (id) {',
    '        id -> Int4,',
    '        published -> Bool,',
    '        user_id -> Int4,',
    '    }',
    '}',
    '',
    'diesel::table! {',
    '    #[sql_name = "app_users"]',
    '    users (id) {',
    '        id -> Int4,',
    '        name -> Text,',
    '    }',
    '}',
    '',
    'diesel::joinable!(posts -> users (user_id));',
  );
  const posts = rust(
    'src/posts.rs',
    'use crate::schema::posts;',
    '',
    '#[derive(Insertable)]',
    '#[diesel(table_name = posts)]',
    "pub struct NewPost<'a> { pub title: &'a str }",
    '',
    'pub fn publish(conn: &mut PgConnection, id: i32) {',
    '    diesel::update(posts::table.find(id)).set(posts::published.eq(true)).execute(conn);',
    '}',
  );
  const users = rust(
    'src/users.rs',
    'use crate::schema::users::dsl::*;',
    '// posts::table in a comment',
    'pub fn all(conn: &mut PgConnection) -> Vec<User> { users.filter(name.eq("a")).load(conn).unwrap() }',
    'pub fn routes() { crate::routes::users::mount(); }',
  );

  it("declares each table! table (its SQL name first) and joinable!'s join to the parent's key", () => {
    const { tables, joins } = read(dieselReader, [schema, posts, users]);
    expect(tables).toEqual(['posts posts src/schema.rs:3', 'users app_users src/schema.rs:12']);
    expect(joins).toEqual(['posts.user_id = app_users.id src/schema.rs:18']);
  });

  it("links a table's module paths, and its bare name under `use …::dsl::*`; insert_into, update and delete write", () => {
    expect(read(dieselReader, [schema, posts, users]).uses).toEqual(['src/posts.rs posts:4 read,write', 'src/users.rs app_users:3 read']);
  });
});

describe('SeaORM', () => {
  const cake = rust(
    'entity/src/cake.rs',
    'use sea_orm::entity::prelude::*;',
    '',
    '#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]',
    '#[sea_orm(table_name = "cake")]',
    'pub struct Model {',
    '    #[sea_orm(primary_key)]',
    '    pub id: i32,',
    '    pub fruit_id: Option<i32>,',
    '}',
    '',
    '#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]',
    'pub enum Relation {',
    '    #[sea_orm(',
    '        belongs_to = "super::fruit::Entity",',
    '        from = "Column::FruitId",',
    '        to = "super::fruit::Column::Id"',
    '    )]',
    '    Fruit,',
    '}',
  );
  const fruit = rust('entity/src/fruit.rs', '#[sea_orm(table_name = "fruit", schema_name = "market")]', 'pub struct Model { pub id: i32 }');
  const prelude = rust('entity/src/prelude.rs', 'pub use super::cake::Entity as Cake;', 'pub use super::fruit::Entity as Fruit;');
  const service = rust(
    'src/service.rs',
    'use entity::{cake, prelude::*};',
    'pub async fn list(db: &DbConn) -> Vec<cake::Model> { Cake::find().all(db).await.unwrap() }',
    'pub async fn add(db: &DbConn) { cake::ActiveModel { ..Default::default() }.insert(db).await; }',
    'pub async fn drop_fruit(db: &DbConn, id: i32) { fruit::Entity::delete_by_id(id).exec(db).await; }',
    'fn typed(f: Fruit) {}',
  );

  it('declares an entity module’s table and the join its belongs_to relation declares', () => {
    const { tables, joins } = read(seaormReader, [cake, fruit, prelude, service]);
    expect(tables).toEqual(['cake cake entity/src/cake.rs:4', 'fruit market.fruit entity/src/fruit.rs:1']);
    expect(joins).toEqual(['cake.fruit_id = market.fruit.id entity/src/cake.rs:13']);
  });

  it("links calls on an entity by its module or the prelude's alias; finders read, ActiveModel and delete write; a re-export uses nothing", () => {
    expect(read(seaormReader, [cake, fruit, prelude, service]).uses).toEqual(['src/service.rs cake:2 read,write', 'src/service.rs market.fruit:4 write']);
  });
});
