import { describe, expect, it } from 'vitest';
import type { ImportMap } from '../imports/import-graph.js';
import { djangoInheritedModels } from './django-inheritance.js';
import { djangoRelations } from './django-relations.js';
import { ormTableRefs } from './orm-refs.js';

const ABSTRACT = [
  'from django.db import models',
  '',
  'class AbstractProduct(models.Model):',
  '    title = models.CharField(max_length=40)',
  "    options = models.ManyToManyField('catalogue.Option')",
  "    categories = models.ManyToManyField('catalogue.Category', through='ProductCategory')",
  '',
  '    class Meta:',
  '        abstract = True',
  "        app_label = 'catalogue'",
  '',
  'class AbstractReview(models.Model):',
  '    class Meta:',
  '        abstract = True',
].join('\n');
const MODELS = [
  'from shop.catalogue.abstract_models import *',
  '',
  "if not is_model_registered('catalogue', 'Product'):",
  '',
  '    class Product(AbstractProduct):',
  '        pass',
  '',
  'class Review(AbstractReview):',
  '    pass',
].join('\n');
const PLACES = ['from django.db import models', '', 'class Place(models.Model):', '    name = models.CharField(max_length=40)'].join('\n');
const CHILDREN = [
  'from places import models',
  'from places.models import Place',
  'from django import forms',
  '',
  'class Restaurant(Place):',
  '    """Serves food."""',
  '',
  'class Landmark(models.Place):',
  '    class Meta:',
  '        proxy = True',
  '',
  'class PlaceForm(forms.Form):',
  '    pass',
  '',
  'class Other(Unknown):',
  '    pass',
].join('\n');

const files = Object.entries({
  'shop/catalogue/abstract_models.py': ABSTRACT,
  'shop/catalogue/models.py': MODELS,
  'places/models.py': PLACES,
  'food/models.py': CHILDREN,
  'forms/models.py': ['from django.db import models', '', 'class Form(models.Model):', '    name = models.CharField(max_length=40)'].join('\n'),
}).map(([path, text]) => ({ path, text, language: 'python' }));
const IMPORTS: ImportMap = new Map([
  ['shop/catalogue/models.py', [{ path: 'shop/catalogue/abstract_models.py', kinds: ['import'] }]],
  ['food/models.py', [{ path: 'places/models.py', kinds: ['import'] }]],
]);
const declared = new Map(files.map((f) => [f.path, ormTableRefs(f.text, f.language, f.path)]));

describe("Django models that declare nothing, inheriting another file's model", () => {
  const found = djangoInheritedModels(files, declared, IMPORTS);

  it("maps a child of an abstract model by the app label its Meta gives (else the child's app), with the model's many-to-many tables", () => {
    expect(Object.fromEntries([...found].map(([path, refs]) => [path, refs.map((r) => [r.model, r.table, r.line])]))).toEqual({
      'shop/catalogue/models.py': [
        ['Product', 'catalogue_product', 5],
        ['Product.options', 'catalogue_product_options', 5],
        ['Review', 'catalogue_review', 8],
      ],
      'food/models.py': [
        ['Restaurant', 'food_restaurant', 5],
        ['Landmark', 'places_place', 8],
      ],
    });
  });

  it("links a child of a concrete model to its parent's table by <parent>_ptr", () => {
    const all = new Map([...declared].map(([path, refs]) => [path, [...refs, ...(found.get(path) ?? [])]]));
    const parent = djangoRelations(files, all).fields.find((f) => f.model === 'Restaurant');
    expect(parent).toMatchObject({ field: 'place_ptr', target: 'Place', parent: { table: 'places_place' } });
  });
});
