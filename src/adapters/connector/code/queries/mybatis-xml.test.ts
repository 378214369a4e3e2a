import { describe, expect, it } from 'vitest';
import { xmlMappingKind } from '../text/xml-elements.js';
import { annotationStatements, mapperNamespace, mapperStatements, mybatisRuns } from './mybatis-xml.js';
import { sqlRefs } from './sql-refs.js';

const MAPPER = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<!-- Licensed under the Apache License -->',
  '<!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "http://mybatis.org/dtd/mybatis-3-mapper.dtd">',
  '<mapper namespace="org.shop.mapper.OrderMapper">',
  '  <sql id="columns">o.id, o.status</sql>',
  '  <sql id="fromOrders">FROM `orders` o <include refid="joinItems"/></sql>',
  '  <sql id="joinItems">JOIN order_items i ON i.order_id = o.id</sql>',
  '  <select id="find" resultType="Order">',
  '    SELECT <include refid="columns"/> <include refid="org.shop.mapper.OrderMapper.fromOrders"/>',
  '    <where>',
  '      <if test="status != null">AND o.status = #{status}</if>',
  '      <if test="ids != null">AND o.id IN <foreach collection="ids" item="id" open="(" separator="," close=")">#{id}</foreach></if>',
  '    </where>',
  '    ORDER BY ${sort}',
  '  </select>',
  '  <update id="close">',
  '    UPDATE orders <set><if test="a">status = #{status},</if><if test="b">closed_at = now(),</if></set> WHERE id = #{id}',
  '  </update>',
  '  <insert id="add">',
  '    <selectKey keyProperty="id" order="BEFORE" resultType="long">SELECT nextval(\'order_seq\') FROM sequences</selectKey>',
  '    INSERT INTO orders (id, status) VALUES (#{id}, #{status})',
  '  </insert>',
  '  <delete id="purge"><![CDATA[DELETE FROM audit_log WHERE at < #{before}]]></delete>',
  '  <select id="byKind">',
  '    SELECT id FROM',
  '    <choose><when test="kind == 1">customers</when><otherwise>suppliers</otherwise></choose>',
  "    WHERE name &lt;&gt; ''",
  '  </select>',
  '</mapper>',
].join('\n');

describe('MyBatis mapper XML', () => {
  it('tells a mapping XML by its root element (past the prolog, comments and DOCTYPE) from any other XML', () => {
    expect(xmlMappingKind(MAPPER)).toBe('mybatis');
    expect(xmlMappingKind('<hibernate-mapping package="org.shop"><class name="Order" table="orders"/></hibernate-mapping>')).toBe('hibernate');
    expect(xmlMappingKind('<?xml version="1.0"?>\n<entity-mappings xmlns="https://jakarta.ee/xml/ns/persistence/orm"/>')).toBe('jpa');
    expect(xmlMappingKind('<?xml version="1.0"?>\n<project><modelVersion>4.0.0</modelVersion></project>')).toBeNull();
    expect(xmlMappingKind('<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android"/>')).toBeNull();
    // a Spring context naming mappers is no mapper; nor is a `<mapper>` root without namespace or DTD
    expect(xmlMappingKind('<beans><!-- <mapper namespace="x"> --><bean class="org.mybatis.spring.mapper.MapperScannerConfigurer"/></beans>')).toBeNull();
    expect(xmlMappingKind('<mapper><type>x</type></mapper>')).toBeNull();
  });

  it("reads each statement's SQL: fragments included (by namespaced refid, nested), dynamic tags read through, parameters as $1", () => {
    const byId = Object.fromEntries(mapperStatements(MAPPER).map((s) => [s.id, s]));
    expect(mapperNamespace(MAPPER)).toBe('org.shop.mapper.OrderMapper');
    expect(Object.keys(byId)).toEqual(['find', 'close', 'add', 'purge', 'byKind']);
    expect(byId.find!.sql).toEqual([
      'SELECT o.id, o.status FROM "orders" o JOIN order_items i ON i.order_id = o.id WHERE o.status = $1 AND o.id IN ($1) ORDER BY $1',
    ]);
    expect(byId.close!.sql).toEqual(['UPDATE orders SET status = $1, closed_at = now() WHERE id = $1']);
    // selectKey is a statement of its own, not the insert's text
    expect(byId.add!.sql).toEqual(['INSERT INTO orders (id, status) VALUES ($1, $1)']);
    expect(byId.purge!.sql).toEqual(['DELETE FROM audit_log WHERE at < $1']);
    // each branch of a choose is a reading of its own
    expect(byId.byKind!.sql).toEqual(["SELECT id FROM customers WHERE name <> ''", "SELECT id FROM suppliers WHERE name <> ''"]);
  });

  it("gives the SQL reader each statement at its tag's line, with what it does to each table; the XML's attributes are no literals", async () => {
    const refs = await sqlRefs(MAPPER, 'xml', mybatisRuns(MAPPER, 'xml'));
    expect(refs.tables.map((t) => `${t.table}:${t.line}:${t.access?.join('+')}`)).toEqual([
      'orders:8:read',
      'order_items:8:read',
      'orders:16:write',
      'orders:19:write',
      'audit_log:23:write',
      'customers:24:read',
      'suppliers:24:read',
    ]);
    expect(await sqlRefs('<mapper namespace="a.B"><resultMap id="m" type="SELECT x FROM users"/></mapper>', 'xml', [])).toEqual({ tables: [], ambiguous: [] });
  });

  it('reads every branch of a choose nested in a branch, as MyBatis takes one branch of each choose it meets', () => {
    const mapper = [
      '<mapper namespace="a.B">',
      '  <select id="pick">',
      '    SELECT id FROM',
      '    <choose>',
      '      <when test="a">accounts</when>',
      '      <when test="b"><choose><when test="c">customers</when><otherwise>clients</otherwise></choose></when>',
      '      <otherwise><choose><when test="d">debtors</when><when test="e">employees</when></choose></otherwise>',
      '    </choose>',
      '    WHERE x = 1 <choose><when test="f">AND y = 2</when><otherwise>AND z = 3</otherwise></choose>',
      '  </select>',
      '</mapper>',
    ].join('\n');
    const [pick] = mapperStatements(mapper);
    const tables = pick!.sql.map((sql) => /FROM (\w+)/.exec(sql)![1]);
    expect(new Set(tables)).toEqual(new Set(['accounts', 'customers', 'clients', 'debtors', 'employees']));
    expect(pick!.sql.some((sql) => sql.endsWith('AND z = 3'))).toBe(true);
    expect(pick!.sql).toContain('SELECT id FROM debtors WHERE x = 1 AND y = 2');
  });

  it('reads an iBATIS 2 sqlMap: listed by its root, its statements with their dynamic tags kept after their prepend', async () => {
    const sqlMap = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!DOCTYPE sqlMap PUBLIC "-//ibatis.apache.org//DTD SQL Map 2.0//EN" "http://ibatis.apache.org/dtd/sql-map-2.dtd">',
      '<sqlMap namespace="Account">',
      '  <sql id="cols">id, name</sql>',
      '  <select id="find" parameterClass="map" resultClass="Account">',
      '    SELECT <include refid="cols"/> FROM accounts',
      '    <dynamic prepend="WHERE">',
      '      <isNotNull prepend="AND" property="name">name = #name:VARCHAR#</isNotNull>',
      '      <isEqual prepend="AND" property="active" compareValue="true">active = 1</isEqual>',
      '      <iterate prepend="AND" property="ids" open="id IN (" close=")" conjunction=",">#ids[]#</iterate>',
      '    </dynamic>',
      '    ORDER BY $sort$',
      '  </select>',
      '  <select id="search">SELECT id FROM accounts <dynamic prepend="WHERE"><iterate prepend="BOGUS" property="ids" open="id IN (" close=")" conjunction=",">#ids[]#</iterate>',
      '    <isNotEmpty prepend="AND" property="tags" removeFirstPrepend="true">(<iterate prepend="OR" property="tags" conjunction="OR">tag = #tags[]#</iterate>)</isNotEmpty></dynamic></select>',
      '  <statement id="touch">UPDATE accounts SET seen = now() WHERE id = #id#</statement>',
      '  <procedure id="close">{call close_account(#id#)}</procedure>',
      '  <insert id="add">INSERT INTO ledger (id) VALUES (#id#)<selectKey resultClass="int">SELECT 1 FROM dual</selectKey></insert>',
      '</sqlMap>',
    ].join('\n');
    expect(xmlMappingKind(sqlMap)).toBe('mybatis');
    expect(xmlMappingKind('<sqlMap namespace="Account"/>')).toBe('mybatis');
    expect(xmlMappingKind('<sqlMapConfig><sqlMap resource="a.xml"/></sqlMapConfig>')).toBeNull();
    expect(mapperNamespace(sqlMap)).toBeNull();
    const byId = Object.fromEntries(mapperStatements(sqlMap).map((s) => [s.id, s.sql]));
    expect(byId).toEqual({
      find: ['SELECT id, name FROM accounts WHERE name = $1 AND active = 1 AND id IN ($1) ORDER BY $1'],
      // the first tag's prepend in a <dynamic> is dropped, whatever it says, and so is the first in a tag that says removeFirstPrepend
      search: ['SELECT id FROM accounts WHERE id IN ($1) AND ( tag = $1 )'],
      touch: ['UPDATE accounts SET seen = now() WHERE id = $1'],
      close: ['{call close_account($1)}'],
      add: ['INSERT INTO ledger (id) VALUES ($1)'],
    });
    const refs = await sqlRefs(sqlMap, 'xml', mybatisRuns(sqlMap, 'xml'));
    expect(refs.tables.map((t) => `${t.table}:${t.line}:${t.access?.join('+')}`)).toEqual([
      'accounts:5:read',
      'accounts:14:read',
      'accounts:16:write',
      'ledger:18:write',
    ]);
  });

  it("reads a Java mapper's annotations: an array's strings joined, a <script> read as a mapper statement", () => {
    const java = [
      'public interface UserMapper {',
      '  @Select({"SELECT *", "FROM accounts", "WHERE id = #{id}"})',
      '  User get(long id);',
      '  @Update({"<script>", "update carts", "<set><if test=\'a\'>a = #{a},</if></set>", "where id = #{id}", "</script>"})',
      '  void touch(Cart c);',
      '  @Select("<script>select * from profiles <where><if test=\\"x != null\\">and name = #{x}</if></where></script>")',
      '  Profile byName(String x);',
      '}',
    ].join('\n');
    expect(annotationStatements(java).map((s) => s.sql)).toEqual([
      ['SELECT * FROM accounts WHERE id = $1'],
      ['update carts SET a = $1 where id = $1'],
      ['select * from profiles WHERE name = $1'],
    ]);
    expect(mybatisRuns(java, 'python')).toEqual([]);
  });
});
