/**
 * Django's multi-table inheritance, generic relations and loops through the built CLI: a repository
 * whose models map tables of a real PostgreSQL source, where a child model's rows live in its parent's
 * table too, a `GenericRelation` reaches the tagged rows, and a loop over a related manager tells the
 * model of the rows it saves, a model declaring nothing maps the table its abstract base's app gives, and a
 * generic foreign key joins the content types; `get` of each table lists the files that read or write it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'city');
let db: TempDatabase;

const FILES: Record<string, string> = {
  'places/models.py': [
    'from django.contrib.contenttypes.fields import GenericForeignKey, GenericRelation',
    'from django.contrib.contenttypes.models import ContentType',
    'from django.db import models',
    '',
    '',
    'class Tag(models.Model):',
    '    label = models.SlugField()',
    '    content_type = models.ForeignKey(ContentType, models.CASCADE)',
    '    object_id = models.PositiveIntegerField()',
    "    content_object = GenericForeignKey('content_type', 'object_id')",
    '',
    '',
    'class Place(models.Model):',
    '    name = models.CharField(max_length=40)',
    "    tags = GenericRelation(Tag, related_query_name='place')",
    '',
  ].join('\n'),
  'food/models.py': [
    'from django.db import models',
    'from places.models import Place',
    '',
    '',
    'class Restaurant(Place):',
    '    serves_pizza = models.BooleanField()',
    '',
    '',
    'class Dish(models.Model):',
    "    restaurant = models.ForeignKey(Restaurant, models.CASCADE, related_name='dishes')",
    '',
  ].join('\n'),
  'food/views.py': ['from food.models import Restaurant', '', '', 'def pizzerias():', '    return Restaurant.objects.filter(serves_pizza=True)', ''].join('\n'),
  'food/copy.py': ['def rename_dishes(restaurant):', '    for dish in restaurant.dishes.all():', '        dish.save()', ''].join('\n'),
  'places/search.py': ['def tagged(place):', '    return place.tags.all()', ''].join('\n'),
  // django-oscar's way: an abstract model with its app label in one file, a child declaring nothing in another
  'shop/abstract_models.py': [
    'from django.db import models',
    '',
    '',
    'class AbstractProduct(models.Model):',
    '    title = models.CharField(max_length=40)',
    '',
    '    class Meta:',
    '        abstract = True',
    "        app_label = 'catalogue'",
    '',
  ].join('\n'),
  'shop/models.py': ['from shop.abstract_models import *', '', '', 'class Product(AbstractProduct):', '    pass', ''].join('\n'),
  'shop/views.py': ['from shop.models import Product', '', '', 'def listing():', '    return Product.objects.all()', ''].join('\n'),
};

beforeAll(async () => {
  db = await createTempDatabase('sxt_django');
  await db.exec(`CREATE TABLE places_place (id int PRIMARY KEY); CREATE TABLE django_content_type (id int PRIMARY KEY);
                 CREATE TABLE places_tag (id int, content_type_id int, object_id int); CREATE TABLE catalogue_product (id int);
                 CREATE TABLE food_restaurant (place_ptr_id int); CREATE TABLE food_dish (id int);`);
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  expect((await runCli(['source', 'add', db.adminDsn, '--name', 'pg', '--allow-extra-privileges'], env)).code).toBe(0);
  expect((await runCli(['update', '--source', 'pg', '--allow-extra-privileges'], env)).code).toBe(0);
  expect((await runCli(['source', 'add', 'code', repo, '--name', 'city'], env)).code).toBe(0);
  const update = await runCli(['update', '--source', 'city', '--json'], env);
  expect(update.code, update.stdout + update.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  await db?.drop();
  home.cleanup();
});

const access = async (id: string) => {
  const got = await runCli(['get', id, '--json'], env);
  expect(got.code, got.stderr).toBe(0);
  return (got.json.incoming as Array<{ fromId: string; kind: string; attributes: { access?: string[] } }>)
    .filter((e) => e.kind === 'uses_table')
    .map((e) => [e.fromId.split(':').at(-1), e.attributes.access]);
};

describe('Django inheritance, generic relations and loops', () => {
  it("reads a child model's rows in its parent's table too, and the tagged rows by the generic relation", async () => {
    expect(await access('pg:table:public.places_place')).toEqual([
      ['food/views.py', ['read']], // Restaurant.objects…: Django joins the parent's rows
      ['places/models.py', ['schema']],
    ]);
    expect(await access('pg:table:public.food_restaurant')).toEqual([
      ['food/models.py', ['schema']],
      ['food/views.py', ['read']],
    ]);
    expect(await access('pg:table:public.places_tag')).toEqual([
      ['places/models.py', ['schema']],
      ['places/search.py', ['read']], // place.tags.all()
    ]);
  });

  it('writes the rows a loop over a related manager saves', async () => {
    expect(await access('pg:table:public.food_dish')).toEqual([
      ['food/copy.py', ['read', 'write']],
      ['food/models.py', ['schema']],
    ]);
  });

  it('maps a model declaring nothing by the abstract model it inherits from another file', async () => {
    expect(await access('pg:table:public.catalogue_product')).toEqual([
      ['shop/models.py', ['schema']],
      ['shop/views.py', ['read']],
    ]);
  });

  it("joins a generic foreign key's content type to django_content_type, its object id to nothing", async () => {
    const tag = await runCli(['describe', 'pg:table:public.places_tag', '--json'], env);
    expect(tag.code, tag.stderr).toBe(0);
    expect(tag.json.joins).toEqual([
      {
        table: 'pg:table:public.django_content_type',
        on: 'places_tag.content_type_id = django_content_type.id',
        declaredIn: { file: 'city:code_file:places/models.py', line: 10, via: 'django' },
      },
    ]);
  });
});
