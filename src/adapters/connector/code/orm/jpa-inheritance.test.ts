import { describe, expect, it } from 'vitest';
import { jpaHierarchy, jpaInheritedTables } from './jpa-inheritance.js';
import { customRepositories } from './orm-repositories.js';
import { ormModelUses, ormTableRefs } from './orm-refs.js';
import type { ProjectFile } from './orm-reader.js';

const java = (path: string, ...lines: string[]): ProjectFile => ({ path: `src/main/java/org/shop/${path}`, text: lines.join('\n'), language: 'java' });

describe('JPA class hierarchies', () => {
  it('finds the classes an entity extends across files, Java and Kotlin, through mapped superclasses', () => {
    const files = [
      java('BaseEntity.java', 'package org.shop;', '@MappedSuperclass', 'public abstract class BaseEntity<K extends Serializable & Comparable<K>> {}'),
      java('Named.java', 'package org.shop;', '@MappedSuperclass', 'public class Named extends BaseEntity<Long> {}'),
      java('Pet.java', 'package org.shop;', '@Entity', 'public class Pet extends org.shop.Named implements Serializable {}'),
      {
        path: 'src/main/kotlin/org/shop/Dog.kt',
        text: 'package org.shop\n@Entity\nclass Dog(val name: String) : Serializable, Pet()\n',
        language: 'kotlin',
      },
      // an other package's class of the same name, not imported: not the one meant
      java('other/Named.java', 'package org.other;', '@MappedSuperclass', 'public class Named {}'),
    ];
    const hierarchy = jpaHierarchy(files);
    const named = (name: string) => hierarchy.classes.find((c) => c.name === name && c.qualified.startsWith('org.shop'))!;
    expect(hierarchy.ancestors(named('Dog')).map((c) => c.qualified)).toEqual(['org.shop.Pet', 'org.shop.Named', 'org.shop.BaseEntity']);
    expect(hierarchy.strategy(named('Dog'))).toBe('SINGLE_TABLE');
    expect(hierarchy.strategy(named('Pet'))).toBeUndefined();
    // a class importing a library's base by name extends none of the project's
    const cat = jpaHierarchy([files[1]!, java('Cat.java', 'package org.shop;', 'import com.lib.Named;', '@Entity', 'public class Cat extends Named {}')]);
    expect(cat.ancestors(cat.classes.find((c) => c.name === 'Cat')!)).toEqual([]);
    // two modules declaring the same class: the one of the module
    const modules = ['a', 'b'].map((m) => ({
      path: `${m}/src/org/shop/Base.java`,
      text: 'package org.shop;\n@MappedSuperclass\npublic class Base {}',
      language: 'java',
    }));
    const pet = { path: 'b/src/org/shop/Pet.java', text: 'package org.shop;\n@Entity\npublic class Pet extends Base {}', language: 'java' };
    const two = jpaHierarchy([...modules, pet]);
    expect(two.ancestors(two.classes.find((c) => c.name === 'Pet')!).map((c) => c.path)).toEqual(['b/src/org/shop/Base.java']);
  });

  it("maps a single-table subclass to its root's table unless it names its own; a joined subclass reaches its parents' tables", () => {
    const files = [
      java('Payment.java', 'package org.shop;', '@Entity', '@Table(name = "payments")', 'public class Payment {}'),
      java('Card.java', 'package org.shop;', '@Entity', '@DiscriminatorValue("card")', 'public class Card extends Payment {}'),
      java('Cash.java', 'package org.shop;', '@Entity', '@Table(name = "cash")', 'public class Cash extends Payment {}'),
      java('Item.java', 'package org.shop;', '@Entity', '@Table(name = "items")', '@Inheritance(strategy = InheritanceType.JOINED)', 'public class Item {}'),
      java('Book.java', 'package org.shop;', '@Entity', '@Table(name = "books")', 'public class Book extends Item {}'),
      java('Ebook.java', 'package org.shop;', '@Entity', 'public class Ebook extends Book {}'),
      java('Animal.java', 'package org.shop;', '@Entity', '@Inheritance(strategy = TABLE_PER_CLASS)', 'public class Animal {}'),
      java('Cat.java', 'package org.shop;', '@Entity', 'public class Cat extends Animal {}'),
    ];
    const { declared, joined } = jpaInheritedTables(files, new Map(files.map((f) => [f.path, ormTableRefs(f.text, f.language, f.path)])));
    const tableOf = (name: string) => declared.get(`src/main/java/org/shop/${name}.java`)!.map((r) => [r.table, ...(r.alternatives ?? [])].join('|'));
    expect(['Card', 'Cash', 'Book', 'Ebook', 'Cat'].map(tableOf)).toEqual([['payments'], ['cash'], ['books'], ['Ebook|ebook'], ['Cat|cat']]);
    expect(Object.fromEntries([...joined].map(([k, refs]) => [k, refs.map((r) => r.table)]))).toEqual({
      'Book books': ['items'],
      'Ebook Ebook': ['books', 'items'],
    });

    // a repository of a joined subclass reads and writes its parents' tables too
    const repository = 'public interface BookRepository extends JpaRepository<Book, Long> {}';
    const service = 'class Shelf {\n  private final BookRepository books;\n  void add(Book b) {\n    books.save(b);\n  }\n}\n';
    const models = [...declared.values()].flat();
    const uses = ormModelUses(service, 'java', models, { repositories: customRepositories(repository, 'java'), jpaJoined: joined });
    expect(uses.map((u) => [u.table, u.line, u.access])).toEqual([
      ['books', 4, ['write']],
      ['items', 4, ['write']],
    ]);
  });
});
