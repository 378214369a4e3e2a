/**
 * MyBatis through the engine: a Java tree whose SQL lives in a mapper XML (fragments, dynamic
 * tags, MySQL's backquotes) and in a mapper interface's annotations, over a real PostgreSQL
 * source. `get` of a table lists the mapper XML among its code users, with what its statements
 * do; the XML and the interface its namespace names are linked both ways.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, tableUsersOf } from '../helpers/database-and-tree.js';

const FILES: Record<string, string> = {
  'src/main/resources/org/shop/mapper/OrderMapper.xml': [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "http://mybatis.org/dtd/mybatis-3-mapper.dtd">',
    '<mapper namespace="org.shop.mapper.OrderMapper">',
    '  <sql id="withCustomer">FROM `orders` o JOIN customers c ON c.id = o.customer_id</sql>',
    '  <select id="recent" resultType="Order">',
    '    SELECT o.id, c.name <include refid="withCustomer"/>',
    '    <where><if test="status != null">AND o.status = #{status}</if></where>',
    '  </select>',
    '  <update id="close">',
    '    UPDATE orders <set><if test="status != null">status = #{status},</if></set> WHERE id = #{id}',
    '  </update>',
    '  <insert id="addItems">',
    '    INSERT INTO order_items (order_id, product) VALUES',
    '    <foreach collection="items" item="i" separator=",">(#{id}, #{i})</foreach>',
    '  </insert>',
    '</mapper>',
  ].join('\n'),
  'src/main/java/org/shop/mapper/OrderMapper.java': [
    'package org.shop.mapper;',
    '',
    'import org.apache.ibatis.annotations.Delete;',
    '',
    'public interface OrderMapper {',
    '  java.util.List<Object> recent(String status);',
    '  void close(long id, String status);',
    '  @Delete("<script>DELETE FROM order_items <where><if test=\'id != null\'>order_id = #{id}</if></where></script>")',
    '  void dropItems(long id);',
    '}',
  ].join('\n'),
  'src/main/java/org/shop/OrderService.java': [
    'package org.shop;',
    '',
    'import org.shop.mapper.OrderMapper;',
    '',
    'public class OrderService {',
    '  private final OrderMapper mapper;',
    '  public OrderService(OrderMapper mapper) { this.mapper = mapper; }',
    '}',
  ].join('\n'),
  'pom.xml': '<?xml version="1.0"?>\n<project><artifactId>shop</artifactId></project>\n',
  // an iBATIS 2 sqlMap: listed, its dynamic tags kept after their prepend
  'src/main/resources/org/shop/sqlmap/Customer.xml': [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE sqlMap PUBLIC "-//ibatis.apache.org//DTD SQL Map 2.0//EN" "http://ibatis.apache.org/dtd/sql-map-2.dtd">',
    '<sqlMap namespace="Customer">',
    '  <select id="find" resultClass="Customer">',
    '    SELECT id, name FROM customers',
    '    <dynamic prepend="WHERE"><isNotNull prepend="AND" property="name">name = #name#</isNotNull></dynamic>',
    '  </select>',
    '  <update id="rename">UPDATE customers SET name = #name# WHERE id = #id#</update>',
    '</sqlMap>',
  ].join('\n'),
  // an iBATIS DAO running the sqlMap's statements by name, one by its id alone
  'src/main/java/org/shop/dao/CustomerSqlMapDao.java': [
    'package org.shop.dao;',
    '',
    'public class CustomerSqlMapDao extends SqlMapClientDaoSupport {',
    '  public Object find(String name) { return getSqlMapClientTemplate().queryForList("Customer.find", name); }',
    '  public void rename(Object c) { getSqlMapClientTemplate().update("rename", c); }',
    '  public void unknown(Object c) { getSqlMapClientTemplate().update("Customer.nowhere", c); }',
    '}',
  ].join('\n'),
};

const suite = databaseAndTreeSuite(
  'mybatis_links',
  `
    CREATE TABLE customers (id serial PRIMARY KEY, name text);
    CREATE TABLE orders (id serial PRIMARY KEY, customer_id int REFERENCES customers, status text);
    CREATE TABLE order_items (order_id int REFERENCES orders, product text);
  `,
  FILES,
);

const usersOf = (table: string) => tableUsersOf(suite.engine(), table);
const XML = 'src/main/resources/org/shop/mapper/OrderMapper.xml';
const MAPPER = 'src/main/java/org/shop/mapper/OrderMapper.java';

it("lists the mapper XML among a table's code users (at its first statement's tag), with what its statements do", async () => {
  // the select reads orders at line 5, the update writes it at line 9: one use of the file, both accesses
  expect(await usersOf('public.orders')).toEqual([`${XML}:5 read,write`]);
  expect(await usersOf('public.customers')).toEqual([
    // the DAO's calls run the statements: the select reads, the update (by its id alone) writes
    'src/main/java/org/shop/dao/CustomerSqlMapDao.java:4 read,write',
    `${XML}:5 read`,
    'src/main/resources/org/shop/sqlmap/Customer.xml:4 read,write',
  ]);
  // the insert's rows through <foreach>, and the interface's annotation (a <script> read as the XML is)
  expect(await usersOf('public.order_items')).toEqual([`${MAPPER}:8 write`, `${XML}:12 write`]);
});

it('links the mapper XML and the interface its namespace names both ways; other XML is no file of the index', async () => {
  const engine = suite.engine();
  const xml = await engine.get(`app:code_file:${XML}`);
  expect(xml?.object.attributes.language).toBe('xml');
  const imported = (e: { kind: string; attributes?: Record<string, unknown> | null }) =>
    e.kind === 'imports' && (e.attributes?.kinds as string[]).includes('mapper');
  expect(xml?.outgoing.filter(imported).map((e) => e.toId)).toEqual([`app:code_file:${MAPPER}`]);
  expect(xml?.incoming.filter(imported).map((e) => e.fromId)).toEqual([`app:code_file:${MAPPER}`]);
  await expect(engine.get('app:code_file:pom.xml')).rejects.toThrow("no object 'app:code_file:pom.xml'");
});

it('links a DAO running sqlMap statements by name and the sqlMap both ways', async () => {
  const dao = await suite.engine().get('app:code_file:src/main/java/org/shop/dao/CustomerSqlMapDao.java');
  const mapped = (e: { kind: string; attributes?: Record<string, unknown> | null }) =>
    e.kind === 'imports' && (e.attributes?.kinds as string[]).includes('mapper');
  expect(dao?.outgoing.filter(mapped).map((e) => e.toId)).toEqual(['app:code_file:src/main/resources/org/shop/sqlmap/Customer.xml']);
  expect(dao?.incoming.filter(mapped).map((e) => e.fromId)).toEqual(['app:code_file:src/main/resources/org/shop/sqlmap/Customer.xml']);
});
