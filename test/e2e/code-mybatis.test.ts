/**
 * MyBatis mapper XML through the built CLI: of a Java tree's XML files only the mapper is a code
 * file (pom.xml and an Android layout are not listed); its statements are its symbols, and it and
 * the interface its namespace names are linked both ways by `imports` edges of kind `mapper`.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { writeFiles } from '../helpers/code-repo.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'shop');
const XML = 'src/main/resources/mapper/OrderMapper.xml';
const MAPPER = 'src/main/java/org/shop/mapper/OrderMapper.java';

beforeAll(async () => {
  writeFiles(repo, {
    'pom.xml': '<?xml version="1.0"?>\n<project><artifactId>shop</artifactId></project>\n',
    'app/src/main/res/layout/main.xml': '<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android"/>\n',
    [XML]: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "http://mybatis.org/dtd/mybatis-3-mapper.dtd">',
      '<mapper namespace="org.shop.mapper.OrderMapper">',
      '  <select id="recentOrders" resultType="Order">SELECT id FROM orders WHERE status = #{status}</select>',
      '  <update id="closeOrder">UPDATE orders SET status = \'closed\' WHERE id = #{id}</update>',
      '</mapper>',
    ].join('\n'),
    [MAPPER]: 'package org.shop.mapper;\n\npublic interface OrderMapper {\n  java.util.List<Object> recentOrders(String status);\n}\n',
    'src/main/java/org/shop/OrderService.java': 'package org.shop;\n\nimport org.shop.mapper.OrderMapper;\n\npublic class OrderService {}\n',
  });
  expect((await runCli(['source', 'add', 'code', repo, '--name', 'app'], env)).code).toBe(0);
  const update = await runCli(['update', '--source', 'app', '--json'], env, { timeoutMs: 120_000 });
  expect(update.code, update.stdout + update.stderr).toBe(0);
}, 180_000);

afterAll(() => home.cleanup());

type Edge = { kind: string; fromId: string; toId: string; attributes: { kinds?: string[] } };

describe('MyBatis mapper XML', () => {
  it('lists the mapper XML as a code file with its statements as symbols; other XML is no file', async () => {
    const xml = await runCli(['get', `app:code_file:${XML}`, '--json'], env);
    expect(xml.code, xml.stderr).toBe(0);
    expect(xml.json.object.attributes.language).toBe('xml');
    expect(xml.json.object.attributes.symbols).toEqual(['recentOrders', 'closeOrder']);
    expect(xml.json.object.attributes.sqlTables).toMatchObject([
      { table: 'orders', line: 4, access: ['read'] },
      { table: 'orders', line: 5, access: ['write'] },
    ]);
    for (const other of ['pom.xml', 'app/src/main/res/layout/main.xml'])
      expect((await runCli(['get', `app:code_file:${other}`, '--json'], env)).code).not.toBe(0);
  });

  it('links the mapper XML and its interface both ways', async () => {
    const mapper = await runCli(['get', `app:code_file:${MAPPER}`, '--json'], env);
    const mapperEdges = (edges: Edge[]) => edges.filter((e) => e.kind === 'imports' && e.attributes.kinds?.includes('mapper'));
    expect(mapperEdges(mapper.json.outgoing).map((e) => e.toId)).toEqual([`app:code_file:${XML}`]);
    expect(mapperEdges(mapper.json.incoming).map((e) => e.fromId)).toEqual([`app:code_file:${XML}`]);
  });
});
