/**
 * @module adapters/connector/code/orm/peewee
 * Peewee (Python) through the OrmReader seam. Its models (peewee-models) are known only once the
 * project is read (a model's base may be another file's), so `project` declares them, with the joins
 * their foreign keys and many-to-many fields declare. What Python files do with them:
 * - a model's class methods: `select`, `get`, `get_or_none`, `get_by_id`, `filter`, `raw`, `User[id]`
 *   read; `create`, `insert`, `insert_many`, `insert_from`, `update`, `delete`, `replace`,
 *   `bulk_create`, `get_or_create`… write; `create_table`, `drop_table` declare; a model a query joins (`.join(Tweet)`, `.switch(Tweet)`)
 *   is read, as is each model `prefetch(query, Tweet)` names, and `create_tables([User, Tweet])` /
 *   `drop_tables` declare the schema; a model's own class method (`@classmethod def public(cls)`),
 *   or one it inherits from a base class (`BaseModel`'s, its nearest base's first), reads or writes
 *   its table as the calls its body makes on `cls` (or the class) do;
 * - `get_object_or_404(Entry, …)` (playhouse.flask_utils) reads;
 * - a row bound to a name in its function (`user = User.create(…)`, `User.get(…)`, `User(…)`,
 *   `get_object_or_404(User, …)`, a class method returning `cls.get(…)`, or a loop's
 *   `for user in User.select():`), or a parameter hinted
 *   with the model (`def rename(user: User)`), or a loop's over a collection a parameter's hint or
 *   a query gives (peewee-rows), is written where the function calls `user.save()` or
 *   `user.delete_instance()`, and its relations read (`user.tweets`, `tweet.user`) read their tables.
 */
import type { DeclaredJoin, TableAccess } from '../../../../ports/code.js';
import { callArgs, topLevelArgs } from '../text/call-reading.js';
import { lineAt } from '../text/lines.js';
import { pythonCode, pythonFunctionStart } from '../text/python-blocks.js';
import { modelsByName, type OrmReader, type OrmTableRef, type UseModel } from './orm-reader.js';
import { importsPeewee, nearest, peeweeClasses, peeweeModels, type PeeweeField, type PeeweeModel } from './peewee-models.js';
import { loopedModel, rowRelations } from './peewee-rows.js';

const VIA = 'peewee';

const READS = /^(?:select|get|get_or_none|get_by_id|filter|raw|exists|count)$/;
const WRITES =
  /^(?:create|insert|insert_many|insert_from|update|delete|replace|replace_many|bulk_create|bulk_update|get_or_create|delete_by_id|set_by_id|truncate_table)$/;
const SCHEMA = /^(?:create_table|drop_table)$/;
/** The calls giving one row, which a name may then hold. */
const ROW = /^(?:create|get|get_or_none|get_by_id)$/;

/** The model a relation field of `model` names: `'self'`, the nearest of its name to the field, else the project's only one. */
function targetOf(models: readonly PeeweeModel[], model: PeeweeModel, f: PeeweeField): PeeweeModel | undefined {
  if (f.target === 'self') return model;
  const named = models.filter((m) => m.cls.name === f.target);
  const near = nearest(
    named.map((m) => m.cls),
    model.cls.path,
    f.target ?? '',
    f.index,
  );
  return near ? named.find((m) => m.cls === near) : named.length === 1 ? named[0] : undefined;
}

/** Peewee's `_create_through_model`: `<table>_<table>_through`, a key named after each model. */
const throughTable = (model: PeeweeModel, target: PeeweeModel) => `${model.table.split('.').at(-1)}_${target.table.split('.').at(-1)}_through`;

/** The joins a model's relations declare: a foreign key to its target's key, a many-to-many field's own through table. */
function joinsOf(models: readonly PeeweeModel[]): { joins: Map<string, DeclaredJoin[]>; through: Map<string, OrmTableRef[]> } {
  const joins = new Map<string, DeclaredJoin[]>();
  const through = new Map<string, OrmTableRef[]>();
  const add = (path: string, join: DeclaredJoin) => joins.set(path, [...(joins.get(path) ?? []), join]);
  for (const model of models) {
    const { cls } = model;
    for (const f of cls.fields) {
      const target = targetOf(models, model, f);
      if (!target) continue;
      const line = lineAt(cls.text, f.index);
      if (f.kind === 'foreign') {
        const column = f.field ? target.cls.fields.find((t) => t.name === f.field)?.column : target.key;
        if (column) add(cls.path, { table: model.table, columns: [f.column], references: target.table, referencedColumns: [column], line, via: VIA });
      } else if (f.kind === 'many' && !f.through && target !== model) {
        const table = throughTable(model, target);
        through.set(cls.path, [...(through.get(cls.path) ?? []), { table, line, via: VIA, model: `${cls.name}.${f.name}`, access: ['schema'] }]);
        for (const side of [model, target])
          add(cls.path, { table, columns: [`${side.cls.name.toLowerCase()}_id`], references: side.table, referencedColumns: [side.key], line, via: VIA });
      }
    }
  }
  return { joins, through };
}

const accessOf = (method: string): TableAccess | undefined =>
  WRITES.test(method) ? 'write' : READS.test(method) ? 'read' : SCHEMA.test(method) ? 'schema' : undefined;

/** What a model's class method does: to its table, and whether it gives one row (a base's `fetch` returning `cls.get(…)`). */
interface ClassMethod {
  access: TableAccess | undefined;
  row: boolean;
}

/** What a model's class method does, by the calls its body makes on `cls` or the class: a write anywhere writes. */
function classMethodOf(name: string, body: string): ClassMethod {
  const code = pythonCode(body);
  const found = [...code.matchAll(new RegExp(String.raw`(?<![\w.])(?:cls|${name})\s*\.\s*(\w+)\s*\(`, 'g'))].map((m) => accessOf(m[1]!));
  const row = new RegExp(String.raw`\breturn\s+(?:cls|${name}|super\s*\(\s*\))\s*\.\s*(\w+)\s*\(`).exec(code)?.[1];
  return { access: found.includes('write') ? 'write' : found.includes('read') ? 'read' : undefined, row: !!row && ROW.test(row) };
}

/**
 * What a Python file does with the project's models (`model`: the ref a class name stands for;
 * `own`: what a model's own class method does, by the model's name and the method's).
 */
function peeweeUses(
  text: string,
  model: (name: string) => OrmTableRef | null | undefined,
  own: (name: string, method: string) => ClassMethod | undefined,
  relations: ReadonlyMap<string, ReadonlyMap<string, readonly OrmTableRef[]>>,
  use: UseModel,
): void {
  const relationNames = new Set([...relations.values()].flatMap((r) => [...r.keys()]));
  const code = pythonCode(text);
  for (const m of code.matchAll(/(?<![\w.])([A-Z]\w*)\s*\.\s*(\w+)\s*\(/g)) {
    const access = accessOf(m[2]!) ?? own(m[1]!, m[2]!)?.access;
    if (access) use(model(m[1]!), m.index, access);
  }
  // a query joining or switching to a model: `.join(Tweet, on=…)`
  for (const m of code.matchAll(/\.\s*(?:join|left_outer_join|switch|join_from)\s*\(\s*(?:\w+\.)*([A-Z]\w*)\s*[,)]/g)) use(model(m[1]!), m.index, 'read');
  for (const m of code.matchAll(/(?<![\w.])prefetch\s*\(/g))
    for (const name of topLevelArgs(callArgs(code, m.index + m[0].length - 1)).slice(1))
      use(model(/^(?:\w+\.)*([A-Z]\w*)$/.exec(name)?.[1] ?? ''), m.index, 'read');
  // `User[1]`
  for (const m of code.matchAll(/(?<![\w.])([A-Z]\w*)\s*\[/g)) if (model(m[1]!)) use(model(m[1]!), m.index, 'read');
  for (const m of code.matchAll(/\.\s*(?:create_tables|drop_tables)\s*\(/g))
    for (const name of callArgs(code, m.index + m[0].length - 1).matchAll(/(?<![\w.'"])([A-Z]\w*)\b/g)) use(model(name[1]!), m.index, 'schema');
  // playhouse.flask_utils' `get_object_or_404(Entry, Entry.slug == slug)`
  for (const m of code.matchAll(/(?<![\w.])get_object_or_404\s*\(\s*(?:\w+\.)*([A-Z]\w*)\s*,/g)) use(model(m[1]!), m.index, 'read');
  // a row written later in its function: `user = User.get(…)`, `for user in User.select():` … `user.save()`
  for (const m of code.matchAll(/(?<![\w.])([a-z_]\w*)\s*\.\s*(?:save|delete_instance)\s*\(/g)) {
    const held = heldModel(code, m[1]!, m.index, own);
    if (held) use(model(held), m.index, 'write');
  }
  // a row's relation read: `user.tweets`, `tweet.user`
  for (const m of code.matchAll(/(?<![\w.])([a-z_]\w*)\s*\.\s*(\w+)\b(?!\s*(?:\(|=(?!=)))/g)) {
    if (!relationNames.has(m[2]!)) continue;
    const held = heldModel(code, m[1]!, m.index, own);
    for (const ref of (held && relations.get(held)?.get(m[2]!)) || []) use(ref, m.index, 'read');
  }
}

/** The model whose row `name` holds where the function using it at `at` uses it. */
function heldModel(code: string, name: string, at: number, own: (name: string, method: string) => ClassMethod | undefined): string | undefined {
  const scope = code.slice(pythonFunctionStart(code, at), at);
  const binding = String.raw`^[ \t]*(?:${name}\s*=(?!=)\s*(?:get_object_or_404\s*\(\s*)?|for\s+${name}\s+in\s+)(?:\w+\.)*([A-Z]\w*)\s*(?:\.\s*(\w+)\s*)?([(,])`;
  const bound = [...scope.matchAll(new RegExp(binding, 'gm'))].at(-1);
  if (!bound) {
    // else a parameter hinted with the model: `def rename(user: User)`, `Optional[User]`, `"User"`, or a loop over a collection of its rows
    const hinted = new RegExp(String.raw`^[ \t]*(?:async\s+)?def\s+\w+\s*\([^)]*?(?<![\w.])${name}\s*:\s*(?:Optional\s*\[\s*)?['"]?(?:\w+\.)*([A-Z]\w*)`).exec(
      scope,
    );
    // (a comprehension's loop comes after its use, on the line)
    const lineEnd = code.indexOf('\n', at);
    const line = code.slice(at, lineEnd < 0 ? code.length : lineEnd);
    return hinted?.[1] ?? loopedModel(scope + line, name, (_model, method) => READS.test(method) && !ROW.test(method));
  }
  // a loop's rows are the query's, whatever it calls; a name is given a row by the model, a finder (the model's own too) or get_object_or_404
  const row = /^\s*for\b/.test(bound[0]) ? !bound[2] || !WRITES.test(bound[2]) : !bound[2] || ROW.test(bound[2]) || !!own(bound[1]!, bound[2])?.row;
  return row && (bound[3] === '(' || /get_object_or_404/.test(bound[0])) ? bound[1] : undefined;
}

export const peeweeReader: OrmReader = {
  via: VIA,
  languages: new Set(['python']),
  // a model's base may be another file's model: `project` declares them all
  declared: () => [],
  project(files) {
    // a project no file of which imports Peewee has no models to read
    if (!files.some((f) => importsPeewee(f.text))) return {};
    const models = peeweeModels(files.flatMap(peeweeClasses));
    const declared = new Map<string, OrmTableRef[]>();
    for (const { cls, table } of models)
      declared.set(cls.path, [...(declared.get(cls.path) ?? []), { table, line: lineAt(cls.text, cls.index), via: VIA, model: cls.name, access: ['schema'] }]);
    const { joins, through } = joinsOf(models);
    for (const [path, refs] of through) declared.set(path, [...(declared.get(path) ?? []), ...refs]);
    const byName = modelsByName([...declared.values()].flat());
    // a name two models share has no relations
    const relations = rowRelations(
      models.filter((m) => byName.get(m.cls.name)),
      (m) => ({ table: m.table, line: 0, via: VIA }),
      (m, f) => targetOf(models, m, f),
      (m, f, target) => (f.through ? (byName.get(f.through) ?? undefined) : target !== m ? { table: throughTable(m, target), line: 0, via: VIA } : undefined),
    );
    // each model's class methods' access, by the model's name (a name two models share: none)
    const methods = new Map<string, Map<string, ClassMethod> | null>();
    for (const { cls } of models)
      methods.set(
        cls.name,
        methods.has(cls.name) ? null : new Map([...cls.classMethods].map(([method, body]) => [method, classMethodOf(cls.name, body)] as const)),
      );
    return {
      declared,
      joins,
      uses(file, use) {
        if (!models.length || file.language !== 'python') return;
        peeweeUses(
          file.text,
          (name) => byName.get(name),
          (name, method) => methods.get(name)?.get(method),
          relations,
          use,
        );
      },
    };
  },
};
