/**
 * @module adapters/connector/code/orm/eloquent-uses
 * What a PHP file does with the project's Eloquent models and with Laravel's query builder:
 * - a model's static call and the calls chained on it (`Flight::where(…)->get()`), the model known
 *   by its imported name (`use App\Models\Flight;`, an alias), its namespace's or a full name: a chain
 *   holding a write (`create`, `insert`, `update`, `updateOrCreate`, `firstOrCreate`, `delete`,
 *   `destroy`, `upsert`, `increment`…) writes the model's table, else one holding a query or finder
 *   (`where…`, `find…`, `first…`, `all`, `get`, `query`, `paginate`, `count`, `with`…) reads it; a
 *   chain of neither (`Flight::observe(…)`) uses nothing;
 * - eager loads in such a chain (`with('author.roles')`, `with(['comments' => …])`, `withCount`,
 *   `whereHas`, `load`…) read each related model's table, the relation found among the model's methods;
 * - a record bound to a name, `$f = new Flight`, `$f = Flight::find(…)` (or another call giving one
 *   record) or a parameter `Flight $f`, written later in its block (`$f->save()`, `$f->update(…)`,
 *   `$f->delete()`, `$f->fill(…)->save()`…) writes the table; a relation of it queried or written
 *   (`$f->passengers()->create(…)`) reads or writes the related model's table, as does a model's own
 *   method through `$this->passengers()`;
 * - `DB::table('users')` (also after `DB::connection(…)`) names a table itself: written when its
 *   chain writes (`insert`, `update`, `upsert`, `delete`, `increment`, `decrement`, `truncate`…), else read.
 * - a model named by its morph type: `where('taggable_type', 'post')`, `whereMorphedTo('commentable', …)`,
 *   `Relation::getMorphedModel('post')`, an alias of the project's morph map or a class, reads its table.
 * A model's own file is not read for uses of its own table (it declares it).
 */
import type { TableAccess } from '../../../../ports/code.js';
import { morphOwners, morphToName } from './eloquent-joins.js';
import { lineage, type EloquentModel } from './eloquent-models.js';
import type { OrmTableRef } from './orm-reader.js';
import type { UseModel } from './orm-reader.js';
import { phpArg, phpChain, phpClasses, phpCode, phpNames, resolveClass, splitArgs, type PhpNames } from './php-classes.js';
import { blockAround, scriptBlocks, type Block } from '../text/script-blocks.js';
import { callArgs } from '../text/call-reading.js';

const WRITES = new RegExp(
  `^(?:${[
    'create|createMany|createQuietly|createOrFirst|forceCreate|forceCreateQuietly|firstOrCreate|updateOrCreate',
    'insert|insertGetId|insertOrIgnore|insertUsing|upsert|update|updateQuietly|updateOrInsert',
    'delete|deleteQuietly|forceDelete|forceDeleteQuietly|destroy|forceDestroy|truncate|restore|restoreQuietly',
    'increment|decrement|incrementEach|decrementEach|incrementQuietly|decrementQuietly|save|saveQuietly|saveMany|push|touch',
  ].join('|')})$`,
);
const READS =
  /^(?:where\w*|orWhere\w*|find\w*|first\w*|sole|all|get|query|newQuery|paginate|simplePaginate|cursorPaginate|count|sum|avg|average|max|min|exists|doesntExist|pluck|value|select\w*|with\w*|has|doesntHave|orderBy\w*|latest|oldest|chunk\w*|each\w*|lazy\w*|cursor|limit|take|skip|offset|join\w*|leftJoin\w*|groupBy|having\w*|distinct|onlyTrashed|inRandomOrder|lockForUpdate|sharedLock|on)$/;
/** The calls that give one record, which a name may then hold. */
const RECORD =
  /^(?:find|findOrFail|findOrNew|findOr|first|firstOrFail|firstOrNew|firstOr|firstWhere|sole|create|forceCreate|firstOrCreate|updateOrCreate|make)$/;
/** The eager loads and relation queries, whose first argument (or an array of them) names relations, `with` and `load` taking several. */
const EAGER =
  /^(?:with|load|loadMissing|withCount|withExists|withSum|withMin|withMax|withAvg|withWhereHas|has|orHas|whereHas|orWhereHas|doesntHave|whereDoesntHave)$/;

/** The queries on a `morphTo` whose second argument names the models it may reach: `whereHasMorph('commentable', [Post::class, 'video'], …)`. */
const MORPH_TYPES = /^(?:w|orW)here(?:Has|DoesntHave)Morph$|^(?:h|orH)asMorph$|^(?:d|orD)oesntHaveMorph$|^(?:w|orW)hereMorph(?:Doesnt)?(?:Have)?Relation$/;

const accessOf = (methods: readonly string[]) => (methods.some((m) => WRITES.test(m)) ? 'write' : methods.some((m) => READS.test(m)) ? 'read' : undefined);

/** The string literals naming relations in an eager load's arguments: `'a.b'`, `['a', 'b' => fn…]`, `'comments as n'`. */
function relationPaths(args: string, all: boolean): string[] {
  const given = splitArgs(args);
  const out: string[] = [];
  for (const arg of all ? given : given.slice(0, 1)) {
    const items = /^\[([\s\S]*)\]$/.exec(arg) ? splitArgs(arg.slice(1, -1)) : [arg];
    for (const item of items) {
      const literal = /^(['"])([\w.]+)(?::[\w,\s]*)?(?:\s+as\s+\w+)?\1/.exec(item);
      if (literal) out.push(literal[2]!);
    }
  }
  return out;
}

/** Reads a file's uses of the project's models (`refOf` the ref standing for each) and the tables its query builder names. */
export function eloquentUses(
  text: string,
  models: ReadonlyMap<string, EloquentModel>,
  refOf: (m: EloquentModel) => OrmTableRef,
  use: UseModel,
  morphMap: ReadonlyMap<string, string> = new Map(),
): void {
  if (!text.includes('::') && !/_type\b|MorphedTo/.test(text)) return;
  const code = phpCode(text);
  const names = phpNames(code);
  const own = new Set(phpClasses(code).map((c) => c.fqn));
  const modelNamed = (written: string): EloquentModel | undefined => {
    const m = models.get(resolveClass(names, written));
    return m && !m.abstract && !own.has(m.fqn) ? m : undefined;
  };
  const eager = (model: EloquentModel, method: string, open: number) => {
    if (MORPH_TYPES.test(method)) for (const reached of morphTypes(callArgs(code, open), model, models, names, morphMap)) use(refOf(reached), open, 'read');
    if (!EAGER.test(method)) return;
    for (const path of relationPaths(callArgs(code, open), /^(?:with|load|loadMissing)$/.test(method))) {
      let at: EloquentModel | undefined = model;
      for (const name of path.split('.')) {
        at = at && relationOf(at, name, models);
        if (at) use(refOf(at), open, 'read');
      }
    }
  };
  for (const m of code.matchAll(/(?<![\w\\$>])(\\?[A-Z][\w\\]*)\s*::\s*(\w+)\s*\(/g)) {
    const model = modelNamed(m[1]!);
    if (!model) continue;
    const open = m.index + m[0].length - 1;
    const chain = [{ method: m[2]!, open }, ...phpChain(code, open)];
    const access = accessOf(chain.map((c) => c.method));
    if (access) use(refOf(model), m.index, access);
    for (const c of chain) eager(model, c.method, c.open);
  }
  recordUses(code, models, modelNamed, (model, index, access) => use(refOf(model), index, access));
  morphTypeUses(code, names, models, morphMap, modelNamed, own, (model, index) => use(refOf(model), index, 'read'));
  queryBuilder(code, use);
}

/**
 * The models a morph query's types name: each `X::class`, alias of the project's morph map or class
 * string; `'*'`, every model the `morphTo` reaches (those whose `morphMany`/`morphOne` names it).
 */
function morphTypes(
  args: string,
  model: EloquentModel,
  models: ReadonlyMap<string, EloquentModel>,
  names: PhpNames,
  morphMap: ReadonlyMap<string, string>,
): EloquentModel[] {
  const [relation, types] = splitArgs(args);
  const written = !types ? [] : /^\[[\s\S]*\]$/.test(types) ? splitArgs(types.slice(1, -1)) : [types];
  const out: EloquentModel[] = [];
  for (const type of written.map((t) => phpArg(t, names))) {
    if ('other' in type && /^(['"])\*\1$/.test(type.other)) {
      const name = relation && phpArg(relation, names);
      const morphTo = lineage(model, models)
        .flatMap((m) => m.relations)
        .find((r) => r.kind === 'morphTo' && name && 'string' in name && r.method === name.string);
      const morph = morphTo && morphToName(morphTo);
      if (morph) out.push(...morphOwners(model, morph, models));
      continue;
    }
    const found = morphTypeModel(type, models, morphMap);
    if (found) out.push(found);
  }
  return out;
}

/** The model a morph type names: `X::class`, an alias of the project's morph map, or a class's name as a string. */
function morphTypeModel(
  type: ReturnType<typeof phpArg>,
  models: ReadonlyMap<string, EloquentModel>,
  morphMap: ReadonlyMap<string, string>,
): EloquentModel | undefined {
  const fqn = 'class' in type ? type.class : 'string' in type ? (morphMap.get(type.string) ?? type.string.replace(/^\\/, '')) : undefined;
  const found = fqn ? models.get(fqn) : undefined;
  return found && !found.abstract ? found : undefined;
}

/**
 * The models a file names by their morph type, each read where it is named: a `where('taggable_type',
 * 'post')` (`orWhere`, `whereNot`, with an operator, or `whereIn('…_type', [...])`) on any query,
 * `whereMorphedTo('commentable', Post::class)` (or a record of a model: a parameter `Post $post`, `$post
 * = new Post`/`Post::find(…)`), and `Relation::getMorphedModel('post')`; a type is an alias of the
 * project's morph map, `X::class` or a class's name. The models `own` (the file's own) are left out.
 */
function morphTypeUses(
  code: string,
  names: PhpNames,
  models: ReadonlyMap<string, EloquentModel>,
  morphMap: ReadonlyMap<string, string>,
  modelNamed: (written: string) => EloquentModel | undefined,
  own: ReadonlySet<string>,
  use: (model: EloquentModel, index: number) => void,
): void {
  if (!/_type\b|MorphedTo|getMorphedModel/.test(code)) return;
  const named = (written: string | undefined, index: number) => {
    const found = written ? morphTypeModel(phpArg(written, names), models, morphMap) : undefined;
    if (found && !own.has(found.fqn)) use(found, index);
  };
  for (const m of code.matchAll(/(?:->|::)\s*(?:orW|w)here(Not)?(In)?\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const [column, ...rest] = splitArgs(callArgs(code, open));
    if (!column || !/^(['"])(?:\w+\.)?\w+_type\1$/.test(column)) continue;
    const value = rest.length === 2 ? rest[1] : rest[0];
    const values = m[2] ? (/^\[([\s\S]*)\]$/.exec(value ?? '') ? splitArgs(value!.slice(1, -1)) : []) : [value];
    for (const v of values) named(v, m.index);
  }
  for (const m of code.matchAll(/(?:->|::)\s*(?:orW|w)here(?:Not)?MorphedTo\s*\(/g)) {
    const value = splitArgs(callArgs(code, m.index + m[0].length - 1))[1];
    const variable = value && /^\$(\w+)$/.exec(value)?.[1];
    if (!variable) named(value, m.index);
    else {
      // a record: the class of the parameter or of what it was assigned
      const typed = new RegExp(
        String.raw`(?:\b(\\?[A-Z][\w\\]*)\s+\$${variable}\b|\$${variable}\s*=\s*(?:new\s+(\\?[A-Z][\w\\]*)|(\\?[A-Z][\w\\]*)\s*::))`,
      ).exec(code.slice(0, m.index));
      const found = typed && modelNamed((typed[1] ?? typed[2] ?? typed[3])!);
      if (found) use(found, m.index);
    }
  }
  for (const m of code.matchAll(/(?<![\w$>])\\?(?:[\w\\]*\\)?Relation\s*::\s*getMorphedModel\s*\(/g))
    named(splitArgs(callArgs(code, m.index + m[0].length - 1))[0], m.index);
}

/** The relation `method` of a model (its own, or an ancestor's), by the name of the method declaring it. */
function relationOf(model: EloquentModel, method: string, models: ReadonlyMap<string, EloquentModel>): EloquentModel | undefined {
  const relation = lineage(model, models)
    .flatMap((m) => m.relations)
    .find((r) => r.method === method);
  const related = relation?.related ? models.get(relation.related) : undefined;
  return related && !related.abstract ? related : undefined;
}

/**
 * The records the file binds to a name, and what is done later in the block (a parameter's: in its
 * function's body) to each or through its relations: `$f = new Flight; … $f->save()` writes flights,
 * `$f = Flight::find($id); $f->passengers()->create(…)` writes passengers.
 */
function recordUses(
  code: string,
  models: ReadonlyMap<string, EloquentModel>,
  modelNamed: (written: string) => EloquentModel | undefined,
  used: (m: EloquentModel, index: number, access: TableAccess) => void,
): void {
  const blocks = scriptBlocks(code);
  const bound: Array<{ name: string; model: EloquentModel; scope: Block; relationsOnly?: boolean }> = [];
  for (const m of code.matchAll(/\$(\w+)\s*=\s*(?:new\s+(\\?[A-Z][\w\\]*)|(\\?[A-Z][\w\\]*)\s*::\s*(\w+)\s*\()/g)) {
    const model = modelNamed(m[2] ?? m[3]!);
    if (!model) continue;
    if (m[3]) {
      const open = m.index + m[0].length - 1;
      const last = [m[4]!, ...phpChain(code, open).map((c) => c.method)].at(-1)!;
      if (!RECORD.test(last)) continue;
    }
    bound.push({ name: m[1]!, model, scope: { start: m.index, end: blockAround(blocks, m.index, code.length).end } });
  }
  for (const m of code.matchAll(/[(,]\s*\??(\\?[A-Z][\w\\]*)\s+\$(\w+)/g)) {
    const model = modelNamed(m[1]!);
    const body = model && blocks.filter((b) => b.start > m.index).reduce<Block | undefined>((a, b) => (!a || b.start < a.start ? b : a), undefined);
    if (model && body && !code.slice(m.index, body.start).includes(';')) bound.push({ name: m[2]!, model, scope: body });
  }
  // a model's own methods reach its relations as `$this->author()`
  for (const c of phpClasses(code)) {
    const model = models.get(c.fqn);
    if (model) bound.push({ name: 'this', model, scope: c.body, relationsOnly: true });
  }
  for (const { name, model, scope, relationsOnly } of bound)
    for (const m of code.slice(scope.start, scope.end).matchAll(new RegExp(String.raw`\$${name}\s*\??->\s*(\w+)\s*\(`, 'g'))) {
      const at = scope.start + m.index;
      const chain = phpChain(code, at + m[0].length - 1).map((c) => c.method);
      const related = relationOf(model, m[1]!, models);
      const access = related
        ? accessOf(chain)
        : relationsOnly
          ? undefined
          : WRITES.test(m[1]!) || (/^(?:fill|forceFill)$/.test(m[1]!) && accessOf(chain) === 'write')
            ? 'write'
            : undefined;
      if (access) used(related ?? model, at, access);
    }
}

const BUILDER_WRITES = /^(?:insert\w*|upsert|update\w*|delete|truncate|increment\w*|decrement\w*)$/;

/** `DB::table('users')->…`: the table, read or written by its chain's calls. */
function queryBuilder(code: string, use: UseModel): void {
  if (!/\bDB\s*::/.test(code)) return;
  const table = /(?<![\w\\$>])\\?DB\s*::\s*(?:connection\s*\([^()]*\)\s*->\s*)?table\s*\(/g;
  for (const m of code.matchAll(table)) {
    const open = m.index + m[0].length - 1;
    const name = /^\s*(['"])([\w.]+)(?:\s+as\s+\w+)?\1\s*$/.exec(callArgs(code, open))?.[2];
    if (!name) continue;
    const chain = phpChain(code, open).map((c) => c.method);
    const ref: OrmTableRef = { table: name, line: 0, via: 'laravel' };
    use(ref, m.index, chain.some((c) => BUILDER_WRITES.test(c)) ? 'write' : 'read');
  }
}
