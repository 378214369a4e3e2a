/**
 * @module adapters/connector/code/orm/declared-joins
 * The joins an ORM's relations declare, whether or not the database holds the foreign key (Prisma's
 * `relationMode = "prisma"` never creates one).
 * - Prisma: a relation field's `@relation(fields: [authorId], references: [id])` joins its model's
 *   table to the related model's, each column by its `@map` name and each table by its `@@map` name
 *   in its `@@schema`; the models may sit in other `.prisma` files of the project. An implicit
 *   many-to-many's own table (`_PostToTag`) joins both models.
 * - TypeORM: an entity's `@ManyToOne(() => User)`, and a `@OneToOne` with its `@JoinColumn`, join the
 *   entity's table to the other entity's on the join column (`@JoinColumn({ name, referencedColumnName })`,
 *   else TypeORM's default `<property><ReferencedProperty>`, `userId`) and the other entity's primary column.
 *   A composite `@JoinColumn([{ name, referencedColumnName }, …])` joins on each pair; the owning side
 *   of a `@ManyToMany` (its `@JoinTable`) joins the junction table to both entities. A project configuring
 *   `namingStrategy: new SnakeNamingStrategy()` (typeorm-naming-strategies) has the names it does not give
 *   in snake case: columns (`created_at`), join columns (`user_id`), junction columns (`posts_id`).
 * SQLAlchemy's and SQLModel's are read in sqlalchemy-joins.ts, Drizzle's and Sequelize's in theirs.
 * A relation naming a field or an entity the project lacks is left out.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { callArgs, NAME_STRING } from '../text/call-reading.js';
import { lineAt } from '../text/lines.js';
import { snake } from './name-case.js';
import { blankComments } from '../text/script-blocks.js';
import { annotatedClasses, ENTITY_DECORATOR } from '../text/annotated-class.js';

interface PrismaModel {
  table: string;
  /** Field → its column. */
  columns: Map<string, string>;
  relations: Array<{ type: string; fields: string[]; references: string[]; index: number }>;
  path: string;
  text: string;
  name: string;
  schema: string | undefined;
  /** The field marked `@id`. */
  id?: string;
  /** List fields without `fields` (a side of a one-to-many or many-to-many): the other model, the relation's name. */
  lists: Array<{ type: string; name: string | undefined; index: number }>;
}

/** The text with each `//` comment blanked (offsets kept), a `//` inside a string left alone. */
function withoutComments(text: string): string {
  return text.replace(/^[^\n]*$/gm, (line) => {
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      if (line[i] === '"' && line[i - 1] !== '\\') quoted = !quoted;
      else if (!quoted && line.startsWith('//', i)) return line.slice(0, i) + ' '.repeat(line.length - i);
    }
    return line;
  });
}

/** The names of a `[a, b]` list argument of an attribute (`fields: [authorId]`). */
function listArgument(args: string, name: string): string[] {
  const list = new RegExp(String.raw`\b${name}\s*:\s*\[([^\]]*)\]`).exec(args)?.[1];
  return list
    ? list
        .split(',')
        .map((s) => s.trim().replace(/\(.*$/, ''))
        .filter(Boolean)
    : [];
}

const MODEL = /^[ \t]*model[ \t]+(\w+)[ \t]*\{([\s\S]*?)^[ \t]*\}/gm;
const FIELD = /^[ \t]*(\w+)[ \t]+(\w+)(\[\]|\?)?([^\n]*)/gm;

function prismaModels(files: ReadonlyArray<{ path: string; text: string }>): Map<string, PrismaModel> {
  const models = new Map<string, PrismaModel>();
  for (const { path, text: raw } of files) {
    const text = withoutComments(raw);
    for (const m of text.matchAll(MODEL)) {
      const body = m[2]!;
      const bodyAt = m.index + m[0].indexOf('{') + 1;
      const map = /@@map\(\s*(?:name\s*:\s*)?"([^"]+)"/.exec(body)?.[1];
      const schema = /@@schema\(\s*"([^"]+)"/.exec(body)?.[1];
      const table = map ?? m[1]!;
      const model: PrismaModel = {
        table: schema ? `${schema}.${table}` : table,
        columns: new Map(),
        relations: [],
        path,
        text,
        name: m[1]!,
        schema,
        lists: [],
      };
      for (const f of body.matchAll(FIELD)) {
        const rest = f[4]!;
        const index = bodyAt + f.index + f[0].search(/\S/);
        model.columns.set(f[1]!, /(?<!@)@map\(\s*(?:name\s*:\s*)?"([^"]+)"/.exec(rest)?.[1] ?? f[1]!);
        if (/(?<!@)@id\b/.test(rest)) model.id ??= f[1]!;
        const relation = /(?<!@)@relation\(([^)]*)\)/.exec(rest)?.[1];
        const fields = relation ? listArgument(relation, 'fields') : [];
        const references = relation ? listArgument(relation, 'references') : [];
        if (fields.length && fields.length === references.length) model.relations.push({ type: f[2]!, fields, references, index });
        else if (f[3] === '[]') model.lists.push({ type: f[2]!, name: relation && /^\s*(?:name\s*:\s*)?"([^"]+)"/.exec(relation)?.[1], index });
      }
      models.set(m[1]!, model);
    }
  }
  return models;
}

/**
 * Prisma's tables of implicit many-to-many relations (a list on both sides, no `fields`), as models
 * joining on their own: `_<name>`, else `_<A>To<B>` (the models in name order), in the first model's
 * schema, its column `A` referencing the first model's `@id`, `B` the second's.
 */
function prismaJoinTables(models: ReadonlyMap<string, PrismaModel>): PrismaModel[] {
  const out = new Map<string, PrismaModel>();
  for (const model of models.values())
    for (const list of model.lists) {
      const other = models.get(list.type);
      const back = other?.lists.find((l) => l !== list && l.type === model.name && l.name === list.name);
      if (!other || !back || !model.id || !other.id) continue;
      const [a, b] = [model, other].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
      const name = `_${list.name ?? `${a!.name}To${b!.name}`}`;
      const table = a!.schema ? `${a!.schema}.${name}` : name;
      if (out.has(table)) continue;
      const columns = new Map([
        ['A', 'A'],
        ['B', 'B'],
      ]);
      const relations = [
        { type: a!.name, fields: ['A'], references: [a!.id!], index: list.index },
        { type: b!.name, fields: ['B'], references: [b!.id!], index: list.index },
      ];
      out.set(table, { ...model, table, columns, relations, name, lists: [] });
    }
  return [...out.values()];
}

/** A model or entity as the joins are read from it: its table, its file, its relations. */
export interface Declaring<R> {
  table: string;
  relations: R[];
  path: string;
  text: string;
}

/** The other side of one relation, and where it is declared; null when the project lacks part of it. */
export type Resolved = {
  references: string;
  columns: Array<string | undefined>;
  referencedColumns: Array<string | undefined>;
  index: number;
  /** Other names either table may have (Sequelize's plural or singular), tried in order. */
  tableAlternatives?: string[] | undefined;
  referencesAlternatives?: string[] | undefined;
} | null;

/** The joins each file's models declare, by the file's path, those whose every column is known. */
export function joinsByFile<M extends Declaring<unknown>>(
  models: Iterable<M>,
  via: string,
  resolve: (model: M, relation: M['relations'][number]) => Resolved,
): Map<string, DeclaredJoin[]> {
  const out = new Map<string, DeclaredJoin[]>();
  for (const model of models)
    for (const relation of model.relations) {
      const r = resolve(model, relation);
      if (!r || r.columns.some((c) => !c) || r.referencedColumns.some((c) => !c)) continue;
      const join: DeclaredJoin = {
        table: model.table,
        columns: r.columns as string[],
        references: r.references,
        referencedColumns: r.referencedColumns as string[],
        line: lineAt(model.text, r.index),
        via,
        ...(r.tableAlternatives?.length ? { tableAlternatives: r.tableAlternatives } : {}),
        ...(r.referencesAlternatives?.length ? { referencesAlternatives: r.referencesAlternatives } : {}),
      };
      out.set(model.path, [...(out.get(model.path) ?? []), join]);
    }
  return out;
}

/** Each file's joins with a join two of its relations declare (two models sharing a table, two relations on one key) listed once. */
export function distinctJoins(byFile: Map<string, DeclaredJoin[]>): Map<string, DeclaredJoin[]> {
  const on = (j: DeclaredJoin) => `${j.table}.${j.columns.join()}=${j.references}.${j.referencedColumns.join()}`;
  for (const [path, list] of byFile)
    byFile.set(
      path,
      list.filter((j, i) => list.findIndex((k) => on(k) === on(j)) === i),
    );
  return byFile;
}

/** The joins each `.prisma` file's relations declare, by the file's path (the project's files together: a relation may name a model of another file). */
export function prismaJoins(files: ReadonlyArray<{ path: string; text: string }>): Map<string, DeclaredJoin[]> {
  const models = prismaModels(files);
  return joinsByFile([...models.values(), ...prismaJoinTables(models)], 'prisma', (model, r) => {
    const target = models.get(r.type);
    return target
      ? {
          references: target.table,
          columns: r.fields.map((f) => model.columns.get(f)),
          referencedColumns: r.references.map((f) => target.columns.get(f)),
          index: r.index,
        }
      : null;
  });
}

/** A join column as `@JoinColumn` or `@JoinTable`'s `joinColumn` gives it: its name and the column it references, each when given. */
type JoinColumnPair = { name: string | undefined; referenced: string | undefined };

interface TypeormEntity {
  table: string;
  /** The table without its schema, and the schema, as TypeORM names a junction table after them. */
  name: string;
  schema: string | undefined;
  /** Property → its column. */
  columns: Map<string, string>;
  primary: string | undefined;
  relations: Array<{ target: string; property: string; pairs: JoinColumnPair[]; index: number }>;
  /** The owning side of its many-to-many relations (`@ManyToMany(() => Tag) @JoinTable(…)`). */
  junctions: Array<{ target: string; property: string; name?: string; schema?: string; own: JoinColumnPair[]; inverse: JoinColumnPair[]; index: number }>;
  path: string;
  text: string;
}

/** A class member with its decorators: `@ManyToOne(() => User, (u) => u.posts) @JoinColumn({ name: 'user_id' }) user: User`. */
const MEMBER = /((?:@\w+\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\s*)+)(?:(?:public|private|protected|readonly|declare)\s+)*(\w+)\s*[!?]?\s*:/g;
const option = (args: string, name: string) => new RegExp(String.raw`\b${name}\s*:\s*${NAME_STRING}`).exec(args)?.[1];
/** The other entity of `@ManyToOne(() => User`, `(type) => User`, `'User'`. */
const TARGET = /@(ManyToOne|OneToOne|ManyToMany)\s*\(\s*(?:(?:\(\s*\w*\s*\)|\w+)\s*=>\s*([A-Z]\w*)|['"]([A-Z]\w*)['"])/;
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** TypeORM's camel case of a junction column's default name (`blog_post_id` → `blogPostId`). */
const camel = (s: string) => s.replace(/^[A-Z]/, (c) => c.toLowerCase()).replace(/[\s_-](\w)/g, (_m, c: string) => c.toUpperCase());

/** The names TypeORM gives what the code does not name: a column, a join column, a junction table's column. Tables are named alike by both strategies. */
interface Naming {
  column: (property: string) => string;
  joinColumn: (relation: string, referencedProperty: string) => string;
  junctionColumn: (table: string, column: string) => string;
}

/** TypeORM's `DefaultNamingStrategy`: a column is its property, a join column `userId`, a junction column `postsId`. */
const DEFAULT_NAMING: Naming = {
  column: (property) => property,
  joinColumn: (relation, referenced) => `${relation}${upperFirst(referenced)}`,
  junctionColumn: (table, column) => camel(`${table}_${column}`),
};

/** typeorm-naming-strategies' `SnakeNamingStrategy`: the same names in snake case (`created_at`, `user_id`, `posts_id`). */
const SNAKE_NAMING: Naming = {
  column: snake,
  joinColumn: (relation, referenced) => snake(`${relation}_${referenced}`),
  junctionColumn: (table, column) => snake(`${table}_${column}`),
};

/**
 * The project's naming: snake case when a DataSource or module option says `namingStrategy: new SnakeNamingStrategy()`
 * in a file importing it from typeorm-naming-strategies (a project's own class of that name may name otherwise).
 */
function typeormNaming(files: ReadonlyArray<{ text: string }>): Naming {
  const snakeCase = files.some((f) => {
    if (!f.text.includes('typeorm-naming-strategies')) return false;
    const text = blankComments(f.text);
    return /\bnamingStrategy\s*:\s*new\s+SnakeNamingStrategy\s*\(/.test(text) && /(?:\bfrom|\brequire\s*\()\s*['"]typeorm-naming-strategies['"]/.test(text);
  });
  return snakeCase ? SNAKE_NAMING : DEFAULT_NAMING;
}

/** The join columns of `{ name, referencedColumnName }` or a list of them (`[{ … }, { … }]`). */
function joinColumnPairs(written: string | undefined): JoinColumnPair[] {
  return [...(written ?? '').matchAll(/\{[^{}]*\}/g)].map((o) => ({ name: option(o[0], 'name'), referenced: option(o[0], 'referencedColumnName') }));
}

/** A `@JoinTable(…)`'s name, schema and join columns of both sides. */
function joinTableOptions(decorators: string): Omit<TypeormEntity['junctions'][number], 'target' | 'property' | 'index'> | undefined {
  const at = /@JoinTable\s*\(/.exec(decorators);
  if (!at) return undefined;
  const args = callArgs(decorators, at.index + at[0].length - 1);
  const side = (name: string) => new RegExp(String.raw`\b${name}s?\s*:\s*(\{[^{}]*\}|\[[^\]]*\])`).exec(args)?.[1];
  const outer = args.replace(/\{[^{}]*\}|\[[^\]]*\]/g, (m) => ' '.repeat(m.length)).replace(/^\s*\{|\}\s*$/g, ' ');
  const name = option(outer, 'name');
  const schema = option(outer, 'schema');
  return {
    ...(name ? { name } : {}),
    ...(schema ? { schema } : {}),
    own: joinColumnPairs(side('joinColumn')),
    inverse: joinColumnPairs(side('inverseJoinColumn')),
  };
}

function typeormEntities(files: ReadonlyArray<{ path: string; text: string }>, naming: Naming): Map<string, TypeormEntity> {
  const entities = new Map<string, TypeormEntity>();
  for (const { path, text: raw } of files) {
    if (!raw.includes('@Entity')) continue;
    const text = blankComments(raw);
    const found = annotatedClasses(text, ENTITY_DECORATOR);
    for (const [i, { match: m, name: className, end: start }] of found.entries()) {
      const args = m[1]!;
      const given = new RegExp(String.raw`^\s*${NAME_STRING}`).exec(args)?.[1] ?? option(args, 'name');
      const schema = option(args, 'schema');
      const name = given ?? snake(className);
      const entity: TypeormEntity = {
        table: schema ? `${schema}.${name}` : name,
        name,
        schema,
        columns: new Map(),
        primary: undefined,
        relations: [],
        junctions: [],
        path,
        text,
      };
      const body = text.slice(start, found[i + 1]?.match.index ?? text.length);
      for (const member of body.matchAll(MEMBER)) {
        const decorators = member[1]!;
        const property = member[2]!;
        const column = /@(?:Column|PrimaryColumn|PrimaryGeneratedColumn|CreateDateColumn|UpdateDateColumn)\s*\(([^)]*)/.exec(decorators);
        if (column) entity.columns.set(property, option(column[1]!, 'name') ?? naming.column(property));
        if (/@Primary(?:Generated)?Column\b/.test(decorators)) entity.primary ??= property;
        const relation = TARGET.exec(decorators);
        if (!relation) continue;
        const target = (relation[2] ?? relation[3])!;
        const index = start + member.index + relation.index;
        if (relation[1] === 'ManyToMany') {
          // the owning side holds the `@JoinTable`
          const junction = joinTableOptions(decorators);
          if (junction) entity.junctions.push({ target, property, ...junction, index });
          continue;
        }
        const join = /@JoinColumn\s*\(\s*(\{[^}]*\}|\[[^\]]*\])?/.exec(decorators);
        // a one-to-one belongs to the side with the join column; a many-to-one always holds it
        if (relation[1] === 'OneToOne' && !join) continue;
        const pairs = joinColumnPairs(join?.[1]);
        entity.relations.push({ target, property, pairs: pairs.length ? pairs : [{ name: undefined, referenced: undefined }], index });
      }
      entities.set(className, entity);
    }
  }
  return entities;
}

/**
 * The junction tables of the entities' many-to-many relations, each joining its owner's and its
 * target's primary columns (or those `joinColumn`/`inverseJoinColumn` name): `@JoinTable({ name })`,
 * else TypeORM's default `<owner table>_<property>_<target table>`, its columns by default
 * `<ownerTable>Id` and `<targetTable>Id` (the table and the referenced column in camel case).
 */
function typeormJunctions(
  entities: ReadonlyMap<string, TypeormEntity>,
  naming: Naming,
): Array<Declaring<{ target: TypeormEntity; pairs: JoinColumnPair[]; index: number }>> {
  const out = [];
  for (const owner of entities.values())
    for (const j of owner.junctions) {
      const target = entities.get(j.target);
      if (!target) continue;
      const name = j.name ?? snake(`${owner.name}_${j.property}_${target.name}`);
      const schema = j.schema ?? owner.schema;
      const side = (entity: TypeormEntity, given: JoinColumnPair[]) => {
        const pairs = given.length ? given : [{ name: undefined, referenced: undefined }];
        return pairs.map((p) => {
          const referenced = p.referenced ?? entity.primary;
          const column = referenced && (entity.columns.get(referenced) ?? naming.column(referenced));
          return { name: p.name ?? (column && naming.junctionColumn(entity.name, column)), referenced };
        });
      };
      out.push({
        table: schema ? `${schema}.${name}` : name,
        relations: [
          { target: owner, pairs: side(owner, j.own), index: j.index },
          { target, pairs: side(target, j.inverse), index: j.index },
        ],
        path: owner.path,
        text: owner.text,
      });
    }
  return out;
}

/**
 * The joins each TypeScript or JavaScript file's TypeORM entities declare, by the file's path; the names the
 * code does not give are the project's naming strategy's (see `typeormNaming`).
 */
export function typeormJoins(files: ReadonlyArray<{ path: string; text: string }>): Map<string, DeclaredJoin[]> {
  const naming = typeormNaming(files);
  const entities = typeormEntities(files, naming);
  const joins = joinsByFile(entities.values(), 'typeorm', (_entity, r) => {
    const target = entities.get(r.target);
    if (!target) return null;
    const referenced = r.pairs.map((p) => p.referenced ?? target.primary);
    return {
      references: target.table,
      columns: r.pairs.map((p, i) => p.name ?? (referenced[i] && naming.joinColumn(r.property, referenced[i]))),
      referencedColumns: referenced.map((c) => c && (target.columns.get(c) ?? naming.column(c))),
      index: r.index,
    };
  });
  for (const [path, list] of joinsByFile(typeormJunctions(entities, naming), 'typeorm', (_junction, r) => ({
    references: r.target.table,
    columns: r.pairs.map((p) => p.name),
    referencedColumns: r.pairs.map((p) => p.referenced && (r.target.columns.get(p.referenced) ?? naming.column(p.referenced))),
    index: r.index,
  })))
    joins.set(path, [...(joins.get(path) ?? []), ...list]);
  return joins;
}
