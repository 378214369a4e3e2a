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
 * Classes of one name (a migration's copy of a model on a base of its own, two apps' `User`) keep their
 * own: a file sees the class its name stands for there (declared or imported), else the one of the
 * registry most classes are mapped in, else only what they all declare alike; a relationship's target
 * of such a name is the class the declaring file sees, else the one of the declaring class's registry,
 * else of its package.
 */
import { callArgs, NAME_STRING, qualify } from '../text/call-reading.js';
import { OPTIONAL_DOCSTRING, pythonClasses } from '../text/python-blocks.js';
import type { OrmTableRef } from './orm-reader.js';
import type { DeclaredClass, SqlalchemyInheritance } from './sqlalchemy-bases.js';

/** A relationship as declared: its target class, and the association table it goes through. */
export interface SqlalchemyRelation {
  target: string;
  secondary?: string;
  /**
   * Where several classes have the target's name: the one the declaring class means (its file's or
   * one it imports, else its registry's, else its package's), with its table and relationships.
   */
  resolved?: { table?: OrmTableRef; relations: ReadonlyMap<string, SqlalchemyRelation> | undefined };
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
/** A mixin's `@declared_attr def project(cls): return relationship("Project")` (a docstring between, never past its own end). */
const DECLARED_RELATIONSHIP = new RegExp(
  String.raw`^[ \t]+def[ \t]+(\w+)[ \t]*\([ \t]*cls[ \t]*\)[^:\n]*:[^\n]*\n${OPTIONAL_DOCSTRING}[ \t]*return[ \t]+(?:[\w.]*\.)?relationship\s*\(`,
  'gm',
);
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

/** The relationships of the project's classes, as each file sees them. */
export interface ProjectSqlalchemyRelations {
  /**
   * By class name: a name one class alone has (counting those with relationships) gives that class's; a name
   * several share, the one of the registry most classes are mapped in (the project's base, not a migration's),
   * when it alone is, else the relationships all of them declare alike.
   */
  shared: SqlalchemyRelations;
  /** The same, a name several classes share giving the one the file declares or imports by it (a migration's copy of a model, two apps' `User`). */
  seenFrom(path: string): SqlalchemyRelations;
}

/** Where the project's classes are declared (`sqlalchemy-bases`), by which the class a name stands for in a file is told. */
export type SqlalchemyClasses = Pick<SqlalchemyInheritance, 'classAt' | 'ancestorsAt' | 'baseAt'>;

const NO_CLASSES: SqlalchemyClasses = { classAt: () => undefined, ancestorsAt: () => [], baseAt: () => undefined };
const key = (c: DeclaredClass) => `${c.path}\0${c.name}`;

/** The relationships each class of the project's Python files declares, by its file and name, with what a `backref` declares on it. */
function declaredRelations(
  python: ReadonlyArray<{ path: string; text: string }>,
  classes: SqlalchemyClasses,
  refs: ReadonlyMap<string, readonly OrmTableRef[]>,
): Map<string, Map<string, SqlalchemyRelation>> {
  const out = new Map<string, Map<string, SqlalchemyRelation>>();
  const forward: Array<{ path: string; from: string; relation: SqlalchemyRelation }> = [];
  const of = (k: string) => out.get(k) ?? out.set(k, new Map()).get(k)!;
  // the project's association tables by variable, a variable two files bind to different tables standing for none
  const project = new Map<string, string | null>();
  const own = new Map<string, Map<string, string>>();
  for (const { path, text } of python) {
    if (!/\bTable\s*\(/.test(text)) continue;
    const tables = tableVariables(text);
    own.set(path, tables);
    for (const [name, table] of tables) project.set(name, project.has(name) && project.get(name) !== table ? null : table);
  }
  const backrefs: Array<{ path: string; from: string; target: string; attribute: string; relation: SqlalchemyRelation }> = [];
  for (const { path, text } of python) {
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
          ? (own.get(path)?.get(variable) ?? project.get(variable) ?? undefined)
          : through?.[2] && /^[a-z_][\w.]*$/.test(through[2])
            ? through[2]
            : undefined;
        const withTable = (relation: SqlalchemyRelation) => (secondary ? { ...relation, secondary } : relation);
        const relation = withTable({ target });
        of(key({ path, name: c.name })).set(m[1]!, relation);
        forward.push({ path, from: c.name, relation });
        // `backref="posts"` (or `backref=backref("posts", …)`) declares the way back on the target class
        const back = new RegExp(String.raw`\bbackref\s*=\s*(?:(?:[\w.]*\.)?backref\s*\(\s*)?${NAME_STRING}`).exec(args)?.[1];
        if (back) backrefs.push({ path, from: c.name, target, attribute: back, relation: withTable({ target: c.name }) });
      }
  }
  // the way back is on the class the target's name stands for in the declaring file, else in the declaring class's registry
  const declaring = new Map<string, DeclaredClass[]>();
  for (const { path, text } of python)
    for (const m of text.matchAll(/^[ \t]*class\s+(\w+)\s*[(:]/gm)) declaring.set(m[1]!, [...(declaring.get(m[1]!) ?? []), { path, name: m[1]! }]);
  for (const b of backrefs) {
    const found = classes.classAt(b.path, b.target) ?? inRegistry(declaring.get(b.target) ?? [], classes, classes.baseAt(b.path, b.from));
    const list = found ? of(key(found)) : undefined;
    if (list && !list.has(b.attribute)) list.set(b.attribute, b.relation);
  }
  // a target several classes are named: the declaring file's, else the declaring class's registry's, else its package's
  for (const f of forward) {
    const same = declaring.get(f.relation.target) ?? [];
    if (same.length < 2) continue;
    const base = classes.baseAt(f.path, f.from);
    const onBase = base ? same.filter((c) => sameClass(classes.baseAt(c.path, c.name), base)) : [];
    const found = classes.classAt(f.path, f.relation.target) ?? (onBase.length === 1 ? onBase[0] : inPackage(same, f.path));
    if (!found) continue;
    const table = refs.get(found.path)?.find((r) => r.model === found.name && /^(?:sqlalchemy|sqlmodel)$/.test(r.via));
    // (its relationships read when asked for: those it inherits are added below)
    f.relation.resolved = {
      ...(table ? { table } : {}),
      get relations() {
        return out.get(key(found));
      },
    };
  }
  // a class has the relationships of its bases and mixins (`ProjectMixin`'s `project`) it does not declare itself
  for (const [name, list] of declaring)
    for (const c of list) {
      const inherited = classes.ancestorsAt(c.path, name).flatMap((a) => [...(out.get(key(a)) ?? [])]);
      for (const [attribute, relation] of inherited) if (!out.get(key(c))?.has(attribute)) of(key(c)).set(attribute, relation);
    }
  for (const [k, list] of out) if (!list.size) out.delete(k);
  return out;
}

/**
 * The class a relationship's string names among the classes of that name (`same`): the only one mapped,
 * else the only one of the declaring class's registry (`base`; a migration's copies have their own).
 */
function inRegistry(same: readonly DeclaredClass[], classes: SqlalchemyClasses, base: DeclaredClass | undefined): DeclaredClass | undefined {
  const mapped = same.filter((c) => classes.baseAt(c.path, c.name));
  const candidates = mapped.length ? mapped : same;
  if (candidates.length === 1) return candidates[0];
  const on = base ? candidates.filter((c) => sameClass(classes.baseAt(c.path, c.name), base)) : [];
  return on.length === 1 ? on[0] : undefined;
}

/** The only one of `same` declared in the package (the folder) of `path`. */
function inPackage(same: readonly DeclaredClass[], path: string): DeclaredClass | undefined {
  const folder = (p: string) => p.slice(0, p.lastIndexOf('/') + 1);
  const near = same.filter((c) => folder(c.path) === folder(path));
  return near.length === 1 ? near[0] : undefined;
}

const sameClass = (a: DeclaredClass | undefined, b: DeclaredClass | undefined) => !!a && !!b && a.path === b.path && a.name === b.name;

/** The relationships all the given declarations of a class declare alike. */
function alike(declarations: ReadonlyArray<ReadonlyMap<string, SqlalchemyRelation>>): Map<string, SqlalchemyRelation> {
  const [first, ...others] = declarations;
  const same = (a: SqlalchemyRelation, b: SqlalchemyRelation | undefined) => !!b && a.target === b.target && a.secondary === b.secondary;
  return new Map([...(first ?? [])].filter(([attribute, r]) => others.every((o) => same(r, o.get(attribute)))));
}

/** The relationships the project's Python files declare, by class, as each file sees them. */
export function sqlalchemyRelations(
  texts: ReadonlyArray<{ path?: string; text: string; language: string }>,
  classes: SqlalchemyClasses = NO_CLASSES,
  refs: ReadonlyMap<string, readonly OrmTableRef[]> = new Map(),
): ProjectSqlalchemyRelations {
  const python = texts.flatMap((t, i) => (t.language === 'python' ? [{ path: t.path ?? `#${i}`, text: t.text }] : []));
  const declared = declaredRelations(python, classes, refs);
  const byName = new Map<string, DeclaredClass[]>();
  // how many classes with relationships each registry has: the project's own has most, a migration's copies few
  const registries = new Map<string, number>();
  for (const k of declared.keys()) {
    const c = { path: k.slice(0, k.indexOf('\0')), name: k.slice(k.indexOf('\0') + 1) };
    byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
    const base = classes.baseAt(c.path, c.name);
    if (base) registries.set(key(base), (registries.get(key(base)) ?? 0) + 1);
  }
  const size = (c: DeclaredClass) => {
    const base = classes.baseAt(c.path, c.name);
    return base ? (registries.get(key(base)) ?? 0) : 0;
  };
  const shared = new Map<string, ReadonlyMap<string, SqlalchemyRelation>>();
  for (const [name, list] of byName) {
    // a name several classes share: the class of the largest registry when it alone is there, else what they all declare alike
    const largest = Math.max(...list.map(size));
    const main = largest ? list.filter((c) => size(c) === largest) : [];
    const relations = main.length === 1 ? declared.get(key(main[0]!))! : alike(list.map((c) => declared.get(key(c))!));
    if (relations.size) shared.set(name, relations);
  }
  const shares = [...byName].filter(([, keys]) => keys.length > 1);
  const seen = new Map<string, SqlalchemyRelations>();
  return {
    shared,
    seenFrom: (path) => {
      const known = seen.get(path);
      if (known) return known;
      let view: Map<string, ReadonlyMap<string, SqlalchemyRelation>> | undefined;
      for (const [name] of shares) {
        const at = classes.classAt(path, name);
        const own = at && declared.get(key(at));
        if (own) (view ??= new Map(shared)).set(name, own);
      }
      seen.set(path, view ?? shared);
      return view ?? shared;
    },
  };
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
    use(relation.resolved?.table ?? models.get(relation.target), m.index, 'read');
    if (relation.secondary) use({ table: relation.secondary, line: 0, via: 'sqlalchemy' }, m.index, 'read');
  }
}
