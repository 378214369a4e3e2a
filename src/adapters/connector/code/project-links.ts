/**
 * @module adapters/connector/code/project-links
 * The links a file makes that depend on the project's other files: SQL statements held in
 * constants (and a MyBatis mapper's statements, read apart from the XML around them), ORM models and repositories declared elsewhere, Drizzle tables reached through
 * imports and barrels, the methods sqlc generates, HTTP routes served by another file. The
 * project's facts are read once from every file; each file's links are then taken from them.
 */
import type { ImportMap } from './imports/import-graph.js';
import type { ConfigFile, ListedFile } from './list-files.js';
import type { FileLinks } from './file-objects.js';
import { sqlRefs } from './queries/sql-refs.js';
import { mybatisRuns } from './queries/mybatis-xml.js';
import { projectStatements, statementCallRuns } from './queries/statement-calls.js';
import { importNames } from './imports/workspace-packages.js';
import { ormModelUses, ormTableRefs, sequelizeAliases } from './orm/orm-refs.js';
import { prismaRelations } from './orm/prisma-relations.js';
import { djangoRelations } from './orm/django-relations.js';
import { djangoInheritedModels } from './orm/django-inheritance.js';
import { djangoGenericJoins } from './orm/django-generic-joins.js';
import { sqlalchemyRelations } from './orm/sqlalchemy-relations.js';
import { prismaJoins, typeormJoins } from './orm/declared-joins.js';
import { mikroOrmJoins } from './orm/mikro-orm-joins.js';
import { mikroOrmCollections } from './orm/mikro-orm-collections.js';
import { heldRepositories } from './orm/held-repositories.js';
import { sqlalchemyJoins } from './orm/sqlalchemy-joins.js';
import { sqlalchemyInheritance } from './orm/sqlalchemy-bases.js';
import { drizzleJoins } from './orm/drizzle-joins.js';
import { sequelizeJoins } from './orm/sequelize-joins.js';
import { collectUses } from './orm/orm-reader.js';
import { jvmEntities } from './orm/jvm-entities.js';
import { jpaInheritedTables } from './orm/jpa-inheritance.js';
import { mappedEntities } from './orm/xml-mappings.js';
import { ormReaders } from './orm/orm-readers.js';
import type { DeclaredJoin } from '../../../ports/code.js';
import { namedNativeRuns, projectNamedQueries, projectRepositories } from './orm/orm-repositories.js';
import { projectConstants } from './text/string-constants.js';
import { sqlcCalls, sqlcMethods } from './orm/sqlc-calls.js';
import { drizzleCreators, drizzleUses } from './orm/drizzle-refs.js';
import { calledPaths, projectRoutes, routeCalls, routeIndex } from './routes/http-routes.js';
import { passedOn, reachedFiles, reexports, type ReachedFile } from './imports/reexports.js';

const SCRIPT_LANGUAGES: ReadonlySet<string> = new Set(['typescript', 'javascript']);

/** The file as its code readers see it (a component's script blocks). */
export type CodeView = (file: ListedFile) => { text: string; language: string };

/** Reads the project's facts once; the function it returns gives one file's links. */
export async function projectLinks(
  files: readonly ListedFile[],
  code: CodeView,
  imports: ImportMap,
  configs: readonly ConfigFile[],
  paths: readonly string[],
): Promise<(file: ListedFile) => Promise<FileLinks>> {
  // the models every file declares, so that the files using them elsewhere (Prisma Client, Django managers) reach their tables too
  // the files each file's imports reach, through the barrels that re-export (`export * from './users'`) too
  const reexportsOf = new Map(files.map((f) => [f.path, SCRIPT_LANGUAGES.has(code(f).language) ? reexports(code(f).text) : []]));
  const reached = new Map<string, ReachedFile[]>();
  const reachedOf = (path: string) =>
    reached.get(path) ??
    reached
      .set(
        path,
        reachedFiles(path, imports, (p) => reexportsOf.get(p) ?? []),
      )
      .get(path)!;
  // Drizzle's table creators, by which a file declares tables with a creator another file holds (create-t3-app's `createTable`)
  const creators = new Map(files.map((f) => [f.path, drizzleCreators(code(f).text, code(f).language)]));
  const anyCreator = [...creators.values()].some((c) => c.length);
  const creatorsReached = (path: string) =>
    anyCreator
      ? passedOn(
          reachedOf(path),
          (p) => creators.get(p) ?? [],
          (c) => c.name,
          (c, name) => ({ ...c, name }),
        )
      : [];
  const texts = files.map((f) => ({ path: f.path, text: code(f).text, language: code(f).language }));
  // JPA's subclasses: a single-table one maps its root's table, a joined one reaches its parents' too
  const { declared: orm, joined: jpaJoined } = jpaInheritedTables(
    texts,
    new Map(files.map((f) => [f.path, ormTableRefs(code(f).text, code(f).language, f.path, creatorsReached(f.path), configs)])),
  );
  // SQLAlchemy classes named by a rule their base declares in another file
  const alchemyClasses = sqlalchemyInheritance(texts, imports);
  const inherited = alchemyClasses.tables;
  // and Django models that declare nothing themselves, inheriting a model of another file (django-oscar's `class Product(AbstractProduct): pass`)
  for (const found of [inherited, djangoInheritedModels(texts, orm, imports)])
    for (const [path, refs] of found) {
      const own = orm.get(path) ?? [];
      const added = refs.filter((r) => !own.some((o) => o.model === r.model));
      if (added.length)
        orm.set(
          path,
          [...own, ...added].sort((a, b) => a.line - b.line),
        );
    }
  const models = [...orm.values()].flat().filter((r) => r.model);
  // Drizzle's tables by the file declaring them, by which a variable two tables share is told apart through the importer's imports
  const drizzle = models.filter((r) => r.via === 'drizzle');
  const drizzleOf = new Map(drizzle.length ? [...orm].map(([path, refs]) => [path, refs.filter((r) => r.via === 'drizzle')]) : []);
  // the project's string constants, read once, by which a file reads a statement another file holds
  const constants = projectConstants(texts);
  const named = projectNamedQueries(texts, constants);
  // the mapped statements (MyBatis mappers, iBATIS sqlMaps) by the names DAOs run them
  const statements = projectStatements(texts);
  const repositoriesOf = projectRepositories(texts, named, constants);
  const repositories = [...repositoriesOf.values()].flat();
  // the methods sqlc generates, by which the Go files calling them reach their queries' tables
  const sqlc = await sqlcMethods(texts);
  const aliases = files.flatMap((f) => sequelizeAliases(code(f).text, code(f).language));
  const prismaTexts = texts.filter((t) => t.language === 'prisma');
  const relations = prismaRelations(prismaTexts.map((t) => t.text));
  const django = djangoRelations(texts, orm);
  const alchemy = sqlalchemyRelations(texts, alchemyClasses, orm);
  const scripts = texts.filter((t) => SCRIPT_LANGUAGES.has(t.language));
  const held = heldRepositories(scripts);
  const mikroCollections = mikroOrmCollections(scripts);
  // the ORMs read through the seam, each over the files of its languages
  const readers = ormReaders().flatMap((reader) =>
    reader.project
      ? [
          reader.project(
            texts.filter((t) => reader.languages.has(t.language)),
            orm,
            configs,
          ),
        ]
      : [],
  );
  // each reader's joins by file, a file declaring with two ORMs keeping both
  const joins = new Map<string, DeclaredJoin[]>();
  for (const found of [
    prismaJoins(prismaTexts),
    typeormJoins(scripts),
    mikroOrmJoins(scripts),
    sqlalchemyJoins(
      texts.filter((t) => t.language === 'python'),
      inherited,
      alchemyClasses.ancestorsAt,
    ),
    drizzleJoins(scripts, drizzleOf),
    sequelizeJoins(scripts, orm),
    djangoGenericJoins(texts, orm),
    ...readers.flatMap((r) => (r.joins ? [r.joins] : [])),
  ])
    for (const [path, list] of found) joins.set(path, [...(joins.get(path) ?? []), ...list]);
  // the entity a simple class name stands for in a Java or Kotlin file, for a name the project's classes and mappings share
  const entitiesOf = jvmEntities(texts, orm, mappedEntities);
  const names = importNames(configs, paths);
  // the routes every file declares, so that a file calling one over HTTP links to the file serving it
  const routes = projectRoutes(texts, (path) => (imports.get(path) ?? []).map((i) => i.path), constants);
  const routesIndexed = routeIndex(routes);
  return async (file) => {
    const own = orm.get(file.path) ?? [];
    const { text, language } = code(file);
    return {
      sql: await sqlRefs(text, language, [
        ...namedNativeRuns(text, language, named, constants),
        ...mybatisRuns(text, language),
        ...statementCallRuns(text, language, statements),
      ]),
      ormTables: [
        ...own,
        ...readers.flatMap((r) => r.declared?.get(file.path) ?? []),
        ...ormModelUses(text, language, own.length ? models.filter((r) => !own.includes(r)) : models, {
          repositories,
          own: repositoriesOf.get(file.path) ?? [],
          aliases,
          named,
          constants,
          prismaRelations: relations,
          djangoRelations: django,
          sqlalchemyRelations: alchemy.seenFrom(file.path),
          entityNamed: entitiesOf({ path: file.path, text, language }),
          jpaJoined,
          heldRepositories: held,
          mikroCollections,
        }),
        ...readers.flatMap((r) => (r.uses ? collectUses(text, (use) => r.uses!({ path: file.path, text, language }, use)) : [])),
        ...sqlcCalls(text, language, sqlc),
        // Drizzle's tables are used by their variables, in the declaring file too
        ...drizzleUses(
          text,
          language,
          drizzle,
          passedOn(
            drizzle.length ? reachedOf(file.path) : [],
            (p) => drizzleOf.get(p) ?? [],
            (r) => r.model!,
            (r, model) => ({ ...r, model }),
          ),
          drizzleOf.get(file.path) ?? [],
        ),
      ],
      declaredJoins: joins.get(file.path) ?? [],
      http: { routes: routes.get(file.path) ?? [], calls: routes.size ? routeCalls(file.path, calledPaths(text, language), routesIndexed) : [] },
      names: names.get(file.path),
    };
  };
}
