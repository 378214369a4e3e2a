/**
 * Peewee through the engine: a Python tree whose models (a base class of another file, Peewee's
 * default lower-case names and a Meta's `table_name`) map tables of a real PostgreSQL source
 * without foreign keys. `get` of a table lists the files that declare, read and write it;
 * `describe` lists the joins a foreign key and a many-to-many field declare.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf, tableUsersOf } from '../helpers/database-and-tree.js';

const FILES: Record<string, string> = {
  'app/db.py': [
    'from peewee import Model, PostgresqlDatabase',
    '',
    "db = PostgresqlDatabase('shop')",
    '',
    'class BaseModel(Model):',
    '    class Meta:',
    '        database = db',
  ].join('\n'),
  'app/models.py': [
    'from peewee import CharField, ForeignKeyField, ManyToManyField',
    'from app.db import BaseModel',
    '',
    'class Customer(BaseModel):',
    '    name = CharField()',
    '',
    'class Product(BaseModel):',
    '    code = CharField()',
    '',
    'class Order(BaseModel):',
    "    customer = ForeignKeyField(Customer, backref='orders')",
    '    items = ManyToManyField(Product)',
    '',
    '    class Meta:',
    "        table_name = 'orders'",
  ].join('\n'),
  'app/views.py': [
    'from app.models import Customer, Order',
    '',
    'def recent(name):',
    '    return Order.select().join(Customer).where(Customer.name == name)',
    '',
    'def close(pk):',
    '    order = Order.get_by_id(pk)',
    '    order.delete_instance()',
  ].join('\n'),
};

const suite = databaseAndTreeSuite(
  'peewee_links',
  `
    CREATE TABLE customer (id serial PRIMARY KEY, name text);
    CREATE TABLE product (id serial PRIMARY KEY, code text);
    CREATE TABLE orders (id serial PRIMARY KEY, customer_id int);
    CREATE TABLE orders_product_through (id serial PRIMARY KEY, order_id int, product_id int);
  `,
  FILES,
);

const usersOf = (table: string) => tableUsersOf(suite.engine(), table);

it("links each model's table to its file and to the files reading or writing it", async () => {
  expect(await usersOf('public.orders')).toEqual(['app/models.py:10 schema', 'app/views.py:4 read,write']);
  expect(await usersOf('public.customer')).toEqual(['app/models.py:4 schema', 'app/views.py:4 read']);
});

it("lists the joins of a foreign key and of a many-to-many field's through table", async () => {
  expect(await declaredJoinsOf(suite.engine(), 'public.orders')).toEqual(['orders.customer_id = customer.id -- peewee app/models.py:11']);
  expect(await declaredJoinsOf(suite.engine(), 'public.orders_product_through')).toEqual([
    'orders_product_through.order_id = orders.id -- peewee app/models.py:12',
    'orders_product_through.product_id = product.id -- peewee app/models.py:12',
  ]);
});
