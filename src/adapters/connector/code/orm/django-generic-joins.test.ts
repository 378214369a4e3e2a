import { describe, expect, it } from 'vitest';
import { djangoGenericJoins } from './django-generic-joins.js';
import { ormTableRefs } from './orm-refs.js';

const MODELS = [
  'from django.contrib.contenttypes.fields import GenericForeignKey',
  'from django.contrib.contenttypes.models import ContentType',
  'from django.db import models',
  '',
  'class Rating(models.Model):',
  '    value = models.IntegerField()',
  '    content_type = models.ForeignKey(ContentType, on_delete=models.CASCADE)',
  '    object_pk = models.CharField(max_length=255)',
  '    content_object = GenericForeignKey("content_type", "object_pk")',
  '',
  'class Flag(models.Model):',
  "    kind = models.ForeignKey('contenttypes.ContentType', models.CASCADE, db_column='kind_ref')",
  '    object_id = models.PositiveIntegerField()',
  "    target = GenericForeignKey(ct_field='kind')",
  '',
  'class Note(models.Model):',
  '    content_type = models.ForeignKey(Category, on_delete=models.CASCADE)',
  '    content_object = GenericForeignKey()',
].join('\n');

describe("a Django model's generic foreign key", () => {
  it('joins the content type column to django_content_type alone, never the object id', () => {
    const path = 'site/generic/models.py';
    const joins = djangoGenericJoins([{ path, text: MODELS, language: 'python' }], new Map([[path, ormTableRefs(MODELS, 'python', path)]]));
    expect(joins.get(path)?.map((j) => `${j.line}: ${j.table}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} (${j.via})`)).toEqual([
      '9: generic_rating.content_type_id = django_content_type.id (django)',
      '14: generic_flag.kind_ref = django_content_type.id (django)',
    ]);
  });

  it("joins each concrete child's table where an abstract model of another file declares the generic key", () => {
    const abstract = [
      'from django.contrib.contenttypes.fields import GenericForeignKey',
      'from django.db import models',
      '',
      'class AbstractAttributeValue(models.Model):',
      '    entity_content_type = models.ForeignKey(ContentType, null=True, on_delete=models.CASCADE)',
      '    entity_object_id = models.PositiveIntegerField()',
      '    value_entity = GenericForeignKey("entity_content_type", "entity_object_id")',
      '',
      '    class Meta:',
      '        abstract = True',
    ].join('\n');
    const concrete = ['from shop.catalogue.abstract_models import *', '', 'class AttributeValue(AbstractAttributeValue):', '    pass'].join('\n');
    const files = [
      { path: 'shop/catalogue/abstract_models.py', text: abstract, language: 'python' },
      { path: 'shop/catalogue/models.py', text: concrete, language: 'python' },
    ];
    // the child's table, as the project's reading of inherited models gives it
    const refs = new Map([['shop/catalogue/models.py', [{ table: 'catalogue_attributevalue', line: 3, via: 'django', model: 'AttributeValue' }]]]);
    const joins = djangoGenericJoins(files, refs);
    expect(
      joins.get('shop/catalogue/models.py')?.map((j) => `${j.line}: ${j.table}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()}`),
    ).toEqual(['3: catalogue_attributevalue.entity_content_type_id = django_content_type.id']);
    expect(joins.get('shop/catalogue/abstract_models.py')).toBeUndefined();
  });
});
