/**
 * Hibernate's hbm.xml and JPA's orm.xml through the engine, over a real PostgreSQL source: the
 * mapping files declare the entity classes' tables, so a Spring Data repository of such a class
 * (no `@Entity` on it) and the service calling it reach the table; the many-to-ones declare joins.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf, tableUsersOf } from '../helpers/database-and-tree.js';

const FILES: Record<string, string> = {
  'src/main/resources/org/shop/Order.hbm.xml': [
    '<?xml version="1.0"?>',
    '<hibernate-mapping package="org.shop">',
    '  <class name="Order" table="purchase_orders">',
    '    <id name="id" column="id"/>',
    '    <many-to-one name="customer" class="Customer" column="customer_id"/>',
    '    <many-to-one name="invoice" column="invoice_id"/>',
    '    <set name="tags" table="order_tags"><key column="order_id"/><many-to-many class="Tag" column="tag_id"/></set>',
    '  </class>',
    '  <class name="Tag" table="tags"><id name="id"/></class>',
    '  <class name="Customer" table="customers"><id name="id"/></class>',
    '</hibernate-mapping>',
  ].join('\n'),
  'src/main/resources/META-INF/orm.xml': [
    '<entity-mappings xmlns="https://jakarta.ee/xml/ns/persistence/orm" version="3.0">',
    '  <entity class="org.shop.Invoice">',
    '    <table name="invoices"/>',
    '    <attributes><many-to-one name="order" target-entity="org.shop.Order"><join-column name="order_id"/></many-to-one></attributes>',
    '  </entity>',
    '</entity-mappings>',
  ].join('\n'),
  // a many-to-one without class= joins the class of the field
  'src/main/java/org/shop/Order.java': 'package org.shop;\n\npublic class Order {\n  private Long id;\n  private Invoice invoice;\n}\n',
  // a joined subclass in a file of its own
  'src/main/resources/org/shop/RushOrder.hbm.xml':
    '<hibernate-mapping package="org.shop">\n  <joined-subclass name="RushOrder" extends="Order" table="rush_orders"><key column="order_id"/></joined-subclass>\n</hibernate-mapping>',
  // the orm.xml's table wins over the annotation's
  'src/main/java/org/shop/Invoice.java': 'package org.shop;\n\n@Entity\n@Table(name = "bills")\npublic class Invoice {\n  private Long id;\n}\n',
  'src/main/java/org/shop/Billing.java': [
    'package org.shop;',
    '',
    'public class Billing {',
    '  private EntityManager em;',
    '  public Invoice one(long id) { return em.find(Invoice.class, id); }',
    '}',
  ].join('\n'),
  'src/main/java/org/shop/OrderRepository.java': [
    'package org.shop;',
    '',
    'import org.springframework.data.jpa.repository.JpaRepository;',
    '',
    'public interface OrderRepository extends JpaRepository<Order, Long> {}',
  ].join('\n'),
  // Hibernate's Session: get reads the class named, save writes the entity given
  'src/main/java/org/shop/CustomerDesk.java': [
    'package org.shop;',
    '',
    'public class CustomerDesk {',
    '  public static void main(String[] args) {',
    '    Session session = new Configuration().configure().buildSessionFactory().openSession();',
    '    Customer known = session.get(Customer.class, 1L);',
    '    Customer added = new Customer();',
    '    session.save(added);',
    '  }',
    '}',
  ].join('\n'),
  'src/main/java/org/shop/OrderService.java': [
    'package org.shop;',
    '',
    'public class OrderService {',
    '  private final OrderRepository orders;',
    '  public OrderService(OrderRepository orders) { this.orders = orders; }',
    '  public Object all() { return orders.findAll(); }',
    '}',
  ].join('\n'),
};

const suite = databaseAndTreeSuite(
  'xml_mapping_links',
  `
    CREATE TABLE customers (id serial PRIMARY KEY);
    CREATE TABLE purchase_orders (id serial PRIMARY KEY, customer_id int, invoice_id int);
    CREATE TABLE rush_orders (order_id int);
    CREATE TABLE invoices (id serial PRIMARY KEY, order_id int);
    CREATE TABLE bills (id serial PRIMARY KEY);
    CREATE TABLE tags (id serial PRIMARY KEY);
    CREATE TABLE order_tags (order_id int, tag_id int);
  `,
  FILES,
);

it("links a class's table to the mapping file declaring it and to the repository and service using the class", async () => {
  expect(await tableUsersOf(suite.engine(), 'public.purchase_orders')).toEqual([
    'src/main/java/org/shop/OrderRepository.java:5 ',
    'src/main/java/org/shop/OrderService.java:6 read',
    'src/main/resources/org/shop/Order.hbm.xml:3 schema',
  ]);
  expect(await tableUsersOf(suite.engine(), 'public.customers')).toEqual([
    'src/main/java/org/shop/CustomerDesk.java:3 read,write',
    'src/main/resources/org/shop/Order.hbm.xml:10 schema',
  ]);
  // an orm.xml table overrides the class's @Table: the entity manager's find reads it
  expect(await tableUsersOf(suite.engine(), 'public.invoices')).toEqual([
    'src/main/java/org/shop/Billing.java:3 read',
    'src/main/resources/META-INF/orm.xml:2 schema',
  ]);
  expect(await tableUsersOf(suite.engine(), 'public.bills')).toEqual(['src/main/java/org/shop/Invoice.java:3 schema']);
});

it("lists the joins the mappings' many-to-ones declare", async () => {
  expect(await declaredJoinsOf(suite.engine(), 'public.purchase_orders')).toEqual([
    'purchase_orders.customer_id = customers.id -- jpa src/main/resources/org/shop/Order.hbm.xml:5',
    'purchase_orders.invoice_id = invoices.id -- jpa src/main/resources/org/shop/Order.hbm.xml:6',
  ]);
  expect(await declaredJoinsOf(suite.engine(), 'public.rush_orders')).toEqual([
    'rush_orders.order_id = purchase_orders.id -- jpa src/main/resources/org/shop/RushOrder.hbm.xml:2',
  ]);
  // a many-to-many set's table joins its owner and its target
  expect(await declaredJoinsOf(suite.engine(), 'public.order_tags')).toEqual([
    'order_tags.order_id = purchase_orders.id -- jpa src/main/resources/org/shop/Order.hbm.xml:7',
    'order_tags.tag_id = tags.id -- jpa src/main/resources/org/shop/Order.hbm.xml:7',
  ]);
  expect(await tableUsersOf(suite.engine(), 'public.order_tags')).toEqual(['src/main/resources/org/shop/Order.hbm.xml:7 schema']);
  expect(await declaredJoinsOf(suite.engine(), 'public.invoices')).toEqual([
    'invoices.order_id = purchase_orders.id -- jpa src/main/resources/META-INF/orm.xml:4',
  ]);
});
