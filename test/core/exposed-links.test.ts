/**
 * Exposed through the engine: a Kotlin tree whose table objects (named, and by Exposed's default,
 * the object's name without its `Table` suffix, which PostgreSQL folds to lower case) map tables of
 * a real PostgreSQL source without foreign keys. `get` of a table lists the files that declare, read
 * and write it through the DSL or a DAO entity; `describe` lists the joins `reference(…)` declares.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf, tableUsersOf } from '../helpers/database-and-tree.js';

const FILES: Record<string, string> = {
  'src/main/kotlin/shop/Tables.kt': [
    'package shop',
    '',
    'import org.jetbrains.exposed.v1.core.dao.id.IntIdTable',
    '',
    'object CustomersTable : IntIdTable() {',
    '    val name = varchar("name", 50)',
    '}',
    '',
    'object Orders : IntIdTable("orders") {',
    '    val customer = reference("customer_id", CustomersTable)',
    '    val closed = bool("closed")',
    '}',
  ].join('\n'),
  'src/main/kotlin/shop/Customer.kt': [
    'package shop',
    '',
    'import org.jetbrains.exposed.v1.dao.IntEntity',
    '',
    'class Customer(id: EntityID<Int>) : IntEntity(id) {',
    '    companion object : IntEntityClass<Customer>(CustomersTable)',
    '    var name by CustomersTable.name',
    '}',
  ].join('\n'),
  'src/main/kotlin/shop/Repo.kt': [
    'package shop',
    '',
    'class Repo {',
    '    fun open() = transaction { Orders.selectAll().where { Orders.closed eq false }.toList() }',
    '    fun close(id: Int) = transaction { Orders.update({ Orders.id eq id }) { it[closed] = true } }',
    '    fun signUp(n: String) = transaction { Customer.new { name = n } }',
    '}',
  ].join('\n'),
};

const suite = databaseAndTreeSuite(
  'exposed_links',
  `
    CREATE TABLE customers (id serial PRIMARY KEY, name text);
    CREATE TABLE orders (id serial PRIMARY KEY, customer_id int, closed boolean);
  `,
  FILES,
);

const usersOf = (table: string) => tableUsersOf(suite.engine(), table);

it("links each table object's table to its file and to the files reading or writing it through the DSL or an entity", async () => {
  expect(await usersOf('public.orders')).toEqual(['src/main/kotlin/shop/Repo.kt:4 read,write', 'src/main/kotlin/shop/Tables.kt:9 schema']);
  expect(await usersOf('public.customers')).toEqual(['src/main/kotlin/shop/Repo.kt:6 write', 'src/main/kotlin/shop/Tables.kt:5 schema']);
});

it('lists the join a referencing column declares', async () => {
  expect(await declaredJoinsOf(suite.engine(), 'public.orders')).toEqual(['orders.customer_id = customers.id -- exposed src/main/kotlin/shop/Tables.kt:10']);
});
