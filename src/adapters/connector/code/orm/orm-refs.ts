/**
 * @module adapters/connector/code/orm/orm-refs
 * Tables an ORM model maps, read from the model's declaration as written (only names and lines
 * are kept): TypeORM `@Entity('name')` / `@Entity({ name, schema })` (else the class name in
 * snake case, TypeORM's default), Sequelize `define('model')` (its table is the plural unless a
 * `tableName` is given) and `tableName: '…'`, Prisma `model X { … @@map("x") @@schema("s") }` (and
 * the `_AToB` / `_<relation>` table of an implicit many-to-many relation),
 * SQLAlchemy `__tablename__` (a Flask-SQLAlchemy `db.Model` without one: its class in snake case) and
 * `Table('name', metadata, schema=…)`, Django models (`db_table`,
 * else `<app>_<model>`), JPA `@Table(name, schema)` (else the entity's name) with its `@JoinTable` and
 * `@CollectionTable`, Spring's `SimpleJdbcInsert.withTableName`, GORM `TableName()`,
 * the tables a Knex query builder names (`db('crates').where(…)`, `.from('x')`, `createTable('x')`),
 * Drizzle's table declarations (`drizzle-refs`) and the tables a Kysely query names (`kysely-refs`).
 * Elsewhere, the uses of those models (`ormModelUses`), each with what its calls do to the table where
 * the code says it: Prisma Client's, Django managers', SQLAlchemy statements' and TypeORM's (the entity
 * manager's methods, a repository's called on it or by the name the file binds it to).
 * The project's custom repositories, by which a file reaches an entity, are read in `orm-repositories`.
 */
import pluralize from 'pluralize';
import { accessesOf, type TableAccess } from '../../../../ports/code.js';
import { assignedTo, callArgs, chainAfter, elementCalls, escapeName, functionBody, laterCalls, NAME_STRING, qualify } from '../text/call-reading.js';
import { TYPEORM_READS, TYPEORM_WRITES, typeormAccess } from './typeorm-access.js';
import { tableMentions } from './table-mentions.js';
import { namedQueries, type NamedQueries } from '../queries/jpql.js';
import { customRepositories, entityManagerUses, methodAccess, type CustomRepository } from './orm-repositories.js';
import { DRIZZLE_VIEW_FUNCTIONS, drizzleTables, type DrizzleCreator } from './drizzle-refs.js';
import { djangoApp, parentTables, type DjangoRelations } from './django-relations.js';
import { contribModels, DJANGO_DELETES, DJANGO_WRITES, djangoRowUses } from './django-uses.js';
import { djangoDeleter } from './django-cascades.js';
import { djangoLookups, type DjangoChain } from './django-lookups.js';
import { sqlalchemyRelationUses, type SqlalchemyRelations } from './sqlalchemy-relations.js';
import { sqlalchemyRowLoads } from './sqlalchemy-rows.js';
import { kyselyRefs } from './kysely-refs.js';
import { importsPeewee } from './peewee-models.js';
import { mikroOrmCollectionWrites, mikroOrmCreatedRows } from './mikro-orm-flushes.js';
import { heldInFile } from './held-repositories.js';
import { mikroOrmSchemas } from './mikro-orm-schemas.js';
import type { MikroCollections } from './mikro-orm-collections.js';
import { isMikroOrm, mikroOrmFlushedChanges, mikroOrmInstanceWrites, mikroOrmPivotTables, type DeclaredEntity } from './mikro-orm.js';
import { lineAt } from '../text/lines.js';
import { snake } from './name-case.js';
import { collectUses, modelsByName, type ConfigText, type OrmTableRef, type UseModel } from './orm-reader.js';
import { entityKey } from './jpa-inheritance.js';
import { ormReaders } from './orm-readers.js';
import { jsConstant } from '../text/module-strings.js';
import { prismaDelegateNames } from './prisma-delegates.js';
import { pythonClasses, pythonCode, pythonFunctionStart } from '../text/python-blocks.js';
import { prismaRelationReads, type PrismaRelations } from './prisma-relations.js';
import type { ProjectConstants } from '../text/string-constants.js';
import { blankComments, blockAround, scriptBlocks, type Block } from '../text/script-blocks.js';
import { annotatedClasses } from '../text/annotated-class.js';

/** The languages whose comments are C's: to the end of the line after `//`, or between slash-star and star-slash. */
const C_LIKE = new Set(['typescript', 'javascript', 'java', 'kotlin']);

const STR = NAME_STRING;

/** TypeORM's entities (`@Entity('name')`, `{ name }`) and MikroORM's, which share its decorators (`{ tableName }`). */
function typeorm(text: string, out: OrmTableRef[]): void {
  const mikro = isMikroOrm(text);
  const entities: DeclaredEntity[] = [];
  for (const { match: m, name: model } of annotatedClasses(text, /@(?:Entity|ViewEntity)\s*\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)/g)) {
    const args = m[1]!;
    const name = mikro
      ? new RegExp(`\\b(?:tableName|collection)\\s*:\\s*${STR}`).exec(args)?.[1]
      : (new RegExp(`^\\s*${STR}`).exec(args)?.[1] ?? new RegExp(`\\bname\\s*:\\s*${STR}`).exec(args)?.[1]);
    const schema = new RegExp(`\\bschema\\s*:\\s*${STR}`).exec(args)?.[1];
    out.push({ table: qualify(schema, name ?? snake(model)), line: lineAt(text, m.index), via: mikro ? 'mikro-orm' : 'typeorm', model: model });
    entities.push({ index: m.index, table: name ?? snake(model), schema });
  }
  if (mikro) mikroOrmPivotTables(text, entities, out);
  else typeormJoinTables(text, entities, out);
}

/** A class property's declaration: `categories: Category[]`, `private readonly tags!: Tag[]`. */
const PROPERTY = /^\s*(?:@\w+\s*\((?:[^()]|\([^()]*\))*\)\s*)*(?:(?:public|private|protected|readonly|declare)\s+)*(\w+)\s*[!?]?\s*:/;
/** `@ManyToMany(() => Category` or `@ManyToMany(type => Category`: the other entity's class. */
const MANY_TO_MANY = /@ManyToMany\s*\(\s*(?:\(\s*\w*\s*\)|\w+)\s*=>\s*([A-Z]\w*)/g;

/**
 * `@JoinTable({ name })`, else TypeORM's default name for a many-to-many's join table: the owner's
 * table, the property and the other entity's table, in snake case (`question_categories_category`).
 * The other entity's table is its name here when this file declares it, else its class in snake case.
 */
function typeormJoinTables(text: string, entities: readonly DeclaredEntity[], out: OrmTableRef[]): void {
  const tableOf = new Map(out.filter((r) => r.model).map((r) => [r.model!, r.table.split('.').at(-1)!]));
  for (const m of text.matchAll(/@JoinTable\s*\(/g)) {
    const owner = entities.filter((e) => e.index < m.index).at(-1);
    if (!owner) continue;
    const args = callArgs(text, m.index + m[0].length - 1);
    const given = new RegExp(`\\bname\\s*:\\s*${STR}`).exec(args)?.[1];
    const schema = new RegExp(`\\bschema\\s*:\\s*${STR}`).exec(args)?.[1] ?? owner.schema;
    // the property it decorates, past any other decorators, and the `@ManyToMany(() => Category, …)` among them
    const rest = text.slice(m.index + m[0].length + args.length + 1);
    const prop = PROPERTY.exec(rest);
    const property = prop?.[1];
    const between = (from: number, to: number) => [...text.slice(from, to).matchAll(MANY_TO_MANY)];
    const after = prop ? between(m.index, m.index + m[0].length + args.length + 1 + prop.index + prop[0].length) : [];
    const other = (after[0] ?? between(owner.index, m.index).at(-1))?.[1];
    const table = given ?? (other && property ? snake(`${owner.table}_${property}_${tableOf.get(other) ?? snake(other)}`) : null);
    if (table) out.push({ table: qualify(schema, table), line: lineAt(text, m.index), via: 'typeorm' });
  }
}

/** A Sequelize `tableName` option: a literal (1), or a name (2) the file may hold a string in. */
const TABLE_NAME = new RegExp(String.raw`\btableName\s*:\s*(?:${STR}|([A-Za-z_$][\w$]*)(?![\w$])(?!\s*[.(]))`);

/** The class whose body holds `index` (a `static config()` returning a model's options), the innermost. */
function enclosingClass(text: string, index: number): string | undefined {
  const blocks = scriptBlocks(text);
  let found: string | undefined;
  for (const m of text.slice(0, index).matchAll(/\bclass\s+([A-Za-z_$][\w$]*)[^{;]*\{/g)) {
    const body = blocks.find((b) => b.start === m.index + m[0].length - 1);
    if (body && body.end > index) found = m[1];
  }
  return found;
}

/**
 * Sequelize's models: `const Customer = sequelize.define('customer', …, { tableName })` (its table
 * the plural of the name unless `tableName` says), `class Log extends Model {}` with
 * `Log.init({…}, { sequelize, tableName, modelName })` (or `super.init(…)` in the class's own `static init`), and any other `tableName: '…'` (sequelize-typescript's
 * `@Table({ tableName })`, a class's `static config()` returning its options for `User.init(UserSchema, User.config(sequelize))`
 * in another file), each named by the class or variable other files call it by; a table may be a constant of the file
 * (`tableName: USER_TABLE` after `const USER_TABLE = 'users'`).
 */
function sequelize(text: string, out: OrmTableRef[]): void {
  // `tableName: 'orders'`, or `tableName: ORDER_TABLE` after `const ORDER_TABLE = 'orders'`
  const tableName = (m: RegExpExecArray) => m[1] ?? jsConstant(text, m[2]!);
  const options = (args: string) => {
    const table = TABLE_NAME.exec(args);
    return { table: table ? tableName(table) : undefined, schema: new RegExp(`\\bschema\\s*:\\s*${STR}`).exec(args)?.[1] };
  };
  // the calls read, whose tableName is theirs: [start, end)
  const taken: Array<[number, number]> = [];
  const model = (at: number, open: number, name: string, model: string | undefined) => {
    const args = callArgs(text, open);
    const { table, schema } = options(args);
    const ref: OrmTableRef = table
      ? { table: qualify(schema, table), line: lineAt(text, at), via: 'sequelize' }
      : { table: qualify(schema, pluralize(name)), alternatives: [qualify(schema, name)], line: lineAt(text, at), via: 'sequelize' };
    if (model) ref.model = model;
    out.push(ref);
    taken.push([open, open + args.length + 2]);
  };
  for (const m of text.matchAll(new RegExp(`\\.define\\s*(?:<[^>]*>)?\\s*\\(\\s*${STR}`, 'g'))) {
    model(m.index, m.index + m[0].indexOf('('), m[1]!, assignedTo(text, m.index) ?? m[1]);
  }
  for (const m of text.matchAll(/(?<![\w$.])([A-Z][\w$]*)\s*\.\s*init\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const args = callArgs(text, open);
    if (!/\bsequelize\b/.test(args)) continue;
    // `User.init(UserSchema, User.config(sequelize))`: the options, its table among them, are the class's own (read where it is declared)
    if (!/\b(?:tableName|modelName)\s*:/.test(args) && /,\s*[\w$.]+\s*\([^()]*\)\s*$/.test(args)) continue;
    model(m.index, open, new RegExp(`\\bmodelName\\s*:\\s*${STR}`).exec(args)?.[1] ?? m[1]!, m[1]);
  }
  // `class Tech extends Model { static init(sequelize) { super.init({…}, { sequelize, tableName }) } }`: the enclosing class's
  for (const m of text.matchAll(/(?<![\w$.])super\s*\.\s*init\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const args = callArgs(text, open);
    const cls = [...text.slice(0, m.index).matchAll(/\bclass\s+([A-Za-z_$][\w$]*)/g)].at(-1)?.[1];
    if (!cls || !/\bsequelize\b/.test(args)) continue;
    model(m.index, open, new RegExp(`\\bmodelName\\s*:\\s*${STR}`).exec(args)?.[1] ?? cls, cls);
  }
  for (const m of text.matchAll(new RegExp(TABLE_NAME, 'g'))) {
    const table = tableName(m);
    if (!table || taken.some(([start, end]) => m.index > start && m.index < end)) continue;
    const schema = new RegExp(`\\bschema\\s*:\\s*${STR}`).exec(text.slice(Math.max(0, m.index - 200), m.index + 200))?.[1];
    const ref: OrmTableRef = { table: qualify(schema, table), line: lineAt(text, m.index), via: 'sequelize' };
    // the class whose `static config()` returns it, else the one its decorator is on (`@Table({ tableName }) class …`)
    const cls = enclosingClass(text, m.index) ?? /^[^;]{0,300}?\bclass\s+([A-Za-z_$][\w$]*)/.exec(text.slice(m.index))?.[1];
    if (cls) ref.model = cls;
    out.push(ref);
  }
  // sequelize-typescript's `@Table` (or `@Table({ … })`) without a tableName: the plural of its modelName, else of the class
  for (const m of text.matchAll(/@Table\s*(?:\(\s*(\{[^}]*\})?\s*\))?\s*(?:export\s+)?(?:default\s+)?class\s+([A-Za-z_$][\w$]*)\s+extends\s+Model\b/g)) {
    const options = m[1] ?? '';
    if (/\btableName\s*:/.test(options)) continue;
    const name = new RegExp(`\\bmodelName\\s*:\\s*${STR}`).exec(options)?.[1] ?? m[2]!;
    const schema = new RegExp(`\\bschema\\s*:\\s*${STR}`).exec(options)?.[1];
    const line = lineAt(text, m.index);
    if (/\bfreezeTableName\s*:\s*true\b/.test(options)) out.push({ table: qualify(schema, name), line, via: 'sequelize', model: m[2]! });
    else out.push({ table: qualify(schema, pluralize(name)), alternatives: [qualify(schema, name)], line, via: 'sequelize', model: m[2]! });
  }
}

/** A Knex table argument: `'crates'`, `'store.bins'`, `'crates as c'` (the alias dropped). */
const KNEX_TABLE = String.raw`['"\`]([\w$]+(?:\.[\w$]+)?)(?:\s+as\s+\w+)?['"\`]`;
/** A query builder started on a table and chained: `db('crates').where(…)`, `this.knex("bins").insert(…)` (not a method's call: `$el.find('x').first()`). */
// Drizzle's `pgView('name').as(…)` declares a view: no Knex builder
const KNEX_START = new RegExp(
  String.raw`(?<![\w$.])(?!(?:${DRIZZLE_VIEW_FUNCTIONS})\s*\()(?:this\s*\.\s*)?[A-Za-z_][\w$]*\s*\(\s*${KNEX_TABLE}\s*\)\s*\.\s*(?:where\w*|andWhere\w*|orWhere\w*|first|select|insert|update|upsert|del|delete|pluck|count\w*|sum|avg|min|max|(?:left|right|inner|full|cross)?[Jj]oin|orderBy|groupBy|returning|increment|decrement|limit|offset|distinct\w*|truncate|onConflict|modify|columns?|as)\s*\(`,
  'g',
);
/** The builder's other ways to name a table (read only in a file that starts a builder): `.from()`, `.into()`, joins, the schema builder. */
const KNEX_NAMED = new RegExp(
  String.raw`\.\s*(?:from|into|table|(?:left|right|inner|full|cross)?[Jj]oin|(?:left|right|full)OuterJoin|createTable(?:IfNotExists)?|alterTable|dropTable(?:IfExists)?|hasTable|renameTable)\s*\(\s*${KNEX_TABLE}`,
  'g',
);

/** What a Knex call does to its table, by the method: the schema builder declares, `insert`/`update`/`del`… write, the rest read. */
function knexAccess(call: string): TableAccess {
  if (/\.\s*(?:createTable|alterTable|dropTable|renameTable)\w*\s*\(\s*['"`][^'"`]*['"`]\s*$/.test(call)) return 'schema';
  if (/\.\s*(?:insert|update|upsert|del|delete|truncate|increment|decrement|into)\s*\($/.test(call) || /\.\s*into\s*\(/.test(call)) return 'write';
  return 'read';
}

function knex(text: string, out: OrmTableRef[]): void {
  const found = tableMentions();
  for (const re of [KNEX_START, KNEX_NAMED]) for (const m of text.matchAll(re)) found.add(m[1]!, m.index, knexAccess(m[0]));
  out.push(...found.refs(text, 'knex'));
}

function prisma(text: string, out: OrmTableRef[]): void {
  const lists: Array<{ model: string; type: string; relation: string | undefined; schema: string | undefined; index: number }> = [];
  for (const m of text.matchAll(/^\s*model\s+(\w+)\s*\{([\s\S]*?)^\s*\}/gm)) {
    const body = m[2]!;
    const map = /@@map\(\s*(?:name\s*:\s*)?"([^"]+)"/.exec(body)?.[1];
    const schema = /@@schema\(\s*"([^"]+)"/.exec(body)?.[1];
    out.push({ table: qualify(schema, map ?? m[1]!), line: lineAt(text, m.index + m[0].indexOf('model')), via: 'prisma', model: m[1]!, access: ['schema'] });
    const bodyAt = m.index + m[0].indexOf(body);
    for (const f of body.matchAll(/^[ \t]*\w+[ \t]+(\w+)\[\]([^\n]*)/gm)) {
      const relation = /@relation\(\s*(?:name\s*:\s*)?"([^"]+)"/.exec(f[2]!)?.[1];
      lists.push({ model: m[1]!, type: f[1]!, relation, schema, index: bodyAt + f.index + f[0].search(/\S/) });
    }
  }
  // an implicit many-to-many relation (a list on both sides, no fields) has a table of Prisma's: `_<name>`, else `_<A>To<B>`
  const seen = new Set<string>();
  for (const f of lists) {
    const back = lists.find((g) => g !== f && g.model === f.type && g.type === f.model && g.relation === f.relation);
    if (!back) continue;
    const table = qualify(f.schema, `_${f.relation ?? [f.model, f.type].sort().join('To')}`);
    if (seen.has(table)) continue;
    seen.add(table);
    out.push({ table, line: lineAt(text, f.index), via: 'prisma', access: ['schema'] });
  }
}

/**
 * The table Flask-SQLAlchemy gives a `db.Model` class without `__tablename__`: its name in snake case
 * (`UserRole`, `user_role`); none for an abstract one (`__abstract__ = True`).
 */
export function flaskModelTable(c: { name: string; bases: string; body: string }): string | undefined {
  return /\bdb\.Model\b/.test(c.bases) && !/^[ \t]+__abstract__\s*=\s*True\b/m.test(c.body) ? snake(c.name) : undefined;
}

/** A field of Django's (`models.CharField(…)`, `models.ForeignKey(…)`) declared in a class body. */
const DJANGO_FIELD = /^[ \t]+\w+\s*=\s*models\.\w*(?:Field|Key)\s*\(/m;

function python(text: string, path: string, out: OrmTableRef[]): void {
  // a model may inherit the project's own abstract base: in a file that imports Django's models, a class declaring their fields is one
  const django = /^\s*(?:from\s+django\.db\s+import\b|import\s+django\.db\b)/m.test(text);
  // Peewee's `class User(Model)` and FlaskDB's `db.Model` are the Peewee reader's, not Django's or Flask-SQLAlchemy's
  if (!django && importsPeewee(text)) return;
  // the file's Django model classes (abstract too) by name: a class inheriting one is a model, with its many-to-many fields
  const djangoClasses = new Map<string, { m2m: Array<{ field: string; args: string; index: number }>; table?: string }>();
  for (const c of pythonClasses(text)) {
    const tablename = new RegExp(`__tablename__\\s*=\\s*${STR}`).exec(c.body);
    if (tablename) {
      const schema = new RegExp(`['"]schema['"]\\s*:\\s*${STR}`).exec(c.body)?.[1];
      out.push({ table: qualify(schema, tablename[1]!), line: lineAt(text, c.index), via: 'sqlalchemy', model: c.name });
      continue;
    }
    // SQLModel's table is the class name in lower case
    if (/\btable\s*=\s*True\b/.test(c.bases)) {
      out.push({ table: c.name.toLowerCase(), line: lineAt(text, c.index), via: 'sqlmodel', model: c.name });
      continue;
    }
    const flask = flaskModelTable(c);
    if (flask) {
      out.push({ table: flask, line: lineAt(text, c.index), via: 'sqlalchemy', model: c.name });
      continue;
    }
    if (/\bmigrations\.Migration\b/.test(c.bases)) continue;
    const bases = c.bases.split(',').map((b) => b.trim());
    const inherited = bases.filter((b) => djangoClasses.has(b));
    // a base of another file (`AbstractBaseSession`) shows in a Meta naming the table (Django's alone says `db_table`), or in Django fields declared
    const declaresTable = /^[ \t]+class\s+Meta\b[^\n]*:[\s\S]*?^[ \t]+db_table\s*=/m.test(c.body);
    if (!/\bmodels\.Model\b|^\s*Model\s*$/.test(c.bases) && !inherited.length && !declaresTable && !(django && c.bases.trim() && DJANGO_FIELD.test(c.body)))
      continue;
    const bodyAt = text.indexOf(c.body, c.index);
    const own = [...c.body.matchAll(/^[ \t]+(\w+)\s*=\s*models\.ManyToManyField\s*\(/gm)].map((m) => ({
      field: m[1]!,
      args: callArgs(c.body, m.index + m[0].length - 1),
      index: bodyAt + m.index + m[0].search(/\S/),
    }));
    const m2m = [...inherited.flatMap((b) => djangoClasses.get(b)!.m2m), ...own];
    djangoClasses.set(c.name, { m2m });
    const dbTable = new RegExp(`^[ \\t]+db_table\\s*=\\s*${STR}`, 'm').exec(c.body)?.[1];
    if (/\babstract\s*=\s*True/.test(c.body)) continue;
    const app = djangoApp(path);
    // a proxy model's rows are its concrete base's (one of another file is not known here)
    const proxy = /^[ \t]+proxy\s*=\s*True\b/m.test(c.body);
    const table = proxy ? inherited.map((b) => djangoClasses.get(b)!.table).find((t) => t) : (dbTable ?? (app ? `${app}_${c.name.toLowerCase()}` : null));
    if (!table) continue;
    djangoClasses.get(c.name)!.table = table;
    out.push({ table, line: lineAt(text, c.index), via: 'django', model: c.name });
    if (proxy) continue;
    // a many-to-many field without `through` (its own, or an abstract base's) has a table of its own, `<model's table>_<field>` (or its `db_table`)
    for (const m of m2m) {
      if (/\bthrough\s*=/.test(m.args)) continue;
      const named = new RegExp(`\\bdb_table\\s*=\\s*${STR}`).exec(m.args)?.[1];
      // named `Model.field`, the way other files reach it: `crate.shelves.add(shelf)`
      out.push({ table: named ?? `${table}_${m.field}`, line: lineAt(text, m.index), via: 'django', model: `${c.name}.${m.field}` });
    }
  }
  if (/^\s*from\s+alembic\s+import\b/m.test(text)) alembic(text, out);
  if (django && /(?:^|\/)migrations\/[^/]+\.py$/.test(path)) djangoMigration(text, path, out);
  // `Table('followers', metadata, …)`, `Base.metadata`, Flask-SQLAlchemy's `db.metadata`
  for (const m of text.matchAll(new RegExp(`\\bTable\\(\\s*${STR}\\s*,\\s*(?:\\w+\\.)?\\w*meta`, 'gi'))) {
    const call = text.slice(m.index, m.index + 2000);
    const schema = new RegExp(`\\bschema\\s*=\\s*${STR}`).exec(call.split(/\n\s*\)/)[0]!)?.[1];
    out.push({ table: qualify(schema, m[1]!), line: lineAt(text, m.index), via: 'sqlalchemy' });
  }
}

/** A Django migration's operations on its app's models: `CreateModel(name='Crate')` (or its `db_table`), `AddField(model_name='crate', …)` and the like. */
function djangoMigration(text: string, path: string, out: OrmTableRef[]): void {
  const parts = path.split('/');
  const app = parts.at(-3);
  if (!app) return;
  const seen = new Set<string>();
  for (const m of text.matchAll(/\bmigrations\.(\w+)\s*\(/g)) {
    const args = callArgs(text, m.index + m[0].length - 1);
    const model = new RegExp(`\\b${m[1] === 'CreateModel' ? 'name' : 'model_name'}\\s*=\\s*${STR}`).exec(args)?.[1];
    if (!model) continue;
    const table = new RegExp(`['"]db_table['"]\\s*:\\s*${STR}`).exec(args)?.[1] ?? `${app}_${model.toLowerCase()}`;
    if (seen.has(table)) continue;
    seen.add(table);
    out.push({ table, line: lineAt(text, m.index), via: 'django' });
  }
}

/** Alembic migrations' operations on a table named first: `op.create_table("item", …)`, `op.add_column('item', …, schema='s')`. */
function alembic(text: string, out: OrmTableRef[]): void {
  const seen = new Set<string>();
  for (const m of text.matchAll(/\bop\.(?:create_table|drop_table|rename_table|add_column|drop_column|alter_column)\s*\(/g)) {
    const args = callArgs(text, m.index + m[0].length - 1);
    const name = new RegExp(`^\\s*${STR}`).exec(args)?.[1];
    if (!name) continue;
    const table = qualify(new RegExp(`\\bschema\\s*=\\s*${STR}`).exec(args)?.[1], name);
    if (seen.has(table)) continue;
    seen.add(table);
    out.push({ table, line: lineAt(text, m.index), via: 'alembic' });
  }
}

function jpa(text: string, out: OrmTableRef[]): void {
  for (const { match: m, between, name: model } of annotatedClasses(text, /@Entity\b(?:\s*\(([^)]*)\))?/g)) {
    const table = /@(?:(?:javax|jakarta)\.persistence\.)?Table\s*\(([^)]*)\)/.exec(between)?.[1] ?? '';
    const name = /\bname\s*=\s*"([^"]+)"/.exec(table)?.[1];
    const schema = /\bschema\s*=\s*"([^"]+)"/.exec(table)?.[1];
    const entity = /\bname\s*=\s*"([^"]+)"/.exec(m[1] ?? '')?.[1] ?? model;
    const ref: OrmTableRef = { table: qualify(schema, name ?? entity), line: lineAt(text, m.index), via: 'jpa', model };
    if (!name) ref.alternatives = [qualify(schema, snake(entity))];
    out.push(ref);
  }
}

/** JPA's `@JoinTable(name = …)` and `@CollectionTable(name = …, schema = …)`, Spring's `new SimpleJdbcInsert(…).withTableName("x")`. */
function jpaSideTables(text: string, out: OrmTableRef[]): void {
  for (const m of text.matchAll(/@(?:JoinTable|CollectionTable)\s*\(/g)) {
    const args = callArgs(text, m.index + m[0].length - 1).replace(/@\w+\s*\([^)]*\)/g, '');
    const name = /\bname\s*=\s*"([^"]+)"/.exec(args)?.[1];
    if (name) out.push({ table: qualify(/\bschema\s*=\s*"([^"]+)"/.exec(args)?.[1], name), line: lineAt(text, m.index), via: 'jpa' });
  }
  for (const m of text.matchAll(/\.withTableName\s*\(\s*"([^"]+)"/g)) out.push({ table: m[1]!, line: lineAt(text, m.index), via: 'jdbc' });
}

/**
 * The tables the file's ORM models map, in order of appearance. `creators`: the Drizzle table
 * creators of the files it imports, by the name each is exported as.
 */
export function ormTableRefs(
  text: string,
  language: string,
  path: string,
  creators: readonly DrizzleCreator[] = [],
  configs: readonly ConfigText[] = [],
): OrmTableRef[] {
  const out: OrmTableRef[] = [];
  if (language === 'typescript' || language === 'javascript') {
    if (text.includes('@Entity') || text.includes('@ViewEntity')) typeorm(text, out);
    if ((text.includes('defineEntity') || text.includes('EntitySchema')) && isMikroOrm(text)) mikroOrmSchemas(text, out);
    // `define(`, `tableName:` and `.init(` are common words: only in a file that names Sequelize
    if (/sequelize/i.test(text) && /\.define\s*(?:<[^>]*>)?\s*\(|\btableName\s*:|\.\s*init\s*\(|@Table\b/.test(text)) sequelize(text, out);
    // `.join('x')` and `.from('x')` are arrays' and Buffers' too: only in a file that starts a builder on a table, or names Knex
    if (new RegExp(KNEX_START.source).test(text) || /\bknex\b/i.test(text)) knex(text, out);
    out.push(...drizzleTables(text, language, creators), ...kyselyRefs(text, language));
  } else if (language === 'prisma') prisma(text, out);
  else if (language === 'python') python(text, path, out);
  else if (language === 'java' || language === 'kotlin') {
    jpa(text, out);
    jpaSideTables(text, out);
  }
  for (const reader of ormReaders()) if (reader.languages.has(language)) out.push(...reader.declared({ path, text, language }, configs));
  // a model, an entity, a mapping or a migration declares its table; Spring's SimpleJdbcInsert writes it
  for (const ref of out) ref.access ??= [ref.via === 'jdbc' ? 'write' : 'schema'];
  return out.sort((a, b) => a.line - b.line);
}

/** A Sequelize model's static methods (`Customer.findAll(…)`, `db.Customer.create(…)`): the finders and aggregates read, the rest write. */
const SEQUELIZE_READS = 'findAll|findOne|findByPk|findAndCountAll|findOrBuild|count|max|min|sum|aggregate';
const SEQUELIZE_WRITES = 'create|bulkCreate|update|destroy|upsert|increment|decrement|truncate|restore|findOrCreate|findCreateFind';
/** What the calls on a model instance do (`const c = await Customer.findByPk(id); await c.save()`): `reload` reads, the rest write. */
const SEQUELIZE_INSTANCE_MAKERS = /^(?:findOne|findByPk|findOrBuild|create|build)$/;
const SEQUELIZE_INSTANCE_CALL = /^(?:save|update|destroy|increment|decrement|restore|reload)$/;
/** The methods an association adds to a row, named by the other model (`getInstruments`, `createInstrument`, `addTags`). */
const SEQUELIZE_MIXIN = /^(get|set|add|create|remove|count|has)([A-Z][\w$]*)$/;

/** The model an association method names, in the singular or the plural, as defined or in lower case (`define('instrument')`). */
function associated(models: ReadonlyMap<string, OrmTableRef | null>, named: string): OrmTableRef | undefined {
  for (const name of new Set([named, pluralize.singular(named)]))
    for (const key of [name, name[0]!.toLowerCase() + name.slice(1)]) {
      const found = models.get(key);
      if (found) return found;
    }
  return undefined;
}

/** The model a row of `model` reaches by an association's alias: `getPlayers()` and `createPlayer()` for `as: 'players'`. */
function aliased(
  aliases: ReadonlyArray<{ source: OrmTableRef; target: OrmTableRef; names: readonly string[] }>,
  model: OrmTableRef,
  named: string,
): OrmTableRef | undefined {
  const key = (name: string) => pluralize.singular(name[0]!.toLowerCase() + name.slice(1));
  return aliases.find((a) => a.source === model && a.names.some((n) => key(n) === key(named)))?.target;
}

/** A Sequelize association declared with an alias: `Orchestra.hasMany(Instrument, { as: 'players' })`. */
export interface SequelizeAlias {
  /** The model it is declared on and the other model, as the code names them (`models.orchestra` names `orchestra`). */
  source: string;
  target: string;
  /** The alias, or its singular and plural forms when the code gives both (`as: { singular: 'player', plural: 'players' }`). */
  names: string[];
}

const ASSOCIATION = /(?<![\w$])([\w$]+)\s*\.\s*(?:hasMany|hasOne|belongsTo|belongsToMany)\s*\(\s*(?:[\w$]+\s*\.\s*)*([\w$]+)\s*,/g;

/** The Sequelize associations a file declares with an alias, by which the rows of its model reach the other model in any file. */
export function sequelizeAliases(written: string, language: string): SequelizeAlias[] {
  if ((language !== 'typescript' && language !== 'javascript') || !/\bas\s*:/.test(written)) return [];
  const text = blankComments(written);
  const out: SequelizeAlias[] = [];
  for (const m of text.matchAll(ASSOCIATION)) {
    const options = callArgs(text, m.index + m[0].indexOf('('));
    const as = new RegExp(String.raw`\bas\s*:\s*(?:${STR}|\{([^}]*)\})`).exec(options);
    const names = as?.[1] ? [as[1]] : [...(as?.[2] ?? '').matchAll(new RegExp(String.raw`\b(?:singular|plural)\s*:\s*${STR}`, 'g'))].map((n) => n[1]!);
    // `this.hasMany(…)` in a model class's `static associate(models)` is the class's
    const source = m[1] === 'this' ? [...text.slice(0, m.index).matchAll(/\bclass\s+([A-Za-z_$][\w$]*)/g)].at(-1)?.[1] : m[1];
    if (names.length && source) out.push({ source, target: m[2]!, names });
  }
  return out;
}

/** Prisma Client's operations on a model: `prisma.invoice.findMany(`. */
const PRISMA_METHODS =
  'findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|findMany|create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany|count|aggregate|groupBy';
const PRISMA_CLIENT_CALL = new RegExp(String.raw`\.\s*([a-z]\w*)\s*\.\s*(${PRISMA_METHODS})\s*\(`, 'g');

/** A repository's type: TypeORM's `Repository`, `TreeRepository`, `MongoRepository`; MikroORM's `EntityRepository`, `SqlEntityRepository`. */
const REPOSITORY_TYPE = String.raw`(?:Tree|Mongo|(?:Sql)?Entity)?Repository`;
/**
 * TypeORM's ways to reach an entity: `@InjectRepository(E)` or `getCustomRepository(E)` (group 1), `getRepository(E)` (2; on
 * both a chained call is followed), `Repository<E>` (3), the entity manager's methods, `manager.find(E, …)` (4, 5). MikroORM's
 * are the same calls: `EntityRepository<E>`, `em.find(E, …)`, `em.qb(E)`.
 */
const TYPEORM_USE = new RegExp(
  String.raw`\b(?:InjectRepository|getCustomRepository)\s*\(\s*([A-Z]\w*)|\bget(?:Tree|Mongo)?Repository\s*\(\s*([A-Z]\w*)\s*\)|\b${REPOSITORY_TYPE}\s*<\s*([A-Z]\w*)\s*>|(?:[Mm]anager|\bem)\s*\.\s*(${TYPEORM_READS}|${TYPEORM_WRITES}|createQueryBuilder|qb)\s*\(\s*([A-Z]\w*)`,
  'g',
);

/** A name the file binds to a repository of `entity` (`null`: bound to two in one scope), where it holds. */
interface RepositoryName {
  name: string;
  entity: string | null;
  /** A class's property, reached as `this.name`; else a variable or parameter, reached by the name alone. */
  member: boolean;
  scope: Block;
}

const MODIFIERS = /(?:\b(?:public|private|protected|readonly)\s+)+$/;
const DECORATORS = /(?:@\w+\s*\((?:[^()]|\([^()]*\))*\)\s*)+$/;
/**
 * The names the file binds to a repository, each to its entity and where it holds:
 * `@InjectRepository(E) private readonly users` and `users: Repository<E>` in a class are its
 * properties; `const repo = dataSource.getRepository(E)` (not a call chained on it) and a
 * parameter `repo: Repository<E>` hold in their block and function. Each found by what is
 * distinctive, the name then read next to it.
 */
function typeormRepositories(text: string, custom: readonly CustomRepository[]): RepositoryName[] {
  const out: RepositoryName[] = [];
  const customNames = [...new Set(custom.map((r) => r.name))].filter((name) => text.includes(name));
  if (!text.includes('Repository') && !customNames.length) return out;
  const blocks = scriptBlocks(text);
  const bind = (name: string | undefined, entity: string, at: number, kind: 'member' | 'variable' | 'parameter') => {
    if (!name) return;
    const scope = kind === 'parameter' ? functionBody(text, blocks, at) : blockAround(blocks, at, text.length);
    const member = kind === 'member';
    const same = out.find((b) => b.name === name && b.member === member && b.scope.start === scope.start && b.scope.end === scope.end);
    if (same) same.entity = same.entity === entity ? entity : null;
    else out.push({ name, entity, member, scope });
  };
  // a class's property, or a parameter (a constructor's with a modifier is both, reached as `this.name`); `lead` is the text before the name
  const declared = (lead: string): 'member' | 'parameter' => {
    const bare = lead.replace(DECORATORS, '');
    return MODIFIERS.test(bare) || !/[(,]\s*$/.test(bare) ? 'member' : 'parameter';
  };
  const injected = /@InjectRepository\s*\(\s*([A-Z]\w*)\s*(?:,[^)]*)?\)\s*((?:(?:public|private|protected|readonly)\s+)*)([A-Za-z_$][\w$]*)\s*[!?]?\s*:/g;
  for (const m of text.matchAll(injected)) bind(m[3], m[1]!, m.index, declared(text.slice(Math.max(0, m.index - 200), m.index) + m[2]));
  const typed = customNames.length
    ? new RegExp(String.raw`:\s*(?:${REPOSITORY_TYPE}\s*<\s*([A-Z]\w*)\s*>|(${customNames.map(escapeName).join('|')})(?![\w$<.[]))`, 'g')
    : new RegExp(String.raw`:\s*${REPOSITORY_TYPE}\s*<\s*([A-Z]\w*)\s*>`, 'g');
  for (const m of text.matchAll(typed)) {
    const entity = m[1] ?? m[2]!;
    const before = text.slice(Math.max(0, m.index - 200), m.index);
    const name = /(?<![\w$])([A-Za-z_$][\w$]*)\s*[!?]?\s*$/.exec(before);
    if (!name) continue;
    const lead = before.slice(0, name.index);
    const at = m.index - before.length + name.index;
    if (/\b(?:const|let|var)\s+$/.test(lead)) bind(name[1], entity, at, 'variable');
    else bind(name[1], entity, at, declared(lead));
  }
  for (const m of text.matchAll(/\bget(?:Tree|Mongo)?Repository\s*\(\s*([A-Z]\w*)\s*\)(?!\s*[!?]?\.)/g)) {
    const name = assignedTo(text, m.index);
    const onThis = name && new RegExp(String.raw`\bthis\s*\.\s*${name.replace(/\$/g, '\\$')}\s*=[^=]*$`).test(text.slice(Math.max(0, m.index - 200), m.index));
    bind(name, m[1]!, m.index, onThis ? 'member' : 'variable');
  }
  // a custom repository is called by its own name (`UserRepository.findByName(…)`), and calls itself as `this` in its body (an abstract one `this.repository`)
  for (const name of customNames) out.push({ name, entity: name, member: false, scope: { start: 0, end: text.length } });
  for (const r of custom) {
    if (r.at === undefined) continue;
    const body = functionBody(text, blocks, r.at);
    out.push(r.abstract ? { name: 'repository', entity: r.name, member: true, scope: body } : { name: 'this', entity: r.name, member: false, scope: body });
  }
  return out;
}

/** What the project declares beside its models, by which a file reaches their tables. */
export interface ModelContext {
  /** The project's custom repositories (TypeORM's, Spring Data's), by which a file reaches their entities. */
  repositories?: readonly CustomRepository[];
  /** The file's own repositories, when the project's were read already (`projectRepositories`); else read from the text. */
  own?: readonly CustomRepository[];
  /** The project's Sequelize associations named by an alias (`sequelizeAliases`), by which a row reaches the other model. */
  aliases?: readonly SequelizeAlias[];
  /** The project's JPA named queries (`projectNamedQueries`), by which an entity manager's `createNamedQuery` is read; else the file's own. */
  named?: NamedQueries;
  /** The project's string constants (`projectConstants`), by which a statement another file holds is read. */
  constants?: ProjectConstants;
  /** The relation fields of the project's Prisma models (`prismaRelations`), by which a query's `include` reads another model. */
  prismaRelations?: PrismaRelations;
  /** The relation fields of the project's Django models (`djangoRelations`), by whose managers a row reaches another model's rows. */
  djangoRelations?: DjangoRelations;
  /** The relationships of the project's SQLAlchemy and SQLModel classes (`sqlalchemyRelations`), through which a statement joins or loads another model. */
  sqlalchemyRelations?: SqlalchemyRelations;
  /** The table an entity's simple name stands for in this Java or Kotlin file, for a name the project's classes share (`jvmEntities`). */
  entityNamed?: ((name: string) => OrmTableRef | null | undefined) | undefined;
  /** Repositories the project keeps as another object's properties (`heldRepositories`): `DI.authors` → `Author`. */
  heldRepositories?: ReadonlyMap<string, string | null>;
  /** The table a change to each MikroORM entity's collection writes (`mikroOrmCollections`). */
  mikroCollections?: MikroCollections;
  /** The tables of the entities a JPA `JOINED` subclass extends, by its table's `entityKey` (`jpaInheritedTables`): a use of it reaches them too. */
  jpaJoined?: ReadonlyMap<string, readonly OrmTableRef[]>;
}

/** The models by name, for each ORM (its `via`: one way of naming a model each), of the model lists given to ormModelUses. */
const modelIndexes = new WeakMap<readonly OrmTableRef[], Map<string, Map<string, OrmTableRef | null>>>();

/**
 * The tables a file reaches through the project's models (`models`: the refs of every other file
 * that name one): Prisma Client calls, `prisma.invoice.findMany(…)` or `tx.invoice.create(…)`, in a
 * file that names Prisma, TypeORM repositories and the entity manager (`@InjectRepository(Invoice)`,
 * `Repository<Invoice>`, `manager.find(Invoice, …)`), Django managers, `Invoice.objects…`, and SQLAlchemy / SQLModel statements
 * and sessions, `select(Invoice)`, `session.get(Invoice, id)`, `Invoice.query`. Each model once, at its first use,
 * with the accesses of all its calls; a model name that two models share is left out.
 */
export function ormModelUses(written: string, language: string, models: readonly OrmTableRef[], project: ModelContext = {}): OrmTableRef[] {
  const repositories = project.repositories ?? [];
  if (!models.length) return [];
  // a call commented out (or in a Python docstring) uses nothing
  const text = C_LIKE.has(language) ? blankComments(written) : language === 'python' ? pythonCode(written) : written;
  // each file of a project is given the same models: their index by name is made once per list
  const indexed = modelIndexes.get(models) ?? modelIndexes.set(models, new Map()).get(models)!;
  const byName = (via: string, key: (model: string) => string): ReadonlyMap<string, OrmTableRef | null> => {
    const known = indexed.get(via);
    if (known) return known;
    // two models of one name and one table (a migration's copy of a model) stand for that table
    const out = modelsByName(
      models.filter((m) => m.via === via),
      key,
    );
    indexed.set(via, out);
    return out;
  };
  return collectUses(text, (collect) => {
    const joined = project.jpaJoined;
    // a JPA joined subclass's row is split over its table and its parents'
    const use: UseModel = joined?.size
      ? (found, index, access) => {
          collect(found, index, access);
          for (const parent of (found && joined.get(entityKey(found))) || []) collect(parent, index, access);
        }
      : collect;
    if (language === 'typescript' || language === 'javascript') {
      if (/prisma/i.test(text)) {
        const prismaModels = byName('prisma', (m) => m[0]!.toLowerCase() + m.slice(1));
        const calls: Array<{ model: string; open: number }> = [];
        for (const m of text.matchAll(PRISMA_CLIENT_CALL)) {
          const model = prismaModels.get(m[1]!);
          use(model, m.index + m[0].indexOf(m[1]!), /^(find|count|aggregate|groupBy)/.test(m[2]!) ? 'read' : 'write');
          if (model?.model) calls.push({ model: model.model, open: m.index + m[0].length - 1 });
        }
        // a delegate bound to a name: `const { website } = prisma.client; website.findMany()`
        for (const [name, delegate] of prismaDelegateNames(text, new Set(prismaModels.keys()))) {
          const model = prismaModels.get(delegate);
          for (const m of text.matchAll(new RegExp(String.raw`(?<![\w$.])${escapeName(name)}\s*\.\s*(${PRISMA_METHODS})\s*\(`, 'g'))) {
            use(model, m.index, /^(find|count|aggregate|groupBy)/.test(m[1]!) ? 'read' : 'write');
            if (model?.model) calls.push({ model: model.model, open: m.index + m[0].length - 1 });
          }
        }
        // the models its queries read through their relations (`include: { author: true }`)
        for (const r of prismaRelationReads(text, calls, project.prismaRelations ?? new Map()))
          use(prismaModels.get(r.model[0]!.toLowerCase() + r.model.slice(1)), r.index, 'read');
      }
      const sequelizeModels = byName('sequelize', (m) => m);
      if (sequelizeModels.size) {
        const names = [...sequelizeModels.keys()].map(escapeName).join('|');
        const aliases = (project.aliases ?? []).flatMap((a) => {
          const source = associated(sequelizeModels, a.source);
          const target = associated(sequelizeModels, a.target);
          return source && target ? [{ source, target, names: a.names }] : [];
        });
        // the blocks only for a row's later calls, and then once
        let blocks: readonly Block[] | undefined;
        for (const m of text.matchAll(new RegExp(String.raw`(?<![\w$])(${names})\s*\.\s*(${SEQUELIZE_READS}|${SEQUELIZE_WRITES}|build)\s*\(`, 'g'))) {
          // a model named in lower case (`define('user')`) only as the models' property, `models.user.findAll(…)`: a bare `user` is a row
          if (/^[a-z]/.test(m[1]!) && !/\.\s*$/.test(text.slice(Math.max(0, m.index - 10), m.index))) continue;
          const model = sequelizeModels.get(m[1]!);
          const method = m[2]!;
          use(model, m.index, method === 'build' ? undefined : new RegExp(`^(?:${SEQUELIZE_READS})$`).test(method) ? 'read' : 'write');
          if (!model) continue;
          const open = m.index + m[0].length - 1;
          // eager loading reads the models it includes: `findAll({ include: models.instrument })`, `include: [{ model: Tag }]`
          const args = callArgs(text, open);
          const include = /\binclude\s*:/.exec(args);
          if (include)
            for (const i of args.slice(include.index).matchAll(new RegExp(String.raw`(\.\s*)?(?<![\w$])(${names})(?![\w$])`, 'g')))
              if (i[1] || /^[A-Z]/.test(i[2]!)) use(sequelizeModels.get(i[2]!), open + 1 + include.index + i.index! + (i[1]?.length ?? 0), 'read');
          // `findAll` gives rows, `findAndCountAll` gives them as its `rows`
          const rows = method === 'findAll' || method === 'findAndCountAll';
          if (!rows && !SEQUELIZE_INSTANCE_MAKERS.test(method)) continue;
          blocks ??= scriptBlocks(text);
          const end = blockAround(blocks, m.index, text.length).end;
          // the row it gives (each of the rows, for `findAll`), called later in the same block: its own methods, and its associations' (`orchestra.getInstruments()`)
          const later = rows
            ? elementCalls(text, blocks, m.index, open, end, method === 'findAndCountAll' ? 'rows' : undefined)
            : laterCalls(text, m.index, open, end);
          for (const call of later) {
            if (SEQUELIZE_INSTANCE_CALL.test(call)) use(model, m.index, call === 'reload' ? 'read' : 'write');
            const mixin = SEQUELIZE_MIXIN.exec(call);
            const other = mixin && (aliased(aliases, model, mixin[2]!) ?? associated(sequelizeModels, mixin[2]!));
            if (other) use(other, m.index, /^(?:get|count|has)$/.test(mixin[1]!) ? 'read' : 'write');
          }
        }
      }
      // MikroORM's entity manager and repositories are called as TypeORM's are (`em.find(User, …)`, `EntityRepository<User>`)
      const mikroEntities = byName('mikro-orm', (m) => m);
      const { entities, custom } = withRepositories(
        mikroEntities.size ? new Map([...byName('typeorm', (m) => m), ...mikroEntities]) : byName('typeorm', (m) => m),
        text,
        language,
        repositories,
        project.own,
      );
      const bindings = entities.size ? typeormUses(text, entities, use, custom) : [];
      const held = heldInFile(project.heldRepositories ?? new Map<string, string | null>(), text);
      if (held.size && entities.size) heldRepositoryUses(text, held, entities, use);
      if (mikroEntities.size) {
        // a repository by its path: `users`, `this.users`, or another object's property the project assigns one to (`DI.users`)
        const repositoryOf = (path: string, at: number) => {
          const [head, ...rest] = path.replace(/\s+/g, '').split('.');
          if (!rest.length) return repositoryAt(bindings, head!, false, at);
          if (head === 'this' && rest.length === 1) return repositoryAt(bindings, rest[0]!, true, at);
          return held.get(`${head}.${rest.join('.')}`) ?? undefined;
        };
        // a custom repository (`UserRepository`) stands for its entity
        const repository = (path: string, at: number) => {
          const found = repositoryOf(path, at);
          return found && (entities.get(found)?.model ?? found);
        };
        for (const { entity, index } of mikroOrmInstanceWrites(text, repository)) use(mikroEntities.get(entity), index, 'write');
        for (const { entity, index } of mikroOrmFlushedChanges(text, repository)) use(entities.get(entity), index, 'write');
        for (const { entity, index } of mikroOrmCreatedRows(text, repository)) use(entities.get(entity), index, 'write');
        for (const { table, index } of mikroOrmCollectionWrites(text, project.mikroCollections ?? new Map(), repository))
          use({ table, line: 0, via: 'mikro-orm' }, index, 'write');
      }
    } else if (language === 'java' || language === 'kotlin') {
      const own = project.own ?? customRepositories(text, language);
      const { entities, custom } = withRepositories(
        ranked(
          byName('jpa', (m) => m),
          project.entityNamed,
        ),
        text,
        language,
        repositories,
        own,
      );
      if (custom.length) springDataUses(text, entities, use, custom);
      // a class that is no repository reads and writes where it is declared what its entity manager's calls do
      const elsewhere = project.constants?.inFile(text);
      for (const { at, reaches } of entityManagerUses(text, own, project.named ?? namedQueries(text, elsewhere), elsewhere))
        for (const [entity, accesses] of reaches) {
          if (!accesses.length) use(entities.get(entity), at);
          for (const access of accesses) use(entities.get(entity), at, access);
        }
    } else if (language === 'python') {
      // a model inheriting a concrete one reads and writes its part of the rows too (`Restaurant`'s in `app_place`)
      const djangoFields = project.djangoRelations?.fields ?? [];
      const djangoUse: UseModel = (found, index, access) => {
        use(found, index, access);
        if (found?.model && djangoFields.some((f) => f.parent)) for (const parent of parentTables(found.model, djangoFields)) use(parent, index, access);
      };
      // the project's models, and those of Django's own apps the file imports (`User`: `auth_user`)
      const contrib = contribModels(text);
      const djangoModels = contrib.size ? new Map([...byName('django', (m) => m), ...contrib]) : byName('django', (m) => m);
      // `Model.objects`, or another manager the model declares (`Event.all_objects`); a write anywhere in its chain writes (`.filter(…).update(…)`)
      const managers = project.djangoRelations?.managers ?? new Map<string, readonly string[]>();
      const others = [...new Set([...managers.values()].flat())];
      const chains: DjangoChain[] = [];
      let deleted: ((model: string, index: number) => void) | undefined;
      for (const m of text.matchAll(new RegExp(String.raw`\b([A-Z]\w*)\.(objects|${others.join('|') || '(?!)'})\b(?:\s*\.\s*(\w+)(\s*\()?)?`, 'g'))) {
        if (m[2] !== 'objects' && !managers.get(m[1]!)?.includes(m[2]!)) continue;
        const open = m.index + m[0].length - 1;
        const calls = m[3] && m[4] ? [{ method: m[3], open }, ...chainAfter(text, open)] : [];
        const methods = m[3] ? (calls.length ? calls.map((c) => c.method) : [m[3]]) : [];
        djangoUse(djangoModels.get(m[1]!), m.index, methods.length ? (methods.some((x) => DJANGO_WRITES.test(x)) ? 'write' : 'read') : undefined);
        // `.filter(…).delete()` deletes what the rows' cascades reach too
        if (methods.some((x) => DJANGO_DELETES.test(x))) (deleted ??= djangoDeleter(djangoModels, djangoUse, project.djangoRelations))(m[1]!, m.index);
        chains.push({ model: m[1]!, calls });
      }
      djangoRowUses(text, djangoModels, djangoUse, project.djangoRelations);
      djangoLookups(text, chains, djangoModels, djangoUse, project.djangoRelations);
      const alchemyModels = new Map([...byName('sqlalchemy', (m) => m), ...byName('sqlmodel', (m) => m)]);
      // a statement's own model, and those it joins or selects from (`select(Order).join(Customer)`, `.outerjoin(Line)`, `.select_from(Order)`)
      const statement = /\b(select|insert|update|delete|query|get|get_one|merge|join|outerjoin|select_from)\(\s*([A-Z]\w*)\b|\b([A-Z]\w*)\.query\b/g;
      for (const m of text.matchAll(statement))
        use(alchemyModels.get(m[2] ?? m[3]!), m.index, /^(insert|update|delete|merge)$/.test(m[1] ?? '') ? 'write' : 'read');
      if (alchemyModels.size) for (const { model, index } of sessionWrites(text)) use(alchemyModels.get(model), index, 'write');
      sqlalchemyRelationUses(text, alchemyModels, use, project.sqlalchemyRelations);
      sqlalchemyRowLoads(text, alchemyModels, use, project.sqlalchemyRelations);
    }
  });
}

/** The models by name, each a name several share standing for the one `named` tells for the file (a copy, when any does). */
function ranked(
  models: ReadonlyMap<string, OrmTableRef | null>,
  named: ((name: string) => OrmTableRef | null | undefined) | undefined,
): ReadonlyMap<string, OrmTableRef | null> {
  let out: Map<string, OrmTableRef | null> | undefined;
  if (named)
    for (const [name, model] of models) {
      const found = model === null ? named(name) : undefined;
      if (found) (out ??= new Map(models)).set(name, found);
    }
  return out ?? models;
}

/** A name bound to a model in Python: `item: Item` (a parameter or a variable), `item = Item(…)` or `Item.model_validate(…)`, `item = session.get(Item, id)`. */
const PY_BINDING = (name: string) =>
  new RegExp(String.raw`\b${name}\s*(?::\s*([A-Z]\w*)\b|=\s*(?:([A-Z]\w*)\s*[.(]|[\w.]*\.get(?:_one)?\(\s*([A-Z]\w*)\b))`, 'g');

/**
 * The rows a SQLAlchemy or SQLModel session writes: `session.add(item)`, `session.delete(item)`,
 * `session.merge(item)` and `session.add_all([a, b])`, each by the model its argument is: one built
 * in the call (`session.add(Item(…))`), else the model the name was last bound to in the function
 * around the call (or the module, outside one). Returns the model's name and where the call is.
 */
function sessionWrites(text: string): Array<{ model: string; index: number }> {
  const out: Array<{ model: string; index: number }> = [];
  for (const m of text.matchAll(/\.(add|delete|merge|add_all)\(/g)) {
    const args = callArgs(text, m.index + m[0].length - 1).trim();
    const built = /^\[?\s*([A-Z]\w*)\s*[.(]/.exec(args);
    if (built) {
      out.push({ model: built[1]!, index: m.index });
      continue;
    }
    const names = m[1] === 'add_all' ? (/^\[([\w\s,]*)\]$/.exec(args)?.[1]?.split(',') ?? []) : [args];
    const scope = text.slice(pythonFunctionStart(text, m.index), m.index);
    for (const name of names.map((n) => n.trim()).filter((n) => /^[a-z_]\w*$/.test(n))) {
      const bound = [...scope.matchAll(PY_BINDING(name))].at(-1);
      const model = bound?.[1] ?? bound?.[2] ?? bound?.[3];
      if (model) out.push({ model, index: m.index });
    }
  }
  return out;
}

/**
 * Lets each repository's name stand for its entity (`@InjectRepository(UserRepository)`,
 * `users: UserRepository`), the file's own (`read` from the project's, else read here from the text) with
 * where they are defined, the others' as the project's; a name two entities share stands for none.
 * Returns the repositories of entities known, and `models` with their names (a copy, when there are any).
 */
function withRepositories(
  models: ReadonlyMap<string, OrmTableRef | null>,
  text: string,
  language: string,
  repositories: readonly CustomRepository[],
  read?: readonly CustomRepository[],
): { entities: ReadonlyMap<string, OrmTableRef | null>; custom: CustomRepository[] } {
  const own = read ?? customRepositories(text, language);
  const orm = own[0]?.orm ?? (language === 'java' || language === 'kotlin' ? 'spring' : 'typeorm');
  const others = repositories.filter((r) => r.orm === orm && !own.some((o) => o.name === r.name)).map(({ at: _at, ...r }) => r);
  const custom = [...own, ...others].filter((r) => models.get(r.entity));
  if (!custom.length) return { entities: models, custom };
  const entities = new Map(models);
  for (const r of custom) entities.set(r.name, entities.has(r.name) && entities.get(r.name) !== entities.get(r.entity) ? null : entities.get(r.entity)!);
  return { entities, custom };
}

/** What a Spring Data repository's method does: derived queries and the inherited finders read, `save*` and `delete*` write. */
const SPRING_READ = /^(?:find|get|read|query|search|stream|count|exists)\w*$/;
const SPRING_WRITE = /^(?:save|insert|update|delete|remove)\w*$/;

/**
 * Spring Data's uses of the project's entities: a repository interface links its entity where it
 * is declared; elsewhere, a field, parameter or variable of a repository's type (`private final
 * OwnerRepository owners;`, Kotlin's `owners: OwnerRepository`) links it at its first call, each
 * call counting by its method (`owners.findById(…)` reads, `this.owners.save(…)` writes). A name
 * is the file's, whichever method reaches it; a name of two repositories' types links neither.
 */
function springDataUses(text: string, entities: ReadonlyMap<string, OrmTableRef | null>, use: UseModel, repositories: readonly CustomRepository[]): void {
  for (const r of repositories) {
    if (r.at === undefined) continue;
    // a DAO's own methods read and write where it is declared, and so do a fragment implementation's through its entity manager
    const own = r.dao ? accessesOf(Object.values(r.methods ?? {}).flat()) : (r.reaches?.[r.entity] ?? []);
    if (own.length) for (const access of own) use(entities.get(r.name), r.at, access);
    else use(entities.get(r.name), r.at);
    for (const [entity, accesses] of Object.entries(r.reaches ?? {}))
      if (entity !== r.entity) for (const access of accesses) use(entities.get(entity), r.at, access);
  }
  const types = repositories.map((r) => escapeName(r.name)).join('|');
  const bound = new Map<string, string | null>();
  const bind = (name: string, type: string) => bound.set(name, bound.has(name) && bound.get(name) !== type ? null : type);
  for (const m of text.matchAll(new RegExp(String.raw`\b(${types})\s+([a-z_$][\w$]*)\s*[;,)=]`, 'g'))) bind(m[2]!, m[1]!);
  for (const m of text.matchAll(new RegExp(String.raw`\b([a-z_$][\w$]*)\s*:\s*(${types})\b(?![\w<.])`, 'g'))) bind(m[1]!, m[2]!);
  const names = [...bound].filter(([, type]) => type).map(([name]) => escapeName(name));
  if (!names.length) return;
  for (const m of text.matchAll(new RegExp(String.raw`(?:^|[^\w$.]|\bthis\s*\.\s*)(${names.join('|')})\s*[!?]?\.\s*(\w+)\s*\(`, 'g'))) {
    const method = m[2]!;
    const at = m.index + m[0].indexOf(m[1]!);
    const type = bound.get(m[1]!)!;
    const own = methodAccess(repositories, type, method);
    if (own) for (const access of own) use(entities.get(type), at, access);
    else use(entities.get(type), at, SPRING_READ.test(method) ? 'read' : SPRING_WRITE.test(method) ? 'write' : undefined);
  }
}

/**
 * TypeORM's uses of the file's entities, each with what its call does: the entity manager's
 * (`manager.save(E, …)`), a repository's chained on it (`getRepository(E).findOne(…)`) or called
 * by the name the file binds it to (`this.users.find(…)`, `repo.save(…)`). Returns the names the file
 * binds to repositories, which MikroORM's unit of work reads too.
 */
function typeormUses(
  text: string,
  entities: ReadonlyMap<string, OrmTableRef | null>,
  use: UseModel,
  custom: readonly CustomRepository[],
): readonly RepositoryName[] {
  for (const m of text.matchAll(TYPEORM_USE)) {
    const open = m.index + m[0].indexOf('(');
    const call = m[1] || m[2] ? chainAfter(text, open)[0] : m[4] ? { method: m[4], open } : undefined;
    const name = m[1] ?? m[2] ?? m[3] ?? m[5]!;
    const access = call && typeormAccess(call.method, text, call.open, m.index);
    const own = !access && call ? methodAccess(custom, name, call.method) : undefined;
    if (own) for (const a of own) use(entities.get(name), m.index, a);
    else use(entities.get(name), m.index, access);
  }
  // a builder started without an entity names it in its chain: `.from(E, 'e')`, `.into(E)`, `.update(E)`
  for (const m of text.matchAll(/\bcreateQueryBuilder\s*\(\s*\)/g)) {
    const open = m.index + m[0].indexOf('(');
    const chain = chainAfter(text, open);
    const named = chain.find((c) => /^(?:from|into|update)$/.test(c.method) && /^\s*[A-Z]\w*\s*(?:,|$)/.test(callArgs(text, c.open)));
    if (named) use(entities.get(callArgs(text, named.open).trim().split(/\s*,/)[0]!), m.index, typeormAccess('createQueryBuilder', text, open, m.index));
  }
  const bindings = typeormRepositories(text, custom);
  const repositories = bindings.filter((b) => !b.entity || entities.get(b.entity));
  if (!repositories.length) return bindings;
  const names = [...new Set(repositories.map((b) => escapeName(b.name)))];
  // `this.` and the name, or the name alone: not another object's property
  for (const m of text.matchAll(new RegExp(String.raw`(?:^|[^\w$.])(this\s*\.\s*)?(${names.join('|')})\s*[!?]?\.\s*([\w$]+)\s*\(`, 'g'))) {
    const at = m.index + m[0].indexOf(m[2]!);
    const bound = repositoryAt(repositories, m[2]!, !!m[1], at);
    if (!bound) continue;
    const access = typeormAccess(m[3]!, text, m.index + m[0].length - 1, at);
    const own = access ? undefined : methodAccess(custom, bound, m[3]!);
    if (own) for (const a of own) use(entities.get(bound), at, a);
    else use(entities.get(bound), at, access);
  }
  return bindings;
}

/** The calls on repositories another file keeps as an object's property: `DI.authors.findAll()` reads, `DI.authors.nativeDelete(…)` writes. */
function heldRepositoryUses(text: string, held: ReadonlyMap<string, string | null>, entities: ReadonlyMap<string, OrmTableRef | null>, use: UseModel): void {
  const paths = [...held].filter(([path, entity]) => entity && text.includes(path.split('.')[1]!)).map(([path]) => path);
  if (!paths.length) return;
  const pattern = paths
    .map((p) =>
      p
        .split('.')
        .map(escapeName)
        .join(String.raw`\s*\.\s*`),
    )
    .join('|');
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\w$.])(${pattern})\s*[!?]?\.\s*([\w$]+)\s*\(`, 'g'))) {
    const entity = held.get(m[1]!.replace(/\s+/g, ''))!;
    use(entities.get(entity), m.index, typeormAccess(m[2]!, text, m.index + m[0].length - 1, m.index));
  }
}

/** The entity the name reached at `at` is bound to: the binding of the innermost scope holding it; none when that scope binds it to two. */
function repositoryAt(bindings: readonly RepositoryName[], name: string, member: boolean, at: number): string | undefined {
  let best: RepositoryName | undefined;
  for (const b of bindings)
    if (
      b.name === name &&
      b.member === member &&
      b.scope.start <= at &&
      at <= b.scope.end &&
      (!best || b.scope.end - b.scope.start < best.scope.end - best.scope.start)
    )
      best = b;
  return best?.entity ?? undefined;
}
