/**
 * GORM through the engine: a Go tree whose models (by GORM's naming, `TableName()` and a struct
 * `AutoMigrate` names) map tables of a real PostgreSQL source without foreign keys. `get` of a
 * table lists the files that declare, read and write it, with what each does; `describe` lists
 * the joins the structs' relations declare.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf, tableUsersOf } from '../helpers/database-and-tree.js';

const FILES: Record<string, string> = {
  'go.mod': 'module example.com/shop\n\ngo 1.22\n',
  'models/models.go': [
    'package models',
    '',
    'import "gorm.io/gorm"',
    '',
    'type Customer struct {',
    '\tgorm.Model',
    '\tName   string',
    '\tOrders []Order',
    '}',
    '',
    'type Order struct {',
    '\tgorm.Model',
    '\tCustomerID uint',
    '\tCustomer   Customer',
    '\tItems      []Product `gorm:"many2many:order_items;"`',
    '}',
    '',
    'type Product struct {',
    '\tID   uint',
    '\tCode string',
    '}',
    '',
    'type Note struct {',
    '\tID uint `gorm:"primaryKey"`',
    '}',
    '',
    'func (Note) TableName() string {',
    '\treturn "audit_notes"',
    '}',
  ].join('\n'),
  'cmd/migrate/main.go': [
    'package main',
    '',
    'import "example.com/shop/models"',
    '',
    'func main() {',
    '\tdb := open()',
    '\tdb.AutoMigrate(&models.Customer{}, &models.Order{}, &models.Product{})',
    '}',
  ].join('\n'),
  'handlers/orders.go': [
    'package handlers',
    '',
    'import (',
    '\t"example.com/shop/models"',
    '\t"gorm.io/gorm"',
    ')',
    '',
    'func Recent(db *gorm.DB) ([]models.Order, error) {',
    '\tvar orders []models.Order',
    '\terr := db.Where("created_at > now() - interval \'1 day\'").Find(&orders).Error',
    '\treturn orders, err',
    '}',
    '',
    'func Close(db *gorm.DB, id uint) error {',
    '\treturn db.Model(&models.Order{}).Where("id = ?", id).Update("closed", true).Error',
    '}',
  ].join('\n'),
  'handlers/customers.go': [
    'package handlers',
    '',
    'import (',
    '\t"example.com/shop/models"',
    '\t"gorm.io/gorm"',
    ')',
    '',
    'func WithOrders(db *gorm.DB, id uint) (c models.Customer) {',
    '\tdb.Preload("Orders.Items").First(&c, id)',
    '\treturn',
    '}',
    '',
    'func AddItem(db *gorm.DB, o *models.Order, p models.Product) error {',
    '\treturn db.Model(o).Association("Items").Append(&p)',
    '}',
    '',
    'func Purge(db *gorm.DB) error {',
    '\ttx := db.Model(&models.Product{})',
    '\treturn tx.Where("code = ?", "").Delete(nil).Error',
    '}',
  ].join('\n'),
};

const suite = databaseAndTreeSuite(
  'gorm_links',
  `
    CREATE TABLE customers (id serial PRIMARY KEY, name text);
    CREATE TABLE orders (id serial PRIMARY KEY, customer_id int, closed boolean);
    CREATE TABLE products (id serial PRIMARY KEY, code text);
    CREATE TABLE order_items (order_id int, product_id int);
    CREATE TABLE audit_notes (id serial PRIMARY KEY);
  `,
  FILES,
);

const usersOf = (table: string) => tableUsersOf(suite.engine(), table);

it("links each model's table to the file declaring it and to the files reading or writing it through *gorm.DB", async () => {
  expect(await usersOf('public.orders')).toEqual([
    'cmd/migrate/main.go:7 schema',
    'handlers/customers.go:9 read',
    'handlers/orders.go:10 read,write',
    'models/models.go:11 schema',
  ]);
  expect(await usersOf('public.products')).toEqual(['cmd/migrate/main.go:7 schema', 'handlers/customers.go:9 read,write', 'models/models.go:18 schema']);
  expect(await usersOf('public.audit_notes')).toEqual(['models/models.go:27 schema']);
});

it("lists the joins the structs' relations declare: belongs-to, has-many and a many2many join table", async () => {
  expect(await declaredJoinsOf(suite.engine(), 'public.orders')).toEqual(['orders.customer_id = customers.id -- gorm models/models.go:8']);
  expect(await declaredJoinsOf(suite.engine(), 'public.order_items')).toEqual([
    'order_items.order_id = orders.id -- gorm models/models.go:15',
    'order_items.product_id = products.id -- gorm models/models.go:15',
  ]);
});

it("reaches an association's table by its field: Preload reads each table on its path (a many2many's join table too), association mode writes the join table", async () => {
  expect(await usersOf('public.order_items')).toEqual(['handlers/customers.go:9 read,write']);
  expect(await usersOf('public.customers')).toEqual(['cmd/migrate/main.go:7 schema', 'handlers/customers.go:9 read', 'models/models.go:5 schema']);
});
