import { describe, expect, it } from 'vitest';
import type { ImportMap } from './import-graph.js';
import { withMapperLinks } from './mapper-links.js';

const xml = (path: string, namespace: string) => ({
  path,
  language: 'xml',
  text: `<mapper namespace="${namespace}"><select id="a">SELECT 1</select></mapper>`,
});
const java = (path: string) => ({ path, language: 'java', text: 'public interface X {}' });

describe('MyBatis mapper links', () => {
  it('links a mapper XML and the interface its namespace names both ways, under any source root; a namespace of no file is no edge', () => {
    const files = [
      xml('src/main/resources/org/shop/mapper/OrderMapper.xml', 'org.shop.mapper.OrderMapper'),
      xml('src/main/resources/mappers/Gone.xml', 'org.shop.mapper.GoneMapper'),
      java('app/src/main/java/org/shop/mapper/OrderMapper.java'),
      // the same simple name in another package is not the namespace's class
      java('app/src/main/java/org/other/OrderMapper.java'),
    ];
    const imports: ImportMap = new Map([
      ['app/src/main/java/org/shop/mapper/OrderMapper.java', [{ path: 'app/src/main/java/org/shop/Order.java', kinds: ['import'] }]],
    ]);
    const linked = withMapperLinks(imports, files);
    expect(linked.get('src/main/resources/org/shop/mapper/OrderMapper.xml')).toEqual([
      { path: 'app/src/main/java/org/shop/mapper/OrderMapper.java', kinds: ['mapper'] },
    ]);
    expect(linked.get('app/src/main/java/org/shop/mapper/OrderMapper.java')).toEqual([
      { path: 'app/src/main/java/org/shop/Order.java', kinds: ['import'] },
      { path: 'src/main/resources/org/shop/mapper/OrderMapper.xml', kinds: ['mapper'] },
    ]);
    expect(linked.get('src/main/resources/mappers/Gone.xml')).toBeUndefined();
    expect(linked.get('app/src/main/java/org/other/OrderMapper.java')).toBeUndefined();
    // the map given is left as it was
    expect(imports.get('app/src/main/java/org/shop/mapper/OrderMapper.java')).toHaveLength(1);
  });

  it('drops the mapper links kept from a former scan when the namespace changed, keeping the other kinds of an edge', () => {
    const imports: ImportMap = new Map([
      ['m/A.xml', [{ path: 'src/org/A.java', kinds: ['mapper'] }]],
      ['src/org/A.java', [{ path: 'm/A.xml', kinds: ['mapper', 'import'] }]],
    ]);
    const linked = withMapperLinks(imports, [xml('m/A.xml', 'org.B'), java('src/org/A.java'), java('src/org/B.java')]);
    expect(linked.get('m/A.xml')).toEqual([{ path: 'src/org/B.java', kinds: ['mapper'] }]);
    expect(linked.get('src/org/A.java')).toEqual([{ path: 'm/A.xml', kinds: ['import'] }]);
    expect(linked.get('src/org/B.java')).toEqual([{ path: 'm/A.xml', kinds: ['mapper'] }]);
  });

  it('links a DAO running a sqlMap statement by name and the sqlMap both ways', () => {
    const files = [
      { path: 'sql/Account.xml', language: 'xml', text: '<sqlMap namespace="Account"><select id="getAccount">SELECT 1</select></sqlMap>' },
      {
        path: 'src/AccountSqlMapDao.java',
        language: 'java',
        text: 'class AccountSqlMapDao { Object a() { return queryForObject("Account.getAccount", null); } }',
      },
      { path: 'src/OtherSqlMapDao.java', language: 'java', text: 'class OtherSqlMapDao { Object a() { return queryForObject("Account.gone", null); } }' },
    ];
    const linked = withMapperLinks(new Map(), files);
    expect(linked.get('sql/Account.xml')).toEqual([{ path: 'src/AccountSqlMapDao.java', kinds: ['mapper'] }]);
    expect(linked.get('src/AccountSqlMapDao.java')).toEqual([{ path: 'sql/Account.xml', kinds: ['mapper'] }]);
    expect(linked.get('src/OtherSqlMapDao.java')).toBeUndefined();
  });
});
