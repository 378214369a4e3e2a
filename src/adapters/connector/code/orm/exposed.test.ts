import { describe, expect, it } from 'vitest';
import { exposedReader } from './exposed.js';
import { collectUses, type ProjectFile } from './orm-reader.js';

const kt = (path: string, ...lines: string[]): ProjectFile => ({ path, text: lines.join('\n'), language: 'kotlin' });

const TABLES = kt(
  'src/main/kotlin/shop/Tables.kt',
  'package shop',
  '',
  'import org.jetbrains.exposed.v1.core.Table',
  'import org.jetbrains.exposed.v1.core.dao.id.IntIdTable',
  '',
  'object Cities : IntIdTable("cities") {',
  '    val name = varchar("name", 50)',
  '}',
  '',
  'object UsersTable : Table() {',
  '    val id = integer("user_id").autoIncrement()',
  '    val city = reference("city_id", Cities)',
  '    val home = optReference(name = "home_id", foreign = Cities)',
  '    override val primaryKey = PrimaryKey(id)',
  '}',
  '',
  'object Countries : LongIdTable("countries", "country_code")',
  '',
  '// object Ghosts : Table("ghosts")',
  'object Tags : Table() {',
  '    override val tableName = "shop_tags"',
  '    val owner = integer("owner").references(UsersTable.id)',
  '}',
);

const ENTITIES = kt(
  'src/main/kotlin/shop/User.kt',
  'package shop',
  '',
  'import org.jetbrains.exposed.v1.dao.IntEntity',
  '',
  'class City(id: EntityID<Int>) : IntEntity(id) {',
  '    companion object : IntEntityClass<City>(Cities)',
  '    var name by Cities.name',
  '}',
);

const BASE = kt(
  'src/main/kotlin/shop/Base.kt',
  'package shop',
  '',
  'import org.jetbrains.exposed.v1.core.dao.id.IntIdTable',
  '',
  'abstract class AuditedTable(name: String = "") : IntIdTable(name) {',
  '    val created = datetime("created")',
  '}',
);

const AUDITED = kt(
  'src/main/kotlin/shop/Orders.kt',
  'package shop',
  '',
  'object Orders : AuditedTable("orders") {',
  '    val city = reference("city_id", Cities)',
  '}',
);

const project = (...files: ProjectFile[]) => exposedReader.project!(files, new Map(files.map((f) => [f.path, exposedReader.declared(f)])));
const usesOf = (file: ProjectFile, ...others: ProjectFile[]) => {
  const uses = project(TABLES, ENTITIES, ...others, file).uses!;
  return collectUses(file.text, (use) => uses(file, use)).map((u) => `${u.table}:${u.line} ${u.access?.join()}`);
};

describe('Exposed tables', () => {
  it("declares each table object: its name, else Exposed's default (the object's name, a trailing Table removed), `override val tableName` first", () => {
    expect(exposedReader.declared(TABLES).map((r) => `${r.model} ${r.table}:${r.line}`)).toEqual([
      'Cities cities:6',
      'UsersTable Users:10',
      'Countries countries:17',
      'Tags shop_tags:20',
    ]);
    // not in a file importing Exposed
    expect(exposedReader.declared(kt('a.kt', 'object Users : Table("users")'))).toEqual([]);
  });

  it("declares an object extending the project's own table class once the project is read", () => {
    expect(exposedReader.declared(AUDITED)).toEqual([]);
    const p = project(BASE, AUDITED, TABLES);
    expect(p.declared?.get(AUDITED.path)?.map((r) => `${r.model} ${r.table}:${r.line} ${r.access?.join()}`)).toEqual(['Orders orders:3 schema']);
    expect(p.declared?.get(BASE.path)).toBeUndefined();
  });

  it("joins a referencing column to the referenced table's id column, or the column it names", () => {
    const joins = project(TABLES, BASE, AUDITED).joins!;
    const show = (path: string) => joins.get(path)!.map((j) => `${j.table}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} :${j.line}`);
    expect(show(TABLES.path)).toEqual(['Users.city_id = cities.id :12', 'Users.home_id = cities.id :13', 'shop_tags.owner = Users.user_id :22']);
    expect(show(AUDITED.path)).toEqual(['orders.city_id = cities.id :4']);
  });
});

describe('Exposed uses', () => {
  it('reads or writes a table by its DSL calls, joins and row columns; SchemaUtils declares the schema', () => {
    const repo = kt(
      'src/main/kotlin/shop/Repo.kt',
      'package shop',
      '',
      'class Repo {',
      '    fun init() = transaction { SchemaUtils.create(Cities, Countries) }',
      '    fun names() = UsersTable.selectAll().where { UsersTable.id eq 1 }.map { it[UsersTable.id] }',
      '    fun add() = Tags.insert { it[Tags.owner] = 1 }',
      '    fun joined() = (UsersTable innerJoin Cities).selectAll().toList()',
      '    fun purge() = Countries.deleteWhere { Countries.id eq 1 }',
      '    fun rename() = Cities.update({ Cities.id eq 1 }) { it[name] = "x" }',
      '    // fun gone() = Tags.deleteAll()',
      '}',
    );
    expect(usesOf(repo)).toEqual(['Users:5 read', 'shop_tags:6 write', 'countries:4 write,schema', 'cities:4 read,write,schema']);
  });

  it('links a join by its chain: `Users.innerJoin(Cities)` read, the joined tables of an update written', () => {
    const repo = kt(
      'src/main/kotlin/shop/Joins.kt',
      'package shop',
      '',
      'fun a() = UsersTable.innerJoin(Cities).select(Cities.name).toList()',
      'fun b() = (Tags innerJoin UsersTable).update({ Tags.owner eq 1 }) { it[Tags.owner] = 2 }',
    );
    expect(usesOf(repo)).toEqual(['Users:3 read,write', 'cities:3 read', 'shop_tags:4 write']);
  });

  it("reads and writes through a DAO entity: its companion's finders and `new`, a bound entity's delete or property assigned", () => {
    const service = kt(
      'src/main/kotlin/shop/Service.kt',
      'package shop',
      '',
      'fun all() = City.all().toList()',
      'fun make() = City.new { name = "Oslo" }',
      'fun rename(id: Int) {',
      '    val city = City.findById(id) ?: return',
      '    city.name = "Bergen"',
      '}',
    );
    expect(usesOf(service)).toEqual(['cities:3 read,write']);
    const remover = kt('src/main/kotlin/shop/Remover.kt', 'package shop', '', 'fun remove(c: City) {', '    c.delete()', '}', 'fun look(c: City) = c.name');
    expect(usesOf(remover)).toEqual(['cities:4 write']);
  });

  it('reads nothing through a name no table or entity of the project has', () => {
    const other = kt('src/main/kotlin/shop/Other.kt', 'package shop', '', 'fun f() = Sessions.selectAll()', 'fun g() = Widget.new { }');
    expect(usesOf(other)).toEqual([]);
  });
});

describe('Exposed DAO relations', () => {
  const FILMS = kt(
    'src/main/kotlin/shop/Films.kt',
    'package shop',
    '',
    'import org.jetbrains.exposed.v1.core.Table',
    'import org.jetbrains.exposed.v1.core.dao.id.IntIdTable',
    'import org.jetbrains.exposed.v1.dao.IntEntity',
    '',
    'object Films : IntIdTable("films") {',
    '    val city = reference("city_id", Cities)',
    '}',
    'object Actors : IntIdTable("actors")',
    'object FilmActors : Table("film_actors") {',
    '    val film = reference("film_id", Films)',
    '    val actor = reference("actor_id", Actors)',
    '}',
    '',
    'class Actor(id: EntityID<Int>) : IntEntity(id) {',
    '    companion object : IntEntityClass<Actor>(Actors)',
    '}',
    'class Film(id: EntityID<Int>) : IntEntity(id) {',
    '    companion object : IntEntityClass<Film>(Films)',
    '    var city by City referencedOn Films.city',
    '    var actors by Actor via FilmActors',
    '    var sequels by Film.via(FilmSequels.parent, FilmSequels.child)',
    '    var title by Films.title',
    '}',
    'class Town(id: EntityID<Int>) : IntEntity(id) {',
    '    companion object : IntEntityClass<Town>(Cities)',
    '    val films by Film.referrersOn(Films.city)',
    '}',
  );

  it("reads the other entity's table (and a via's intermediate table) where a bound entity's relation is read; assigning a via writes its table", () => {
    const cast = kt(
      'src/main/kotlin/shop/Cast.kt',
      'package shop',
      '',
      'fun cast(film: Film): List<String> {',
      '    val names = film.actors.map { it.name }',
      '    return names + film.title',
      '}',
      'fun recast(id: Int, actor: Actor) {',
      '    val film = Film.findById(id) ?: return',
      '    film.actors = SizedCollection(listOf(actor))',
      '}',
      'fun premiere(actor: Actor) = Film.new {',
      '    title = "Rogue One"',
      '    actors = SizedCollection(listOf(actor))',
      '}',
      'fun where(town: Town) = town.films.count() + town.name.length',
      'fun place(film: Film) = film.city',
    );
    // (the film's own table is written by `Film.new`, not by assigning its actors)
    expect(usesOf(cast, FILMS)).toEqual(['films:8 read,write', 'film_actors:4 read,write', 'actors:4 read', 'cities:16 read']);
    const found = kt(
      'src/main/kotlin/shop/Recast.kt',
      'package shop',
      '',
      'fun recast(film: Film, actor: Actor) {',
      '    film.actors = SizedCollection(listOf(actor))',
      '}',
    );
    expect(usesOf(found, FILMS)).toEqual(['film_actors:4 write']);
    const direct = kt(
      'src/main/kotlin/shop/Direct.kt',
      'package shop',
      '',
      'fun cast(id: Int) = Film.findById(id)?.actors?.toList()',
      'fun town(id: Int) = Film[id].city.name',
      'fun title(id: Int) = Film.findById(id)?.title',
    );
    expect(usesOf(direct, FILMS)).toEqual(['films:3 read', 'actors:3 read', 'film_actors:3 read', 'cities:4 read']);
  });

  it("reads the relations a lambda's parameter reads where its receiver's entity is known: a relation, a typed collection, a finder's, a loop's", () => {
    const file = (...lines: string[]) => kt('src/main/kotlin/shop/Lambdas.kt', 'package shop', '', ...lines);
    expect(usesOf(file('fun a(town: Town) = transaction { town.films.forEach { it.actors.toList() } }'), FILMS)).toEqual([
      'films:3 read',
      'actors:3 read',
      'film_actors:3 read',
    ]);
    expect(usesOf(file('fun b(films: List<Film>) = films.map { f -> f.city }'), FILMS)).toEqual(['cities:3 read']);
    expect(usesOf(file('fun c() = Film.all().filter { it.title != "" }.forEach { it.city }'), FILMS)).toEqual(['films:3 read', 'cities:3 read']);
    expect(usesOf(file('fun d(id: Int) = Town.findById(id)?.let { it.films }'), FILMS)).toEqual(['cities:3 read', 'films:3 read']);
    const loop = file('fun e() {', '    val films = Film.find { Films.title eq "x" }', '    for (f in films) {', '        println(f.actors)', '    }', '}');
    expect(usesOf(loop, FILMS)).toEqual(['films:4 read', 'actors:6 read', 'film_actors:6 read']);
    // a `map` gives other values; a nested lambda's own `it` is not the entity
    expect(usesOf(file('fun f(films: List<Film>) = films.map { it.title }.forEach { it.city }'), FILMS)).toEqual([]);
    expect(usesOf(file('fun g(films: List<Film>) = films.forEach { listOf(1).forEach { it.city } }'), FILMS)).toEqual([]);
  });
});
