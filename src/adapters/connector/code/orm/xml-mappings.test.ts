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
/** The joins the project's mapping files declare in the file at `path`, as `table.column = table.column :line`. */
const joinsIn = (files: ReturnType<typeof file>[], path: string) =>
  xmlMappingReader.project!(files, new Map())
    .joins?.get(path)
    ?.map((j) => `${j.table}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} :${j.line}`);

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
    const on = (path: string) => joinsIn(files, path);
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

  it("declares a collection's table with its joins to the owner by the key and to a many-to-many's target; a one-to-many's key is in the target's table", () => {
    const hbm = [
      '<hibernate-mapping package="org.shop" schema="shop">',
      '  <class name="Order" table="orders">',
      '    <id name="id" column="order_id"/>',
      '    <set name="tags" table="order_tags" cascade="all">',
      '      <key><column name="order_ref"/></key>',
      '      <many-to-many class="Tag" column="tag_ref"/>',
      '    </set>',
      '    <list name="notes" table="order_notes"><key column="order_ref"/><element type="string" column="note"/></list>',
      '    <bag name="lines" inverse="true"><key column="order_ref"/><one-to-many class="org.shop.Line"/></bag>',
      '    <set name="lost"><key column="x"/><element type="string"/></set>',
      '  </class>',
      '  <class name="Tag" table="tags"><id name="id" column="tag_id"/></class>',
      '  <class name="Line" table="lines"><id name="id"/></class>',
      '</hibernate-mapping>',
    ].join('\n');
    expect(xmlMappingReader.declared(file('Order.hbm.xml', hbm)).map((r) => `${r.table} :${r.line}${r.model ? ` ${r.model}` : ''}`)).toEqual([
      'shop.orders :2 Order',
      'shop.tags :12 Tag',
      'shop.lines :13 Line',
      'shop.order_tags :4',
      'shop.order_notes :8',
    ]);
    expect(joinsIn([file('Order.hbm.xml', hbm)], 'Order.hbm.xml')).toEqual([
      'shop.order_tags.order_ref = shop.orders.order_id :4',
      'shop.order_tags.tag_ref = shop.tags.tag_id :6',
      'shop.order_notes.order_ref = shop.orders.order_id :8',
      'shop.lines.order_ref = shop.orders.order_id :9',
    ]);
  });

  it("declares a subclass's table: a subclass shares its parent's, a joined or union subclass has its own, a joined one joined by its key", () => {
    const hbm = [
      '<hibernate-mapping package="org.staff">',
      '  <class name="Employee" table="employees">',
      '    <id name="id" column="emp_id"/>',
      '    <subclass name="Intern" discriminator-value="I"/>',
      '    <joined-subclass name="Manager" table="managers"><key column="manager_emp_id"/>',
      '      <union-subclass name="Director" table="directors"/>',
      '    </joined-subclass>',
      '  </class>',
      '</hibernate-mapping>',
    ].join('\n');
    expect(xmlMappingReader.declared(file('Employee.hbm.xml', hbm)).map((r) => `${r.model} ${r.table} :${r.line}`)).toEqual([
      'Employee employees :2',
      'Intern employees :4',
      'Manager managers :5',
      'Director directors :6',
    ]);
    expect(joinsIn([file('Employee.hbm.xml', hbm)], 'Employee.hbm.xml')).toEqual(['managers.manager_emp_id = employees.emp_id :5']);
  });

  it('maps a subclass in a file of its own by the class it extends (extends=, by the mapping package)', () => {
    const employee =
      '<hibernate-mapping package="org.staff">\n  <class name="Employee" table="employees"><id name="id" column="emp_id"/></class>\n</hibernate-mapping>';
    const subclasses = [
      '<hibernate-mapping package="org.staff">',
      '  <subclass name="Intern" extends="Employee" discriminator-value="I">',
      '    <many-to-one name="mentor" class="Employee" column="mentor_id"/>',
      '  </subclass>',
      '  <joined-subclass name="Manager" extends="org.staff.Employee" table="managers"><key column="manager_emp_id"/></joined-subclass>',
      '  <union-subclass name="Contractor" extends="Employee" table="contractors"/>',
      '  <subclass name="Ghost" extends="Nowhere"/>',
      '</hibernate-mapping>',
    ].join('\n');
    const files = [file('Employee.hbm.xml', employee), file('Staff.hbm.xml', subclasses)];
    // a joined or union subclass declares its own table in its file; a subclass its parent's, once the project tells it
    expect(xmlMappingReader.declared(files[1]!).map((r) => `${r.model} ${r.table} :${r.line}`)).toEqual(['Manager managers :5', 'Contractor contractors :6']);
    expect(xmlMappingReader.project!(files, new Map()).declared?.get('Staff.hbm.xml')).toEqual([
      { table: 'employees', line: 2, via: 'jpa', model: 'Intern', access: ['schema'] },
    ]);
    expect(joinsIn(files, 'Staff.hbm.xml')).toEqual(['employees.mentor_id = employees.emp_id :3', 'managers.manager_emp_id = employees.emp_id :5']);
  });

  it('maps a chain of subclasses in files of their own, whatever the order of the files', () => {
    const employee =
      '<hibernate-mapping package="org.staff">\n  <class name="Employee" table="employees"><id name="id" column="emp_id"/></class>\n</hibernate-mapping>';
    const staff = '<hibernate-mapping package="org.staff">\n  <subclass name="Staff" extends="Employee"/>\n</hibernate-mapping>';
    const nurse = '<hibernate-mapping package="org.staff">\n  <subclass name="Nurse" extends="Staff"/>\n</hibernate-mapping>';
    const head = [
      '<hibernate-mapping package="org.staff">',
      '  <joined-subclass name="HeadNurse" extends="Nurse" table="head_nurses"><key column="nurse_id"/></joined-subclass>',
      '</hibernate-mapping>',
    ].join('\n');
    const files = [file('HeadNurse.hbm.xml', head), file('Nurse.hbm.xml', nurse), file('Staff.hbm.xml', staff), file('Employee.hbm.xml', employee)];
    const found = xmlMappingReader.project!(files, new Map());
    expect(['Staff', 'Nurse'].map((n) => found.declared?.get(`${n}.hbm.xml`)?.map((r) => `${r.model} ${r.table}`))).toEqual([
      ['Staff employees'],
      ['Nurse employees'],
    ]);
    expect(joinsIn(files, 'HeadNurse.hbm.xml')).toEqual(['head_nurses.nurse_id = employees.emp_id :2']);
  });

  it("joins a many-to-one without class= to the class of the mapped class's Java field", () => {
    const hbm = [
      '<hibernate-mapping package="org.shop">',
      '  <class name="Order" table="orders">',
      '    <id name="id"/>',
      '    <many-to-one name="customer" column="customer_id"/>',
      '    <many-to-one name="courier" column="courier_id"/>',
      '    <many-to-one name="missing" column="missing_id"/>',
      '  </class>',
      '  <class name="Customer" table="customers"><id name="id" column="cust_id"/></class>',
      '</hibernate-mapping>',
    ].join('\n');
    const couriers = '<hibernate-mapping package="org.post">\n  <class name="Courier" table="couriers"><id name="id"/></class>\n</hibernate-mapping>';
    const java = [
      'package org.shop;',
      'import org.post.Courier;',
      'public class Order {',
      '  // private Courier customer;',
      '  private Customer customer;',
      '  private Courier courier = null;',
      '}',
    ].join('\n');
    const files = [file('Order.hbm.xml', hbm), file('Courier.hbm.xml', couriers), { path: 'src/org/shop/Order.java', text: java, language: 'java' }];
    expect(joinsIn(files, 'Order.hbm.xml')).toEqual(['orders.customer_id = customers.cust_id :4', 'orders.courier_id = couriers.id :5']);
    // without the Java class, nothing
    expect(joinsIn(files.slice(0, 2), 'Order.hbm.xml')).toBeUndefined();
  });

  it("declares an orm.xml entity's join and collection tables with their joins; a one-to-many's join column is in the target's table", () => {
    const orm = [
      '<entity-mappings>',
      '  <package>org.blog</package>',
      '  <entity class="Post">',
      '    <table name="posts"/>',
      '    <attributes>',
      '      <id name="id"><column name="post_id"/></id>',
      '      <many-to-many name="tags" target-entity="Tag">',
      '        <join-table name="post_tags" schema="blog"><join-column name="post_ref"/><inverse-join-column name="tag_ref"/></join-table>',
      '      </many-to-many>',
      '      <element-collection name="labels"><collection-table name="post_labels"><join-column name="post_ref"/></collection-table></element-collection>',
      '      <one-to-many name="comments" target-entity="org.blog.Comment"><join-column name="post_ref"/></one-to-many>',
      '      <many-to-many name="readers" target-entity="Tag" mapped-by="posts"/>',
      '    </attributes>',
      '  </entity>',
      '  <entity class="Tag"><table name="tags"/></entity>',
      '  <entity class="Comment"><table name="comments"/></entity>',
      '</entity-mappings>',
    ].join('\n');
    expect(xmlMappingReader.declared(file('orm.xml', orm)).map((r) => `${r.table} :${r.line}${r.model ? ` ${r.model}` : ''}`)).toEqual([
      'posts :3 Post',
      'tags :15 Tag',
      'comments :16 Comment',
      'blog.post_tags :7',
      'post_labels :10',
    ]);
    expect(joinsIn([file('orm.xml', orm)], 'orm.xml')).toEqual([
      'blog.post_tags.post_ref = posts.post_id :7',
      'blog.post_tags.tag_ref = tags.id :7',
      'post_labels.post_ref = posts.post_id :10',
      'comments.post_ref = posts.post_id :11',
    ]);
  });
});
