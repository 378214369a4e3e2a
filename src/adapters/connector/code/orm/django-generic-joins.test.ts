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
});
