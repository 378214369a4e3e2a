/**
 * ORM and GraphQL links through the built CLI (issue 16): a repository whose ORM models map tables
 * of a real PostgreSQL source (and whose other files use those models through Prisma Client and
 * Django managers, a TypeORM custom repository or a Spring Data repository, or query it from a `.sql` file) and whose gql templates query a real plain
 * GraphQL API; `get` and `describe` of the table or field list the code that uses it, with the line.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { startPlainServer, type PlainServer } from '../helpers/plain-graphql-server.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir, { API_TOKEN: 'Bearer plain-orm-token' });
const repo = join(home.dir, 'shop');
let db: TempDatabase;
let api: PlainServer;

const FILES: Record<string, string> = {
  'src/entities/invoice.ts': "import { Entity } from 'typeorm';\n\n@Entity({ name: 'invoice', schema: 'billing' })\nexport class Invoice {}\n",
  'src/billing/invoice.repository.ts':
    "import { Repository } from 'typeorm';\nimport { Invoice } from '../entities/invoice';\n\nexport class InvoiceRepository extends Repository<Invoice> {\n  openOnes() {\n    return this.findBy({ open: true });\n  }\n}\n",
  'src/billing/dunning.ts':
    "import { InvoiceRepository } from './invoice.repository';\n\nexport const remind = (invoices: InvoiceRepository) => invoices.openOnes();\n",
  'src/billing/pay.service.ts':
    "import { InvoiceRepository } from './invoice.repository';\n\nexport class PayService {\n  constructor(private readonly invoices: InvoiceRepository) {}\n\n  pay(id: number) {\n    return this.invoices.update(id, { open: false });\n  }\n}\n",
  'src/main/java/shop/Shipment.java': '@Entity\n@Table(name = "shipment")\npublic class Shipment {}\n',
  'src/main/java/shop/ShipmentRepository.java':
    'public interface ShipmentRepository extends CrudRepository<Shipment, Long> {\n  @Modifying\n  @Query("delete from Shipment s where s.sent = true")\n  int forgetSent();\n}\n',
  'src/main/java/shop/ShipmentCleanup.java':
    'public class ShipmentCleanup {\n  private final ShipmentRepository shipments;\n\n  public void run() {\n    shipments.forgetSent();\n  }\n}\n',
  'src/main/java/shop/ShipmentService.java':
    'public class ShipmentService {\n  private final ShipmentRepository shipments;\n\n  public void ship(Shipment s) {\n    shipments.save(s);\n  }\n}\n',
  'src/models/customer.js': "const Customer = sequelize.define('customer', {});\nmodule.exports = { Customer };\n",
  'src/routes/customers.js':
    "const { Customer } = require('../models/customer');\n\nrouter.put('/:id', async (req, res) => {\n  const customer = await Customer.findByPk(req.params.id);\n  await customer.save();\n});\n",
  'prisma/schema.prisma': 'model AuditEntry {\n  id Int @id\n  @@map("audit_log")\n}\n',
  'shop/models.py':
    "from django.db import models\n\n\nclass Order(models.Model):\n    total = models.IntegerField()\n    shopper = models.ForeignKey('Shopper', models.CASCADE)\n\n\nclass Shopper(models.Model):\n    city = models.CharField(max_length=40)\n",
  'src/audit.ts': "import { prisma } from './db';\n\nexport const log = (id: number) =>\n  prisma.auditEntry.create({ data: { id } });\n",
  'shop/views.py': "from shop.models import Order\n\n\ndef big():\n    return Order.objects.filter(total__gt=100, shopper__city='Oslo')\n",
  'db/queries/orders.sql': '-- name: BigOrders :many\nSELECT * FROM shop_order\nWHERE total > $1;\n',
  'src/parcels/parcel.entity.ts':
    "import { Entity, ManyToMany, PrimaryKey } from '@mikro-orm/core';\n\n@Entity({ tableName: 'parcel' })\nexport class Parcel {\n  @PrimaryKey()\n  id!: number;\n  @ManyToMany()\n  labels = new Collection<Label>(this);\n}\n",
  'src/parcels/parcel.service.ts':
    "import { EntityManager } from '@mikro-orm/postgresql';\nimport { Parcel } from './parcel.entity';\n\nexport const forget = (em: EntityManager, id: number) =>\n  em.nativeDelete(Parcel, { id });\n",
  // a repository another file keeps as an object's property, and a many-to-many collection changed and flushed
  'src/parcels/di.ts':
    "import { MikroORM } from '@mikro-orm/postgresql';\nimport { Parcel } from './parcel.entity';\n\nexport const DI = {} as Record<string, any>;\nexport const init = (orm: MikroORM) => {\n  DI.parcels = orm.em.getRepository(Parcel);\n};\n",
  'src/parcels/routes.ts': "import { DI } from './di';\n\nexport const all = () =>\n  DI.parcels.findAll();\n",
  'src/parcels/labels.ts':
    "import { EntityManager } from '@mikro-orm/postgresql';\n\nexport const label = async (em: EntityManager, parcel: Parcel, label: Label) => {\n  parcel.labels.add(label);\n  await em.flush();\n};\n",
  'src/vendors/vendor.js':
    "const { Model } = require('objection');\n\nclass Vendor extends Model {\n  static tableName = 'vendor';\n}\nmodule.exports = { Vendor };\n",
  'src/vendors/routes.js': "const { Vendor } = require('./vendor');\n\nexports.drop = (id) =>\n  Vendor.query().deleteById(id);\n",
  'src/migrations/Migration20240101.ts':
    "export class Migration20240101 {\n  up() {\n    this.addSql('create table `parcel` (`id` int not null, primary key (`id`));');\n  }\n}\n",
  'src/books.ts':
    "import { gql } from '@apollo/client';\n\nexport const BOOKS = gql`\n  query Books {\n    books {\n      title\n      author { name }\n    }\n  }\n`;\n",
};

beforeAll(async () => {
  db = await createTempDatabase('sxt_orm');
  await db.exec(`CREATE SCHEMA billing; CREATE TABLE billing.invoice (id int PRIMARY KEY);
                 CREATE TABLE customers (id int); CREATE TABLE audit_log (id int); CREATE TABLE shipment (id int); CREATE TABLE shop_order (id int); CREATE TABLE shop_shopper (id int); CREATE TABLE parcel (id int); CREATE TABLE parcel_labels (parcel_id int, label_id int); CREATE TABLE vendor (id int); CREATE TABLE unused (id int);`);
  api = await startPlainServer({ serviceToken: 'plain-orm-token', userTokens: [] });
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  expect((await runCli(['source', 'add', db.adminDsn, '--name', 'pg', '--allow-extra-privileges'], env)).code).toBe(0);
  expect((await runCli(['update', '--source', 'pg', '--allow-extra-privileges'], env)).code).toBe(0);
  expect((await runCli(['source', 'add', 'graphql', api.url, '--name', 'api', '--header-env', 'Authorization=API_TOKEN'], env)).code).toBe(0);
  const apiUpdate = await runCli(['update', '--source', 'api'], env);
  expect(apiUpdate.code, apiUpdate.stderr).toBe(0);
  expect((await runCli(['source', 'add', 'code', repo, '--name', 'shop'], env)).code).toBe(0);
  const update = await runCli(['update', '--source', 'shop', '--json'], env);
  expect(update.code, update.stdout + update.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  await api?.close();
  await db?.drop();
  home.cleanup();
});

const incoming = async (id: string, kind: string) => {
  const got = await runCli(['get', id, '--json'], env);
  expect(got.code, got.stderr).toBe(0);
  return got.json.incoming
    .filter((e: { kind: string }) => e.kind === kind)
    .map((e: { fromId: string; attributes: { line: number; via?: string } }) => [e.fromId, e.attributes.line, e.attributes.via]);
};

describe('ORM and GraphQL links', () => {
  it('each ORM model links its table with the line and the ORM', async () => {
    expect(await incoming('pg:table:billing.invoice', 'uses_table')).toEqual([
      ['shop:code_file:src/billing/dunning.ts', 3, 'typeorm'],
      ['shop:code_file:src/billing/invoice.repository.ts', 4, 'typeorm'],
      ['shop:code_file:src/billing/pay.service.ts', 7, 'typeorm'],
      ['shop:code_file:src/entities/invoice.ts', 3, 'typeorm'],
    ]);
    expect(await incoming('pg:table:public.customers', 'uses_table')).toEqual([
      ['shop:code_file:src/models/customer.js', 1, 'sequelize'],
      ['shop:code_file:src/routes/customers.js', 4, 'sequelize'],
    ]);
    expect(await incoming('pg:table:public.audit_log', 'uses_table')).toEqual([
      ['shop:code_file:prisma/schema.prisma', 1, 'prisma'],
      ['shop:code_file:src/audit.ts', 4, 'prisma'],
    ]);
    expect(await incoming('pg:table:public.shop_order', 'uses_table')).toEqual([
      ['shop:code_file:db/queries/orders.sql', 2, undefined],
      ['shop:code_file:shop/models.py', 4, 'django'],
      ['shop:code_file:shop/views.py', 5, 'django'],
    ]);
    // a lookup across the foreign key joins the shoppers: `shopper__city='Oslo'`
    expect(await incoming('pg:table:public.shop_shopper', 'uses_table')).toEqual([
      ['shop:code_file:shop/models.py', 9, 'django'],
      ['shop:code_file:shop/views.py', 5, 'django'],
    ]);
    // MikroORM's entity, its entity manager's call, and a migration's MySQL-quoted DDL in a string
    expect(await incoming('pg:table:public.parcel', 'uses_table')).toEqual([
      ['shop:code_file:src/migrations/Migration20240101.ts', 3, undefined],
      ['shop:code_file:src/parcels/di.ts', 6, 'mikro-orm'],
      ['shop:code_file:src/parcels/parcel.entity.ts', 3, 'mikro-orm'],
      ['shop:code_file:src/parcels/parcel.service.ts', 5, 'mikro-orm'],
      ['shop:code_file:src/parcels/routes.ts', 4, 'mikro-orm'],
    ]);
    expect(await incoming('pg:table:public.parcel_labels', 'uses_table')).toEqual([
      ['shop:code_file:src/parcels/labels.ts', 4, 'mikro-orm'],
      ['shop:code_file:src/parcels/parcel.entity.ts', 7, 'mikro-orm'],
    ]);
    expect(await incoming('pg:table:public.vendor', 'uses_table')).toEqual([
      ['shop:code_file:src/vendors/routes.js', 4, 'objection'],
      ['shop:code_file:src/vendors/vendor.js', 3, 'objection'],
    ]);
    expect(await incoming('pg:table:public.unused', 'uses_table')).toEqual([]);
    const text = await runCli(['get', 'pg:table:billing.invoice'], env);
    expect(text.stdout).toContain('← uses_table shop:code_file:src/entities/invoice.ts (line 3, typeorm, declares)');
  });

  it('says what each file does to the table where its SQL or ORM says: reads, writes, declares', async () => {
    const access = async (id: string) =>
      ((await runCli(['get', id, '--json'], env)).json.incoming as Array<{ fromId: string; kind: string; attributes: { access?: string[] } }>)
        .filter((e) => e.kind === 'uses_table')
        .map((e) => [e.fromId.split(':').at(-1), e.attributes.access]);
    // a custom repository reads in its own body; the service that injects it writes through it, and a caller of its own method reads as the method does
    expect(await access('pg:table:billing.invoice')).toEqual([
      ['src/billing/dunning.ts', ['read']],
      ['src/billing/invoice.repository.ts', ['read']],
      ['src/billing/pay.service.ts', ['write']],
      ['src/entities/invoice.ts', ['schema']],
    ]);
    // a Spring Data repository links its entity's table; the services that hold one write through save and a @Modifying query
    expect(await access('pg:table:public.shipment')).toEqual([
      ['src/main/java/shop/Shipment.java', ['schema']],
      ['src/main/java/shop/ShipmentCleanup.java', ['write']],
      ['src/main/java/shop/ShipmentRepository.java', ['write']], // its @Query's delete, read as SQL: the entity's name is the table's
      ['src/main/java/shop/ShipmentService.java', ['write']],
    ]);
    // a row that a finder gave, saved in the same block
    expect(await access('pg:table:public.customers')).toEqual([
      ['src/models/customer.js', ['schema']],
      ['src/routes/customers.js', ['read', 'write']],
    ]);
    expect(await access('pg:table:public.audit_log')).toEqual([
      ['prisma/schema.prisma', ['schema']],
      ['src/audit.ts', ['write']],
    ]);
    expect(await access('pg:table:public.shop_order')).toEqual([
      ['db/queries/orders.sql', ['read']],
      ['shop/models.py', ['schema']],
      ['shop/views.py', ['read']], // Order.objects.filter(…)
    ]);
    expect(await access('pg:table:public.shop_shopper')).toEqual([
      ['shop/models.py', ['schema']],
      ['shop/views.py', ['read']],
    ]);
    expect(await access('pg:table:public.vendor')).toEqual([
      ['src/vendors/routes.js', ['write']],
      ['src/vendors/vendor.js', ['schema']],
    ]);
    expect(await access('pg:table:public.parcel')).toEqual([
      ['src/migrations/Migration20240101.ts', ['schema']],
      ['src/parcels/di.ts', undefined],
      ['src/parcels/parcel.entity.ts', ['schema']],
      ['src/parcels/parcel.service.ts', ['write']],
      ['src/parcels/routes.ts', ['read']], // `DI.parcels.findAll()`, the repository di.ts keeps
    ]);
    expect(await access('pg:table:public.parcel_labels')).toEqual([
      ['src/parcels/labels.ts', ['write']], // `parcel.labels.add(label)`, flushed
      ['src/parcels/parcel.entity.ts', ['schema']],
    ]);
    expect((await runCli(['get', 'pg:table:public.audit_log'], env)).stdout).toContain('← uses_table shop:code_file:src/audit.ts (line 4, prisma, writes)');
    const described = await runCli(['describe', 'pg:table:public.audit_log'], env);
    expect(described.stdout).toContain('← uses_table by shop:code_file:prisma/schema.prisma (line 1, prisma, declares)');
  });

  it('a gql query links the operation and each field it selects; describe shows them both ways', async () => {
    expect(await incoming('api:graphql_query:query.books', 'uses_field')).toEqual([['shop:code_file:src/books.ts', 5, undefined]]);
    expect(await incoming('api:graphql_field:Author.name', 'uses_field')).toEqual([['shop:code_file:src/books.ts', 7, undefined]]);
    expect(await incoming('api:graphql_field:Book.year', 'uses_field')).toEqual([]);
    const described = await runCli(['describe', 'api:graphql_field:Book.title', '--json'], env);
    expect(described.json.links).toEqual([{ direction: 'in', kind: 'uses_field', id: 'shop:code_file:src/books.ts', line: 6 }]);
    const file = await runCli(['describe', 'shop:code_file:src/books.ts', '--json'], env);
    expect(file.json.links.map((l: { id: string; line: number }) => `${l.id}@${l.line}`).sort()).toEqual([
      'api:graphql_field:Author.name@7',
      'api:graphql_field:Book.author@7',
      'api:graphql_field:Book.title@6',
      'api:graphql_query:query.books@5',
    ]);
  });
});
