/**
 * @module adapters/connector/code/orm/objection
 * Objection.js, the ORM over Knex. A model is a class that says its table, `static tableName =
 * 'persons'` (or `static get tableName() { return 'persons' }`), in a project that imports
 * `objection`. Its `relationMappings` write each join out whole (`join: { from: 'persons.id', to:
 * 'animals.ownerId' }`, a many-to-many's `through`), which are its declared joins: the side holding
 * the key is the `from` of a `BelongsToOneRelation`, the `to` of a `HasMany`/`HasOneRelation`, and
 * the link table of a `ManyToMany`/`HasOneThroughRelation`. Other files reach the tables by
 * `Person.query()…` (a write anywhere in the chain, or later on the name it is bound to, writes), a
 * row's `$query()` (`person.$query().patch(…)`: the model the row was bound to, typed as, or named after),
 * `Person.relatedQuery('pets')…` and a row's `$relatedQuery('pets')` (the relation of the row's model,
 * `new Person()` or a bound row, else of the one model with a relation of that name: its model; across
 * a many-to-many its link rows too, and only them for `relate`/`unrelate`), and the relations a graph
 * expression names (`withGraphFetched('[pets, movies.actors]')`, `withGraphJoined`, `allowGraph`).
 * Two models of one name are told apart by the file that uses them (objection-index.ts), and a
 * `modelClass` given as a path by the file it names (a bare path, `'Animal'`, in the folders the model's
 * `modelPaths` lists: objection-model-paths.ts).
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { callArgs, chainAfter, escapeName, laterCalls, NAME_STRING, topLevelArgs } from '../text/call-reading.js';
import { lineAt } from '../text/lines.js';
import { blankComments } from '../text/script-blocks.js';
import { closingBracket } from '../text/brackets.js';
import type { OrmReader, OrmTableRef, ProjectFile, UseModel } from './orm-reader.js';
import { modelIndex, type ModelIndex } from './objection-index.js';
import { objectionModelPaths } from './objection-model-paths.js';

const SCRIPT = new Set(['typescript', 'javascript']);

type RelationKind = 'BelongsToOneRelation' | 'HasManyRelation' | 'HasOneRelation' | 'ManyToManyRelation' | 'HasOneThroughRelation';

interface Relation {
  name: string;
  kind: RelationKind;
  /** The related model's class name. */
  target: string | undefined;
  /** The module `modelClass` names by its path (`path.join(__dirname, 'Person')`, `require('./Person')`, `'Person'`), relative to the declaring file. */
  module: string | undefined;
  /** A `modelClass` given as a bare path (`'Person'`), which the model's `modelPaths` folders are searched for. */
  searched: string | undefined;
  /** The related model, once the project's models are read. */
  model?: ObjectionModel | undefined;
  from: Column[];
  to: Column[];
  through?: { from: Column[]; to: Column[] };
  index: number;
}

interface Column {
  table: string;
  column: string;
}

interface ObjectionModel {
  name: string;
  /** The class it extends, as written (`BaseModel`). */
  base: string | undefined;
  table: string;
  path: string;
  text: string;
  index: number;
  relations: Relation[];
}

/** `static tableName = 'persons'`, `static tableName: string = …`, `static get tableName() { return 'persons' }`. */
const TABLE_NAME = new RegExp(
  String.raw`\bstatic\s+(?:readonly\s+)?(?:tableName\s*(?::\s*string\s*)?=\s*${NAME_STRING}|get\s+tableName\s*\(\s*\)\s*(?::\s*string\s*)?\{\s*return\s+${NAME_STRING})`,
);
const CLASS = /\bclass\s+([A-Z][\w$]*)\s+extends\s+([\w$.]+)/g;

/** The text from the `{` at `open` to its `}`; the rest of the text when it is not closed. */
function braced(text: string, open: number): string {
  const close = closingBracket(text, open);
  return close < 0 ? text.slice(open) : text.slice(open, close + 1);
}

/** `'persons.id'` or `['persons.a', 'persons.b']`: the columns, each with its table (`schema.table` when written so). */
function columnsOf(value: string | undefined): Column[] {
  return [...(value ?? '').matchAll(/['"`]([\w$.]+)\.([\w$]+)['"`]/g)].map((m) => ({ table: m[1]!, column: m[2]! }));
}

/** An object literal's property (its value as written, to its end), or undefined. */
function property(object: string, name: string): string | undefined {
  const body = object.replace(/^\s*\{/, '').replace(/\}\s*$/, '');
  for (const part of topLevelArgs(body)) {
    const m = new RegExp(String.raw`^['"]?${name}['"]?\s*:\s*([\s\S]*)$`).exec(part);
    if (m) return m[1]!.trim();
  }
  return undefined;
}

/**
 * The module a `modelClass` names by its path, relative to the declaring file: `require('./Animal')`,
 * `path.join(__dirname, 'Animal')`, `` `${__dirname}/Animal` ``, `__dirname + '/Animal'`, `'Animal'`.
 */
function modulePath(modelClass: string): string | undefined {
  const given =
    /^require\s*\(\s*['"]([^'"]+)['"]\s*\)/.exec(modelClass)?.[1] ??
    /^(?:path\s*\.\s*)?(?:join|resolve)\s*\(\s*__dirname\s*,\s*['"]([^'"]+)['"]\s*\)/.exec(modelClass)?.[1] ??
    /^[`'"]?(?:\$\{\s*__dirname\s*\}|__dirname\s*\+\s*['"])\/([^'"`]+)['"`]/.exec(modelClass)?.[1] ??
    /^['"]([\w$./-]+)['"]$/.exec(modelClass)?.[1];
  return given && (given.startsWith('.') ? given : `./${given}`);
}

/** The relations of a class body's `relationMappings`. */
function relationsOf(body: string, offset: number): Relation[] {
  const at = /\brelationMappings\b/.exec(body);
  if (!at) return [];
  const out: Relation[] = [];
  for (const m of body.slice(at.index).matchAll(/([\w$]+|'[\w$]+'|"[\w$]+")\s*:\s*\{\s*relation\s*:\s*(?:[\w$]+\.)?(\w+Relation)\b/g)) {
    const open = at.index + m.index + m[0].indexOf('{');
    const object = braced(body, open);
    const join = property(object, 'join') ?? '';
    const through = property(join, 'through');
    const modelClass = property(object, 'modelClass') ?? '';
    const module = modulePath(modelClass);
    // `Animal`, `() => Animal`, else the file a path names (`require('./Animal')`, `'Animal'`, in the folder `modelPaths` names, most often the model's own)
    const target =
      /^(?:\(\s*\)\s*=>\s*)?([A-Z][\w$]*)\b(?!\s*\()/.exec(modelClass)?.[1] ??
      module
        ?.split('/')
        .at(-1)!
        .replace(/\.[cm]?[jt]s$/, '');
    out.push({
      name: m[1]!.replace(/['"]/g, ''),
      kind: m[2] as RelationKind,
      target,
      module,
      searched: /^['"]([\w$./-]+)['"]$/.exec(modelClass)?.[1],
      from: columnsOf(property(join, 'from')),
      to: columnsOf(property(join, 'to')),
      ...(through ? { through: { from: columnsOf(property(through, 'from')), to: columnsOf(property(through, 'to')) } } : {}),
      index: offset + open,
    });
  }
  return out;
}

function modelsOf(file: ProjectFile): ObjectionModel[] {
  if (!SCRIPT.has(file.language) || !file.text.includes('tableName')) return [];
  const text = blankComments(file.text);
  const out: ObjectionModel[] = [];
  for (const m of text.matchAll(CLASS)) {
    const open = text.indexOf('{', m.index + m[0].length);
    if (open < 0) continue;
    const body = braced(text, open);
    const table = TABLE_NAME.exec(body);
    const name = table?.[1] ?? table?.[2];
    if (name) out.push({ name: m[1]!, base: m[2], table: name, path: file.path, text, index: m.index, relations: relationsOf(body, open) });
  }
  return out;
}

/** The joins a relation writes out, the key's side first. */
function relationJoins(r: Relation): Array<{ table: string; columns: string[]; references: string; referencedColumns: string[] }> {
  const pair = (keys: Column[], referenced: Column[]) =>
    keys.length && keys.length === referenced.length
      ? [{ table: keys[0]!.table, columns: keys.map((k) => k.column), references: referenced[0]!.table, referencedColumns: referenced.map((c) => c.column) }]
      : [];
  switch (r.kind) {
    case 'BelongsToOneRelation':
      return pair(r.from, r.to);
    case 'HasManyRelation':
    case 'HasOneRelation':
      return pair(r.to, r.from);
    default:
      return r.through ? [...pair(r.through.from, r.from), ...pair(r.through.to, r.to)] : [];
  }
}

/** The link table a relation goes through, when it has one. */
const linkTable = (r: Relation | undefined) => r?.through?.from[0]?.table;

/** What a query's calls do: a write anywhere writes, else it reads. */
const WRITES =
  /^(?:insert|insertAndFetch|insertGraph|insertGraphAndFetch|upsertGraph|upsertGraphAndFetch|patch|patchAndFetch|patchAndFetchById|update|updateAndFetch|updateAndFetchById|delete|deleteById|relate|unrelate|increment|decrement|truncate)$/;
/** A graph expression written as a string: `'[pets, movies.actors]'`. */
const GRAPH_EXPRESSION = /^\s*['"`]([^'"`]+)['"`]/;
const GRAPHS = /^(?:withGraphFetched|withGraphJoined|allowGraph|eager|joinEager|allowEager)$/;

/** The relation paths of a graph expression: `'[pets, movies.[actors, reviews]]'` gives pets, movies.actors, movies.reviews. */
export function graphPaths(expression: string): string[][] {
  let at = 0;
  const text = expression.replace(/\s+/g, '');
  const list = (): string[][] => {
    const out: string[][] = [];
    do {
      at++;
      out.push(...path());
    } while (text[at] === ',');
    if (text[at] === ']') at++;
    return out;
  };
  const path = (): string[][] => {
    if (text[at] === '[') return list();
    const name = /^[\w$]+/.exec(text.slice(at))?.[0];
    if (!name) return [];
    at += name.length;
    // `pets(onlyDogs)`, `children.^`: modifiers and recursion name no further relation
    if (text[at] === '(') at = text.indexOf(')', at) + 1 || text.length;
    if (text[at] !== '.') return [[name]];
    at++;
    const rest = path();
    return rest.length ? rest.map((p) => [name, ...p]) : [[name]];
  };
  return text.startsWith('[') ? list() : path();
}

/** Each relation name with the models that have a relation of that name, and the relation. */
type RelationsByName = ReadonlyMap<string, ReadonlyArray<{ model: ObjectionModel; relation: Relation }>>;

/**
 * The model a row's name holds at `at`: the last `const person = await Person.query()…`,
 * `new Person()`, `Person.fromJson(…)` or `person: Person` before it; else the model it is named
 * after (`person`, `Person`).
 */
function rowModel(text: string, name: string, at: number, resolve: (model: string) => ObjectionModel | undefined): ObjectionModel | undefined {
  const n = escapeName(name);
  const bound = new RegExp(
    String.raw`(?:\b(?:const|let|var)\s+${n}\s*(?::[^=;]*)?=\s*(?:await\s+)?(?:new\s+)?([A-Z][\w$]*)\s*[.(]|(?<![\w$.])${n}\s*[!?]?\s*:\s*([A-Z][\w$]*))`,
    'g',
  );
  const last = [...text.slice(0, at).matchAll(bound)].at(-1);
  const model = last?.[1] ?? last?.[2];
  if (model) return resolve(model);
  return resolve(name[0]!.toUpperCase() + name.slice(1));
}

/**
 * The model of the row a call at `at` is made on: one built there (`new Person().`, `(new Person()).`),
 * `this` in a model's method, else a name's (`rowModel`).
 */
function receiverModel(
  text: string,
  at: number,
  resolve: (model: string) => ObjectionModel | undefined,
  enclosing: (at: number) => ObjectionModel | undefined,
): ObjectionModel | undefined {
  const before = text.slice(Math.max(0, at - 300), at);
  const built = /\bnew\s+([A-Z][\w$]*)\s*\((?:[^()]|\([^()]*\))*\)\s*\)?\s*$/.exec(before)?.[1];
  if (built) return resolve(built);
  const name = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*[!?]?\s*$/.exec(before)?.[1];
  if (name === 'this') return enclosing(at);
  return name ? rowModel(text, name, at, resolve) : undefined;
}

/** Of the owners of a relation the file reaches, those of the model it declares last before `at` when it declares two of one name. */
function nearest<O extends { model: ObjectionModel }>(owners: readonly O[], at: number): readonly O[] {
  if (owners.length < 2 || new Set(owners.map((o) => o.model.path)).size > 1) return owners;
  const before = owners.filter((o) => o.model.index < at).sort((a, b) => a.model.index - b.model.index);
  return before.length ? [before.at(-1)!] : owners;
}

function objectionUses(
  file: ProjectFile,
  models: ModelIndex<ObjectionModel>,
  relationNamed: RelationsByName,
  refOf: (m: ObjectionModel) => OrmTableRef,
  use: UseModel,
  own: readonly ObjectionModel[],
): void {
  const text = blankComments(file.text);
  const enclosingModel = (at: number) => own.filter((m) => m.index < at).at(-1);
  const linkRef = (m: ObjectionModel, table: string): OrmTableRef => ({ table, line: 0, via: 'objection', model: `${m.name}.${table}` });
  const reach = (from: ObjectionModel | undefined, relation: Relation | undefined, at: number, methods: readonly string[]) => {
    const write = methods.some((x) => WRITES.test(x));
    const linkOnly = methods.some((x) => x === 'relate' || x === 'unrelate');
    const target = relation?.model;
    if (target && !linkOnly) use(refOf(target), at, write ? 'write' : 'read');
    const link = linkTable(relation);
    if (from && link) use(linkRef(from, link), at, write ? 'write' : 'read');
  };
  // graphs read the relations they name, each step from the model before it
  const graphs = (model: ObjectionModel, calls: ReadonlyArray<{ method: string; open: number }>) => {
    // the relations `allowGraph` lets an `insertGraph` or `upsertGraph` write
    const written = calls.some((x) => /^(?:insert|upsert)Graph/.test(x.method));
    for (const c of calls.filter((x) => GRAPHS.test(x.method))) {
      const expression = GRAPH_EXPRESSION.exec(callArgs(text, c.open))?.[1];
      for (const steps of expression ? graphPaths(expression) : []) {
        let from: ObjectionModel | undefined = model;
        for (const step of steps) {
          const relation: Relation | undefined = from?.relations.find((r) => r.name === step);
          if (!relation) break;
          reach(from, relation, c.open, written && c.method === 'allowGraph' ? ['insertGraph'] : []);
          from = relation.model;
        }
      }
    }
  };
  const names = models.names.map(escapeName).join('|');
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\w$.])(${names})\s*\.\s*(query|relatedQuery)\s*\(`, 'g'))) {
    const model = models.resolve(file, m[1]!, m.index);
    if (!model) continue;
    const open = m.index + m[0].length - 1;
    const chain = chainAfter(text, open);
    const end = chain.at(-1)?.open ?? open;
    const methods = [...chain.map((c) => c.method), ...laterCalls(text, m.index, end)];
    if (m[2] === 'query') use(refOf(model), m.index, methods.some((x) => WRITES.test(x)) ? 'write' : 'read');
    else {
      const name = new RegExp(`^\\s*${NAME_STRING}`).exec(callArgs(text, open))?.[1];
      reach(
        model,
        model.relations.find((r) => r.name === name),
        m.index,
        methods,
      );
    }
    graphs(model, chain);
  }
  // a row's own query (`person.$query().patch(…)`): the model it was bound to, declared as, or named after; `this` in a model's own method is that model
  for (const m of text.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*[!?]?\.\s*\$query\s*\(/g)) {
    const model = receiverModel(text, m.index + m[0].indexOf('.'), (name) => models.resolve(file, name, m.index), enclosingModel);
    if (!model) continue;
    const open = m.index + m[0].length - 1;
    use(refOf(model), m.index, chainAfter(text, open).some((c) => WRITES.test(c.method)) ? 'write' : 'read');
  }
  // a row's own queries: the relation of the row's model (built there, `new Person()`, or as `$query` finds it), else of the one model that has a relation of that name (of those the file declares or imports, when two)
  for (const m of text.matchAll(new RegExp(String.raw`\.\s*\$relatedQuery\s*\(\s*${NAME_STRING}`, 'g'))) {
    const row = receiverModel(text, m.index, (name) => models.resolve(file, name, m.index), enclosingModel);
    const relation = row?.relations.find((r) => r.name === m[1]);
    const named = relation ? [{ model: row!, relation }] : (relationNamed.get(m[1]!) ?? []);
    const owners =
      named.length > 1
        ? nearest(
            named.filter((o) => models.near(file, o.model)),
            m.index,
          )
        : named;
    if (owners.length !== 1) continue;
    const open = m.index + m[0].indexOf('(');
    reach(
      owners[0]!.model,
      owners[0]!.relation,
      m.index,
      chainAfter(text, open).map((c) => c.method),
    );
  }
}

export const objectionReader: OrmReader = {
  via: 'objection',
  languages: SCRIPT,
  declared(file) {
    const models = modelsOf(file);
    if (!models.length) return [];
    const links = models.flatMap((m) =>
      m.relations.flatMap((r) => {
        const link = linkTable(r);
        return link ? [{ table: link, line: lineAt(m.text, r.index), via: 'objection', access: ['schema' as const] }] : [];
      }),
    );
    return [
      ...models.map((m): OrmTableRef => ({ table: m.table, line: lineAt(m.text, m.index), via: 'objection', model: m.name, access: ['schema'] })),
      ...links,
    ];
  },
  project(files) {
    const all = files.flatMap(modelsOf);
    if (!all.length) return {};
    const models = modelIndex(all, new Set(files.map((f) => f.path)));
    const modelPaths = objectionModelPaths(
      files.filter((f) => /\b(?:modelPaths|tableName)\b/.test(f.text)).map((f) => ({ path: f.path, text: blankComments(f.text) })),
    );
    // each relation's model: a bare path's in the model's `modelPaths` folders, else by the path `modelClass` gives, else by its name where the relation is declared
    for (const m of all) {
      const folders = m.relations.some((r) => r.searched) ? (modelPaths.foldersOf(m) ?? []) : [];
      for (const r of m.relations)
        r.model =
          (r.searched ? folders.map((folder) => models.inFolder(folder, r.searched!, r.target)).find(Boolean) : undefined) ??
          (r.module ? models.inModule(m.path, r.module, r.target) : r.target ? models.resolve({ path: m.path, text: m.text }, r.target) : undefined);
    }
    const refs = new Map(all.map((m) => [m, { table: m.table, line: 0, via: 'objection', model: m.name } as OrmTableRef]));
    const relationNamed = new Map<string, Array<{ model: ObjectionModel; relation: Relation }>>();
    for (const m of all) for (const r of m.relations) relationNamed.set(r.name, [...(relationNamed.get(r.name) ?? []), { model: m, relation: r }]);
    const joins = new Map<string, DeclaredJoin[]>();
    for (const m of all) {
      const seen = new Set<string>();
      for (const r of m.relations)
        for (const j of relationJoins(r)) {
          const key = `${j.table}(${j.columns})>${j.references}(${j.referencedColumns})`;
          if (seen.has(key)) continue;
          seen.add(key);
          joins.set(m.path, [...(joins.get(m.path) ?? []), { ...j, line: lineAt(m.text, r.index), via: 'objection' }]);
        }
    }
    return {
      joins,
      uses(file, use) {
        if (SCRIPT.has(file.language))
          objectionUses(
            file,
            models,
            relationNamed,
            (m) => refs.get(m)!,
            use,
            all.filter((m) => m.path === file.path),
          );
      },
    };
  },
};
