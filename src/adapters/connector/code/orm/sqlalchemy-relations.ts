/**
 * @module adapters/connector/code/orm/sqlalchemy-relations
 * The relationships of a project's SQLAlchemy, Flask-SQLAlchemy and SQLModel classes, read as declared
 * (`posts = relationship("Post", …)`, `posts: Mapped[list["Post"]] = relationship(back_populates=…)`,
 * `posts: so.WriteOnlyMapped['Post'] = so.relationship(…)`, SQLModel's `posts: list["Post"] =
 * Relationship(…)`), and the tables a statement reaches through one: a join on it
 * (`.join(Post.author)`, `.outerjoin(User.posts.of_type(…))`) or a loader option that fetches it
 * (`selectinload(User.posts)`, `joinedload(…)`, `subqueryload(…)`, `immediateload(…)`,
 * `contains_eager(…)`, `defaultload(…)`, chained too). A relationship through an association table
 * (`secondary=post_tags`, the variable a `Table('post_tags', …)` is assigned to in its file or, once, in
 * the project; `secondary="post_tags"`) reaches that table too. A `backref="posts"` declares the way back
 * on the target class, through the same table. A mixin's `@declared_attr def project(cls): return
 * relationship("Project")` is read too, and a class has the relationships its ancestors declare.
 */
import { callArgs, NAME_STRING, qualify } from '../text/call-reading.js';
import { pythonClasses } from '../text/python-blocks.js';
import type { OrmTableRef } from './orm-reader.js';

/** A relationship as declared: its target class, and the association table it goes through. */
export interface SqlalchemyRelation {
  target: string;
  secondary?: string;
}

/** By class name, each relationship attribute's target class and association table. */
export type SqlalchemyRelations = ReadonlyMap<string, ReadonlyMap<string, SqlalchemyRelation>>;

/** `post_tags = Table('post_tags', …, schema='s')` (`sa.Table`, `db.Table`): the variable (1) and the call's `(` at the match's end. */
const TABLE_VARIABLE = /^(\w+)[ \t]*=[ \t]*(?:sa\.|db\.)?Table[ \t]*\(/gm;
/**
 * `secondary=post_tags`, `secondary=lambda: post_tags` (1), `secondary="post_tags"` (2), or the second argument
 * after the target's (`relationship("Tag", post_tags)`; 3).
 */
const SECONDARY = new RegExp(
  String.raw`\bsecondary\s*=\s*(?:(?:lambda\s*:\s*)?([A-Za-z_]\w*)\b(?!\s*[.(])|${NAME_STRING})|^\s*(?:argument\s*=\s*)?['"]?[A-Z]\w*['"]?\s*,\s*(?:lambda\s*:\s*)?([A-Za-z_]\w*)\s*(?:,|$)`,
);

/** The tables a file assigns to variables by `Table(…)`. */
function tableVariables(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(TABLE_VARIABLE)) {
    const args = callArgs(text, m.index + m[0].length - 1);
    const name = new RegExp(String.raw`^\s*${NAME_STRING}`).exec(args)?.[1];
    if (name) out.set(m[1]!, qualify(new RegExp(String.raw`\bschema\s*=\s*${NAME_STRING}`).exec(args)?.[1], name));
  }
  return out;
}

const RELATIONSHIP = /^[ \t]+(\w+)\s*(?::\s*([^=\n]+?))?\s*=\s*(?:[\w.]*\.)?(?:relationship|Relationship)\s*\(/gm;
/** A mixin's `@declared_attr def project(cls): return relationship("Project")` (a docstring between). */
const DECLARED_RELATIONSHIP =
  /^[ \t]+def[ \t]+(\w+)[ \t]*\([ \t]*cls[ \t]*\)[^:\n]*:[^\n]*\n(?:[ \t]*(?:"{3}[\s\S]*?"{3}|'{3}[\s\S]*?'{3})[ \t]*\n)?[ \t]*return[ \t]+(?:[\w.]*\.)?relationship\s*\(/gm;
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
export function sqlalchemyRelations(
  texts: ReadonlyArray<{ text: string; language: string }>,
  ancestors: (name: string) => readonly string[] | undefined = () => undefined,
): SqlalchemyRelations {
  const out = new Map<string, Map<string, SqlalchemyRelation>>();
  const python = texts.filter((t) => t.language === 'python');
  // the project's association tables by variable, a variable two files bind to different tables standing for none
  const project = new Map<string, string | null>();
  const own = new Map<string, Map<string, string>>();
  for (const { text } of python) {
    if (!/\bTable\s*\(/.test(text)) continue;
    const tables = tableVariables(text);
    own.set(text, tables);
    for (const [name, table] of tables) project.set(name, project.has(name) && project.get(name) !== table ? null : table);
  }
  for (const { text } of python) {
    if (!/\b(?:relationship|Relationship)\s*\(/.test(text)) continue;
    for (const c of pythonClasses(text))
      for (const m of [...c.body.matchAll(RELATIONSHIP), ...c.body.matchAll(DECLARED_RELATIONSHIP)]) {
        const args = callArgs(c.body, m.index + m[0].length - 1);
        const target = /^\s*(?:argument\s*=\s*)?['"]?([A-Z]\w*)/.exec(args)?.[1] ?? annotated(m[2]);
        if (!target) continue;
        const through = SECONDARY.exec(args);
        // a string names a table (or, capitalised, a class's expression, not read)
        const variable = through?.[1] ?? through?.[3];
        const secondary = variable
          ? (own.get(text)?.get(variable) ?? project.get(variable) ?? undefined)
          : through?.[2] && /^[a-z_][\w.]*$/.test(through[2])
            ? through[2]
            : undefined;
        const add = (cls: string, attribute: string, relation: SqlalchemyRelation) =>
          (out.get(cls) ?? out.set(cls, new Map()).get(cls)!).set(attribute, secondary ? { ...relation, secondary } : relation);
        add(c.name, m[1]!, { target });
        // `backref="posts"` (or `backref=backref("posts", …)`) declares the way back on the target class
        const back = new RegExp(String.raw`\bbackref\s*=\s*(?:(?:[\w.]*\.)?backref\s*\(\s*)?${NAME_STRING}`).exec(args)?.[1];
        if (back && !out.get(target)?.has(back)) add(target, back, { target: c.name });
      }
  }
  // a class has the relationships of its bases and mixins (`ProjectMixin`'s `project`) it does not declare itself
  for (const name of new Set(texts.flatMap((t) => (t.language === 'python' ? [...t.text.matchAll(/^[ \t]*class\s+(\w+)\s*\(/gm)].map((m) => m[1]!) : [])))) {
    const inherited = (ancestors(name) ?? []).flatMap((a) => [...(out.get(a) ?? [])]);
    for (const [attribute, relation] of inherited)
      if (!out.get(name)?.has(attribute)) (out.get(name) ?? out.set(name, new Map()).get(name)!).set(attribute, relation);
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
    const relation = relations.get(m[1]!)?.get(m[2]!);
    if (!relation) continue;
    use(models.get(relation.target), m.index, 'read');
    if (relation.secondary) use({ table: relation.secondary, line: 0, via: 'sqlalchemy' }, m.index, 'read');
  }
}
