/**
 * @module adapters/connector/code/orm/eloquent-models
 * Laravel's Eloquent models as their classes declare them: a class extending `Model` (also
 * `Authenticatable`, Laravel's `User`, `Pivot`, `MorphPivot` and the global alias `Eloquent`), or a
 * class of the project extending one, at any depth. Its table is its `$table` or the name its
 * `#[Table(…)]` attribute gives (or an ancestor's), else Laravel's default (eloquent-naming); its key its
 * `$primaryKey` or the attribute's `key` (or an ancestor's), else `id`;
 * its relations the `$this->belongsTo(…)`, `hasOne`, `hasMany`, `belongsToMany`, `morphTo`, `morphOne`,
 * `morphMany`, `morphToMany`, `morphedByMany`, `hasOneThrough` and `hasManyThrough` calls of its
 * methods and of the traits it `use`s (and the traits they use), each with its arguments and the
 * file it is written in. An abstract class maps no table of its own, nor does a base class
 * named `Model` or `BaseModel` without a `$table`.
 */
import { defaultTable } from './eloquent-naming.js';
import type { ProjectFile } from './orm-reader.js';
import { fromTraits, phpArg, phpCallArgs, phpClasses, phpCode, phpNames, splitArgs, type PhpArg, type PhpClass, type PhpNames } from './php-classes.js';
import { callArgs } from '../text/call-reading.js';
import { oncePerFile } from '../text/scan-memo.js';

/** The classes a model may extend directly, by full name: pivots' tables are named in the singular. */
const BASES: ReadonlyMap<string, 'model' | 'pivot'> = new Map([
  ['Illuminate\\Database\\Eloquent\\Model', 'model'],
  ['Illuminate\\Foundation\\Auth\\User', 'model'],
  ['Eloquent', 'model'],
  ['Illuminate\\Database\\Eloquent\\Relations\\Pivot', 'pivot'],
  ['Illuminate\\Database\\Eloquent\\Relations\\MorphPivot', 'pivot'],
]);

export type RelationKind =
  | 'belongsTo'
  | 'hasOne'
  | 'hasMany'
  | 'belongsToMany'
  | 'morphTo'
  | 'morphOne'
  | 'morphMany'
  | 'morphToMany'
  | 'morphedByMany'
  | 'hasOneThrough'
  | 'hasManyThrough';

/** Each relation method's parameters, by which its positional arguments are named. */
export const RELATION_PARAMS: Record<RelationKind, readonly string[]> = {
  belongsTo: ['related', 'foreignKey', 'ownerKey', 'relation'],
  hasOne: ['related', 'foreignKey', 'localKey'],
  hasMany: ['related', 'foreignKey', 'localKey'],
  belongsToMany: ['related', 'table', 'foreignPivotKey', 'relatedPivotKey', 'parentKey', 'relatedKey', 'relation'],
  morphTo: ['name', 'type', 'id', 'ownerKey'],
  morphOne: ['related', 'name', 'type', 'id', 'localKey'],
  morphMany: ['related', 'name', 'type', 'id', 'localKey'],
  morphToMany: ['related', 'name', 'table', 'foreignPivotKey', 'relatedPivotKey', 'parentKey', 'relatedKey', 'relation', 'inverse'],
  morphedByMany: ['related', 'name', 'table', 'foreignPivotKey', 'relatedPivotKey', 'parentKey', 'relatedKey', 'relation'],
  hasOneThrough: ['related', 'through', 'firstKey', 'secondKey', 'localKey', 'secondLocalKey'],
  hasManyThrough: ['related', 'through', 'firstKey', 'secondKey', 'localKey', 'secondLocalKey'],
};

export interface EloquentRelation {
  kind: RelationKind;
  /** The model method declaring it (`author` of `function author() { return $this->belongsTo(User::class); }`). */
  method: string;
  args: ReadonlyMap<string, PhpArg>;
  /** The related model's full name, when the code gives it as `X::class` or a string. */
  related: string | undefined;
  index: number;
  /** The file it is written in (a trait's, for a relation a model takes from one), its text with comments blanked. */
  path: string;
  code: string;
}

/** A class as its file declares it, before the project tells whether it is a model. */
export interface EloquentClass extends PhpClass {
  table: string | undefined;
  primaryKey: string | undefined;
  relations: EloquentRelation[];
  path: string;
  /** The file's text, comments blanked. */
  code: string;
  names: PhpNames;
}

export interface EloquentModel extends EloquentClass {
  /** Its table (`$table`, an ancestor's, else Laravel's default); an abstract model's too, for its subclasses. */
  mapped: string;
  key: string;
  /** Whether it extends one of Laravel's bases itself (then its own file declares it). */
  direct: boolean;
  pivot: boolean;
}

const property = (body: string, name: string) =>
  new RegExp(String.raw`\b(?:public|protected|private|var)\s+(?:static\s+)?(?:\??string\s+)?\$${name}\s*=\s*(['"])([\w.]+)\1`).exec(body)?.[2];

const RELATION =
  /\$this\s*->\s*(belongsTo|hasOne|hasMany|belongsToMany|morphTo|morphOne|morphMany|morphToMany|morphedByMany|hasOneThrough|hasManyThrough)\s*\(/g;

/** The related model's full name: `X::class`, a class string, or the declaring class itself (`self::class`, `static::class`, `__CLASS__`). */
function relatedClass(arg: PhpArg | undefined, own: PhpClass): string | undefined {
  if (!arg) return undefined;
  if ('other' in arg) return /^(?:(?:self|static)\s*::\s*class|__CLASS__)$/.test(arg.other) ? own.fqn : undefined;
  if ('class' in arg) return arg.class;
  return 'string' in arg && /^[A-Z\\]/.test(arg.string) ? arg.string.replace(/^\\/, '') : undefined;
}

/** The name and key a class's `#[Table('flights', key: 'flight_id')]` attribute (Laravel 12's) gives. */
function tableAttribute(code: string, c: PhpClass, names: PhpNames): { name?: string | undefined; key?: string | undefined } {
  const before = code.slice(0, c.index);
  const head = before.slice(Math.max(before.lastIndexOf(';'), before.lastIndexOf('}')) + 1);
  const attribute = /#\[\s*(?:\\?[\w\\]*\\)?Table\s*\(/.exec(head);
  if (!attribute) return {};
  const open = c.index - head.length + attribute.index + attribute[0].length - 1;
  const args = phpCallArgs(code, open, names, ['name', 'key']);
  const value = (name: string) => {
    const arg = args.get(name);
    return arg && 'string' in arg ? arg.string : undefined;
  };
  return { name: value('name'), key: value('key') };
}

/** The classes a PHP file declares, with what an Eloquent model would read from each (read once per file while a scan is remembered: its reader's `declared` and `project` both ask). */
export const eloquentClasses = oncePerFile(({ path, text }: Pick<ProjectFile, 'path' | 'text'>): readonly EloquentClass[] => {
  if (!/\bclass\b/.test(text)) return [];
  const code = phpCode(text);
  const names = phpNames(code);
  return phpClasses(code).map((c) => {
    const body = code.slice(c.body.start, c.body.end);
    const relations: EloquentRelation[] = [];
    for (const m of body.matchAll(RELATION)) {
      const method = [...body.slice(0, m.index).matchAll(/\bfunction\s+(\w+)\s*\(/g)].at(-1)?.[1];
      if (!method) continue;
      const kind = m[1] as RelationKind;
      const open = c.body.start + m.index + m[0].length - 1;
      const args = phpCallArgs(code, open, names, RELATION_PARAMS[kind]);
      relations.push({ kind, method, args, related: relatedClass(args.get('related'), c), index: c.body.start + m.index, path, code });
    }
    const table = tableAttribute(code, c, names);
    return { ...c, table: property(body, 'table') ?? table.name, primaryKey: property(body, 'primaryKey') ?? table.key, relations, path, code, names };
  });
});

/** A project's own base class for its models (`class Model extends EloquentModel`), without a table: none of its own. */
const isBase = (c: EloquentClass) => c.abstract || (!c.table && /^(?:Base)?Model$/.test(c.name));

/** The file's models that extend one of Laravel's bases directly (what one file tells on its own). */
export function directModels(classes: readonly EloquentClass[]): EloquentModel[] {
  return classes.flatMap((c) => {
    const base = c.parent && BASES.get(c.parent);
    const pivot = base === 'pivot';
    return base ? [{ ...c, abstract: isBase(c), mapped: c.table ?? defaultTable(c.name, pivot), key: c.primaryKey ?? 'id', direct: true, pivot }] : [];
  });
}

/** The project's models by full name (a name two files declare stands for none: left out), abstract ones with them. */
export function projectModels(classes: readonly EloquentClass[]): Map<string, EloquentModel> {
  const byName = new Map<string, EloquentClass | null>();
  for (const c of classes) byName.set(c.fqn, byName.has(c.fqn) ? null : c);
  // the relations of the traits a class uses, and of the traits those use
  const traitRelations = (c: EloquentClass) => fromTraits(c, byName, (t) => t.relations);
  const out = new Map<string, EloquentModel>();
  const read = (fqn: string, seen: Set<string>): EloquentModel | undefined => {
    const known = out.get(fqn);
    if (known) return known;
    const c = byName.get(fqn);
    if (!c?.parent || seen.has(fqn)) return undefined;
    seen.add(fqn);
    const base = BASES.get(c.parent);
    const parent = base ? undefined : read(c.parent, seen);
    if (!base && !parent) return undefined;
    const pivot = base === 'pivot' || !!parent?.pivot;
    const model: EloquentModel = {
      ...c,
      abstract: isBase(c),
      mapped: c.table ?? parent?.table ?? defaultTable(c.name, pivot),
      key: c.primaryKey ?? parent?.key ?? 'id',
      direct: !!base,
      pivot,
      relations: [...c.relations, ...traitRelations(c)],
      // an inherited `$table` is the class's own for its subclasses
      table: c.table ?? parent?.table,
      primaryKey: c.primaryKey ?? parent?.primaryKey,
    };
    out.set(fqn, model);
    return model;
  };
  for (const fqn of byName.keys()) read(fqn, new Set());
  return out;
}

/** The model and its ancestors of the project, nearest first. */
export function lineage(model: EloquentModel, models: ReadonlyMap<string, EloquentModel>): EloquentModel[] {
  const out = [model];
  for (let at = model.parent && models.get(model.parent); at && !out.includes(at); at = at.parent && models.get(at.parent)) out.push(at);
  return out;
}

/**
 * The aliases a file's `Relation::morphMap([...])` or `Relation::enforceMorphMap([...])` gives models,
 * each alias to the model's full name (`'post' => Post::class`, or the class as a string).
 */
export function morphMapOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!/orphMap\s*\(/.test(text)) return out;
  const code = phpCode(text);
  const names = phpNames(code);
  for (const m of code.matchAll(/::\s*(?:enforceMorphMap|morphMap)\s*\(/g)) {
    const map = /^\s*\[([\s\S]*)\]/.exec(callArgs(code, m.index + m[0].length - 1));
    for (const item of map ? splitArgs(map[1]!) : []) {
      const entry = /^(['"])([^'"]+)\1\s*=>\s*([\s\S]+)$/.exec(item);
      const target = entry && phpArg(entry[3]!.trim(), names);
      if (target && 'class' in target) out.set(entry[2]!, target.class);
      else if (target && 'string' in target && /^[A-Z\\]/.test(target.string)) out.set(entry[2]!, target.string.replace(/^\\/, ''));
    }
  }
  return out;
}
