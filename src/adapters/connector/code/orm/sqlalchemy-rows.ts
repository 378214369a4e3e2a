/**
 * @module adapters/connector/code/orm/sqlalchemy-rows
 * The tables a SQLAlchemy row's relationship loads when the code reaches it on the row (a lazy load):
 * `post.comments`, `self.author.name`, `user.posts.append(p)`, where the code tells the row's model —
 * `self` in the model's class, a name bound in the function to a row of it (`post: Post`,
 * `post = session.get(Post, id)`, `db.get_or_404(Post, id)`, `Post.query.get(id)`, `post = Post(…)`;
 * `receiverModel`'s reading, without guessing from the name), or a row reached from one through relationships
 * (`comment.post.author.posts`: each step's class has the next). The load reads the relationship's target
 * table and its association table (a row just built loads nothing until the session commits or
 * flushes it); `append`, `remove`, `extend`, `clear` (a set's or a write-only
 * collection's `add`, `add_all`, `discard`) on the collection, followed
 * by a commit or a flush in the same function, write the target's rows (their foreign key) or, through
 * an association table, its link rows. An assignment (`post.author = u`) sets the row's own key: no load.
 */
import type { TableAccess } from '../../../../ports/code.js';
import { escapeName } from '../text/call-reading.js';
import { pythonFunctionStart } from '../text/python-blocks.js';
import { receiverModel, type ReceiverReading } from './django-receivers.js';
import type { OrmTableRef } from './orm-reader.js';
import type { SqlalchemyRelation, SqlalchemyRelations } from './sqlalchemy-relations.js';

/** What a name is bound to when it holds a row of a model the database gave: `session.get(Post, …)`, `db.get_or_404(Post, …)`, `Post.query.get(…)`. */
const LOADED: ReceiverReading = {
  boundTo:
    /^\s*(?:(?:await\s+)?([A-Z]\w*)\s*\.\s*query\s*\.\s*(?:get|get_or_404|first_or_404)\s*\(|(?:await\s+)?[\w.]*\.(?:get|get_one|get_or_404)\s*\(\s*([A-Z]\w*)\s*,)/,
  byName: false,
};
/** Those, or a row built: `Post(…)`. */
const BUILT: ReceiverReading = { boundTo: new RegExp(String.raw`^\s*([A-Z]\w*)\s*\(|${LOADED.boundTo.source.slice(1)}`), byName: false };

/** A session's calls that write what changed; after them (or a refresh) a row built is in the database and loads what it is asked. */
const COMMITS = /\.\s*(?:commit|flush)\s*\(/;
const SAVES = /\.\s*(?:commit|flush|refresh)\s*\(/;

/** The calls on a relationship's collection that change its rows (a list's, a set's, a write-only collection's). */
const COLLECTION_WRITES = /^(?:append|remove|extend|clear|add|add_all|discard)$/;

/** Whether a commit, a flush or a refresh comes between the name's last binding in the function and `index`: a row built is then loaded. */
function savedSince(text: string, index: number, name: string): boolean {
  const scope = text.slice(pythonFunctionStart(text, index), index);
  const bound = [...scope.matchAll(new RegExp(String.raw`(?<![\w.])${escapeName(name).replace('.', String.raw`\s*\.\s*`)}\s*=(?!=)`, 'g'))].at(-1);
  return !!bound && SAVES.test(scope.slice(bound.index));
}

/** The end of the Python function whose body holds `index` (the next line indented no deeper than its `def`), else the text's end. */
function functionEnd(text: string, index: number): number {
  const start = pythonFunctionStart(text, index);
  const indent = /^[ \t]*/.exec(text.slice(start))![0].length;
  if (!start && !/^[ \t]*(?:async[ \t]+)?def[ \t]/.test(text)) return text.length;
  const end = new RegExp(String.raw`\n[ \t]{0,${indent}}(?=\S)`, 'g');
  end.lastIndex = index;
  return end.exec(text)?.index ?? text.length;
}

/** The tables a file's rows load through the relationships (`relations`), with what the code does to them; `models` gives the tables by class name. */
export function sqlalchemyRowLoads(
  text: string,
  models: ReadonlyMap<string, OrmTableRef | null>,
  use: (found: OrmTableRef | null | undefined, index: number, access?: TableAccess) => void,
  relations: SqlalchemyRelations | undefined,
): void {
  if (!relations?.size) return;
  const attributes = attributesOf(relations);
  if (!attributes.length) return;
  const classes = new Set([...relations.keys(), ...[...models.keys()].filter((n) => /^[A-Z]\w*$/.test(n))]);
  const names = attributes.map(escapeName).join('|');
  // the receiver may be reached through relationships itself: `post.author.comments`, `self.project.owner`
  const pattern = new RegExp(
    String.raw`((?<![\w.)\]])(?:self\s*\.\s*)?[a-z_]\w*(?:\s*\.\s*(?:${names})\b)*)\s*\.\s*(${names})\b(?!\s*(?:=(?!=)|\())(?:\s*\.\s*(\w+)\s*\()?`,
    'g',
  );
  for (const m of text.matchAll(pattern)) {
    const [, receiver, attribute, call] = m as unknown as [string, string, string, string | undefined];
    const steps = receiver.split(/\s*\.\s*/);
    // the row's binding: `self.post` where the file binds it, else `self` or the name
    const head = steps[0] === 'self' && steps.length > 1 && rowModel(text, m.index, `self.${steps[1]}`, classes) ? 2 : 1;
    const row = rowModel(text, m.index, steps.slice(0, head).join('.'), classes);
    if (!row) continue;
    const at = m.index + receiver.length;
    // each relationship on the way loads its rows (a row just built has loaded nothing yet), up to the first the class lacks
    let of = relations.get(row.model);
    let relation: SqlalchemyRelation | undefined;
    for (const step of [...steps.slice(head), attribute]) {
      relation = of?.get(step);
      if (!relation) break;
      if (row.loaded) {
        use(relation.resolved?.table ?? models.get(relation.target), at, 'read');
        use(linkTable(relation), at, 'read');
      }
      // the class the relationship means, where several have its name
      of = relation.resolved?.relations ?? relations.get(relation.target);
    }
    if (relation && call && COLLECTION_WRITES.test(call) && COMMITS.test(text.slice(m.index, functionEnd(text, m.index))))
      use(linkTable(relation) ?? relation.resolved?.table ?? models.get(relation.target), at, 'write');
  }
}

/** The relationships' attribute names, those of the classes a relationship resolves to among several of a name too. */
function attributesOf(relations: SqlalchemyRelations): string[] {
  const out = new Set<string>();
  const seen = new Set<ReadonlyMap<string, SqlalchemyRelation>>();
  const visit = (of: ReadonlyMap<string, SqlalchemyRelation> | undefined) => {
    if (!of || seen.has(of)) return;
    seen.add(of);
    for (const [attribute, relation] of of) {
      out.add(attribute);
      visit(relation.resolved?.relations);
    }
  };
  for (const of of relations.values()) visit(of);
  return [...out];
}

const linkTable = (relation: SqlalchemyRelation): OrmTableRef | undefined =>
  relation.secondary ? { table: relation.secondary, line: 0, via: 'sqlalchemy' } : undefined;

/** The model of the row `written` names at `index`, and whether it is loaded (fetched, or built and saved since). */
function rowModel(text: string, index: number, written: string, classes: ReadonlySet<string>): { model: string; loaded: boolean } | undefined {
  const fetched = receiverModel(text, index, written, classes, [], { reading: LOADED });
  if (fetched) return { model: fetched, loaded: true };
  const built = receiverModel(text, index, written, classes, [], { reading: BUILT });
  return built ? { model: built, loaded: savedSince(text, index, written) } : undefined;
}
