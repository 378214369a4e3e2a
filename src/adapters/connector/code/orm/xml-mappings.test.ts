import { describe, expect, it } from 'vitest';
import { xmlMappingReader } from './xml-mappings.js';

const HBM = [
  '<?xml version="1.0"?>',
  '<!DOCTYPE hibernate-mapping PUBLIC "-//Hibernate/Hibernate Mapping DTD 3.0//EN" "http://www.hibernate.org/dtd/hibernate-mapping-3.0.dtd">',
  '<hibernate-mapping package="org.shop.model">',
  '  <class name="Order" table="orders">',
  '    <id name="id" column="order_id"><generator class="native"/></id>',
  '    <many-to-one name="customer" class="org.shop.model.Customer" column="customer_id"/>',
  '    <many-to-one name="clerk" class="Clerk"><column name="clerk_ref"/></many-to-one>',
  '    <many-to-one name="unknown" class="Nowhere" column="nowhere_id"/>',
  '  </class>',
  '  <class name="org.shop.model.Customer" schema="crm"><id name="id"/></class>',
  '</hibernate-mapping>',
].join('\n');

const ORM = [
  '<entity-mappings xmlns="https://jakarta.ee/xml/ns/persistence/orm" version="3.0">',
  '  <package>org.shop.model</package>',
  '  <entity class="Clerk"><table name="clerks"/><attributes><id name="id"><column name="clerk_id"/></id></attributes></entity>',
  '  <entity class="Invoice">',
  '    <table name="invoices" schema="billing"/>',
  '    <attributes>',
  '      <many-to-one name="order" target-entity="org.shop.model.Order"><join-column name="order_ref" referenced-column-name="order_id"/></many-to-one>',
  '      <many-to-one name="clerk" target-entity="Clerk"/>',
  '    </attributes>',
  '  </entity>',
  '  <entity class="Annotated"/>',
  '</entity-mappings>',
].join('\n');

const file = (path: string, text: string) => ({ path, text, language: 'xml' });

describe('Hibernate and JPA XML mappings', () => {
  it("declares each mapped class's table (Hibernate's default: the simple class name) with the class as its model", () => {
    expect(xmlMappingReader.declared(file('Order.hbm.xml', HBM))).toEqual([
      { table: 'orders', line: 4, via: 'jpa', model: 'Order' },
      { table: 'crm.Customer', line: 10, via: 'jpa', model: 'Customer' },
    ]);
    // an orm.xml entity without <table> is left to its annotations
    expect(xmlMappingReader.declared(file('META-INF/orm.xml', ORM))).toEqual([
      { table: 'clerks', line: 3, via: 'jpa', model: 'Clerk' },
      { table: 'billing.invoices', line: 4, via: 'jpa', model: 'Invoice' },
    ]);
    expect(xmlMappingReader.declared(file('m.xml', '<mapper namespace="a.B"/>'))).toEqual([]);
  });

  it("declares a many-to-one's join to its target's id column, the target mapped in any mapping file of the project", () => {
    const files = [file('Order.hbm.xml', HBM), file('META-INF/orm.xml', ORM)];
    const { joins } = xmlMappingReader.project!(files, new Map());
    const on = (path: string) => joins?.get(path)?.map((j) => `${j.table}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} :${j.line}`);
    expect(on('Order.hbm.xml')).toEqual(['orders.customer_id = crm.Customer.id :6', 'orders.clerk_ref = clerks.clerk_id :7']);
    expect(on('META-INF/orm.xml')).toEqual(['billing.invoices.order_ref = orders.order_id :7', 'billing.invoices.clerk_clerk_id = clerks.clerk_id :8']);
  });

  it("takes a join's target class from the mapping's module when two modules map the class to different tables", () => {
    const mapping = (table: string) =>
      `<hibernate-mapping package="org.demo"><class name="Book" table="books"><many-to-one name="author" class="Author" column="author_id"/></class><class name="Author" table="${table}"/></hibernate-mapping>`;
    const files = [file('one/src/Book.hbm.xml', mapping('authors_one')), file('two/src/Book.hbm.xml', mapping('authors_two'))];
    const { joins } = xmlMappingReader.project!(files, new Map());
    expect(joins?.get('one/src/Book.hbm.xml')?.map((j) => j.references)).toEqual(['authors_one']);
    expect(joins?.get('two/src/Book.hbm.xml')?.map((j) => j.references)).toEqual(['authors_two']);
  });
});
