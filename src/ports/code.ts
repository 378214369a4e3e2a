/**
 * @module ports/code
 * The contract between the code connector (`adapters/connector/code`), which scans a working
 * tree and its git history, and the core that chunks, links and plans over what it wrote: the
 * kinds of its objects and edges, and the attributes of each `code_file`. Stored indexes outlive
 * a release, so the core reads these attributes defensively (core/kinds/code/code-file.ts).
 */

export const CODE_FILE_KIND = 'code_file';
export const CODE_SYMBOL_KIND = 'code_symbol';
/** importer → imported, owned by the importer's resource. */
export const IMPORT_EDGE_KIND = 'imports';
/** caller → the file declaring an HTTP route one of its strings calls (`routeCalls`), owned by the caller's resource, with the line. */
export const CALLS_ROUTE_EDGE_KIND = 'calls_route';
/** A join an ORM relation declares (`DeclaredJoin`), table → referenced table, owned by the declaring file. */
export const DECLARED_JOIN_EDGE_KIND = 'declared_join';

/**
 * The version of what a scan writes on each file. A file written by another version is rescanned
 * by the next `sextant update`, and until then the planner says that its history features are
 * missing. 3: every file carries its latest commits (`recentChanges`) and change dates. 4: Go
 * files of one package are linked by the names they share (`same-package`), and a Python name
 * declared twice is one symbol. 5: tsconfig `paths` without a `baseUrl` resolve (a monorepo's
 * cross-package imports), and each file's nearest tsconfig that maps paths resolves its aliases;
 * imports of the tree's own packages by name resolve from their package.json; the data links read
 * `.sql` files, SQL after comments, Python's triple-quoted strings and more ORMs' uses of a model.
 * 6: each table a file's SQL or ORM names says whether the file reads it, writes it or declares
 * its schema (`TableUse.access`). 7: `.vue`, `.svelte` and `.astro` files are code files (their
 * script blocks read, their imports resolved both ways), tsconfig `paths` patterns choose the
 * longest matching prefix, and SvelteKit's `$lib` resolves without the generated tsconfig; a
 * package's entry files and Go files carry the names they are imported by (`importNames`), so
 * that a seed may be a package name. 8: SQL says which columns it writes (`TableUse.columnAccess`),
 * TypeORM's repository and entity manager calls read or write, and `./Button` reaches `Button.vue`.
 * 9: a TypeORM repository's name holds where it is bound (a property as `this.name`, a variable in
 * its block), a query builder started without an entity links the one its chain names, and a
 * custom repository (TypeORM's, or a Spring Data interface) stands for its entity across the project;
 * Sequelize models are named as other files call them, and their static methods read or write.
 * 10: a custom repository's own methods read or write by their bodies (`@Query`, `@Modifying` for
 * Spring Data), and a Sequelize row's later `save()` or association method and a finder's `include` count.
 * 11: the rows of a Sequelize `findAll` write when a loop or a callback of the same block saves, updates or destroys them,
 * and a row's association methods are also named by the association's alias (`as: 'players'`: `getPlayers()`); a Spring Data
 * repository may be a class, and a class implementing a repository's fragment (or named `<Repository>Impl`) stands for its entity.
 * 12: the words a file says once (`onceWords`), for the related order's stemmed likeness.
 * 13: the rows of a Sequelize `findAndCountAll`, and a loop written over a finder's call, count as `findAll`'s; a hand-written
 * Spring DAO (a `@Repository` class whose entity manager calls name one entity) and the interface it implements stand for the entity.
 * 14: how many lines document the code (`docLines`), for requests about documentation; a Spring Data fragment's
 * implementation is read by its entity manager calls as a DAO is; Kotlin methods with an expression body
 * (`fun find(id: Long): Owner? = em.find(…)`) are read as block bodies are.
 * 15: a Kotlin expression body runs on past a line that ends in an `if (…)`/`when (…)` condition or `else`, and
 * `persist`/`merge`/`remove` of `em.find(X…)` or `em.getReference(X…)` write X.
 * 16: JPQL held by a name (a method's variable, a class constant, Kotlin's `val`/`const val`) is read as one written
 * in the call, `em.createNamedQuery(…)` and `@Query(name = …)` by the `@NamedQuery` any file declares, and the
 * `em.find(X…)` inside `em.remove(…)` reads X.
 * 17: a Spring Data method without `@Query` runs the entity's named query of its name, a `@Query(CONSTANT)` writes by its
 * statement, a `@NamedNativeQuery`'s SQL links its tables where declared and run by name, and a class that is no repository
 * links the entities its entity manager's calls reach.
 * 18: JPQL and SQL held by a string constant of another file (`Queries.PURGE`, a Kotlin object's `const val`, a name
 * imported statically) are read as a constant of the same file is; native SQL held so links its tables where it is run.
 * 19: a Kotlin `const val` outside any class, each constant of a Java declarator list, and constants of classes of one name
 * in different packages (told apart by the reading file's imports and package) hold their statements too.
 * 20: the words a file says once in its doc comments (`docWords`), searched with the body's words.
 * 21: a SQL file's rows (INSERT's VALUES, COPY's data) are left out of its words: they are data, not code.
 * 22: a file's comment is read past a licence header (and the package and import lines after it); Javadoc's @author, @since, @version left out.
 * 23: a Kotlin `val` outside any class given by literals, a named companion's constants by its name and constants of a
 * package with backticked parts hold their statements; a SvelteKit project's svelte.config.js moves `$lib` and adds aliases.
 * 24: DROP TABLE (VIEW, MATERIALIZED VIEW) declares the relations it names: a migration's down file links its tables; a SQL
 * file's named queries (sqlc's `-- name: GetAccount :one`) are its symbols.
 * 25: a Go file calling a method sqlc generated (`q.CreateTransfer(ctx, …)`) links the tables its query reads or writes (`via: 'sqlc'`).
 * 26: a Go import links the package's files declaring the names the importer uses through it (`store.New`), not every file.
 * 27: Drizzle ORM's tables (`pgTable('users', …)`) and their uses by variable (`db.select().from(users)`), and Kysely's queries (`db.selectFrom('person')`), link their tables.
 * 28: a SQLAlchemy or SQLModel session's `add`, `delete`, `merge` and `add_all` write the model of what they are given (`session.add(db_item)`).
 * 29: a file whose leading comment says a tool wrote it (`Code generated by protoc-gen-go. DO NOT EDIT.`), and its symbols, are marked `generated`.
 * 30: the HTTP routes a file declares (`routes`: FastAPI, Flask, Express, Koa, Spring) and the routes of other files its strings call (`routeCalls`).
 * 31: Drizzle's views, aliases, a table creator imported from another file and tables re-exported by a barrel; Kysely's
 * `createIndex('i').on('person')` declares person; a Go local name hiding an import's name selects nothing from the package.
 * 32: routes joined to prefixes mounted in other files: Flask's `register_blueprint(bp, url_prefix=…)` (and `@bp.route` on
 * a blueprint imported from the package making it), nested and chained Express and Koa routers (`app.use('/api', api)`,
 * `Router().use(a).use(b)`), Spring mappings naming string constants.
 * 33: a Flask `route` or FastAPI `api_route` serves the methods its `methods=[…]` names (`GET|POST`), not `ANY`.
 * 34: a URL of another host calls no route; literals joined by `+` or side by side are one string.
 * 35: a test module's routes serve only it.
 * 36: a symbol carries its doc comment's first sentence.
 * 37: Go routes: gin, echo, chi, gorilla/mux, net/http and fiber routers with their groups, a group handed to a function
 * placed where its callers put it; a Go group's prefix string (`r.Group("/users")`) is no call.
 * 38: code chunks spell out code abbreviations (`wsLink` → websocket): the scan reads the same, the rescan re-chunks every file.
 * 39: a symbol's doc block opens where a line starts with `/**`, not at a `/**` its text quotes.
 * 40: an example's routes serve only its own example's files.
 * 41: a symbol doc's first sentence ends before a lowercase word unless an abbreviation (`i.e.`, `etc.`) ends it.
 * 42: a SQL template read past its leading interpolations, a spliced clause's subquery (`and exists (select …)`), Prisma relations a query reads (`include: { author: true }`) and a model delegate bound to a name (`const { post } = prisma`).
 * 43: Cypress tests (`x.cy.ts`, `cypress/`) and `e2e/` folders are tests (a test module's routes serve only it).
 * 44: Go routers known by import path (aliased, dot imports), gorilla/mux's `Path`/`Methods` chains, httprouter, a mounted
 *     value's method router (`rs.Routes()`), raw-string paths and URLs.
 * 45: the joins ORM relations declare (`declaredJoins`: Prisma's `@relation(fields, references)`).
 * 46: Drizzle's declared joins (`relations(…)`'s `one(…, { fields, references })`, a column's `.references(…)`).
 * 47: more declared joins: Drizzle's `foreignKey({ columns, foreignColumns })`, Sequelize's associations and sequelize-typescript's `@ForeignKey`, TypeORM's composite `@JoinColumn([…])`
 *     and `@JoinTable`, SQLAlchemy's `ForeignKey(User.id)`, `Table(…)` association tables and `ForeignKeyConstraint` (SQLModel's say `sqlmodel`).
 * 48: Django models that inherit their file's model classes (and their many-to-many fields), or name their table in `Meta`;
 *     a sequelize-typescript `@Table` class without a tableName; SQLAlchemy's `ForeignKey(User.id)` reads classes of files without keys.
 * 49: Django rows built and saved (`Check(…).save()`), related managers (`project.check_set`) and Django's own models a file imports (`User`: `auth_user`).
 * 50: a Django many-to-many field's table is named `Model.field`, and its manager (`crate.tags.add(t)`) reaches it.
 * 51: a Django model field's `related_name` manager (`user.memberships.exists()`) reaches the model's table (a many-to-many field's, its own).
 * 52: Kotlin parsed by tree-sitter (imports, same-package names, symbols; Java and Kotlin resolve each other's classes); a Java static call names its class.
 * 53: C and C++ includes resolved to files of the tree (the includer's folder, include folders, CMake's), and their symbols.
 * 54: Scala parsed by tree-sitter (imports with selectors, relative and wildcard, same-package names, symbols), resolved with Kotlin's and Java's classes.
 * 55: declared joins: Sequelize's paired belongsToMany keys, TypeORM's SnakeNamingStrategy, keys held by a file's constants; Flask-SQLAlchemy's implicit table names link their tables.
 * 56: Rust (`mod`, `use`, qualified paths, Cargo workspace crates) and C# (namespaces, `using`s, partial classes) files are parsed with tree-sitter: their imports and symbols; a changed Cargo.toml or .csproj reads the tree again.
 * 57: a Django many-to-many field reached from the other side (`check.channel_set.add(c)`) reaches its link rows when the receiver's model is
 *     known; a field `through` a model reaches that model's table; a many-to-many manager's reads reach the other side's table; `get_object_or_404(Model, …)`;
 *     a model's managers besides `objects` reach its table; a manager's chain writes when a call of it writes, and so does a query set bound to a name and written later.
 * 58: Ruby (require, require_relative, Rails/Zeitwerk constants) and PHP (use through composer.json's PSR-4/PSR-0, same-namespace names, functions,
 *     require/include) files are parsed with tree-sitter: their imports and symbols; a changed composer.json reads the tree again.
 * 59: ORMs read through the OrmReader seam: GORM's naming, uses and joins, Diesel, SeaORM, Laravel's Eloquent, Rails' ActiveRecord and
 *     Entity Framework Core (tables, uses, joins); SQL in Ruby and PHP heredocs and C# verbatim strings; Swift imports and symbols; Dart files
 *     listed and parsed (imports, exports, parts, symbols); a changed pubspec.yaml reads the tree again.
 * 60: ent (schemas, edges, client calls); GORM's Preload, Joins, association mode and held chains; ActiveRecord concerns, association calls on
 *     records, through associations, STI and associations named in joins/includes; Eloquent's morphMap in morph queries; Eloquent morph, through and trait relations; EF Core many-to-many join tables, HasPrincipalKey, ASP.NET Identity, tracked saves;
 *     Diesel's belongs_to joins; a Dart part naming its library by name; MyBatis mapper XML (listed, its SQL read, linked to its interface) and
 *     annotation arrays; Hibernate hbm.xml and JPA orm.xml mappings; C/C++ include folders from compile_commands.json, Makefiles and
 *     CMake's target_include_directories.
 * 61: Django lookups across relations and rows reached through a known row's foreign key or one-to-one field; EF Core composite keys,
 *     Identity's sign-ins and passkeys; ActiveRecord loads without parentheses and in scopes, chains through one record; Eloquent morph
 *     types; a compilation database made on another machine; Makefiles count only in C/C++ trees; Rust cfg_if!; Scala package objects;
 *     Kotlin expect/actual; ent entities' own Update(); JVM entity names resolved by qualified class (an orm.xml or hbm.xml table wins over
 *     @Table), hbm.xml collection tables, every branch of a nested MyBatis choose, Hibernate Session calls, iBATIS 2 sqlMaps; SQLAlchemy
 *     statements' joins and relationships; Python comments and docstrings use nothing; Django cascading deletes; ActiveRecord scope
 *     lambdas, scopes and dependent: destroys.
 * 62: MySQL's backquoted names, INSERT IGNORE/REPLACE INTO and a migration's DDL in code strings; MikroORM, Objection.js, JetBrains
 *     Exposed, Peewee and Doctrine (attributes, annotations, XML mappings; Doctrine mapping files are listed); an entity annotation's class past annotations of any length, a qualified @javax.persistence.Table; JPA mapped
 *     superclasses, inheritance strategies, @JoinColumns/@PrimaryKeyJoinColumn/@MapsId; hbm.xml subclass chains; ActiveRecord STI
 *     scopes, scopes calling scopes, belongs_to dependent:; SQLAlchemy table names from a base's rule, secondary link tables, backref,
 *     lazy loads on rows; Django loops over rows, multi-table inheritance, GenericRelation, proxies, app-qualified model names.
 * 63: C/C++ includes written with backslashes; Doctrine YAML mappings (`*.orm.yml`, `*.dcm.yml`: listed) and the naming strategy
 *     Symfony's config names (its files count in the rescan), sprintf DQL; Exposed DAO relations; Peewee rows in typed parameters
 *     and returned by class methods, class methods of bases; MikroORM repositories kept on another object, references, created
 *     rows and collections flushed, defineEntity/EntitySchema, entity decorators holding arrow functions; Objection.js models of one
 *     name told apart by import, a path modelClass, `$query()`; SQLAlchemy chained receivers, same-named classes kept apart, a
 *     mixin's declared_attr foreign keys; Django child models declaring nothing, zip/dict unpackings, GenericForeignKey.
 * 64: C# parsed with tree-sitter-c-sharp 0.23's grammar (C# 12); C/C++ includes whose case differs from the file; Doctrine's
 *     unnamed tables by the configured naming strategy; Exposed relations in lambdas; Peewee typed collections; Django abstract
 *     bases in other files; SQLAlchemy same-named targets by registry; MikroORM schema relations, own-method collections,
 *     repositories in object literals; Objection.js row models and modelPaths.
 */
export const CODE_SCAN_VERSION = 64;

/** What says which scan wrote a `code_file` and what it read: an update counts a file rescanned by another scan version (newer or older) apart from a changed one. */
export const CODE_FILE_READER = Object.freeze({ version: 'scan', inputs: Object.freeze(['hash', 'resolution']) });

/** Commits of more files of the tree sweep (renames, reformatting) and bind nothing: co-change skips them. */
export const SWEEPING_COMMIT_FILES = 40;

export interface FileImport {
  /** The imported file, workspace-relative. */
  path: string;
  /** dependency-cruiser's dependency types (`local`, `import`, `type-only`, …). */
  kinds: string[];
}

/** One co-change partner: summed 1/(files - 1) over the commits the two files shared. */
export interface CoChangePartner {
  path: string;
  weight: number;
}

/** One of a file's latest commits: how many commits ago (0: the newest read) and how many files of the tree it changed. */
export interface RecentChange {
  ago: number;
  files: number;
}

/**
 * What a file does to a table: `read`s it (SELECT, a join, a subquery), `write`s it (INSERT,
 * UPDATE, DELETE, MERGE, TRUNCATE, COPY FROM; Prisma Client's create/update/upsert/delete) or
 * declares its `schema` (CREATE/ALTER TABLE, an index, a view, REFERENCES, a Prisma model).
 */
export type TableAccess = 'read' | 'write' | 'schema';

export const TABLE_ACCESSES: readonly TableAccess[] = Object.freeze(['read', 'write', 'schema']);

/** How each access reads in a sentence: `reads`, `writes`, `declares`. */
export const ACCESS_VERBS: Readonly<Record<TableAccess, string>> = Object.freeze({ read: 'reads', write: 'writes', schema: 'declares' });

/** The accesses a value names (a stored attribute, a set), each once, in `TABLE_ACCESSES` order; anything else left out. */
export function accessesOf(value: unknown): TableAccess[] {
  const named = new Set<unknown>(Array.isArray(value) || value instanceof Set ? value : []);
  return TABLE_ACCESSES.filter((a) => named.has(a));
}

/** A table named in the file's SQL or by one of its ORM models. */
export interface TableUse {
  /** `schema.table` or `table` as written. */
  table: string;
  /** Other names the same model may have, tried in order. */
  alternatives?: string[];
  /** 1-based line. */
  line: number;
  /** The ORM that named it (typeorm, sequelize, prisma, …); absent for SQL. */
  via?: string;
  /**
   * SQL only, and only where the statement parsed: the columns it names for this table (qualified
   * by the table's alias or name, or unqualified with this the one table in scope), as written,
   * lower case unless quoted, bounded (50). `*` names none.
   */
  columns?: string[];
  /** What the statements at this line do to it, in `TABLE_ACCESSES` order; absent where the code does not say (most ORMs). */
  access?: TableAccess[];
  /** The columns of `columns` a statement at this line writes (`['write']` or `['read', 'write']`); the others it reads. */
  columnAccess?: Record<string, TableAccess[]>;
}

/**
 * Unqualified columns of a parsed statement with several tables in scope (a join, a correlated
 * subquery): each is a column of one of `tables` (names as in `TableUse.table`); the core links it
 * where exactly one of them has it.
 */
export interface ColumnChoice {
  columns: string[];
  tables: string[];
  /** 1-based line. */
  line: number;
}

/**
 * A join the code declares between two tables (an ORM relation), whether or not the database has
 * the foreign key: `table`'s `columns` hold the values of `references`' `referencedColumns`, in
 * order. Names as the database spells them (an ORM's mapped names), tables as in `TableUse.table`.
 */
export interface DeclaredJoin {
  table: string;
  columns: string[];
  references: string;
  referencedColumns: string[];
  /** 1-based line of the relation's declaration. */
  line: number;
  /** The ORM that declares it (prisma, typeorm, sqlalchemy, sqlmodel, drizzle, sequelize, django, …). */
  via: string;
  /** Other names the table, or the referenced table, may have (Sequelize's plural or singular), tried in order when the first is missing. */
  tableAlternatives?: string[];
  referencesAlternatives?: string[];
}

/** A GraphQL field one of the file's operations selects: `query.<field>…` or `<Type>.<field>…`. */
export interface FieldUse {
  path: string;
  line: number;
}

/** An HTTP route a file declares: its method (`ANY` when the declaration names none), its full path as written (router prefix joined), its line. */
export interface HttpRoute {
  method: string;
  path: string;
  line: number;
  /** Mounted under a prefix the scan could not read (`app.include_router(api_router, prefix=settings.API_V1_STR)`): `path` is what follows it. */
  prefixed?: boolean;
}

/** A route of another file one of a file's strings calls: that file, the first line calling it, the route's full path. */
export interface RouteCallUse {
  path: string;
  line: number;
  route: string;
}

/** The attributes of a `code_file` object. History attributes are absent when the file has none. */
export interface CodeFileAttributes {
  language: string;
  size: number;
  lines: number;
  /** sha256 of the text: an unchanged file is not parsed again. */
  hash: string;
  scan: number;
  /** sha256 of the tree's resolution configs (tsconfig, package.json, go.mod): when it differs, the tree is rescanned. */
  resolution?: string;
  /** The newest commit of the tree when its history was read (`git log -1 -- .`); absent outside git. Same files, same commit: nothing is read again. */
  historyAt?: string;
  imports: readonly FileImport[];
  /** Exported functions, classes and types, in file order. */
  symbols: readonly string[];
  /** The body's words and how often it uses each (bounded). */
  words: Record<string, number>;
  /** Words the body says once (bounded; none seen only inside a one-word string literal): for likeness; search reads only `docWords`. */
  onceWords?: readonly string[];
  /** Those of `onceWords` its doc comments say: prose written for readers, searched with the body's words. */
  docWords?: readonly string[];
  /** Lines of doc comments and docstrings (doc-lines.ts). */
  docLines?: number;
  /** Strongest co-change partners first. */
  coChanged?: readonly CoChangePartner[];
  /** Recency-weighted change count. */
  churn?: number;
  /** Commits (of 1 to SWEEPING_COMMIT_FILES files) that changed the file. */
  commits?: number;
  /** Latest commit subjects, newest first. */
  subjects?: readonly string[];
  /** When the file first and last changed, seconds since the epoch. */
  firstChanged?: number;
  lastChanged?: number;
  /** Latest commits, newest first. */
  recentChanges?: readonly RecentChange[];
  sqlTables?: readonly TableUse[];
  sqlColumnChoices?: readonly ColumnChoice[];
  ormTables?: readonly TableUse[];
  /** The joins its ORM relations declare (`declared_join` edges table → table). */
  declaredJoins?: readonly DeclaredJoin[];
  graphqlFields?: readonly FieldUse[];
  /** The HTTP routes it declares, in file order. */
  routes?: readonly HttpRoute[];
  /** The files whose routes its strings call (`calls_route` edges), one per file. */
  routeCalls?: readonly RouteCallUse[];
  /**
   * The names the file is imported by, when it is a package's entry: a package of the tree
   * (`@org/ui`, an `exports` subpath `@org/ui/button`), a Go package's import path (every non-test
   * file of the folder). A seed may name a file by one of them.
   */
  importNames?: readonly string[];
  /** Set when the leading comment says a tool wrote the file (`Code generated by sqlc. DO NOT EDIT.`): search ranks it after hand-written code. */
  generated?: true;
}

/**
 * The attributes of a `code_file` that `git log` gives: each new commit of the repository moves
 * them (places in the log, recency weights) for files it did not touch, so an update counts a file
 * whose only change is in them apart from a file whose content changed.
 */
export const CODE_FILE_HISTORY_ATTRIBUTES = Object.freeze([
  'coChanged',
  'churn',
  'commits',
  'subjects',
  'firstChanged',
  'lastChanged',
  'recentChanges',
  'historyAt',
] as const satisfies readonly (keyof CodeFileAttributes)[]);

/** The attributes of a `code_symbol` object. */
export interface CodeSymbolAttributes {
  symbolKind: string;
  line: number;
  /** The file that exports it, workspace-relative. */
  file: string;
  /** Its file is generated (CodeFileAttributes.generated). */
  generated?: true;
}
