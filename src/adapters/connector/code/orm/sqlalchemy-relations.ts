/**
 * @module adapters/connector/code/orm/sqlalchemy-relations
 * The relationships of a project's SQLAlchemy, Flask-SQLAlchemy and SQLModel classes, read as declared
 * (`posts = relationship("Post", …)`, `posts: Mapped[list["Post"]] = relationship(back_populates=…)`,
 * `posts: so.WriteOnlyMapped['Post'] = so.relationship(…)`, SQLModel's `posts: list["Post"] =
 * Relationship(…)`), and the tables a statement reaches through one: a join on it
 * (`.join(Post.author)`, `.outerjoin(User.posts.of_type(…))`) or a loader option that fetches it
 * (`selectinload(User.posts)`, `joinedload(…)`, `subqueryload(…)`, `immediateload(…)`,
 * `contains_eager(…)`, `defaultload(…)`, chained too).
 */
import { callArgs } from '../text/call-reading.js';
import { pythonClasses } from '../text/python-blocks.js';
import type { OrmTableRef } from './orm-reader.js';

/** By class name, each relationship attribute's target class. */
export type SqlalchemyRelations = ReadonlyMap<string, ReadonlyMap<string, string>>;

const RELATIONSHIP = /^[ \t]+(\w+)\s*(?::\s*([^=\n]+?))?\s*=\s*(?:[\w.]*\.)?(?:relationship|Relationship)\s*\(/gm;
/** Annotation words that wrap the target class: `Mapped[list["Post"]]`, `Optional["User"]`. */
const WRAPPERS = /^(?:Mapped|WriteOnlyMapped|DynamicMapped|List|Set|Optional|Union|Sequence|Iterable)$/;
/** Calls that join or fetch a relationship's rows; `noload`/`raiseload` load nothing. */
const THROUGH = /\b(?:join|outerjoin|selectinload|joinedload|subqueryload|immediateload|contains_eager|defaultload)\(\s*([A-Z]\w*)\s*\.\s*(\w+)/g;

/** The class a relationship's annotation names: the quoted one (`list["Post"]`), else its last class word that wraps nothing. */
function annotated(annotation: string | undefined): string | undefined {
  if (!annotation) return undefined;
  const quoted = /['"]([A-Z]\w*)['"]/.exec(annotation)?.[1];
  if (quoted) return quoted;
  return [...annotation.matchAll(/\b([A-Z]\w*)\b/g)].map((m) => m[1]!).findLast((w) => !WRAPPERS.test(w));
}

/** The relationships the project's Python files declare, by class. */
export function sqlalchemyRelations(texts: ReadonlyArray<{ text: string; language: string }>): SqlalchemyRelations {
  const out = new Map<string, Map<string, string>>();
  for (const { text, language } of texts) {
    if (language !== 'python' || !/\b(?:relationship|Relationship)\s*\(/.test(text)) continue;
    for (const c of pythonClasses(text))
      for (const m of c.body.matchAll(RELATIONSHIP)) {
        const args = callArgs(c.body, m.index + m[0].length - 1);
        const target = /^\s*(?:argument\s*=\s*)?['"]?([A-Z]\w*)/.exec(args)?.[1] ?? annotated(m[2]);
        if (target) (out.get(c.name) ?? out.set(c.name, new Map()).get(c.name)!).set(m[1]!, target);
      }
  }
  return out;
}

/** The tables a file's statements reach through the relationships (`relations`), as reads; `models` gives the tables by class name. */
export function sqlalchemyRelationUses(
  text: string,
  models: ReadonlyMap<string, OrmTableRef | null>,
  use: (found: OrmTableRef | null | undefined, index: number, access?: 'read') => void,
  relations: SqlalchemyRelations | undefined,
): void {
  if (!relations?.size) return;
  for (const m of text.matchAll(THROUGH)) {
    const target = relations.get(m[1]!)?.get(m[2]!);
    if (target) use(models.get(target), m.index, 'read');
  }
}
