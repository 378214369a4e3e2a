import { describe, expect, it } from 'vitest';
import { graphPaths, objectionReader } from './objection.js';
import { collectUses } from './orm-reader.js';

const person = [
  "import { Model } from 'objection';",
  "import Animal from './Animal';",
  "import Movie from './Movie';",
  'export default class Person extends Model {',
  "  static tableName = 'persons';",
  '  static relationMappings = () => ({',
  '    pets: {',
  '      relation: Model.HasManyRelation,',
  '      modelClass: Animal,',
  "      join: { from: 'persons.id', to: 'animals.ownerId' },",
  '    },',
  '    movies: {',
  '      relation: Model.ManyToManyRelation,',
  '      modelClass: Movie,',
  "      join: { from: 'persons.id', through: { from: 'persons_movies.personId', to: 'persons_movies.movieId' }, to: 'movies.id' },",
  '    },',
  '    parent: {',
  '      relation: Model.BelongsToOneRelation,',
  '      modelClass: Person,',
  "      join: { from: 'persons.parentId', to: 'persons.id' },",
  '    },',
  '  });',
  '}',
].join('\n');
const animal = "import { Model } from 'objection';\nexport default class Animal extends Model {\n  static get tableName() {\n    return 'animals';\n  }\n}\n";
const movie = "import { Model } from 'objection';\nexport class Movie extends Model {\n  static tableName = 'movies';\n}\n";
const files = [
  { path: 'models/Person.ts', text: person, language: 'typescript' },
  { path: 'models/Animal.ts', text: animal, language: 'typescript' },
  { path: 'models/Movie.ts', text: movie, language: 'typescript' },
];

describe('Objection.js', () => {
  it("declares each model's table (a static property or getter) and a many-to-many's link table", () => {
    expect(files.flatMap((f) => objectionReader.declared(f)).map((r) => [r.table, r.line, r.model])).toEqual([
      ['persons', 4, 'Person'],
      ['persons_movies', 12, undefined],
      ['animals', 2, 'Animal'],
      ['movies', 2, 'Movie'],
    ]);
    // `static tableName` of a class in a file of another kind, or a plain property, is no model
    expect(objectionReader.declared({ path: 'a.py', text: "class A:\n    static tableName = 'x'\n", language: 'python' })).toEqual([]);
  });

  it('joins as each relation writes it: the key on the from side of a belongs-to, the to side of a has-many, the link table of a many-to-many', () => {
    const joins = objectionReader.project!(files, new Map()).joins!.get('models/Person.ts')!;
    expect(joins.map((j) => `${j.table}(${j.columns}) -> ${j.references}(${j.referencedColumns}) line ${j.line}`)).toEqual([
      'animals(ownerId) -> persons(id) line 7',
      'persons_movies(personId) -> persons(id) line 12',
      'persons_movies(movieId) -> movies(id) line 12',
      'persons(parentId) -> persons(id) line 17',
    ]);
  });

  it('reads queries by their calls, related queries by the relation, and the relations a graph names', () => {
    const project = objectionReader.project!(files, new Map());
    const uses = (...lines: string[]) => {
      const text = lines.join('\n');
      return collectUses(text, (use) => project.uses!({ path: 'api.ts', text, language: 'typescript' }, use)).map((u) => [u.table, u.line, u.access]);
    };
    expect(uses('const all = await Person.query().where("age", ">", 30);')).toEqual([['persons', 1, ['read']]]);
    expect(uses('const q = Person.query();', 'q.findById(id);', 'await q.patch({ age: 3 });')).toEqual([['persons', 1, ['write']]]);
    expect(uses("await Person.relatedQuery('pets').for(id).insert(pet);")).toEqual([['animals', 1, ['write']]]);
    // relating writes the link rows alone
    expect(uses("await Person.relatedQuery('movies').for(id).relate(movieId);")).toEqual([['persons_movies', 1, ['write']]]);
    expect(uses("const movies = await person.$relatedQuery('movies');")).toEqual([
      ['movies', 1, ['read']],
      ['persons_movies', 1, ['read']],
    ]);
    expect(uses("await Person.query().withGraphFetched('[pets, parent.movies]');")).toEqual([
      ['persons', 1, ['read']],
      ['animals', 1, ['read']],
      ['movies', 1, ['read']],
      ['persons_movies', 1, ['read']],
    ]);
    expect(uses("await Person.query().allowGraph('[pets]').insertGraph(body);")).toEqual([
      ['persons', 1, ['write']],
      ['animals', 1, ['write']],
    ]);
  });

  it('tells two models of one name apart by the file a use imports, and a `modelClass` path by its file', () => {
    // a JavaScript copy of the app beside the TypeScript one: `Person` and `Animal` twice, another table each
    const jsPerson = [
      "const { Model } = require('objection');",
      "const path = require('path');",
      'class Person extends Model {',
      "  static tableName = 'people';",
      '  static relationMappings = {',
      "    pets: { relation: Model.HasManyRelation, modelClass: path.join(__dirname, 'Animal'), join: { from: 'people.id', to: 'pets.ownerId' } },",
      "    friends: { relation: Model.HasManyRelation, modelClass: 'Friend', join: { from: 'people.id', to: 'friends.personId' } },",
      '  };',
      '  reload() {',
      '    return this.$query();',
      '  }',
      '}',
      'module.exports = Person;',
    ].join('\n');
    const jsAnimal = "const { Model } = require('objection');\nclass Animal extends Model {\n  static tableName = 'pets';\n}\nmodule.exports = { Animal };\n";
    const jsFriend = "const { Model } = require('objection');\nmodule.exports = class Friend extends Model {\n  static tableName = 'friends';\n};\n";
    // another `Friend` elsewhere: the bare `'Friend'` is the one in the model's folder
    const otherFriend = "const { Model } = require('objection');\nclass Friend extends Model {\n  static tableName = 'pen_pals';\n}\n";
    const project = objectionReader.project!(
      [
        ...files,
        { path: 'js/models/Person.js', text: jsPerson, language: 'javascript' },
        { path: 'js/models/Animal.js', text: jsAnimal, language: 'javascript' },
        { path: 'js/models/Friend.js', text: jsFriend, language: 'javascript' },
        { path: 'other/Friend.js', text: otherFriend, language: 'javascript' },
      ],
      new Map(),
    );
    const uses = (path: string, ...lines: string[]) => {
      const text = lines.join('\n');
      const language = path.endsWith('.js') ? 'javascript' : 'typescript';
      return collectUses(text, (use) => project.uses!({ path, text, language }, use)).map((u) => [u.table, u.line, u.access]);
    };
    expect(uses('js/api.js', "const Person = require('./models/Person');", "await Person.relatedQuery('pets').for(1);")).toEqual([['pets', 2, ['read']]]);
    expect(uses('js/api.js', "const Person = require('./models/Person');", "await Person.query().withGraphFetched('friends');")).toEqual([
      ['people', 2, ['read']],
      ['friends', 2, ['read']],
    ]);
    expect(uses('api.ts', "import Person from './models/Person';", "await Person.relatedQuery('pets').for(1);")).toEqual([['animals', 2, ['read']]]);
    expect(uses('js/api.js', "const { Animal } = require('./models/Animal');", 'await Animal.query().delete();')).toEqual([['pets', 2, ['write']]]);
    // imported from no model's file, the name stands for none of the two
    expect(uses('js/api.js', "const { Animal } = require('./lib/Animal');", 'await Animal.query().delete();')).toEqual([]);
    // a relation two models have: the model the file imports
    expect(uses('js/api.js', "const Person = require('./models/Person');", "await person.$relatedQuery('pets');")).toEqual([['pets', 2, ['read']]]);
    // a row's own query: the model it was found as, or named after; `this` in a model's method
    expect(uses('api.ts', "import Person from './models/Person';", "export const rename = (p: Person) => p.$query().patch({ name: 'x' });")).toEqual([
      ['persons', 2, ['write']],
    ]);
    expect(uses('api.ts', "import Movie from './models/Movie';", 'const reloaded = await movie.$query();')).toEqual([['movies', 2, ['read']]]);
    expect(uses('js/models/Person.js', jsPerson)).toEqual([['people', 10, ['read']]]);
  });

  it("reads a row's related query by the row's model: one built there, `new Person()`, or bound", () => {
    // `pets` is a relation of two models: the row's tells which
    const owner = [
      "import { Model } from 'objection';",
      'export class Owner extends Model {',
      "  static tableName = 'owners';",
      "  static relationMappings = { pets: { relation: Model.HasManyRelation, modelClass: Cat, join: { from: 'owners.id', to: 'cats.ownerId' } } };",
      '}',
      'export class Cat extends Model {',
      "  static tableName = 'cats';",
      '}',
    ].join('\n');
    const project = objectionReader.project!([...files, { path: 'models/Owner.ts', text: owner, language: 'typescript' }], new Map());
    const uses = (...lines: string[]) => {
      const text = ["import Person from './models/Person';", "import { Owner } from './models/Owner';", ...lines].join('\n');
      return collectUses(text, (use) => project.uses!({ path: 'api.ts', text, language: 'typescript' }, use)).map((u) => [u.table, u.line, u.access]);
    };
    expect(uses("await new Person({ id: 1 }).$relatedQuery('pets').insert(pet);")).toEqual([['animals', 3, ['write']]]);
    expect(uses("await (new Owner()).$relatedQuery('pets');")).toEqual([['cats', 3, ['read']]]);
    expect(uses('const owner = await Owner.query().findById(1);', "await owner.$relatedQuery('pets');")).toEqual([
      ['owners', 3, ['read']],
      ['cats', 4, ['read']],
    ]);
    // a row of no known model: the relation two models have says none
    expect(uses("await new Other().$relatedQuery('pets');")).toEqual([]);
  });

  it("searches the folders `modelPaths` lists (the model's own, else its base class's) for a `modelClass` given as a bare path", () => {
    const model = (name: string, table: string, extra = '') =>
      `const { Model } = require('objection');\nclass ${name} extends Model {\n  static tableName = '${table}';${extra}\n}\nmodule.exports = ${name};\n`;
    const base = [
      "const path = require('path');",
      "const { Model } = require('objection');",
      'class BaseModel extends Model {',
      '  static get modelPaths() {',
      "    return [path.join(__dirname, 'models')];",
      '  }',
      '}',
      'module.exports = { BaseModel };',
    ].join('\n');
    const person = [
      "const { BaseModel } = require('../../BaseModel');",
      'class Person extends BaseModel {',
      "  static tableName = 'persons';",
      '  static relationMappings = {',
      "    pets: { relation: BaseModel.HasManyRelation, modelClass: 'Animal', join: { from: 'persons.id', to: 'animals.ownerId' } },",
      '  };',
      '}',
    ].join('\n');
    const shelf = [
      "const { Model } = require('objection');",
      'class Shelf extends Model {',
      "  static tableName = 'shelves';",
      '  static modelPaths = [__dirname, `${__dirname}/../shared`];',
      "  static relationMappings = { books: { relation: Model.HasManyRelation, modelClass: 'Book', join: { from: 'shelves.id', to: 'books.shelfId' } } };",
      '}',
    ].join('\n');
    const project = objectionReader.project!(
      [
        { path: 'src/BaseModel.js', text: base, language: 'javascript' },
        { path: 'src/models/people/Person.js', text: person, language: 'javascript' },
        { path: 'src/models/Animal.js', text: model('Animal', 'animals'), language: 'javascript' },
        { path: 'legacy/Animal.js', text: model('Animal', 'old_animals'), language: 'javascript' },
        { path: 'src/store/Shelf.js', text: shelf, language: 'javascript' },
        { path: 'src/shared/Book.js', text: model('Book', 'books'), language: 'javascript' },
        { path: 'legacy/Book.js', text: model('Book', 'old_books'), language: 'javascript' },
        // the base exported by another name, `Model`, its folder rooted at the project (`path.resolve('lib/models')`)
        {
          path: 'lib/db.js',
          text: "const { Model } = require('objection');\nmodule.exports.Model = class BaseModel extends Model {\n  static modelPaths = [path.resolve('lib/models')];\n};\n",
          language: 'javascript',
        },
        {
          path: 'lib/models/sub/Owner.js',
          text: "const { Model } = require('../../db');\nclass Owner extends Model {\n  static tableName = 'owners';\n  static relationMappings = { pets: { relation: Model.HasManyRelation, modelClass: 'Animal', join: { from: 'owners.id', to: 'lib_animals.ownerId' } } };\n}\nmodule.exports = Owner;\n",
          language: 'javascript',
        },
        { path: 'lib/models/Animal.js', text: model('Animal', 'lib_animals'), language: 'javascript' },
      ],
      new Map(),
    );
    const uses = (...lines: string[]) => {
      const text = lines.join('\n');
      return collectUses(text, (use) => project.uses!({ path: 'src/api.js', text, language: 'javascript' }, use)).map((u) => [u.table, u.line, u.access]);
    };
    expect(uses("const Person = require('./models/people/Person');", "await Person.relatedQuery('pets').for(1);")).toEqual([['animals', 2, ['read']]]);
    expect(uses("const Shelf = require('./store/Shelf');", "await Shelf.relatedQuery('books').for(1);")).toEqual([['books', 2, ['read']]]);
    expect(uses("const Owner = require('../lib/models/sub/Owner');", "await Owner.relatedQuery('pets').for(1);")).toEqual([['lib_animals', 2, ['read']]]);
  });

  it('reads graph expressions: lists, nested paths, modifiers and recursion', () => {
    expect(graphPaths('[pets, children.[pets, movies], movies(onlyNew), parent.^]')).toEqual([
      ['pets'],
      ['children', 'pets'],
      ['children', 'movies'],
      ['movies'],
      ['parent'],
    ]);
    expect(graphPaths('movies.actors')).toEqual([['movies', 'actors']]);
  });
});
