/**
 * @module adapters/connector/code/queries/statement-calls
 * Java and Kotlin code running a mapped statement by its name: iBATIS 2's `SqlMapClient` (and
 * Spring's `getSqlMapClientTemplate()`, an iBATIS DAO's own `queryForList(…)`) calls
 * `queryForList("Account.getAccountList", …)`, `queryForObject`, `queryForMap`,
 * `queryForPaginatedList`, `queryWithRowHandler`, `insert`, `update` and `delete`; MyBatis's
 * `SqlSession` calls `selectOne("org.shop.OrderMapper.find", …)`, `selectList`, `selectMap`,
 * `selectCursor`, `select`, `insert`, `update` and `delete`. The string names a statement of a
 * `<sqlMap>` or `<mapper>` of the project as `<namespace>.<id>`, or by its id alone (iBATIS's
 * `useStatementNamespaces="false"`) when one statement of the project has that id. Only a file
 * naming an SQL map or a session (`SqlMap…`, `SqlSession…`) is read. The call runs the
 * statement's SQL, and the file and the mapping file holding the statement are linked.
 */
import { blankComments } from '../text/script-blocks.js';
import { mapperStatements, mapperRootNamespace, type MapperStatement } from './mybatis-xml.js';

/** A statement of a mapping file of the project. */
export interface NamedStatement {
  path: string;
  statement: MapperStatement;
}

/** The project's mapped statements by the names code calls them: `<namespace>.<id>`, and the id alone when no other statement has it. */
export type StatementIndex = ReadonlyMap<string, NamedStatement>;

export function projectStatements(files: ReadonlyArray<{ path: string; language: string; text: string }>): StatementIndex {
  const out = new Map<string, NamedStatement>();
  const byId = new Map<string, NamedStatement[]>();
  for (const f of files) {
    if (f.language !== 'xml' || !/<(?:mapper|sqlMap)\b/.test(f.text)) continue;
    const namespace = mapperRootNamespace(f.text);
    for (const statement of mapperStatements(f.text)) {
      if (!statement.id) continue;
      const named = { path: f.path, statement };
      if (namespace) out.set(`${namespace}.${statement.id}`, named);
      byId.set(statement.id, [...(byId.get(statement.id) ?? []), named]);
    }
  }
  for (const [id, list] of byId) if (list.length === 1 && !out.has(id)) out.set(id, list[0]!);
  return out;
}

const CALL =
  /\b(queryForList|queryForObject|queryForMap|queryForPaginatedList|queryWithRowHandler|selectOne|selectList|selectMap|selectCursor|select|insert|update|delete)\s*(?:<[^<>()]*>\s*)?\(\s*"([\w$.-]+)"/g;

/** The statements a Java or Kotlin file runs by name, each at its call's offset. */
export function statementCalls(written: string, language: string, index: StatementIndex): Array<NamedStatement & { at: number }> {
  if ((language !== 'java' && language !== 'kotlin') || !index.size || !/sqlmap|sqlsession/i.test(written)) return [];
  const text = blankComments(written);
  return [...text.matchAll(CALL)].flatMap((m) => {
    const found = index.get(m[2]!);
    return found ? [{ ...found, at: m.index }] : [];
  });
}

/** The SQL runs of those calls for sql-refs: each reading of the statement, at the call. */
export function statementCallRuns(text: string, language: string, index: StatementIndex): Array<{ sql: string; at: number }> {
  return statementCalls(text, language, index).flatMap((c) => c.statement.sql.map((sql) => ({ sql, at: c.at })));
}
