/**
 * @module adapters/connector/code/orm/ent-schema
 * ent (`entgo.io/ent`, Go). A schema is a struct embedding `ent.Schema` in a file importing
 * `entgo.io/ent`, or an unexported struct of its package that does (read over the project); its table is what an `entsql.Annotation{Table: …}` (or `entsql.Table(…)`,
 * `entsql.SchemaTable(…)`) of its `Annotations()` or a `Config()`'s `ent.Config{Table: …}` names,
 * else ent's naming (`ent-naming`). Its `Edges()` give the joins as ent's generator resolves them:
 * an `edge.To` with the `edge.From(…).Ref(…)` of the other type naming it, unique or not on each
 * side, makes a one-to-one, one-to-many or many-to-one key `<owner type>_<edge>` (`user_pets`), in
 * the table of the side holding it, or a many-to-many join table `<owner type>_<edge>` with
 * `<type>_id` columns (an edge of a type to itself naming its second column after the edge,
 * singular); `.Field(…)` (with the field's `StorageKey`) and `.StorageKey(edge.Column(…),
 * edge.Table(…), edge.Columns(…))` rename them, and an edge `.Through(…)` another schema is that
 * schema's own edges. Each schema package is read on its own (a repository may hold several
 * services' schemas), and a file uses those of the package nearest it. The uses are read by `ent-uses`.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { callArgs, chainAfter, topLevelArgs } from '../text/call-reading.js';
import { entSingular, entSnake, entTable } from './ent-naming.js';
import { entGenerated, entUses } from './ent-uses.js';
import { lineAt } from '../text/lines.js';
import type { OrmReader } from './orm-reader.js';
import type { OrmTableRef } from './orm-reader.js';
import { blankComments } from '../text/script-blocks.js';

/** An edge as a schema's `Edges()` declares it. */
export interface EntEdge {
  name: string;
  /** The type it reaches. */
  type: string;
  /** `edge.From`: the inverse of the `edge.To` its `Ref` names. */
  inverse: boolean;
  ref?: string | undefined;
  unique: boolean;
  field?: string | undefined;
  /** `StorageKey(edge.Column(…))`, or `edge.Columns(…)`' two. */
  columns?: string[];
  joinTable?: string | undefined;
  through?: string | undefined;
  index: number;
  /** The file declaring it: the schema's, or a mixin's. */
  path: string;
  line: number;
}

export interface EntSchema {
  name: string;
  table: string;
  /** Field name → its column, for fields with a `StorageKey`. */
  columns: Map<string, string>;
  edges: EntEdge[];
  /** The mixins its `Mixin()` lists, whose edges it has too. */
  mixins: string[];
  path: string;
  text: string;
  index: number;
}

/** A struct embedding `embedded` (a pattern): its name the group; exported, or `exported` false for any. */
const structEmbedding = (embedded: string, exported = true) =>
  new RegExp(String.raw`^type[ \t]+(${exported ? '[A-Z]' : '[A-Za-z_]'}\w*)[ \t]+struct[ \t]*\{[^}]*?^[ \t]*${embedded}[ \t]*(?:\/\/[^\n]*)?$`, 'gm');
const SCHEMA_STRUCT = structEmbedding(String.raw`ent\.Schema`);
const IMPORTS_ENT = /"entgo\.io\/ent"/;

/** The body of a method of `type` (`func (User) Edges() …{`), braces excluded. */
function methodBody(text: string, type: string, method: string): { body: string; start: number } | undefined {
  const m = new RegExp(String.raw`func\s*\(\s*(?:\w+\s+)?\*?${type}\s*\)\s*${method}\s*\(\s*\)[^{]*\{`).exec(text);
  if (!m) return undefined;
  const open = m.index + m[0].length - 1;
  const braced = text.replace(/[{}]/g, (b) => (b === '{' ? '(' : ')'));
  return { body: text.slice(open + 1, open + 1 + callArgs(braced, open).length), start: open + 1 };
}

const firstString = (args: string) => /^\s*"([^"]*)"/.exec(args)?.[1];

/** The table an annotation or a config of the type names. */
function tableOverride(text: string, type: string): string | undefined {
  const annotations = methodBody(text, type, 'Annotations')?.body ?? '';
  const named =
    /\bentsql\.Annotation\s*\{[^}]*?\bTable\s*:\s*"([^"]+)"/.exec(annotations)?.[1] ??
    /\bentsql\.Table\s*\(\s*"([^"]+)"/.exec(annotations)?.[1] ??
    /\bentsql\.SchemaTable\s*\(\s*"[^"]*"\s*,\s*"([^"]+)"/.exec(annotations)?.[1];
  return named ?? /\bent\.Config\s*\{[^}]*?\bTable\s*:\s*"([^"]+)"/.exec(methodBody(text, type, 'Config')?.body ?? '')?.[1];
}

function edgesOf(path: string, text: string, type: string): EntEdge[] {
  const found = methodBody(text, type, 'Edges');
  if (!found) return [];
  const out: EntEdge[] = [];
  for (const m of found.body.matchAll(/\bedge\.(To|From)\s*\(/g)) {
    const open = found.start + m.index + m[0].length - 1;
    const [name, target] = topLevelArgs(callArgs(text, open));
    const type = /^(?:\w+\.)?([A-Z]\w*)\.Type$/.exec(target ?? '')?.[1];
    const edgeName = firstString(name ?? '');
    if (!type || !edgeName) continue;
    const at = (index: number) => ({ index, path, line: lineAt(text, index) });
    let edge: EntEdge = { name: edgeName, type, inverse: m[1] === 'From', unique: false, ...at(open) };
    out.push(edge);
    for (const call of chainAfter(text, open)) {
      const args = callArgs(text, call.open);
      // `edge.To("children", Node.Type).From("parent")`: the inverse of a type's edge to itself, what follows its own
      const inverseName = call.method === 'From' && !edge.inverse && firstString(args);
      if (inverseName) {
        edge = { name: inverseName, type, inverse: true, ref: edge.name, unique: false, ...at(call.open) };
        out.push(edge);
      } else if (call.method === 'Unique') edge.unique = true;
      else if (call.method === 'Ref') edge.ref = firstString(args);
      else if (call.method === 'Field') edge.field = firstString(args);
      else if (call.method === 'Through') edge.through = /(?:\w+\.)?([A-Z]\w*)\.Type\s*$/.exec(args)?.[1];
      else if (call.method === 'StorageKey') {
        edge.joinTable = /\bedge\.Table\s*\(\s*"([^"]+)"/.exec(args)?.[1];
        const columns = /\bedge\.Columns?\s*\(([^)]*)\)/.exec(args)?.[1];
        if (columns) edge.columns = [...columns.matchAll(/"([^"]+)"/g)].map((c) => c[1]!);
      }
    }
  }
  return out;
}

/** The fields whose column is not their name: `field.String("owner_id").StorageKey("owner")`. */
function storageKeys(text: string, type: string): Map<string, string> {
  const out = new Map<string, string>();
  const found = methodBody(text, type, 'Fields');
  for (const m of found?.body.matchAll(/\bfield\.\w+\s*\(\s*"(\w+)"/g) ?? []) {
    const open = found!.start + m.index + m[0].indexOf('(');
    const key = chainAfter(text, open).find((c) => c.method === 'StorageKey');
    const column = key && firstString(callArgs(text, key.open));
    if (column) out.set(m[1]!, column);
  }
  return out;
}

/** The schemas a file declares (none unless it imports `entgo.io/ent`). */
export function entSchemas(path: string, written: string, embedding = SCHEMA_STRUCT): EntSchema[] {
  if (embedding === SCHEMA_STRUCT && (!IMPORTS_ENT.test(written) || !/\bent\.Schema\b/.test(written))) return [];
  const text = blankComments(written);
  return [...text.matchAll(embedding)].map((m) => ({
    name: m[1]!,
    table: tableOverride(text, m[1]!) ?? entTable(m[1]!),
    columns: storageKeys(text, m[1]!),
    edges: edgesOf(path, text, m[1]!),
    mixins: [...(methodBody(text, m[1]!, 'Mixin')?.body.matchAll(/(?:\w+\.)?([A-Z]\w*)\s*\{/g) ?? [])].map((x) => x[1]!),
    path,
    text,
    index: m.index,
  }));
}

/** The type's own label, the prefix of the keys ent names after it (`UserInfo`: `user_info`). */
const label = (s: EntSchema) => entSnake(s.name);

/** A field's column in the schema holding it. */
const fieldColumn = (s: EntSchema, field: string) => s.columns.get(field) ?? field;

/** The column of a schema's `id`. */
const idColumn = (s: EntSchema) => s.columns.get('id') ?? 'id';

/**
 * A resolved edge: the join it declares (a key in one table, or the two of a join table) and what
 * the generated code reaches through it.
 */
export interface EntRelation {
  /** The `edge.To` (the association) declaring it, on `owner`. */
  edge: EntEdge;
  /** The `edge.From` of the target naming it. */
  inverse?: EntEdge | undefined;
  owner: EntSchema;
  target: EntSchema;
  /** The many-to-many join table, when there is one. */
  joinTable?: string | undefined;
  /** The table holding the key, when there is no join table. */
  keyTable?: string;
  joins: DeclaredJoin[];
}

/** Resolves each association (`edge.To`) of the schemas with its inverse, as ent's generator does. */
export function entRelations(schemas: ReadonlyMap<string, EntSchema>): EntRelation[] {
  const out: EntRelation[] = [];
  for (const owner of schemas.values())
    for (const edge of owner.edges) {
      const target = schemas.get(edge.type);
      if (edge.inverse || !target) continue;
      const inverse = target.edges.find((e) => e.inverse && e.ref === edge.name && e.type === owner.name);
      const join = (table: string, column: string, references: EntSchema): DeclaredJoin => ({
        table,
        columns: [column],
        references: references.table,
        referencedColumns: [idColumn(references)],
        line: edge.line,
        via: 'ent',
      });
      const many = inverse ? !edge.unique && !inverse.unique : !edge.unique && target === owner;
      const through = edge.through ?? inverse?.through;
      if (many) {
        // an edge through another schema joins by that schema's own edges
        if (through && schemas.has(through)) {
          out.push({ edge, inverse, owner, target, joinTable: schemas.get(through)!.table, joins: [] });
          continue;
        }
        const table = edge.joinTable ?? inverse?.joinTable ?? `${label(owner)}_${edge.name}`;
        let [first, second] = [`${label(owner)}_id`, `${label(target)}_id`];
        if (first === second) second = `${entSingular(inverse?.name ?? edge.name)}_id`;
        const keys = edge.columns ?? inverse?.columns;
        if (keys?.length === 2) [first, second] = [keys[0]!, keys[1]!];
        out.push({ edge, inverse, owner, target, joinTable: table, joins: [join(table, first, owner), join(table, second, target)] });
        continue;
      }
      // the side holding the key: the owner when its edge is unique and the other side is not, or has none (a
      // one-to-one without an inverse); the target for a one-to-many, and for a one-to-one with an inverse
      const ownerHolds = edge.unique && !(inverse?.unique ?? false);
      const [holder, held, holderEdge] = ownerHolds ? [owner, target, edge] : [target, owner, inverse];
      const field = holderEdge?.field;
      const column = field ? fieldColumn(holder, field) : (edge.columns?.[0] ?? inverse?.columns?.[0] ?? `${label(owner)}_${entSnake(edge.name)}`);
      out.push({ edge, inverse, owner, target, keyTable: holder.table, joins: [join(holder.table, column, held)] });
    }
  return out;
}

export const entReader: OrmReader = {
  via: 'ent',
  languages: new Set(['go']),
  declared: ({ path, text }) => entSchemas(path, text).map((s) => ({ table: s.table, line: lineAt(text, s.index), via: 'ent', model: s.name })),
  project(files) {
    const all = files.flatMap((f) => entSchemas(f.path, f.text));
    // a schema may embed an unexported base struct of its package that embeds `ent.Schema`
    const bases = new Map<string, string[]>();
    for (const f of files)
      if (IMPORTS_ENT.test(f.text))
        for (const m of f.text.matchAll(structEmbedding(String.raw`ent\.Schema`, false)))
          if (/^[a-z_]/.test(m[1]!)) bases.set(folderOf(f.path), [...(bases.get(folderOf(f.path)) ?? []), m[1]!]);
    const declared = new Map<string, OrmTableRef[]>();
    for (const f of files) {
      const base = bases.get(folderOf(f.path));
      if (!base) continue;
      const found = entSchemas(f.path, f.text, structEmbedding(`(?:${base.join('|')})`));
      all.push(...found);
      if (found.length)
        declared.set(
          f.path,
          found.map((s) => ({ table: s.table, line: lineAt(f.text, s.index), via: 'ent', model: s.name, access: ['schema'] })),
        );
    }
    if (!all.length) return {};
    // a mixin's edges are each schema's listing it
    const mixins = new Set(all.flatMap((s) => s.mixins));
    const mixinEdges = new Map<string, EntEdge[]>();
    for (const f of files)
      if (IMPORTS_ENT.test(f.text))
        for (const name of mixins)
          if (!mixinEdges.has(name) && methodBody(f.text, name, 'Edges')) mixinEdges.set(name, edgesOf(f.path, blankComments(f.text), name));
    for (const s of all) s.edges.push(...s.mixins.flatMap((m) => mixinEdges.get(m) ?? []));
    // the folders of the generated packages, whose import makes a file's edge calls its own
    const generated = new Set(files.filter((f) => entGenerated(f.text)).map((f) => folderOf(f.path)));
    // each schema package on its own (a repository may hold several services' schemas, a `User` in each)
    const packages = new Map<string, Map<string, EntSchema>>();
    for (const s of all) packages.set(folderOf(s.path), (packages.get(folderOf(s.path)) ?? new Map<string, EntSchema>()).set(s.name, s));
    const joins = new Map<string, DeclaredJoin[]>();
    const usesOf = [...packages].map(([folder, schemas]) => {
      const relations = entRelations(schemas);
      for (const r of relations) if (r.joins.length) joins.set(r.edge.path, [...(joins.get(r.edge.path) ?? []), ...r.joins]);
      const tables = new Map([...schemas.values()].map((s) => [s.name, { table: s.table, line: 0, via: 'ent', model: s.name } as OrmTableRef]));
      return { folder, uses: entUses(tables, relations, generated) };
    });
    // a file uses the schemas of the package nearest it
    const shared = (a: string, b: string) => {
      const [x, y] = [a.split('/'), b.split('/')];
      let n = 0;
      while (n < x.length && x[n] === y[n]) n++;
      return n;
    };
    return {
      declared,
      joins,
      uses: (file, use) => usesOf.reduce((best, p) => (shared(p.folder, file.path) > shared(best.folder, file.path) ? p : best)).uses(file, use),
    };
  },
};

const folderOf = (path: string) => path.split('/').slice(0, -1).join('/');
