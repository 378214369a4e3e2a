import { describe, expect, it } from 'vitest';
import { djangoRelations } from './django-relations.js';
import { ormModelUses, ormTableRefs, sequelizeAliases } from './orm-refs.js';
import { customRepositories, projectRepositories } from './orm-repositories.js';

describe('ORM models in code', () => {
  it('TypeORM: a name, an options object with schema, or the class name in snake case', () => {
    const text = [
      "import { Entity } from 'typeorm';",
      "@Entity('invoice_line')",
      'export class Line {}',
      "@Entity({ name: 'invoice', schema: 'billing' })",
      'export class Invoice {}',
      '@Entity()',
      'export class CustomerNote {}',
    ].join('\n');
    expect(ormTableRefs(text, 'typescript', 'src/models.ts')).toEqual([
      { table: 'invoice_line', line: 2, via: 'typeorm', model: 'Line', access: ['schema'] },
      { table: 'billing.invoice', line: 4, via: 'typeorm', model: 'Invoice', access: ['schema'] },
      { table: 'customer_note', line: 6, via: 'typeorm', model: 'CustomerNote', access: ['schema'] },
    ]);
  });

  it("TypeORM's join tables: @JoinTable's name, else owner table, property and other table in snake case", () => {
    const text = [
      "import { Entity, JoinTable, ManyToMany } from 'typeorm';",
      "@Entity('categories')",
      'export class Category {}',
      "@Entity({ schema: 'quiz' })",
      'export class Question {',
      '  @ManyToMany(() => Category, (c) => c.questions, { eager: true })',
      '  @JoinTable()',
      '  categories: Category[];',
      '',
      '  @JoinTable()',
      '  @ManyToMany((type) => Tag)',
      '  public readonly relatedTags!: Tag[];',
      '',
      '  @ManyToMany(() => Category)',
      "  @JoinTable({ name: 'question_extra' })",
      '  extra: Category[];',
      '}',
    ].join('\n');
    expect(ormTableRefs(text, 'typescript', 'src/quiz.ts').filter((r) => !r.model)).toEqual([
      { table: 'quiz.question_categories_categories', line: 7, via: 'typeorm', access: ['schema'] },
      { table: 'quiz.question_related_tags_tag', line: 10, via: 'typeorm', access: ['schema'] },
      { table: 'quiz.question_extra', line: 15, via: 'typeorm', access: ['schema'] },
    ]);
  });

  it('Sequelize: define() and init() are the plural of the model unless a tableName says otherwise, each named as other files call it', () => {
    const text = [
      "const Customer = sequelize.define('customer', { name: DataTypes.STRING });",
      'class Log extends Model {}',
      "Log.init({}, { sequelize, tableName: 'audit_log', schema: 'ops' });",
      "const Note = sequelize.define('Note', { text: DataTypes.TEXT }, { tableName: 'notes_v2' });",
      'class Crate extends Model {}',
      "Crate.init({ size: DataTypes.INTEGER }, { sequelize, modelName: 'box' });",
      'class Shelf extends Model {}',
      'Shelf.init({}, { sequelize });',
      "@Table({ tableName: 'labels' })",
      'export class Label extends Model {}',
    ].join('\n');
    expect(ormTableRefs(text, 'javascript', 'models.js')).toEqual([
      { table: 'customers', alternatives: ['customer'], line: 1, via: 'sequelize', model: 'Customer', access: ['schema'] },
      { table: 'ops.audit_log', line: 3, via: 'sequelize', model: 'Log', access: ['schema'] },
      { table: 'notes_v2', line: 4, via: 'sequelize', model: 'Note', access: ['schema'] },
      { table: 'boxes', alternatives: ['box'], line: 6, via: 'sequelize', model: 'Crate', access: ['schema'] },
      { table: 'Shelves', alternatives: ['Shelf'], line: 8, via: 'sequelize', model: 'Shelf', access: ['schema'] },
      { table: 'labels', line: 9, via: 'sequelize', model: 'Label', access: ['schema'] },
    ]);
  });

  it("Sequelize models used elsewhere: their static finders read, create/update/destroy… write, on the model or the models' object", () => {
    const models = ormTableRefs(
      "const Customer = sequelize.define('customer', {});\nclass Log extends Model {}\nLog.init({}, { sequelize, tableName: 'audit_log' });\nsequelize.define('tag', {});\n",
      'javascript',
      'models/index.js',
    );
    const route = [
      "const db = require('../models');",
      "const { Log } = require('../models');",
      'router.get("/", async (req, res) => res.json(await db.Customer.findAll({ limit: 10 })));',
      'router.post("/", async (req, res) => {',
      '  const customer = await db.Customer.create(req.body);',
      '  await Log.bulkCreate([{ what: "created" }]);',
      '  res.json(customer);',
      '});',
      'const names = [].findAll; Customers.findAll(); customer.update({});',
      'const tag = { count: () => 0 }; tag.count();',
      '// await db.Customer.destroy({ where: {} });',
      'export const tags = () => sequelize.models.tag.count();',
    ].join('\n');
    expect(ormModelUses(route, 'javascript', models).map((u) => [u.table, u.line, u.access])).toEqual([
      ['customers', 3, ['read', 'write']],
      ['audit_log', 6, ['write']],
      ['tags', 12, ['read']], // a model named in lower case counts only as the models' property; a call commented out, nothing
    ]);
  });

  it('Sequelize instances: what is called later on the row a finder or build() gave, in the same block', () => {
    const models = ormTableRefs("const Customer = sequelize.define('customer', {});\n", 'javascript', 'models/index.js');
    const route = [
      'router.put("/:id", async (req, res) => {',
      '  const customer = await Customer.findByPk(req.params.id);',
      '  customer.name = req.body.name;',
      '  await customer.save();',
      '});',
      'router.get("/:id", async (req, res) => {',
      '  const customer = await Customer.findOne({ where: { id: req.params.id } });',
      '  res.json(customer.toJSON());',
      '});',
      'customer.destroy();',
    ].join('\n');
    const uses = (text: string) => ormModelUses(text, 'javascript', models).map((u) => [u.table, u.line, u.access]);
    expect(uses(route)).toEqual([['customers', 2, ['read', 'write']]]);
    // the second route only reads: the destroy outside its block is another name's
    expect(uses(route.split('\n').slice(5).join('\n'))).toEqual([['customers', 2, ['read']]]);
    // a row built in memory writes only once saved
    expect(uses('const draft = Customer.build({ name: "x" });\nawait draft.save();\n')).toEqual([['customers', 1, ['write']]]);
    expect(uses('const draft = Customer.build({ name: "x" });\n')).toEqual([['customers', 1, undefined]]);
  });

  it('Sequelize rows from findAll: a call on each row in a for…of loop or a forEach/map callback of the same block writes', () => {
    const models = ormTableRefs("const Order = sequelize.define('order', {});\nsequelize.define('instrument', {});\n", 'javascript', 'models/index.js');
    const uses = (...lines: string[]) => ormModelUses(lines.join('\n'), 'javascript', models).map((u) => [u.table, u.line, u.access]);
    expect(
      uses(
        "router.post('/close', async (req, res) => {",
        "  const orders = await Order.findAll({ where: { status: 'open' } });",
        '  for (const order of orders) {',
        "    await order.update({ status: 'closed' });",
        '  }',
        '  res.sendStatus(204);',
        '});',
      ),
    ).toEqual([['orders', 2, ['read', 'write']]]);
    expect(uses('async function purge() {', '  const stale = await Order.findAll();', '  stale.forEach(o => o.destroy());', '}')).toEqual([
      ['orders', 2, ['read', 'write']],
    ]);
    expect(
      uses('const rows = await Order.findAll();', 'await Promise.all(rows.map(async (row) => {', '  row.total = 0;', '  await row.save();', '}));'),
    ).toEqual([['orders', 1, ['read', 'write']]]);
    // a loop without braces, and an association method on each row
    expect(uses('const orders = await Order.findAll();', 'for (const o of orders) await o.createInstrument({});')).toEqual([
      ['orders', 1, ['read']],
      ['instruments', 1, ['write']],
    ]);
    // rows only serialised read; a loop over another array, or the same name in another block, is another name's
    expect(
      uses(
        'router.get("/", async (req, res) => {',
        '  const orders = await Order.findAll();',
        '  for (const order of drafts) await order.save();',
        '  res.json(orders.map((o) => o.toJSON()));',
        '});',
        'orders.forEach((o) => o.destroy());',
      ),
    ).toEqual([['orders', 2, ['read']]]);
  });

  it('Sequelize rows looped over where they are fetched: `for (const r of await Order.findAll())` writes by the calls on each row', () => {
    const models = ormTableRefs("const Order = sequelize.define('order', {});\nsequelize.define('instrument', {});\n", 'javascript', 'models/index.js');
    const uses = (...lines: string[]) => ormModelUses(lines.join('\n'), 'javascript', models).map((u) => [u.table, u.line, u.access]);
    expect(
      uses('async function purge() {', '  for (const o of await Order.findAll({ where: { stale: true } })) {', '    await o.destroy();', '  }', '}'),
    ).toEqual([['orders', 2, ['read', 'write']]]);
    // without braces, on the models' object, and an association method on each row
    expect(uses('for (const o of await db.Order.findAll()) await o.createInstrument({});')).toEqual([
      ['orders', 1, ['read']],
      ['instruments', 1, ['write']],
    ]);
    // only read: the rows serialised in the loop, a loop over what a chained call gives, a save after the loop's one statement
    expect(uses('for (const o of await Order.findAll()) out.push(o.toJSON());', 'o.save();')).toEqual([['orders', 1, ['read']]]);
    expect(uses('for (const o of (await Order.findAll()).slice(1)) await o.save();')).toEqual([['orders', 1, ['read']]]);
  });

  it('Sequelize rows from findAndCountAll: its rows, destructured or reached on the result, count as the rows of findAll', () => {
    const models = ormTableRefs("const Order = sequelize.define('order', {});\n", 'javascript', 'models/index.js');
    const uses = (...lines: string[]) => ormModelUses(lines.join('\n'), 'javascript', models).map((u) => [u.table, u.line, u.access]);
    expect(
      uses('async function close() {', '  const { rows } = await Order.findAndCountAll({ limit: 10 });', '  for (const o of rows) await o.save();', '}'),
    ).toEqual([['orders', 2, ['read', 'write']]]);
    expect(uses('const { count, rows: open } = await db.Order.findAndCountAll();', 'open.forEach((o) => o.destroy());')).toEqual([
      ['orders', 1, ['read', 'write']],
    ]);
    expect(uses('const result = await Order.findAndCountAll();', 'for (const o of result.rows) {', '  await o.update({ seen: true });', '}')).toEqual([
      ['orders', 1, ['read', 'write']],
    ]);
    expect(uses('const page = await Order.findAndCountAll();', 'await Promise.all(page.rows.map((o) => o.destroy()));')).toEqual([
      ['orders', 1, ['read', 'write']],
    ]);
    // only read: the rows serialised, the count alone destructured, a loop over the result itself or over another result's rows
    expect(uses('const { count, rows } = await Order.findAndCountAll();', 'res.json({ count, rows: rows.map((r) => r.toJSON()) });')).toEqual([
      ['orders', 1, ['read']],
    ]);
    expect(uses('const { count } = await Order.findAndCountAll();', 'for (const o of rows) await o.save();')).toEqual([['orders', 1, ['read']]]);
    expect(uses('const page = await Order.findAndCountAll();', 'for (const o of other.rows) await o.save();', 'page.rows.length;')).toEqual([
      ['orders', 1, ['read']],
    ]);
  });

  it("Sequelize associations: a finder's include reads the included model, a row's association methods read or write the other model", () => {
    const models = ormTableRefs(
      "sequelize.define('orchestra', {});\nsequelize.define('instrument', {});\nconst Tag = sequelize.define('Tag', {});\n",
      'javascript',
      'sequelize/models.js',
    );
    const uses = (text: string) => ormModelUses(text, 'javascript', models).map((u) => [u.table, u.line, u.access]);
    expect(uses('const all = await models.orchestra.findAll({\n  include: models.instrument,\n});\n')).toEqual([
      ['orchestras', 1, ['read']],
      ['instruments', 2, ['read']],
    ]);
    expect(uses("await models.orchestra.findAll({ where: { name: 'instrument' }, include: [{ model: Tag, as: 'labels' }] });\n")).toEqual([
      ['orchestras', 1, ['read']],
      ['Tags', 1, ['read']], // the word in the where clause is not a model
    ]);
    const route = [
      'async function addInstrument(req) {',
      '  const orchestra = await models.orchestra.findByPk(req.params.id);',
      '  await orchestra.createInstrument(req.body);',
      '  return orchestra.countTags();',
      '}',
      'export const other = (api) => api.getInstruments();',
    ].join('\n');
    expect(uses(route)).toEqual([
      ['orchestras', 2, ['read']],
      ['instruments', 2, ['write']],
      ['Tags', 2, ['read']],
    ]);
  });

  it("Sequelize associations by alias: `as: 'players'` makes a row's getPlayers() read and createPlayer() write the other model, for that model's rows only", () => {
    const models = ormTableRefs(
      "sequelize.define('orchestra', {});\nsequelize.define('instrument', {});\nconst Person = sequelize.define('Person', {});\n",
      'javascript',
      'sequelize/models.js',
    );
    const setup = [
      'function applyExtraSetup(sequelize) {',
      '  const { instrument, orchestra } = sequelize.models;',
      "  orchestra.hasMany(instrument, { as: 'players', foreignKey: 'orchestraId' });",
      "  instrument.belongsTo(orchestra, { as: 'band' });",
      "  // orchestra.hasMany(sequelize.models.Person, { as: 'fans' });",
      "  orchestra.belongsToMany(sequelize.models.Person, { through: 'Subscription', as: { singular: 'patron', plural: 'patrons' } });",
      '  instrument.hasOne(orchestra);',
      '}',
    ].join('\n');
    const aliases = sequelizeAliases(setup, 'javascript');
    expect(aliases).toEqual([
      { source: 'orchestra', target: 'instrument', names: ['players'] },
      { source: 'instrument', target: 'orchestra', names: ['band'] },
      { source: 'orchestra', target: 'Person', names: ['patron', 'patrons'] },
    ]);
    // sequelize-cli's models declare theirs on `this` in the class
    const cli = [
      'module.exports = (sequelize, DataTypes) => {',
      '  class Person extends Model {',
      '    static associate(models) {',
      "      this.belongsToMany(models.orchestra, { through: 'Subscription', as: 'favourites' });",
      '    }',
      '  }',
      "  Person.init({}, { sequelize, modelName: 'Person' });",
      '};',
    ].join('\n');
    expect(sequelizeAliases(cli, 'javascript')).toEqual([{ source: 'Person', target: 'orchestra', names: ['favourites'] }]);
    const route = [
      'async function roster(req, res) {',
      '  const orchestra = await models.orchestra.findByPk(req.params.id);',
      '  const players = await orchestra.getPlayers();',
      '  await orchestra.addPatron(req.user.id);',
      '  res.json(players);',
      '}',
      'async function tune(req) {',
      '  const instrument = await models.instrument.findByPk(req.params.id);',
      '  await instrument.createPlayer({});',
      '  return instrument.getBand();',
      '}',
    ].join('\n');
    const uses = (project = {}) => ormModelUses(route, 'javascript', models, project).map((u) => [u.table, u.line, u.access]);
    expect(uses({ aliases })).toEqual([
      ['orchestras', 2, ['read']], // read by `tune` too, through the instrument's band
      ['instruments', 2, ['read']], // an instrument's createPlayer is no alias of its model
      ['People', 2, ['write']],
    ]);
    // without the project's aliases the rows reach nothing else
    expect(uses()).toEqual([
      ['orchestras', 2, ['read']],
      ['instruments', 8, ['read']],
    ]);
  });

  it('Prisma: @@map and @@schema, else the model name', () => {
    const text = 'model Invoice {\n  id Int @id\n  @@map("invoice")\n  @@schema("billing")\n}\n\nmodel Customer {\n  id Int @id\n}\n';
    expect(ormTableRefs(text, 'prisma', 'prisma/schema.prisma')).toEqual([
      { table: 'billing.invoice', line: 1, via: 'prisma', model: 'Invoice', access: ['schema'] },
      { table: 'Customer', line: 7, via: 'prisma', model: 'Customer', access: ['schema'] },
    ]);
  });

  it('SQLAlchemy and Django: __tablename__, Table(), db_table, and <app>_<model>', () => {
    const text = [
      'class Invoice(Base):',
      "    __tablename__ = 'invoice'",
      "    __table_args__ = {'schema': 'billing'}",
      '',
      "lines = Table('invoice_line', metadata, Column('id', Integer), schema='billing')",
      '',
      'class Customer(models.Model):',
      '    name = models.CharField()',
      '',
      'class Payment(models.Model):',
      '    class Meta:',
      "        db_table = 'payments'",
      '',
      'class Base(models.Model):',
      '    class Meta:',
      '        abstract = True',
      '',
      'class NotAModel:',
      '    pass',
    ].join('\n');
    expect(ormTableRefs(text, 'python', 'shop/models.py')).toEqual([
      { table: 'billing.invoice', line: 1, via: 'sqlalchemy', model: 'Invoice', access: ['schema'] },
      { table: 'billing.invoice_line', line: 5, via: 'sqlalchemy', access: ['schema'] },
      { table: 'shop_customer', line: 7, via: 'django', model: 'Customer', access: ['schema'] },
      { table: 'payments', line: 10, via: 'django', model: 'Payment', access: ['schema'] },
    ]);
  });

  it('Django: a model that inherits an abstract base of the project, and its many-to-many tables', () => {
    const text = [
      'from django.db import models',
      'from shop.core.models import Stamped',
      '',
      'class Crate(Stamped):',
      '    label = models.CharField(max_length=20)',
      "    shelves = models.ManyToManyField('shop.Shelf', related_name='crates')",
      "    owners = models.ManyToManyField('people.Owner', through='Ownership')",
      '',
      'class CrateQuerySet(models.QuerySet):',
      '    def full(self):',
      '        return self.filter(full=True)',
      '',
      'class Helper:',
      '    pass',
    ].join('\n');
    expect(ormTableRefs(text, 'python', 'shop/crates/models.py')).toEqual([
      { table: 'crates_crate', line: 4, via: 'django', model: 'Crate', access: ['schema'] },
      { table: 'crates_crate_shelves', line: 6, via: 'django', model: 'Crate.shelves', access: ['schema'] },
    ]);
  });

  it("Django: a model that inherits the file's own classes (django.contrib.auth's shape) and their many-to-many fields; a base of another file named by the Meta's db_table", () => {
    // a mixin's many-to-many fields give each concrete heir a table; the heir itself declares no field
    const auth = [
      'from django.db import models',
      'from .base_user import AbstractBaseAccount',
      '',
      'class RolesMixin(models.Model):',
      "    roles = models.ManyToManyField('Role', blank=True)",
      '    class Meta:',
      '        abstract = True',
      '',
      'class AbstractAccount(AbstractBaseAccount, RolesMixin):',
      '    nickname = models.CharField(max_length=30)',
      '    class Meta:',
      '        abstract = True',
      '',
      'class Account(AbstractAccount):',
      '    class Meta(AbstractAccount.Meta):',
      "        swappable = 'ACCOUNT_MODEL'",
    ].join('\n');
    expect(ormTableRefs(auth, 'python', 'app/accounts/models.py')).toEqual([
      { table: 'accounts_account_roles', line: 5, via: 'django', model: 'Account.roles', access: ['schema'] },
      { table: 'accounts_account', line: 14, via: 'django', model: 'Account', access: ['schema'] },
    ]);
    // no django.db import and no field: the Meta's db_table says it is a model (django.contrib.sessions' shape)
    const sessions = [
      'from app.sessions.base import AbstractBaseVisit',
      '',
      'class Visit(AbstractBaseVisit):',
      '    @classmethod',
      '    def store(cls):',
      '        return None',
      '    class Meta(AbstractBaseVisit.Meta):',
      "        db_table = 'app_visit'",
    ].join('\n');
    expect(ormTableRefs(sessions, 'python', 'app/sessions/models.py')).toEqual([
      { table: 'app_visit', line: 3, via: 'django', model: 'Visit', access: ['schema'] },
    ]);
  });

  it("leaves a Peewee file's models to the Peewee reader: `class User(Model)` is no Django model, FlaskDB's `db.Model` no Flask-SQLAlchemy one", () => {
    const text =
      'from peewee import Model, CharField\nfrom playhouse.flask_utils import FlaskDB\n\nclass User(Model):\n    name = CharField()\n\nclass Note(db.Model):\n    body = CharField()\n';
    expect(ormTableRefs(text, 'python', 'app/models.py')).toEqual([]);
    // without the import, the same classes read as they did
    expect(ormTableRefs(text.replace(/^from .*\n/gm, ''), 'python', 'app/models.py').map((r) => [r.table, r.via])).toEqual([
      ['app_user', 'django'],
      ['note', 'sqlalchemy'],
    ]);
  });

  it('JPA @Table and GORM TableName()', () => {
    const java = '@Entity\n@Table(name = "invoice", schema = "billing")\npublic class Invoice {}\n\n@Entity\npublic class CustomerNote {}\n';
    expect(ormTableRefs(java, 'java', 'src/main/java/a/Invoice.java')).toEqual([
      { table: 'billing.invoice', line: 1, via: 'jpa', model: 'Invoice', access: ['schema'] },
      { table: 'CustomerNote', alternatives: ['customer_note'], line: 5, via: 'jpa', model: 'CustomerNote', access: ['schema'] },
    ]);
    // past a long block of other annotations, a fully qualified @Table (and not Hibernate's own, which names no table)
    const qualified = [
      '@Entity',
      '@javax.persistence.Table(name = "BLC_PRODUCT")',
      '@org.hibernate.annotations.Table(appliesTo = "BLC_PRODUCT", indexes = {',
      ...Array.from({ length: 12 }, (_, i) => `  @Index(name = "PRODUCT_INDEX_${i}", columnNames = {"URL", "URL_KEY"}),`),
      '})',
      'public class ProductImpl implements Product {}',
    ].join('\n');
    expect(ormTableRefs(qualified, 'java', 'src/main/java/a/ProductImpl.java')).toEqual([
      { table: 'BLC_PRODUCT', line: 1, via: 'jpa', model: 'ProductImpl', access: ['schema'] },
    ]);
    const go = 'type Order struct{}\n\nfunc (Order) TableName() string {\n\treturn "orders"\n}\n';
    expect(ormTableRefs(go, 'go', 'db/order.go')).toEqual([{ table: 'orders', line: 3, via: 'gorm', model: 'Order', access: ['schema'] }]);
  });

  it('Spring Data: a repository interface links its entity; a field, parameter or variable of its type links it at each call, by the method', () => {
    const models = ormTableRefs(
      '@Entity\n@Table(name = "owners")\npublic class Owner {}\n@Entity\n@Table(name = "pets")\npublic class Pet {}\n',
      'java',
      'src/main/java/a/Owner.java',
    );
    const ownerRepository = [
      'public interface OwnerRepository extends JpaRepository<Owner, Integer> {',
      '  Page<Owner> findByLastNameStartingWith(String lastName, Pageable pageable);',
      '}',
    ].join('\n');
    const petRepository = 'interface PetRepository : CrudRepository<Pet, Long>\n';
    const repositories = [...customRepositories(ownerRepository, 'java'), ...customRepositories(petRepository, 'kotlin')];
    expect(repositories.map((r) => [r.orm, r.name, r.entity])).toEqual([
      ['spring', 'OwnerRepository', 'Owner'],
      ['spring', 'PetRepository', 'Pet'],
    ]);
    const uses = (text: string, language: string) => ormModelUses(text, language, models, { repositories }).map((u) => [u.table, u.line, u.access]);
    expect(uses(ownerRepository, 'java')).toEqual([['owners', 1, undefined]]);
    const controller = [
      'class OwnerController {',
      '  private final OwnerRepository owners;',
      '  OwnerController(OwnerRepository owners) {',
      '    this.owners = owners;',
      '  }',
      '  Page<Owner> find(String name) {',
      '    return owners.findByLastNameStartingWith(name, Pageable.unpaged());',
      '  }',
      '  void add(Owner owner, List<Pet> pets) {',
      '    this.owners.save(owner);',
      '    pets.stream().findFirst();',
      '  }',
      '}',
    ].join('\n');
    expect(uses(controller, 'java')).toEqual([['owners', 7, ['read', 'write']]]);
    const kotlin = 'class PetService(private val pets: PetRepository) {\n  fun drop(id: Long) = pets.deleteById(id)\n}\n';
    expect(uses(kotlin, 'kotlin')).toEqual([['pets', 2, ['write']]]);
    // without the project's repositories, a field's type says nothing
    expect(ormModelUses(controller, 'java', models)).toEqual([]);
  });

  it('Spring Data: a @Query method reads, a @Modifying one or an update statement writes, whatever its name', () => {
    const models = ormTableRefs('@Entity\n@Table(name = "owners")\npublic class Owner {}\n', 'java', 'src/main/java/a/Owner.java');
    const java = [
      'public interface OwnerRepository extends JpaRepository<Owner, Integer> {',
      '  @Query("SELECT DISTINCT owner FROM Owner owner WHERE owner.lastName LIKE :lastName%")',
      '  @Transactional(readOnly = true)',
      '  Collection<Owner> lookUp(@Param("lastName") String lastName);',
      '  @Modifying',
      '  @Query("delete from Owner o where o.city = ?1")',
      '  int purgeCity(String city);',
      '  @Query(value = "UPDATE owners SET city = upper(city)", nativeQuery = true)',
      '  void shout();',
      '  // @Modifying in a comment',
      '  @Query("select o from Owner o")',
      '  List<Owner> findEveryone();',
      '}',
    ].join('\n');
    const kotlin = [
      'interface OwnerRepository : CrudRepository<Owner, Long> {',
      '    @Modifying @Query("delete from Owner o")',
      '    fun prune(): Int',
      '    @Query("select o from Owner o") fun everyone(): List<Owner>',
      '}',
    ].join('\n');
    const [fromJava] = customRepositories(java, 'java');
    const [fromKotlin] = customRepositories(kotlin, 'kotlin');
    expect(fromJava!.methods).toEqual({ lookUp: ['read'], purgeCity: ['write'], shout: ['write'], findEveryone: ['read'] });
    expect(fromKotlin!.methods).toEqual({ prune: ['write'], everyone: ['read'] });
    const caller = (call: string) =>
      ormModelUses(`class OwnerService {\n  private final OwnerRepository owners;\n  void go() {\n    ${call};\n  }\n}`, 'java', models, {
        repositories: [fromJava!],
      }).map((u) => u.access);
    expect(caller('owners.purgeCity("Oslo")')).toEqual([['write']]);
    expect(caller('owners.lookUp("F")')).toEqual([['read']]);
    expect(caller('owners.findById(1)')).toEqual([['read']]);
  });

  describe('Spring Data repositories that are classes', () => {
    const models = ormTableRefs(
      [
        '@Entity @Table(name = "owners") public class Owner {}',
        '@Entity @Table(name = "visits") public class Visit {}',
        '@Entity @Table(name = "books") public class Book {}',
        '@Entity @Table(name = "pets") public class Pet {}',
      ].join('\n'),
      'java',
      'src/main/java/a/Model.java',
    );
    const files = {
      'OwnerRepository.java': [
        'public interface OwnerRepository extends JpaRepository<Owner, Integer>,',
        '    OwnerRepositoryCustom, QuerydslPredicateExecutor<Owner> {',
        '  List<Owner> findByCity(String city);',
        '}',
      ],
      'OwnerRepositoryCustom.java': ['public interface OwnerRepositoryCustom {', '  int archiveInactive(LocalDate before);', '  List<Owner> recent();', '}'],
      'OwnerRepositoryImpl.java': [
        '@Repository',
        'public class OwnerRepositoryImpl implements OwnerRepositoryCustom {',
        '  @PersistenceContext',
        '  private EntityManager em;',
        '',
        '  @Modifying',
        '  @Query("update Owner o set o.active = false where o.lastVisit < :before")',
        '  @Transactional',
        '  public int archiveInactive(@Param("before") LocalDate before) {',
        '    return em.createQuery("update Owner o set o.active = false").executeUpdate();',
        '  }',
        '',
        '  @Query("select o from Owner o order by o.id desc")',
        '  public List<Owner> recent() {',
        '    return em.createQuery("select o from Owner o", Owner.class).getResultList();',
        '  }',
        '}',
      ],
      'VisitRepository.kt': [
        '@Repository',
        'class VisitRepositoryImpl(private val em: EntityManager) : VisitRepositoryCustom {',
        '    @Modifying',
        '    @Query("delete from Visit v where v.date < :before")',
        '    override fun prune(before: LocalDate): Int = em.createQuery("delete from Visit v").executeUpdate()',
        '}',
        '',
        'interface VisitRepositoryCustom {',
        '    fun prune(before: LocalDate): Int',
        '}',
        '',
        'interface VisitRepository : CrudRepository<Visit, Long>, VisitRepositoryCustom',
      ],
      'BookRepository.java': [
        '@Repository',
        'public abstract class BookRepository implements CrudRepository<Book, Long> {',
        '  @Query("SELECT b FROM Book b WHERE b.title = :title")',
        '  public abstract List<Book> lookUp(String title);',
        '  @Query("UPDATE Book b SET b.pages = :pages WHERE b.id = :id")',
        '  public abstract void resize(Long id, int pages);',
        '}',
      ],
      'PetRepository.java': ['public interface PetRepository extends JpaRepository<Pet, Integer>, Shared {}', 'interface Shared {}'],
      'PetRepositoryImpl.java': [
        '@Repository',
        'public class PetRepositoryImpl {',
        '  @Query(value = "DELETE FROM pets WHERE born IS NULL", nativeQuery = true)',
        '  void dropUnborn() {}',
        '}',
        '// a class that implements a fragment of two entities stands for neither; a service is no repository',
        'class SharedImpl implements Shared {}',
        'class OwnerServiceImpl implements OwnerService {}',
      ],
      'ShelfRepository.java': ['public interface BookShelfRepository extends JpaRepository<Book, Long>, Shared {}'],
    };
    const project = projectRepositories(
      Object.entries(files).map(([path, lines]) => ({ path, text: lines.join('\n'), language: path.endsWith('.kt') ? 'kotlin' : 'java' })),
    );
    const summary = (path: string) => project.get(path)?.map((r) => [r.name, r.entity, r.methods]);

    it('a class with a generic base is a repository like an interface, its @Query methods read or write by their statement', () => {
      expect(summary('BookRepository.java')).toEqual([['BookRepository', 'Book', { lookUp: ['read'], resize: ['write'] }]]);
    });

    it("a class implementing a repository's fragment, or named as the repository with Impl, stands for its entity, and its @Query/@Modifying methods count for the repository", () => {
      const archiving = { archiveInactive: ['write'], recent: ['read'] };
      expect(summary('OwnerRepository.java')).toEqual([
        ['OwnerRepository', 'Owner', archiving],
        ['OwnerRepositoryCustom', 'Owner', archiving], // a Spring fragment with type arguments is not the project's
      ]);
      expect(summary('OwnerRepositoryImpl.java')).toEqual([['OwnerRepositoryImpl', 'Owner', archiving]]);
      expect(summary('VisitRepository.kt')).toEqual([
        ['VisitRepository', 'Visit', { prune: ['write'] }],
        ['VisitRepositoryImpl', 'Visit', { prune: ['write'] }],
        ['VisitRepositoryCustom', 'Visit', { prune: ['write'] }],
      ]);
      expect(summary('PetRepositoryImpl.java')).toEqual([['PetRepositoryImpl', 'Pet', { dropUnborn: ['write'] }]]);
      expect(summary('PetRepository.java')).toEqual([['PetRepository', 'Pet', { dropUnborn: ['write'] }]]); // `Shared` serves two entities
      expect(project.has('OwnerRepositoryCustom.java')).toBe(false);
      // read alone, the implementation has no repository to serve
      expect(customRepositories(files['OwnerRepositoryImpl.java'].join('\n'), 'java')).toEqual([]);
    });

    it('the class links its entity where it is declared, and callers reach it through the repository, the fragment or the class', () => {
      const repositories = [...project.values()].flat();
      const uses = (text: string, path: string) =>
        ormModelUses(text, 'java', models, { repositories, own: project.get(path) ?? [] }).map((u) => [u.table, u.line, u.access]);
      // its entity manager's calls read and write there
      expect(uses(files['OwnerRepositoryImpl.java'].join('\n'), 'OwnerRepositoryImpl.java')).toEqual([['owners', 2, ['read', 'write']]]);
      expect(uses(files['PetRepositoryImpl.java'].join('\n'), 'PetRepositoryImpl.java')).toEqual([['pets', 2, undefined]]);
      const service = [
        'class Housekeeping {',
        '  private final OwnerRepository owners;',
        '  private final OwnerRepositoryCustom custom;',
        '  private final PetRepositoryImpl pets;',
        '  void run() {',
        '    custom.recent();',
        '    owners.archiveInactive(LocalDate.now());',
        '    pets.dropUnborn();',
        '  }',
        '}',
      ].join('\n');
      expect(uses(service, 'Housekeeping.java')).toEqual([
        ['owners', 6, ['read', 'write']],
        ['pets', 8, ['write']],
      ]);
      // the file's own repositories, read again from its text when not given, are the same
      expect(ormModelUses(files['BookRepository.java'].join('\n'), 'java', models, { repositories })).toEqual(
        ormModelUses(files['BookRepository.java'].join('\n'), 'java', models, { repositories, own: project.get('BookRepository.java')! }),
      );
    });
  });

  it("Hibernate's Session calls: get, load and createCriteria read the class named, save, update, delete… write the entity given", () => {
    const models = [
      ...ormTableRefs('package a;\n@Entity\n@Table(name = "employees")\npublic class Employee {}\n', 'java', 'src/a/Employee.java'),
      ...ormTableRefs(
        '<hibernate-mapping package="a"><class name="Dept" table="depts"/><class name="Tag" table="tags"/><class name="Item" table="items"/></hibernate-mapping>',
        'xml',
        'src/a/Dept.hbm.xml',
      ),
    ];
    const uses = (text: string, language = 'java') => ormModelUses(text, language, models).map((u) => [u.table, u.line, u.access]);
    const main = [
      'public class StoreData {',
      '  public static void main(String[] args) {',
      '    Session session = new Configuration().buildSessionFactory().openSession();',
      '    Dept d = session.get(Dept.class, 1);',
      '    Employee e = new Employee();',
      '    session.save(e);',
      '    session.delete(session.load(Item.class, 2));',
      '  }',
      '}',
    ].join('\n');
    expect(uses(main)).toEqual([
      ['depts', 1, ['read']],
      ['employees', 1, ['write']],
      ['items', 1, ['read', 'write']],
    ]);
    const dao = [
      '@Repository',
      'public class TagDao {',
      '  @Autowired private SessionFactory sessionFactory;',
      '  public void drop(Tag tag) { sessionFactory.getCurrentSession().saveOrUpdate(tag); }',
      '  public List<Item> all() { return sessionFactory.getCurrentSession().createCriteria(Item.class).list(); }',
      '}',
    ].join('\n');
    expect(uses(dao)).toEqual([
      ['tags', 2, ['write']],
      ['items', 2, ['read']],
    ]);
    expect(uses('class Tags(private val session: Session) {\n  fun one(id: Long) = session.load(Tag::class.java, id)\n}', 'kotlin')).toEqual([
      ['tags', 1, ['read']],
    ]);
    // a base DAO's method giving the session
    expect(uses('public class ItemDao extends BaseDao {\n  public Item one(long id) { return getSession().get(Item.class, id); }\n}')).toEqual([
      ['items', 1, ['read']],
    ]);
    // a session held by a name without its type
    const kotlin = 'class Tags(private val factory: SessionFactory) {\n  fun drop(tag: Tag) {\n    val s = factory.openSession()\n    s.delete(tag)\n  }\n}';
    expect(uses(kotlin, 'kotlin')).toEqual([['tags', 1, ['write']]]);
    // a web session is no Hibernate session
    expect(uses('class Cart {\n  void put(HttpSession session, Tag tag) { session.update(tag); }\n}')).toEqual([]);
  });

  it('finds nothing in code without models', () => {
    expect(ormTableRefs("export const define = (x: string) => x;\ndefine('not a model');\n", 'typescript', 'a.ts')).toEqual([]);
    expect(ormTableRefs("db.table.define('x');\nconst node = { tableName: 'person' };\n", 'typescript', 'query-builder.ts')).toEqual([]);
  });

  it("the project's models used elsewhere: Prisma Client calls and Django managers", () => {
    const models = [
      ...ormTableRefs('model Invoice {\n  id Int @id\n  @@map("invoice")\n}\nmodel UserNote {\n  id Int @id\n}\n', 'prisma', 'prisma/schema.prisma'),
      ...ormTableRefs('from django.db import models\n\nclass Crate(models.Model):\n    label = models.CharField()\n', 'python', 'shop/crates/models.py'),
    ];
    const service = [
      "import { prisma } from './prisma';",
      'export const open = () => prisma.invoice.findMany({ where: { paid: false } });',
      'export async function note(tx, id) {',
      '  await this.session.update({ id });',
      '  return tx.userNote',
      '    .create({ data: { id } });',
      '}',
      'prismaMock.invoice.findMany.mockResolvedValue([]);',
      'export const pay = (id) => prisma.invoice.update({ where: { id }, data: { paid: true } });',
    ].join('\n');
    // at the first use; what the calls do, from all of them
    expect(ormModelUses(service, 'typescript', models)).toEqual([
      { table: 'invoice', line: 2, via: 'prisma', access: ['read', 'write'] },
      { table: 'UserNote', line: 5, via: 'prisma', access: ['write'] },
    ]);
    // no Prisma in the file: `.invoice.update(` is something else
    expect(ormModelUses('order.invoice.update({ paid: true });', 'javascript', models)).toEqual([]);
    const view =
      'from shop.crates.models import Crate\n\ndef full():\n    return Crate.objects.filter(full=True)\n\ndef also():\n    return Crate.objects.all()\n';
    expect(ormModelUses(view, 'python', models)).toEqual([{ table: 'crates_crate', line: 4, via: 'django', access: ['read'] }]);
    const writes = 'def add(label):\n    Crate.objects.create(label=label)\n    Crate.objects.filter(label=label).update(full=True)\n';
    // `filter(…).update(…)` is one UPDATE: a write
    expect(ormModelUses(writes, 'python', models)).toEqual([{ table: 'crates_crate', line: 2, via: 'django', access: ['write'] }]);
  });

  it('Django: rows built and saved, related managers named after a model, and the models of Django’s own apps', () => {
    const models = ormTableRefs(
      [
        'from django.db import models',
        '',
        'class Shelf(models.Model):',
        '    label = models.CharField(max_length=20)',
        '',
        'class Crate(models.Model):',
        '    shelf = models.ForeignKey(Shelf, models.CASCADE)',
        '',
        'class Label(models.Model):',
        '    text = models.TextField()',
      ].join('\n'),
      'python',
      'depot/stock/models.py',
    );
    const tests = [
      'from django.contrib.auth.models import User',
      'from depot.stock.models import Crate, Label, Shelf',
      '',
      'class StockTestCase(TestCase):',
      '    def setUp(self):',
      '        self.owner = User(username="ann")',
      '        self.owner.set_password("pw")',
      '        self.owner.save()',
      '        self.shelf = Shelf(label="A1")',
      '        self.shelf.save()',
      '        Crate(shelf=self.shelf, weight=(2 + 3)).save()',
      '',
      '    def test_count(self):',
      '        draft = Label(text="in memory only")',
      '        self.assertEqual(self.shelf.crate_set.count(), 1)',
    ].join('\n');
    // a Label built and never saved touches no table
    expect(ormModelUses(tests, 'python', models)).toEqual([
      { table: 'auth_user', line: 6, via: 'django', access: ['write'] },
      { table: 'stock_shelf', line: 9, via: 'django', access: ['write'] },
      { table: 'stock_crate', line: 11, via: 'django', access: ['read', 'write'] },
    ]);
    const view = [
      'from django.contrib.auth.models import Group as Team',
      '',
      'def move(shelf, crate, name):',
      '    shelf.crate_set.add(crate)',
      '    return Team.objects.filter(name=name).exists()',
    ].join('\n');
    expect(ormModelUses(view, 'python', models)).toEqual([
      { table: 'auth_group', line: 5, via: 'django', access: ['read'] },
      { table: 'stock_crate', line: 4, via: 'django', access: ['write'] },
    ]);
    // a many-to-many field's manager reaches the field's table, in a file that names the model declaring it
    const taggingModels = "from django.db import models\n\nclass Crate(models.Model):\n    tags = models.ManyToManyField('stock.Tag')\n";
    const tagged = ormTableRefs(taggingModels, 'python', 'depot/stock/models.py');
    const relations = djangoRelations(
      [{ path: 'depot/stock/models.py', text: taggingModels, language: 'python' }],
      new Map([['depot/stock/models.py', tagged]]),
    );
    const tagging = [
      'from depot.stock.models import Crate',
      '',
      'def retag(code, tag):',
      '    crate = Crate.objects.get(code=code)',
      '    crate.tags.add(tag)',
      '    return list(crate.tags.values_list("name", flat=True))',
    ].join('\n');
    expect(ormModelUses(tagging, 'python', tagged, { djangoRelations: relations })).toEqual([
      { table: 'stock_crate', line: 4, via: 'django', access: ['read'] },
      { table: 'stock_crate_tags', line: 5, via: 'django', access: ['read', 'write'] },
    ]);
    // without the model, `.tags.` is anything's
    expect(ormModelUses('def f(post):\n    post.tags.add("x")\n', 'python', tagged, { djangoRelations: relations })).toEqual([]);
    // `_set` of no model, and `User` that is no Django model, are nothing
    expect(ormModelUses('def f(row, User):\n    row.width_set.all()\n    User.objects.all()\n    u = User()\n    u.save()\n', 'python', models)).toEqual([]);
  });

  it('SQLModel: a table=True class is its name in lower case unless __tablename__ says otherwise; Alembic operations name tables', () => {
    const models = [
      'from sqlmodel import Field, SQLModel',
      '',
      'class CrateBase(SQLModel):',
      '    label: str',
      '',
      'class Crate(CrateBase, table=True):',
      '    id: int = Field(primary_key=True)',
      '',
      'class Shelf(SQLModel, table=True):',
      "    __tablename__ = 'shelves'",
      '    id: int',
    ].join('\n');
    expect(ormTableRefs(models, 'python', 'app/models.py')).toEqual([
      { table: 'crate', line: 6, via: 'sqlmodel', model: 'Crate', access: ['schema'] },
      { table: 'shelves', line: 9, via: 'sqlalchemy', model: 'Shelf', access: ['schema'] },
    ]);
    const migration = [
      'from alembic import op',
      'import sqlalchemy as sa',
      '',
      'def upgrade():',
      '    op.create_table(',
      '        "crate",',
      '        sa.Column("id", sa.Integer()),',
      '    )',
      "    op.add_column('shelves', sa.Column('note', sa.Text()), schema='store')",
      '    op.execute("UPDATE crate SET id = 1")',
    ].join('\n');
    expect(ormTableRefs(migration, 'python', 'alembic/versions/0001_init.py')).toEqual([
      { table: 'crate', line: 5, via: 'alembic', access: ['schema'] },
      { table: 'store.shelves', line: 9, via: 'alembic', access: ['schema'] },
    ]);
    const route = [
      'from sqlmodel import select',
      '',
      'def read(session, id):',
      '    crate = session.get(Crate, id)',
      '    return session.exec(select(Shelf).where(Shelf.id == id)).all()',
      '',
      'def empty(session):',
      '    session.execute(delete(Shelf))',
    ].join('\n');
    expect(ormModelUses(route, 'python', ormTableRefs(models, 'python', 'app/models.py'))).toEqual([
      { table: 'crate', line: 4, via: 'sqlmodel', access: ['read'] },
      { table: 'shelves', line: 5, via: 'sqlalchemy', access: ['read', 'write'] },
    ]);
    // the models a statement joins or selects from are read too; a string's join is no model
    const joined = ['def stock(session):', '    q = select(Shelf.id).select_from(Shelf).outerjoin(Crate)', '    return ", ".join(NAMES), q'].join('\n');
    expect(ormModelUses(joined, 'python', ormTableRefs(models, 'python', 'app/models.py'))).toEqual([
      { table: 'shelves', line: 2, via: 'sqlalchemy', access: ['read'] },
      { table: 'crate', line: 2, via: 'sqlmodel', access: ['read'] },
    ]);
  });

  it("Flask-SQLAlchemy: a db.Model without __tablename__ is its class in snake case, an abstract one none, a Table on db.metadata its name; other files' queries reach it", () => {
    const models = [
      'from app import db',
      '',
      'class Base(db.Model):',
      '    __abstract__ = True',
      '    id = db.Column(db.Integer, primary_key=True)',
      '',
      'class UserRole(db.Model):',
      '    id = db.Column(db.Integer, primary_key=True)',
      '',
      'class Badge(db.Model):',
      "    __tablename__ = 'badges'",
      '    id = db.Column(db.Integer, primary_key=True)',
      '',
      "followers = sa.Table('followers', db.metadata, sa.Column('follower_id', sa.ForeignKey('user_role.id')))",
    ].join('\n');
    const refs = ormTableRefs(models, 'python', 'app/models.py');
    expect(refs).toEqual([
      { table: 'user_role', line: 7, via: 'sqlalchemy', model: 'UserRole', access: ['schema'] },
      { table: 'badges', line: 10, via: 'sqlalchemy', model: 'Badge', access: ['schema'] },
      { table: 'followers', line: 14, via: 'sqlalchemy', access: ['schema'] },
    ]);
    const route = ['def roles(user):', '    return db.session.scalars(sa.select(UserRole).where(UserRole.user_id == user.id))'].join('\n');
    expect(ormModelUses(route, 'python', refs)).toEqual([{ table: 'user_role', line: 2, via: 'sqlalchemy', access: ['read'] }]);
  });

  it('SQLModel and SQLAlchemy: a session writes the model of what it adds, deletes or merges', () => {
    const models = ormTableRefs(
      ['from sqlmodel import SQLModel', '', 'class Crate(SQLModel, table=True):', '    id: int', '', 'class Shelf(SQLModel, table=True):', '    id: int'].join(
        '\n',
      ),
      'python',
      'app/models.py',
    );
    // the shapes of full-stack-fastapi-template's crud.py and routes
    const crud = [
      'from sqlmodel import Session',
      'from app.models import Crate, CrateCreate, Shelf',
      '',
      'def create_crate(*, session: Session, crate_in: CrateCreate) -> Crate:',
      '    db_obj = Crate.model_validate(crate_in)',
      '    session.add(db_obj)',
      '    session.commit()',
      '    return db_obj',
      '',
      'def update_shelf(*, session: Session, db_shelf: Shelf | None, data: dict) -> None:',
      '    db_shelf.sqlmodel_update(data)',
      '    session.add(db_shelf)',
    ].join('\n');
    expect(ormModelUses(crud, 'python', models)).toEqual([
      { table: 'crate', line: 6, via: 'sqlmodel', access: ['write'] },
      { table: 'shelf', line: 12, via: 'sqlmodel', access: ['write'] },
    ]);
    const route = [
      'async def delete_crate(session, id):',
      '    crate = session.get(Crate, id)',
      '    session.delete(crate)',
      '',
      'def fill(session):',
      '    session.add_all([Shelf(id=1)])',
      '    crate = CratePublic(id=1)',
      '    session.add(crate)', // bound last in this function to a model that is no table: nothing
      '    names = set()',
      '    names.add(label)', // a name bound to no model: nothing
    ].join('\n');
    expect(ormModelUses(route, 'python', models)).toEqual([
      { table: 'crate', line: 2, via: 'sqlmodel', access: ['read', 'write'] },
      { table: 'shelf', line: 6, via: 'sqlmodel', access: ['write'] },
    ]);
  });

  it('Knex: a builder called with a table and chained, from/into/join, and the schema builder', () => {
    const text = [
      "const db = require('../lib/db');",
      'const crates = await db("crates as c")',
      '  .where({ id })',
      '  .leftJoin("shelves", "shelves.id", "c.shelf")',
      '  .first();',
      "await this.trx('store.bins').insert(row);",
      "const sub = db.select('id').from('owners');",
      'exports.up = (knex) => knex.schema.createTable("labels", (t) => t.string("name"));',
      "const path = ['a', 'b'].join('/');",
      'const label = t("welcome");',
      'await db("crates").del();',
    ].join('\n');
    expect(ormTableRefs(text, 'javascript', 'src/crates.js')).toEqual([
      { table: 'crates', line: 2, via: 'knex', access: ['read', 'write'] }, // where(), then del()
      { table: 'shelves', line: 4, via: 'knex', access: ['read'] },
      { table: 'store.bins', line: 6, via: 'knex', access: ['write'] },
      { table: 'owners', line: 7, via: 'knex', access: ['read'] },
      { table: 'labels', line: 8, via: 'knex', access: ['schema'] },
    ]);
    // without a builder call in the file, join() and from() are the array's and Buffer's
    expect(ormTableRefs("const s = parts.join('shelves'); const b = Buffer.from('owners');", 'javascript', 'src/util.js')).toEqual([]);
  });

  it("JPA's join and collection tables, and Spring's SimpleJdbcInsert table", () => {
    const java = [
      '@Entity',
      '@Table(name = "crates")',
      'public class Crate {',
      '  @ManyToMany',
      '  @JoinTable(name = "crate_labels", joinColumns = @JoinColumn(name = "crate_id"))',
      '  private Set<Label> labels;',
      '  @ElementCollection',
      '  @CollectionTable(name = "crate_notes", schema = "store")',
      '  private List<String> notes;',
      '}',
      'class CrateWriter {',
      '  CrateWriter(DataSource ds) { this.insert = new SimpleJdbcInsert(ds).withTableName("crate_log"); }',
      '}',
    ].join('\n');
    expect(ormTableRefs(java, 'java', 'src/main/java/a/Crate.java')).toEqual([
      { table: 'crates', line: 1, via: 'jpa', model: 'Crate', access: ['schema'] },
      { table: 'crate_labels', line: 5, via: 'jpa', access: ['schema'] },
      { table: 'store.crate_notes', line: 8, via: 'jpa', access: ['schema'] },
      { table: 'crate_log', line: 12, via: 'jdbc', access: ['write'] },
    ]);
  });

  it("Prisma's implicit many-to-many tables: _<relation name>, else _<A>To<B> in name order", () => {
    const text = [
      'model Shelf {',
      '  id     Int     @id',
      '  crates Crate[]',
      '}',
      'model Crate {',
      '  id      Int     @id',
      '  shelves Shelf[]',
      '  likedBy User[]  @relation("CrateLikes")',
      '  owner   User    @relation(fields: [ownerId], references: [id])',
      '  ownerId Int',
      '}',
      'model User {',
      '  id        Int     @id',
      '  likes     Crate[] @relation("CrateLikes")',
      '  crates    Crate[]',
      '  followers User[]  @relation("Follows")',
      '  following User[]  @relation("Follows")',
      '}',
    ].join('\n');
    expect(ormTableRefs(text, 'prisma', 'prisma/schema.prisma').filter((r) => r.table.startsWith('_'))).toEqual([
      { table: '_CrateToShelf', line: 3, via: 'prisma', access: ['schema'] },
      { table: '_CrateLikes', line: 8, via: 'prisma', access: ['schema'] },
      { table: '_Follows', line: 16, via: 'prisma', access: ['schema'] },
    ]);
  });

  it('TypeORM entities used elsewhere: injected and fetched repositories, the entity manager, each with what its calls do', () => {
    const models = ormTableRefs("@Entity('crate')\nexport class CrateEntity {}\n@Entity()\nexport class ShelfNote {}\n", 'typescript', 'src/crate.entity.ts');
    expect(models.map((m) => m.model)).toEqual(['CrateEntity', 'ShelfNote']);
    const service = [
      "import { InjectRepository } from '@nestjs/typeorm';",
      'export class CrateService {',
      '  constructor(@InjectRepository(CrateEntity) private readonly crates: Repository<CrateEntity>) {}',
      '  notes() {',
      '    return this.dataSource.manager.find(ShelfNote, { take: 5 });',
      '  }',
      '  stock(id: number) {',
      '    return this.crates.findOneBy({ id });',
      '  }',
      '}',
    ].join('\n');
    expect(ormModelUses(service, 'typescript', models)).toEqual([
      { table: 'crate', line: 3, via: 'typeorm', access: ['read'] }, // at the injection, read by `this.crates.findOneBy`
      { table: 'shelf_note', line: 5, via: 'typeorm', access: ['read'] },
    ]);
  });

  describe('TypeORM: what a repository or the entity manager does, by the method called', () => {
    const models = ormTableRefs(
      "@Entity('crate')\nexport class Crate {}\n@Entity('shelf')\nexport class Shelf {}\n@Entity('note')\nexport class Note {}\n",
      'typescript',
      'src/entities.ts',
    );
    const uses = (...lines: string[]) => ormModelUses(lines.join('\n'), 'typescript', models).map((u) => [u.table, u.line, u.access]);

    it("the entity manager's method decides: find*, count*, exists* read; save, remove, increment… write", () => {
      expect(
        uses(
          'async function move(manager: EntityManager) {',
          '  const crate = await manager.findOneByOrFail(Crate, { id: 1 });',
          '  await manager.save(Crate, crate);',
          '  await this.entityManager.increment(Shelf, { id: 2 }, "load", 1);',
          '  return manager.countBy(Note, { crateId: 1 });',
          '}',
        ),
      ).toEqual([
        ['crate', 2, ['read', 'write']],
        ['shelf', 4, ['write']],
        ['note', 5, ['read']],
      ]);
    });

    it('NestJS property injection and a typed property: the name they bind, used later', () => {
      expect(
        uses(
          'export class CrateService {',
          '  @InjectRepository(Crate)',
          '  private crateRepo: Repository<Crate>;',
          '  private shelves!: Repository<Shelf>;',
          '  async archive(id: number) {',
          '    await this.crateRepo.softDelete(id);',
          '    return this.shelves?.exists({ where: { id } });',
          '  }',
          '}',
        ),
      ).toEqual([
        ['crate', 2, ['write']],
        ['shelf', 4, ['read']],
      ]);
    });

    it('a repository fetched from the data source or the manager into a variable, and one called on directly', () => {
      expect(
        uses(
          'const crates = AppDataSource.getRepository(Crate);',
          'export async function restock(dataSource: DataSource, manager: EntityManager) {',
          '  const shelfRepo = dataSource.getRepository(Shelf);',
          '  const notes = manager.getRepository(Note);',
          '  await shelfRepo.upsert({ id: 1 }, ["id"]);',
          '  const n = await notes.find();',
          '  await getRepository(Shelf).findOne({ where: { id: 1 } });',
          '  return AppDataSource.getRepository(Crate).save(crates.create({ n }));',
          '}',
        ),
      ).toEqual([
        ['crate', 1, ['write']], // `crates.create` builds an object, `save` writes
        ['shelf', 3, ['read', 'write']],
        ['note', 4, ['read']],
      ]);
    });

    it('a query builder by its chain: a write writes, a select run reads, a builder kept for later says nothing', () => {
      expect(
        uses(
          'class Stock {',
          '  constructor(@InjectRepository(Crate) private readonly crates: Repository<Crate>, private shelves: Repository<Shelf>, private notes: Repository<Note>) {}',
          '  list() {',
          "    return this.crates.createQueryBuilder('c').where('c.id = :id', { id: this.id(1) }).getMany();",
          '  }',
          '  clear() {',
          '    return this.shelves',
          '      .createQueryBuilder()',
          '      .delete()',
          "      .where('id = :id', { id: 1 })",
          '      .execute();',
          '  }',
          '  builder() {',
          "    return this.notes.createQueryBuilder('n');",
          '  }',
          '}',
        ),
      ).toEqual([
        ['crate', 2, ['read']],
        ['shelf', 2, ['write']],
        ['note', 2, undefined],
      ]);
    });

    it('a query builder assigned to a name, by the calls made on that name until it is assigned again', () => {
      expect(
        uses(
          'export async function list(q) {',
          '  const qb = await getRepository(Crate)',
          "    .createQueryBuilder('c')",
          "    .leftJoinAndSelect('c.shelf', 's');",
          "  if (q.tag) qb.andWhere('c.tag = :tag', q);",
          '  return qb.getMany();',
          '}',
        ),
      ).toEqual([['crate', 2, ['read']]]);
      expect(
        uses(
          'class Stock {',
          '  constructor(private shelves: Repository<Shelf>, private entityManager: EntityManager) {}',
          '  purge() {',
          "    const qb = this.shelves.createQueryBuilder('s');",
          "    qb.where('s.empty');",
          '    qb.delete().execute();',
          '  }',
          '  draft() {',
          "    const qb = this.entityManager.createQueryBuilder(Note, 'n');",
          '    return qb;',
          '  }',
          '  run() {',
          "    const qb = getRepository(Crate).createQueryBuilder('c');",
          '    return qb.getMany();',
          '  }',
          '}',
        ),
      ).toEqual([
        ['shelf', 2, ['write']],
        ['note', 9, undefined], // never run: the next `qb`'s getMany is another builder's
        ['crate', 13, ['read']],
      ]);
    });

    it('no access where the code does not say: a name bound to two entities in one scope, a method that only builds an object', () => {
      expect(
        uses(
          'export async function one(flag: boolean) {',
          '  let repo = getRepository(Crate);',
          '  if (flag) repo = getRepository(Shelf);',
          '  return repo.delete(1);',
          '}',
          'export function draft(notes: Repository<Note>) {',
          '  return notes.merge(notes.create({ text: "x" }), { crateId: 1 });',
          '}',
        ),
      ).toEqual([
        ['crate', 2, undefined],
        ['shelf', 3, undefined],
        ['note', 6, undefined],
      ]);
    });

    it('a name holds where it is bound: each function its own `repo`, a property only as `this.name`', () => {
      expect(
        uses(
          'export async function one() {',
          '  const repo = getRepository(Crate);',
          '  return repo.find();',
          '}',
          'export async function two() {',
          '  const repo = getRepository(Shelf);',
          '  return repo.delete(1);',
          '}',
        ),
      ).toEqual([
        ['crate', 2, ['read']],
        ['shelf', 6, ['write']],
      ]);
      expect(
        uses(
          'export class Stock {',
          '  constructor(@InjectRepository(Crate) private readonly crates: Repository<Crate>) {}',
          '  pack(crates: Array<{ id: number }>) {',
          '    const first = crates.find((c) => c.id > 0);',
          '    return this.crates.save({ id: first.id });',
          '  }',
          '}',
          'function count(notes: Repository<Note>) {',
          '  return notes.count();',
          '}',
          'function pick(notes: string[]) {',
          '  return notes.find((n) => n === "x");',
          '}',
        ),
      ).toEqual([
        ['crate', 2, ['write']], // the parameter `crates` is an array: its `find` reads no table
        ['note', 8, ['read']],
      ]);
    });

    it('a query builder started without an entity: the entity its chain names, with what the chain does', () => {
      expect(
        uses(
          'export async function tidy(dataSource: DataSource) {',
          "  const full = await dataSource.createQueryBuilder().select('c').from(Crate, 'c').getMany();",
          '  await dataSource',
          '    .createQueryBuilder()',
          '    .delete()',
          '    .from(Shelf)',
          "    .where('id = :id', { id: 1 })",
          '    .execute();',
          '  await dataSource.manager.createQueryBuilder().insert().into(Note).values({ text: "x" }).execute();',
          "  return dataSource.createQueryBuilder().select('x').from('raw_table', 'x');",
          '}',
        ),
      ).toEqual([
        ['crate', 2, ['read']],
        ['shelf', 4, ['write']],
        ['note', 9, ['write']],
      ]);
    });
    describe('custom repositories', () => {
      const definitions = [
        '@EntityRepository(Crate)',
        'export class CrateRepository extends Repository<Crate> {',
        '  findFull() {',
        "    return this.createQueryBuilder('c').where('c.full').getMany();",
        '  }',
        '}',
        '@Injectable()',
        'export class ShelfRepository extends Repository<Shelf> {',
        '  constructor(dataSource: DataSource) {',
        '    super(Shelf, dataSource.createEntityManager());',
        '  }',
        '  clearEmpty() {',
        '    return this.delete({ empty: true });',
        '  }',
        '}',
        '@EntityRepository(Note)',
        'export class NoteArchive extends AbstractRepository<Note> {',
        '  archive(note: Note) {',
        '    return this.repository.softRemove(note);',
        '  }',
        '}',
        'export const NoteRepository = AppDataSource.getRepository(Note).extend({',
        '  findByText(text: string) {',
        '    return this.findOneBy({ text });',
        '  },',
        '});',
      ];
      const custom = customRepositories(definitions.join('\n'), 'typescript');

      it('a class that extends Repository<E> or AbstractRepository<E>, an @EntityRepository, a repository extended: each by its name, with its entity', () => {
        expect(custom.map((r) => [r.name, r.entity])).toEqual([
          ['CrateRepository', 'Crate'],
          ['NoteArchive', 'Note'],
          ['ShelfRepository', 'Shelf'],
          ['NoteRepository', 'Note'],
        ]);
        // in its own file, what the body does to the entity through `this`
        expect(uses(...definitions)).toEqual([
          ['crate', 2, ['read']],
          ['shelf', 8, ['write']],
          ['note', 19, ['read', 'write']], // the archive soft-removes, the extended repository's findByText reads
        ]);
      });

      it('elsewhere: injected, typed, fetched with getCustomRepository or called by name, each call by its method', () => {
        const service = [
          'export class Stock {',
          '  constructor(',
          '    @InjectRepository(CrateRepository) private readonly crates: CrateRepository,',
          '    private readonly shelves: ShelfRepository,',
          '  ) {}',
          '  async tidy() {',
          '    await this.crates.findFull();',
          '    await this.shelves.clearEmpty();',
          '    await this.shelves.save({ id: 1 });',
          '    return NoteRepository.findByText("x");',
          '  }',
          '}',
          'export const legacy = () => getCustomRepository(CrateRepository).remove([]);',
        ].join('\n');
        expect(ormModelUses(service, 'typescript', models, { repositories: custom }).map((u) => [u.table, u.line, u.access])).toEqual([
          ['crate', 3, ['read', 'write']], // `findFull` reads by its name; the legacy call removes
          ['shelf', 8, ['write']], // at the first call: `clearEmpty` deletes in its body, `save` writes
          ['note', 10, ['read']],
        ]);
        // without the project's custom repositories, none of this reaches a table
        expect(ormModelUses(service, 'typescript', models)).toEqual([]);
      });

      it("a repository's own methods count by what their bodies do, through `this`, the abstract `this.repository` and each other", () => {
        const own = [
          'export class CrateRepository extends Repository<Crate> {',
          '  // this.delete({}) in a comment does nothing',
          '  async archiveOld(before: Date): Promise<void> {',
          '    await this.purge(before);',
          '  }',
          '  purge = async (before: Date) => {',
          "    await this.createQueryBuilder().delete().where('made < :before', { before }).execute();",
          '  };',
          '  label(crate: Crate): string {',
          '    return crate.name;',
          '  }',
          '}',
          '@EntityRepository(Note)',
          'export class NoteArchive extends AbstractRepository<Note> {',
          '  @Transactional()',
          '  latest(n: number) {',
          "    return this.repository.find({ order: { id: 'DESC' }, take: n });",
          '  }',
          '}',
        ].join('\n');
        const repositories = customRepositories(own, 'typescript');
        expect(repositories.map((r) => [r.name, r.methods])).toEqual([
          ['NoteArchive', { latest: ['read'] }],
          ['CrateRepository', { archiveOld: ['write'], purge: ['write'] }],
        ]);
        const caller = [
          'export class Tidy {',
          '  constructor(private readonly crates: CrateRepository, private notes: NoteArchive) {}',
          '  run() {',
          '    this.crates.label(x);',
          '    this.crates.archiveOld(new Date());',
          '    return this.notes.latest(3);',
          '  }',
          '}',
        ].join('\n');
        expect(ormModelUses(caller, 'typescript', models, { repositories }).map((u) => [u.table, u.line, u.access])).toEqual([
          ['crate', 4, ['write']], // `label` says nothing; `archiveOld` purges
          ['note', 6, ['read']],
        ]);
      });
    });
  });

  it('Django migrations: the models they create, alter and add fields to, in the app the migrations folder belongs to', () => {
    const text = [
      'from django.db import migrations, models',
      '',
      'class Migration(migrations.Migration):',
      '    operations = [',
      '        migrations.CreateModel(',
      "            name='Crate',",
      "            fields=[('id', models.AutoField(primary_key=True))],",
      '        ),',
      '        migrations.CreateModel(',
      "            name='Label',",
      "            fields=[('id', models.AutoField(primary_key=True))],",
      "            options={'db_table': 'labels'},",
      '        ),',
      '        migrations.AddField(',
      "            model_name='crate',",
      "            name='note',",
      '            field=models.TextField(),',
      '        ),',
      '    ]',
    ].join('\n');
    expect(ormTableRefs(text, 'python', 'shop/crates/migrations/0001_initial.py')).toEqual([
      { table: 'crates_crate', line: 5, via: 'django', access: ['schema'] },
      { table: 'labels', line: 9, via: 'django', access: ['schema'] },
    ]);
  });
});
