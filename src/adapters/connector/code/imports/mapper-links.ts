/**
 * @module adapters/connector/code/imports/mapper-links
 * A MyBatis mapper XML and the interface its `namespace` names, linked both ways (kind `mapper`):
 * the interface's methods run the XML's statements, so a plan reaching one reaches the other.
 * The namespace `org.shop.mapper.OrderMapper` is the Java or Kotlin file of the tree whose path
 * ends `org/shop/mapper/OrderMapper.java` (`.kt`), under any source root; a namespace naming no
 * file of the tree is no edge. The links depend on two files' texts and names, so they are made
 * again from every listed file at each scan that reads imports. A Java or Kotlin file running a
 * mapper's or an iBATIS sqlMap's statement by name (`queryForList("Account.getAccountList")`, see
 * statement-calls) is linked to the file holding the statement the same way.
 */
import { posix } from 'node:path';
import type { FileImport } from '../../../../ports/code.js';
import type { ImportMap } from './import-graph.js';
import { link } from './import-links.js';
import { mapperNamespace } from '../queries/mybatis-xml.js';
import { projectStatements, statementCalls } from '../queries/statement-calls.js';

export const MAPPER_KIND = 'mapper';

/** `imports` with its `mapper` links made again from `files`' mapper XML (the maps and lists given are left as they are). */
export function withMapperLinks(imports: ImportMap, files: ReadonlyArray<{ path: string; language: string; text: string }>): ImportMap {
  const out: ImportMap = new Map();
  for (const [path, list] of imports) {
    const kept = list.flatMap((i): FileImport[] => {
      if (!i.kinds.includes(MAPPER_KIND)) return [{ ...i }];
      const kinds = i.kinds.filter((k) => k !== MAPPER_KIND);
      return kinds.length ? [{ path: i.path, kinds }] : [];
    });
    out.set(path, kept);
  }
  const mappers = files.filter((f) => f.language === 'xml');
  if (!mappers.length) return out;
  const classes = new Map<string, string[]>();
  for (const f of files) {
    if (!/\.(?:java|kt)$/.test(f.path)) continue;
    const name = posix.basename(f.path);
    classes.set(name, [...(classes.get(name) ?? []), f.path]);
  }
  const linked = new Set<string>();
  for (const xml of mappers) {
    const namespace = mapperNamespace(xml.text);
    if (!namespace) continue;
    const rel = namespace.split('.').join('/');
    const name = namespace.split('.').at(-1)!;
    for (const ext of ['java', 'kt'])
      for (const path of classes.get(`${name}.${ext}`) ?? []) {
        if (path !== `${rel}.${ext}` && !path.endsWith(`/${rel}.${ext}`)) continue;
        link(out, xml.path, path, MAPPER_KIND);
        link(out, path, xml.path, MAPPER_KIND);
        linked.add(xml.path).add(path);
      }
  }
  // a DAO running a statement by name and the mapping file holding it
  const statements = projectStatements(mappers);
  for (const f of files)
    for (const call of statementCalls(f.text, f.language, statements)) {
      link(out, call.path, f.path, MAPPER_KIND);
      link(out, f.path, call.path, MAPPER_KIND);
      linked.add(call.path).add(f.path);
    }
  for (const path of linked) out.get(path)!.sort((a, b) => (a.path < b.path ? -1 : 1));
  return out;
}
