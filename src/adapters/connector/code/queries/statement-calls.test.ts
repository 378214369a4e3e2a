import { describe, expect, it } from 'vitest';
import { projectStatements, statementCallRuns, statementCalls } from './statement-calls.js';

const xml = (path: string, text: string) => ({ path, language: 'xml', text });
const FILES = [
  xml(
    'sql/Account.xml',
    '<sqlMap namespace="Account">\n  <select id="getAccountList">SELECT * FROM account</select>\n  <insert id="insertSignon">INSERT INTO signon VALUES (#username#)</insert>\n</sqlMap>',
  ),
  xml('sql/Order.xml', '<sqlMap namespace="Order">\n  <select id="getList">SELECT * FROM orders</select>\n</sqlMap>'),
  xml('sql/Item.xml', '<sqlMap>\n  <select id="getList">SELECT * FROM item</select>\n</sqlMap>'),
  xml('mapper/BlogMapper.xml', '<mapper namespace="org.blog.BlogMapper">\n  <select id="selectBlog">SELECT * FROM blog WHERE id = #{id}</select>\n</mapper>'),
];

describe('statements run by name', () => {
  const index = projectStatements(FILES);
  const called = (text: string, language = 'java') => statementCalls(text, language, index).map((c) => `${c.path}#${c.statement.id}@${c.at}`);

  it('names a statement by namespace and id, or by its id alone when no other statement has it', () => {
    const dao = [
      'class AccountSqlMapDao extends BaseSqlMapDao {',
      '  List a() { return queryForList("Account.getAccountList", null); }',
      '  void b(Account a) { sqlMapClient.insert("insertSignon", a); }',
      '  // queryForList("Order.getList", null);',
      '  List c() { return getSqlMapClientTemplate().queryForList("getList"); }',
      '  List d() { return queryForList("Order.getList", null); }',
      '}',
    ].join('\n');
    // two statements have the id getList: it alone names neither; a comment runs nothing
    expect(called(dao)).toEqual([
      `sql/Account.xml#getAccountList@${dao.indexOf('queryForList("Account')}`,
      `sql/Account.xml#insertSignon@${dao.indexOf('insert(')}`,
      `sql/Order.xml#getList@${dao.indexOf('queryForList("Order.getList", null); }')}`,
    ]);
    // a file naming no SQL map nor session runs nothing by name
    expect(called('class Cache { void a() { key.update("Account.getAccountList"); } }')).toEqual([]);
  });

  it("reads MyBatis's SqlSession calls by the mapper's namespace, and gives each call the statement's SQL", () => {
    const text = 'fun blog(session: SqlSession) = session.selectOne<Blog>("org.blog.BlogMapper.selectBlog", 101)';
    expect(called(text, 'kotlin')).toEqual([`mapper/BlogMapper.xml#selectBlog@${text.indexOf('selectOne')}`]);
    expect(statementCallRuns('SqlSession s; s.selectOne("org.blog.BlogMapper.selectBlog", 1);', 'java', index)).toEqual([
      { sql: 'SELECT * FROM blog WHERE id = $1', at: 16 },
    ]);
  });
});
