/**
 * @module adapters/connector/code/orm/orm-reader
 * The seam by which an ORM joins the code scan: what its models declare in one file, and, read once
 * over the project, what the other files do with them and the joins its relations declare. Each
 * ORM added this way is one module listed in `ormReaders` (`orm-readers.ts`); the scan calls
 * every reader whose languages a file is written in. The ORMs read before this seam existed are in
 * `orm-refs` and the `*-joins` modules.
 */
import { accessesOf, type DeclaredJoin, type TableAccess } from '../../../../ports/code.js';
import { lineAt } from '../text/lines.js';

export interface OrmTableRef {
  /** `schema.table` or `table` as the model names it. */
  table: string;
  /** Other names the same model may have (Sequelize's plural, JPA's snake case), tried in order. */
  alternatives?: string[];
  line: number;
  /** typeorm, sequelize, prisma, sqlalchemy, django, jpa, gorm, drizzle, kysely. */
  via: string;
  /** The model's name (Prisma, Django; Drizzle's table variable), by which other files reach the table. */
  model?: string;
  /** Where the code says it: a Prisma model declares the table's schema; Prisma Client's, Django managers', SQLAlchemy statements' and TypeORM repositories' and entity manager's calls read or write it. */
  access?: TableAccess[];
}

/** A file of the project as an ORM reader sees it. */
export interface ProjectFile {
  path: string;
  text: string;
  language: string;
}

/** A config file of the project, which is no code. */
export type ConfigText = Pick<ProjectFile, 'path' | 'text'>;

/** Records that the file uses a model (nothing when the model is unknown, `undefined`, or ambiguous, `null`) at offset `index`, with what the code does to its table. */
export type UseModel = (found: OrmTableRef | null | undefined, index: number, access?: TableAccess) => void;

/** What one ORM makes of the whole project, read once per scan. */
export interface OrmProject {
  /** Tables files declare that only the whole project shows to be models (a plain struct GORM's `AutoMigrate` names), by path. */
  declared?: ReadonlyMap<string, readonly OrmTableRef[]>;
  /** The tables one file reaches through the project's models: calls `use` for each, at the offset of the code that does it. */
  uses?(file: ProjectFile, use: UseModel): void;
  /** The joins the project's models declare, by the path of the file declaring each. */
  joins?: ReadonlyMap<string, readonly DeclaredJoin[]>;
}

export interface OrmReader {
  /** The ORM's name: the `via` of each table it reads and of each join. */
  via: string;
  /** The languages whose files it reads. */
  languages: ReadonlySet<string>;
  /**
   * The tables the file's models declare (each with its `model`, when other files reach the table by
   * that name); `configs`, the project's config files, for an ORM whose settings name tables.
   */
  declared(file: ProjectFile, configs?: readonly ConfigText[]): OrmTableRef[];
  /**
   * Reads the project: `files`, those in its languages; `declared`, what `declared` found in each of
   * them, by path; `configs`, the project's config files (a framework's ORM settings among them,
   * list-files' ORM_CONFIG). Optional for an ORM whose models are only declarations.
   */
  project?(files: readonly ProjectFile[], declared: ReadonlyMap<string, readonly OrmTableRef[]>, configs?: readonly ConfigText[]): OrmProject;
}

/**
 * The models of `refs` by name (a name two models share stands for none: `null`), for readers that
 * reach a model by the name the code calls it.
 */
export function modelsByName(refs: Iterable<OrmTableRef>, key: (model: string) => string = (m) => m): Map<string, OrmTableRef | null> {
  const out = new Map<string, OrmTableRef | null>();
  for (const r of refs) {
    if (!r.model) continue;
    const name = key(r.model);
    out.set(name, out.has(name) && out.get(name)?.table !== r.table ? null : r);
  }
  return out;
}

/**
 * The tables a file uses, as `visit` reports them through `use`: each table once, at its first
 * use, with the accesses of all its uses.
 */
export function collectUses(text: string, visit: (use: UseModel) => void): OrmTableRef[] {
  const uses = new Map<string, OrmTableRef & { index: number }>();
  visit((found, index, access) => {
    if (!found) return;
    const known = uses.get(found.table) ?? {
      table: found.table,
      ...(found.alternatives?.length ? { alternatives: found.alternatives } : {}),
      line: 0,
      via: found.via,
      index,
    };
    known.index = Math.min(known.index, index);
    if (access && !known.access?.includes(access)) known.access = accessesOf([...(known.access ?? []), access]);
    uses.set(found.table, known);
  });
  return [...uses.values()].map(({ index, ...ref }) => ({ ...ref, line: lineAt(text, index) }));
}
