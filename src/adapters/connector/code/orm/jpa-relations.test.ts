import { describe, expect, it } from 'vitest';
import { ormTableRefs } from './orm-refs.js';
import { jpaRelationReader } from './jpa-relations.js';

const VET = [
  'package org.clinic;',
  '@Entity',
  '@Table(name = "vets")',
  'public class Vet {',
  '  @Id @Column(name = "vet_no") private Integer id;',
  '  @ManyToMany(fetch = FetchType.EAGER)',
  '  @JoinTable(name = "vet_specialties", joinColumns = @JoinColumn(name = "vet_id"), inverseJoinColumns = { @JoinColumn(name = "specialty_id") })',
  '  private Set<Specialty> specialties;',
  '  @ManyToMany',
  '  private List<Specialty> studied;',
  '  // @ManyToMany private Set<Specialty> commented;',
  '  @ElementCollection',
  '  private Set<String> nickNames;',
  '  @ElementCollection @CollectionTable(name = "vet_phones", joinColumns = @JoinColumn(name = "owner_vet"))',
  '  private List<String> phones;',
  '}',
].join('\n');

const SPECIALTY = [
  'package org.clinic;',
  '@Entity',
  'public class Specialty {',
  '  @Id private Integer code;',
  '  @ManyToMany(mappedBy = "studied") private Set<Vet> students;',
  '  @ManyToMany(targetEntity = Vet.class) public Collection getTeachers() { return null; }',
  '}',
].join('\n');

const project = () => {
  const files = [
    { path: 'src/main/java/org/clinic/Vet.java', text: VET, language: 'java' },
    { path: 'src/main/java/org/clinic/Specialty.java', text: SPECIALTY, language: 'java' },
  ];
  return jpaRelationReader.project!(files, new Map(files.map((f) => [f.path, ormTableRefs(f.text, f.language, f.path)])));
};
const joinsIn = (path: string) =>
  project()
    .joins?.get(path)
    ?.map((j) => `${[j.table, ...(j.tableAlternatives ?? [])].join('|')}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} :${j.line}`);

describe('JPA join tables of annotated collections', () => {
  it("joins a @JoinTable to both entities by its join columns, a default join table by JPA's default names and Spring's", () => {
    expect(joinsIn('src/main/java/org/clinic/Vet.java')).toEqual([
      'vet_specialties.vet_id = vets.vet_no :6',
      'vet_specialties.specialty_id = Specialty.code :6',
      // no join columns (names in any case): the target's attribute on the other side (`students`), else the entity's name, `_`, the id column
      'vets_Specialty|vets_studied.students_vet_no = vets.vet_no :9',
      'vets_Specialty|vets_studied.studied_code = Specialty.code :9',
      // an element collection's table: the entity's name `_` the attribute, joined by the entity's name `_` its id
      'Vet_nickNames|vet_nick_names.Vet_vet_no = vets.vet_no :12',
      'vet_phones.owner_vet = vets.vet_no :14',
    ]);
    // the inverse side (mappedBy) joins nothing; a getter's targetEntity is its target
    expect(joinsIn('src/main/java/org/clinic/Specialty.java')).toEqual([
      'Specialty_vets|specialty_teachers.Specialty_code = Specialty.code :6',
      'Specialty_vets|specialty_teachers.teachers_vet_no = vets.vet_no :6',
    ]);
  });

  it('declares the default tables (a named one is declared with the entity)', () => {
    expect(project().declared?.get('src/main/java/org/clinic/Vet.java')).toEqual([
      { table: 'vets_Specialty', alternatives: ['vets_studied'], line: 9, via: 'jpa', access: ['schema'] },
      { table: 'Vet_nickNames', alternatives: ['vet_nick_names'], line: 12, via: 'jpa', access: ['schema'] },
    ]);
  });
});

describe('JPA single-valued relations and one-to-many join columns', () => {
  const ORDER = [
    'package org.shop',
    '@Entity',
    '@Table(name = "orders")',
    'class Order {',
    '  @Id var id: Long? = null',
    '  @ManyToOne @JoinColumn(name = "buyer_ref", referencedColumnName = "code") var buyer: Customer? = null',
    '  @ManyToOne(fetch = FetchType.LAZY) var shippingAddress: Address? = null',
    '  @OneToOne(mappedBy = "order") var invoice: Invoice? = null',
    '  @OneToOne @MapsId var detail: Detail? = null',
    '  @OneToMany @JoinColumn(name = "order_ref") var lines: MutableList<Line> = mutableListOf()',
    '  @OneToMany var notes: MutableList<Line> = mutableListOf()',
    '  @OneToMany(mappedBy = "order") var others: MutableList<Line> = mutableListOf()',
    '}',
  ].join('\n');
  const entity = (name: string) => `package org.shop\n@Entity\nclass ${name} {\n  @Id var id: Long? = null\n}\n`;
  const files = [
    { path: 'src/main/kotlin/org/shop/Order.kt', text: ORDER, language: 'kotlin' },
    ...['Customer', 'Address', 'Invoice', 'Detail', 'Line'].map((n) => ({ path: `src/main/kotlin/org/shop/${n}.kt`, text: entity(n), language: 'kotlin' })),
  ];
  const found = jpaRelationReader.project!(files, new Map(files.map((f) => [f.path, ormTableRefs(f.text, f.language, f.path)])));

  it("joins a many-to-one's join column (else the attribute _ the target's id) and a one-to-many's in the target's table", () => {
    expect(
      found.joins
        ?.get('src/main/kotlin/org/shop/Order.kt')
        ?.map((j) => `${[j.table, ...(j.tableAlternatives ?? [])].join('|')}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} :${j.line}`),
    ).toEqual([
      'orders.buyer_ref = Customer.code :6',
      'orders.shippingAddress_id = Address.id :7',
      'orders.shipping_address_id = Address.id :7',
      // a key shared with the target's (`@MapsId`) is its join column all the same
      'orders.detail_id = Detail.id :9',
      'Line|line.order_ref = orders.id :10',
      // a one-to-many without a join column: a join table, as a many-to-many's
      'orders_Line|orders_notes.Order_id = orders.id :11',
      'orders_Line|orders_notes.notes_id = Line.id :11',
    ]);
  });
});

describe('JPA relations inherited and keys shared', () => {
  const java = (name: string, ...lines: string[]) => ({
    path: `src/main/java/org/shop/${name}`,
    text: ['package org.shop;', ...lines].join('\n'),
    language: 'java',
  });
  const files = [
    java(
      'Described.java',
      '@MappedSuperclass',
      'public abstract class Described extends Audited {',
      '  @ManyToOne @JoinColumn(name = "LANGUAGE_ID") private Language language;',
      '}',
    ),
    java(
      'Audited.java',
      '@MappedSuperclass',
      'public abstract class Audited {',
      '  @Id @Column(name = "DESC_ID") private Long id;',
      '  @ManyToOne private Account author;',
      '  @ManyToMany private Set<Tag> tags;',
      '}',
    ),
    java('ProductDescription.java', '@Entity', '@Table(name = "product_description")', 'public class ProductDescription extends Described {}'),
    java(
      'ZoneDescription.java',
      '@Entity',
      '@Table(name = "zone_description")',
      '@AttributeOverride(name = "id", column = @Column(name = "ZONE_DESC_ID"))',
      '@AssociationOverrides({',
      '  @AssociationOverride(name = "language", joinColumns = @JoinColumn(name = "LANG")),',
      '  @AssociationOverride(name = "tags", joinTable = @JoinTable(name = "zone_tags"))',
      '})',
      'public class ZoneDescription extends Described {}',
    ),
    java('Language.java', '@Entity', 'public class Language {', '  @Id @Column(name = "LANGUAGE_ID") private Integer id;', '}'),
    java('Account.java', '@Entity', 'public class Account {', '  @Id private Long id;', '}'),
    java('Tag.java', '@Entity', 'public class Tag {', '  @Id private Long id;', '}'),
    java('Item.java', '@Entity', '@Table(name = "items")', '@Inheritance(strategy = InheritanceType.JOINED)', 'public class Item extends Audited {}'),
    java('Book.java', '@Entity', '@Table(name = "books")', 'public class Book extends Item {', '  @OneToOne @PrimaryKeyJoinColumn private Cover cover;', '}'),
    java(
      'Ebook.java',
      '@Entity',
      '@Table(name = "ebooks")',
      '@PrimaryKeyJoinColumn(name = "BOOK_ID")',
      'public class Ebook extends Book {',
      '  @ManyToOne',
      '  @JoinColumns({ @JoinColumn(name = "shelf_row", referencedColumnName = "row"), @JoinColumn(name = "shelf_col", referencedColumnName = "col") })',
      '  private Shelf shelf;',
      '}',
    ),
    java('Cover.java', '@Entity', 'public class Cover {', '  @Id private Long id;', '}'),
    java('Shelf.java', '@Entity', 'public class Shelf {', '  @EmbeddedId private ShelfKey key;', '}'),
  ];
  const found = jpaRelationReader.project!(files, new Map(files.map((f) => [f.path, ormTableRefs(f.text, f.language, f.path)])));
  const joinsOf = (name: string) =>
    found.joins
      ?.get(`src/main/java/org/shop/${name}.java`)
      ?.map((j) => `${[j.table, ...(j.tableAlternatives ?? [])].join('|')}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} :${j.line}`);

  it("gives each entity the relations of the mapped superclasses it extends, across files, at its own line, with the superclasses' id", () => {
    expect(joinsOf('ProductDescription')).toEqual([
      'product_description.LANGUAGE_ID = Language.LANGUAGE_ID :2',
      'product_description.author_id = Account.id :2',
      'product_description_Tag|product_description_tags.ProductDescription_DESC_ID = product_description.DESC_ID :2',
      'product_description_Tag|product_description_tags.product_description_desc_id = product_description.DESC_ID :2',
      'product_description_Tag|product_description_tags.tags_id = Tag.id :2',
    ]);
    expect(found.declared?.get('src/main/java/org/shop/ProductDescription.java')?.map((r) => [r.table, ...(r.alternatives ?? [])].join('|'))).toEqual([
      'product_description_Tag|product_description_tags',
    ]);
    // none of the mapped superclasses' own
    expect(joinsOf('Described')).toBeUndefined();
  });

  it("lets the entity's @AttributeOverride and @AssociationOverride win", () => {
    expect(joinsOf('ZoneDescription')).toEqual([
      'zone_description.LANG = Language.LANGUAGE_ID :2',
      'zone_description.author_id = Account.id :2',
      'zone_tags.ZoneDescription_ZONE_DESC_ID = zone_description.ZONE_DESC_ID :2',
      'zone_tags.zone_description_zone_desc_id = zone_description.ZONE_DESC_ID :2',
      'zone_tags.tags_id = Tag.id :2',
    ]);
  });

  it("joins a joined subclass's table to its parent's by the parent's id (else its @PrimaryKeyJoinColumn), and reads @PrimaryKeyJoinColumn and @JoinColumns relations", () => {
    expect(joinsOf('Book')).toEqual(['books.DESC_ID = items.DESC_ID :2', 'books.DESC_ID = Cover.id :5']);
    expect(joinsOf('Ebook')).toEqual(['ebooks.BOOK_ID = books.DESC_ID :2', 'ebooks.shelf_row = Shelf.row :6', 'ebooks.shelf_col = Shelf.col :6']);
  });
});
