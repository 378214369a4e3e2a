/**
 * @module adapters/connector/code/orm/sequelize-joins
 * The joins Sequelize's associations declare, whether or not the database holds the foreign key:
 * - `Post.belongsTo(User, { foreignKey: 'authorId', targetKey })` joins Post's table on the foreign key
 *   to User's table on `targetKey`, else User's primary key;
 * - `User.hasMany(Post, { foreignKey: 'author_id', sourceKey })` and `hasOne` join Post's table on the
 *   foreign key to User's table on `sourceKey`, else its primary key;
 * - `Post.belongsToMany(Tag, { through: 'post_tags', foreignKey, otherKey })` joins the through table
 *   (a name, a model, `{ model }`) to both models' tables; without `otherKey` (or `targetKey`) the key is
 *   that of the paired `Tag.belongsToMany(Post, { through: 'post_tags', foreignKey: 'tag_id' })`, as Sequelize pairs them;
 * - sequelize-typescript's `@ForeignKey(() => User) @Column authorId` joins its class's table on that
 *   column to User's table on its primary key, as does a `@BelongsTo(() => User, 'authorId')` naming it.
 * The models are the project's (orm-refs.ts: `sequelize.define('user', …)`, `Model.init(…)`, a class's
 * `super.init(…)`, `@Table({ tableName })`), `this` in a class's `associate` being the class. A key
 * not given is Sequelize's default, `<model name or alias, singular><PrimaryKey>` (`userId` for
 * `define('user')`, `UserId` for a class `User`; `user_id` when the model or the project's `define`
 * options say `underscored: true`), a many-to-many of a model with itself naming its other key after
 * the alias; the primary key is the attribute marked `primaryKey: true`, else `id`. An attribute is
 * its column by its `field`, else by its name (snake case when underscored). An association's option may
 * name a constant its file declares (`const FK = 'author_id'; … { foreignKey: FK }`).
 */
import pluralize from 'pluralize';
import type { DeclaredJoin } from '../../../../ports/code.js';
import { callArgs, escapeName, NAME_STRING } from '../text/call-reading.js';
import { joinsByFile } from './declared-joins.js';
import { jsConstant } from '../text/module-strings.js';
import type { OrmTableRef } from './orm-reader.js';
import { snake } from './name-case.js';
import { blankComments } from '../text/script-blocks.js';

interface SequelizeModel {
  /** The model's name (`define`'s first argument, `modelName`, else the class), by which Sequelize names its default keys. */
  name: string;
  table: string;
  alternatives: string[];
  /** The text declaring it (its `define` or class, to the next model of the file). */
  region: string;
  underscored: boolean;
}

/** A key as the code gives it: an attribute of the model holding it, a column (`field`), or Sequelize's default naming a model (or an `as`). */
type Key = { attribute: string } | { field: string } | { alias: string | undefined; model: string };

interface Association {
  /** The model holding the foreign key, or the through table's name (`table`) when it is no model. */
  from: { model: string } | { table: string };
  key: Key;
  target: string;
  referenced: string | undefined;
  index: number;
  /** A `belongsToMany`'s other side: the key and target key it does not name are its paired association's, when there is one. */
  pairedBy?: ManyToMany;
}

/** A `belongsToMany` as declared: from which model to which, through what, its own key and source key. */
interface ManyToMany {
  source: string;
  target: string;
  through: string;
  key: Key;
  sourceKey: string | undefined;
  /** Whether it names its `otherKey`. */
  otherKey: boolean;
}

const ASSOCIATION = /(?<![\w$])((?:[\w$]+\s*\.\s*)*[\w$]+)\s*\.\s*(belongsTo|hasMany|hasOne|belongsToMany)\s*\(\s*((?:[\w$]+\s*\.\s*)*[\w$]+)\s*[,)]/g;
const lastName = (written: string) => written.split('.').at(-1)!.trim();
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const option = (args: string, name: string) => new RegExp(String.raw`\b${name}\s*:\s*${NAME_STRING}`).exec(args)?.[1];

/** A key option, `foreignKey: 'author_id'` or `foreignKey: { name: 'authorId', field: 'author_id' }`, else Sequelize's default naming `model` (or its `alias`). */
function keyOption(args: string, name: string, model: string, alias?: string): Key {
  const given = option(args, name);
  if (given) return { attribute: given };
  const object = new RegExp(String.raw`\b${name}\s*:\s*\{([^}]*)\}`).exec(args)?.[1] ?? '';
  const field = option(object, 'field');
  const attribute = option(object, 'name');
  return field ? { field } : attribute ? { attribute } : { alias, model };
}

/** The project's Sequelize models by the name the code calls them, each read in its declaring file. */
function sequelizeModels(texts: ReadonlyMap<string, string>, modelsOf: ReadonlyMap<string, readonly OrmTableRef[]>): Map<string, SequelizeModel> {
  const projectUnderscored = [...texts.values()].some((t) => /\bdefine\s*:\s*\{[^}]*\bunderscored\s*:\s*true/.test(t));
  const models = new Map<string, SequelizeModel>();
  for (const [path, refs] of modelsOf) {
    const text = texts.get(path);
    const own = refs.filter((r) => r.via === 'sequelize' && r.model);
    if (!text || !own.length) continue;
    const lines = text.split('\n');
    own.forEach((ref, i) => {
      // one model a file: the whole file; else from the line before its model to the next's
      const region = own.length === 1 ? text : lines.slice(Math.max(0, ref.line - 3), own[i + 1] ? own[i + 1]!.line - 1 : lines.length).join('\n');
      const name =
        new RegExp(String.raw`\bmodelName\s*:\s*${NAME_STRING}`).exec(region)?.[1] ??
        new RegExp(String.raw`\.define\s*(?:<[^>]*>)?\s*\(\s*${NAME_STRING}`).exec(region)?.[1] ??
        ref.model!;
      models.set(ref.model!, {
        name,
        table: ref.table,
        alternatives: ref.alternatives ?? [],
        region,
        underscored: projectUnderscored || /\bunderscored\s*:\s*true/.test(region),
      });
    });
  }
  return models;
}

/** The column of a model's attribute: its `field` (`authorId: { field: 'author_id' }`, `@Column({ field })`), else its name. */
function columnOf(model: SequelizeModel, attribute: string): string {
  const name = escapeName(attribute);
  const field =
    new RegExp(String.raw`(?<![\w$.])['"]?${name}['"]?\s*:\s*\{[^{}]*?\bfield\s*:\s*${NAME_STRING}`).exec(model.region)?.[1] ??
    new RegExp(String.raw`@Column\s*\(\s*\{[^{}]*?\bfield\s*:\s*${NAME_STRING}[^{}]*\}\s*\)\s*(?:@\w+(?:\([^()]*\))?\s*)*(?:declare\s+)?${name}\b`).exec(
      model.region,
    )?.[1];
  return field ?? (model.underscored ? snake(attribute) : attribute);
}

/** A model's primary key attribute: the one marked `primaryKey: true` (or `@PrimaryKey`), else `id`. */
function primaryOf(model: SequelizeModel): string {
  return (
    /(?<![\w$.])['"]?([\w$]+)['"]?\s*:\s*\{[^{}]*?\bprimaryKey\s*:\s*true/.exec(model.region)?.[1] ??
    /@PrimaryKey\b(?:\s*@\w+(?:\s*\((?:[^()]|\([^()]*\))*\))?)*\s*(?:declare\s+)?([\w$]+)\s*[!?]?\s*:/.exec(model.region)?.[1] ??
    'id'
  );
}

/** Sequelize's default key attribute naming a model: its name (or the alias) made singular, then its primary key (`user` → `userId`, `User` → `UserId`). */
function defaultKey(name: string, model: SequelizeModel | undefined): string {
  return `${pluralize.singular(name)}${upperFirst(model ? primaryOf(model) : 'id')}`;
}

/** An association's options naming a constant of the file (`foreignKey: FK` after `const FK = 'author_id'`), each given its string instead. */
function constantsRead(args: string, text: string): string {
  return args.replace(
    /(\b(?:foreignKey|otherKey|sourceKey|targetKey|through|as|name|field)\s*:\s*)([A-Za-z_$][\w$]*)(?![\w$])(?!\s*[.(])/g,
    (whole, option: string, name: string) => {
      const held = jsConstant(text, name);
      return held === undefined ? whole : `${option}'${held}'`;
    },
  );
}

/** The associations a file declares, as joins from the table holding the key; its `belongsToMany`s are added to `manyToMany`. */
function associations(text: string, manyToMany: ManyToMany[]): Association[] {
  const out: Association[] = [];
  for (const m of text.matchAll(ASSOCIATION)) {
    const kind = m[2]!;
    const written = lastName(m[1]!);
    // `this.belongsTo(…)` in a model class's `static associate(models)` is the class's
    const source = written === 'this' ? [...text.slice(0, m.index).matchAll(/\bclass\s+([A-Za-z_$][\w$]*)/g)].at(-1)?.[1] : written;
    const target = lastName(m[3]!);
    if (!source) continue;
    const args = constantsRead(callArgs(text, m.index + m[0].indexOf('(')), text);
    const index = m.index + m[0].search(/\S/);
    if (kind === 'belongsTo') {
      // the default key is named after the alias, else the target
      out.push({
        from: { model: source },
        key: keyOption(args, 'foreignKey', target, option(args, 'as')),
        target,
        referenced: option(args, 'targetKey'),
        index,
      });
    } else if (kind === 'hasMany' || kind === 'hasOne') {
      out.push({ from: { model: target }, key: keyOption(args, 'foreignKey', source), target: source, referenced: option(args, 'sourceKey'), index });
    } else {
      // `through: 'post_tags'` names a table; `through: PostTag` or `{ model: PostTag }` a model
      const name = option(args, 'through');
      const model = /\bthrough\s*:\s*(?:\{[^}]*\bmodel\s*:\s*)?((?:[\w$]+\s*\.\s*)*[\w$]+)/.exec(args)?.[1];
      const from = name ? { table: name } : model ? { model: lastName(model) } : undefined;
      if (!from) continue;
      const through = JSON.stringify(from);
      const otherKey = /\botherKey\s*:/.test(args);
      const own: ManyToMany = { source, target, through, key: keyOption(args, 'foreignKey', source), sourceKey: option(args, 'sourceKey'), otherKey };
      manyToMany.push(own);
      out.push({ from, key: own.key, target: source, referenced: own.sourceKey, index });
      // a model associated with itself names the other key after the alias (`as: 'followers'` → `followerId`)
      const alias = source === target ? option(args, 'as') : undefined;
      out.push({ from, key: keyOption(args, 'otherKey', target, alias), target, referenced: option(args, 'targetKey'), index, pairedBy: own });
    }
  }
  return out;
}

/** sequelize-typescript's `@ForeignKey(() => User) @Column authorId`, and `@BelongsTo(() => User, 'authorId')`, in their classes. */
function decoratedKeys(text: string): Association[] {
  const out: Association[] = [];
  const decorated =
    /@(ForeignKey|BelongsTo)\s*\(\s*(?:\(\s*\)\s*=>\s*)?([A-Z][\w$]*)\s*(?:,\s*(?:['"]([\w$]+)['"]|\{[^}]*\bforeignKey\s*:\s*['"]([\w$]+)['"][^}]*\}))?\s*\)/g;
  for (const m of text.matchAll(decorated)) {
    const owner = [...text.slice(0, m.index).matchAll(/\bclass\s+([A-Za-z_$][\w$]*)/g)].at(-1)?.[1];
    if (!owner) continue;
    // the property it decorates, past the other decorators
    const rest = text.slice(m.index + m[0].length);
    const property = /^\s*(?:@\w+(?:\s*\((?:[^()]|\([^()]*\))*\))?\s*)*(?:(?:declare|public|readonly)\s+)*([\w$]+)\s*[!?]?\s*:/.exec(rest)?.[1];
    const key = m[1] === 'ForeignKey' ? property : (m[3] ?? m[4]);
    if (key) out.push({ from: { model: owner }, key: { attribute: key }, target: m[2]!, referenced: undefined, index: m.index });
  }
  return out;
}

/**
 * A `belongsToMany`'s other side as Sequelize pairs it with the other model's `belongsToMany` back through
 * the same table (v6's `paired`, v7's `pairedWith`): without its own `otherKey` it takes the pair's foreign
 * key, without its own `targetKey` the pair's `sourceKey`; without a pair it keeps Sequelize's defaults.
 */
function paired(other: Association, own: ManyToMany, manyToMany: readonly ManyToMany[]): Association {
  const pair = manyToMany.find((m) => m !== own && m.source === own.target && m.target === own.source && m.through === own.through);
  return pair ? { ...other, key: own.otherKey ? other.key : pair.key, referenced: other.referenced ?? pair.sourceKey } : other;
}

/**
 * The joins each file's Sequelize associations declare, by the file's path. `modelsOf`: the
 * Sequelize models each file declares (orm-refs.ts), by path.
 */
export function sequelizeJoins(
  files: ReadonlyArray<{ path: string; text: string }>,
  modelsOf: ReadonlyMap<string, readonly OrmTableRef[]>,
): Map<string, DeclaredJoin[]> {
  if (![...modelsOf.values()].some((refs) => refs.some((r) => r.via === 'sequelize' && r.model))) return new Map();
  const texts = new Map(files.map((f) => [f.path, blankComments(f.text)]));
  const models = sequelizeModels(texts, modelsOf);
  const declaring: Array<{ table: string; relations: Association[]; path: string; text: string }> = [];
  const manyToMany: ManyToMany[] = [];
  const declared = [...texts]
    .filter(([, text]) => /\b(?:belongsTo|hasMany|hasOne|belongsToMany)\s*\(|@ForeignKey\b|@BelongsTo\b/.test(text))
    .map(([path, text]) => ({ path, text, found: [...associations(text, manyToMany), ...decoratedKeys(text)] }));
  for (const { path, text, found } of declared) {
    const seen = new Set<string>();
    for (const a of found.map((f) => (f.pairedBy ? paired(f, f.pairedBy, manyToMany) : f))) {
      // both sides of one association (`belongsTo` and `hasMany`, `@ForeignKey` and `@BelongsTo`) are one join
      const key = JSON.stringify([a.from, a.key, a.target, a.referenced]);
      if (seen.has(key)) continue;
      seen.add(key);
      const table = 'table' in a.from ? a.from.table : models.get(a.from.model)?.table;
      if (table) declaring.push({ table, relations: [a], path, text });
    }
  }
  return joinsByFile(declaring, 'sequelize', (_declaring, a) => {
    const from = 'model' in a.from ? models.get(a.from.model) : undefined;
    const target = models.get(a.target);
    if (!target || ('model' in a.from && !from)) return null;
    const k = a.key;
    const attribute =
      'field' in k ? undefined : 'attribute' in k ? k.attribute : defaultKey(k.alias ?? models.get(k.model)?.name ?? k.model, models.get(k.model));
    // a through table no model declares takes its models' `underscored`
    const column = 'field' in k ? k.field : from ? columnOf(from, attribute!) : target.underscored ? snake(attribute!) : attribute!;
    return {
      references: target.table,
      columns: [column],
      referencedColumns: [columnOf(target, a.referenced ?? primaryOf(target))],
      index: a.index,
      tableAlternatives: from?.alternatives,
      referencesAlternatives: target.alternatives,
    };
  });
}
