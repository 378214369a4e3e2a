/**
 * @module adapters/connector/code/orm/xml-mappings
 * Hibernate's `hbm.xml` and JPA's `orm.xml` through the OrmReader seam. Each `<class name=…
 * table=…>` of a `<hibernate-mapping>` (the table defaulting to the class's simple name, as
 * Hibernate's default naming does; `schema` kept) and each `<entity class=…>` of an
 * `<entity-mappings>` that names its `<table name=…>` declares that table, with the class's simple
 * name as its model: the entity's JPA uses elsewhere (Spring Data repositories, the entity manager)
 * reach the table as those of an `@Entity` class do, so the `via` is `jpa`. A `<many-to-one>` whose
 * target class is written (`class=…`, `target-entity=…`) declares a join from its column to the
 * target's id column, the target's table as the project's mappings declare it. Hibernate's column:
 * `column=…`, a nested `<column name>`, else the property's name; JPA's: `<join-column name>`, else
 * `<property>_<target id column>`, to its `referenced-column-name` when given. An `orm.xml` entity
 * without a `<table>` is left to its annotations. A Hibernate collection (`<set>`, `<bag>`, `<list>`,
 * `<map>`…) with a `table=…` declares that table, joined to its owner's id by its `<key column>` and,
 * for a `<many-to-many class column>`, to the target's id; a `<one-to-many>`'s key column joins the
 * target's table to the owner's; so do an `orm.xml` entity's `<join-table>` (its `<join-column>` and
 * `<inverse-join-column>`), `<collection-table>` and `<one-to-many>`'s `<join-column>`. A subclass nested in its class: `<subclass>` maps its parent's
 * table, `<union-subclass>` its own, `<joined-subclass>` its own joined by its `<key column>` to the
 * parent's id; so does one in a file of its own, by the class its `extends=` names, read over the
 * project (through a chain of them, each extending the one before). A `<many-to-one>` without `class=` joins the class of the mapped class's Java or Kotlin
 * field of its name (the file named as the class, in the class's package), else nothing.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { lineAt } from '../text/lines.js';
import { childElements, descendants, xmlElements, type XmlElement } from '../text/xml-elements.js';
import type { OrmReader, OrmTableRef, ProjectFile } from './orm-reader.js';
import { classesSeen, jvmPackage, rankEntities, type JvmEntity } from './jvm-entities.js';
import { blankComments } from '../text/script-blocks.js';
import { oncePerText } from '../text/scan-memo.js';
import { escapeName, qualify } from '../text/call-reading.js';

const simpleName = (className: string) => className.split(/[.$]/).at(-1)!;
/** A class name as a mapping writes it, qualified by the mapping's package when it is simple. */
const qualifiedName = (pkg: string | undefined, className: string) => (pkg && !className.includes('.') ? `${pkg}.${className}` : className);

/** One mapped class: its table, the column of its id, and its many-to-ones. */
interface Mapped {
  model: string;
  /** The class's fully qualified name (`org.shop.Order`), by the mapping's package when its name is simple. */
  qualified: string;
  table: string;
  id: string;
  at: number;
  /** `column` absent: JPA's default, the property's name, `_`, the target's id column; `target` empty: the class of the Java field named `property`. */
  manyToOne: Array<{ target: string; qualified: string; column?: string; property: string; referenced?: string; at: number }>;
  /** Hibernate's collections: a `<set>`, `<bag>`… with its `<key column>`. */
  collections: Collection[];
  /** A joined subclass's key column to the table of the class it extends. */
  extends?: { column: string; table: string; id: string };
  /** A subclass mapped apart from the class it extends (`<subclass extends=…>`): that class, read over the project; a `<subclass>`'s table is `''` until then. */
  parent?: { target: string; qualified: string; key?: string };
}

/**
 * A collection of a class in `hbm.xml`: its own table (`table=…`, a many-to-many's or a collection
 * of values') holding the key column to the owner's id and, for a `<many-to-many>`, its column to the
 * target's id; or a `<one-to-many>`, whose key column is in the target's table.
 */
interface Collection {
  table?: string;
  key: string;
  at: number;
  target?: { target: string; qualified: string; column?: string; at: number };
}

/** The elements of `hbm.xml` that map a collection. */
const COLLECTIONS = new Set(['set', 'bag', 'idbag', 'list', 'map', 'array', 'primitive-array']);

/** A Hibernate element's column: `column=…`, else its first nested `<column name>`. */
const columnOf = (e: XmlElement | undefined) => e?.attributes.column ?? (e && childElements(e, 'column')[0]?.attributes.name);

function hibernateCollections(e: XmlElement, pkg: string | undefined, schema: string | undefined): Collection[] {
  return childElements(e).flatMap((c): Collection[] => {
    const key = COLLECTIONS.has(c.name) ? columnOf(childElements(c, 'key')[0]) : undefined;
    if (!key) return [];
    const target = childElements(c).find((t) => (t.name === 'many-to-many' || t.name === 'one-to-many') && t.attributes.class);
    const table = c.attributes.table && target?.name !== 'one-to-many' ? qualify(c.attributes.schema ?? schema, c.attributes.table) : undefined;
    const to = target && {
      target: simpleName(target.attributes.class!),
      qualified: qualifiedName(pkg, target.attributes.class!),
      ...(columnOf(target) ? { column: columnOf(target)! } : {}),
      at: target.at,
    };
    if (table) return [{ table, key, at: c.at, ...(to?.column ? { target: to } : {}) }];
    return target?.name === 'one-to-many' ? [{ key, at: c.at, target: to! }] : [];
  });
}

/** The text of a child element (JPA's `<package>org.shop</package>`). */
const textOf = (e: XmlElement | undefined) =>
  e
    ? e.children
        .filter((c): c is string => typeof c === 'string')
        .join('')
        .trim()
    : '';

/** Hibernate's subclasses, nested in the class they extend: `<subclass>` shares its table, the others have their own. */
const SUBCLASSES = new Set(['subclass', 'joined-subclass', 'union-subclass']);

function hibernateClasses(root: XmlElement): Mapped[] {
  const pkg = root.attributes.package;
  const out: Mapped[] = [];
  // a class, and the subclasses nested in it (`parent`: the class it extends)
  const read = (e: XmlElement, parent?: Mapped) => {
    const model = simpleName(e.attributes.name!);
    const schema = e.attributes.schema ?? root.attributes.schema;
    // a joined subclass's id is its key column, joined to its parent's id
    const key = e.name === 'joined-subclass' ? columnOf(childElements(e, 'key')[0]) : undefined;
    const id = childElements(e).find((c) => c.name === 'id' || c.name === 'composite-id');
    const mapped: Mapped = {
      model,
      qualified: qualifiedName(pkg, e.attributes.name!),
      table: e.name === 'subclass' && parent ? parent.table : qualify(schema, e.attributes.table ?? model),
      id: key ?? (parent && !id ? parent.id : (id?.attributes.column ?? childElements(id ?? e, 'column')[0]?.attributes.name ?? id?.attributes.name ?? 'id')),
      at: e.at,
      // without `class=`, the target is the type of the class's Java field (read over the project)
      manyToOne: childElements(e, 'many-to-one')
        .filter((m) => m.attributes.class || m.attributes.name)
        .map((m) => ({
          target: m.attributes.class ? simpleName(m.attributes.class) : '',
          qualified: m.attributes.class ? qualifiedName(pkg, m.attributes.class) : '',
          column: m.attributes.column ?? childElements(m, 'column')[0]?.attributes.name ?? m.attributes.name ?? '',
          property: m.attributes.name ?? '',
          at: m.at,
        })),
      collections: hibernateCollections(e, pkg, schema),
      ...(key && parent ? { extends: { column: key, table: parent.table, id: parent.id } } : {}),
    };
    // a subclass in a file of its own names the class it extends
    if (!parent && e.attributes.extends) {
      mapped.parent = { target: simpleName(e.attributes.extends), qualified: qualifiedName(pkg, e.attributes.extends), ...(key ? { key } : {}) };
      if (e.name === 'subclass') mapped.table = '';
    }
    out.push(mapped);
    for (const sub of childElements(e)) if (SUBCLASSES.has(sub.name) && sub.attributes.name) read(sub, mapped);
  };
  for (const e of descendants(root)) if (e.name === 'class' && e.attributes.name) read(e);
  for (const e of childElements(root)) if (SUBCLASSES.has(e.name) && e.attributes.name && e.attributes.extends) read(e);
  return out;
}

function jpaEntities(root: XmlElement): Mapped[] {
  const out: Mapped[] = [];
  const pkg = textOf(childElements(root, 'package')[0]);
  for (const e of childElements(root, 'entity')) {
    const table = childElements(e, 'table')[0];
    if (!e.attributes.class || !table?.attributes.name) continue;
    const attributes = childElements(e, 'attributes')[0];
    const id = attributes && childElements(attributes, 'id')[0];
    out.push({
      model: simpleName(e.attributes.class),
      qualified: qualifiedName(pkg, e.attributes.class),
      table: qualify(table.attributes.schema ?? textOf(childElements(root, 'schema')[0]), table.attributes.name),
      id: (id && childElements(id, 'column')[0]?.attributes.name) ?? id?.attributes.name ?? 'id',
      at: e.at,
      manyToOne: (attributes ? childElements(attributes, 'many-to-one') : [])
        .filter((m) => m.attributes['target-entity'])
        .map((m) => {
          const join = childElements(m, 'join-column')[0];
          return {
            target: simpleName(m.attributes['target-entity']!),
            qualified: qualifiedName(pkg, m.attributes['target-entity']!),
            ...(join?.attributes.name ? { column: join.attributes.name } : {}),
            property: m.attributes.name ?? '',
            ...(join?.attributes['referenced-column-name'] ? { referenced: join.attributes['referenced-column-name'] } : {}),
            at: m.at,
          };
        }),
      collections: attributes ? jpaCollections(attributes, pkg, textOf(childElements(root, 'schema')[0])) : [],
    });
  }
  return out;
}

/**
 * An `orm.xml` entity's collections whose table is named: a `<many-to-many>`'s `<join-table name>`
 * (its `<join-column>` to the owner, its `<inverse-join-column>` to the `target-entity`), an
 * `<element-collection>`'s `<collection-table name>` (its `<join-column>` to the owner); and a
 * `<one-to-many>` with a `<join-column>`, a column of the target's table.
 */
function jpaCollections(attributes: XmlElement, pkg: string, schema: string): Collection[] {
  const target = (e: XmlElement, column?: string) => ({
    target: simpleName(e.attributes['target-entity']!),
    qualified: qualifiedName(pkg, e.attributes['target-entity']!),
    ...(column ? { column } : {}),
    at: e.at,
  });
  return childElements(attributes).flatMap((e): Collection[] => {
    if (e.name === 'one-to-many') {
      const key = childElements(e, 'join-column')[0]?.attributes.name;
      return key && e.attributes['target-entity'] ? [{ key, at: e.at, target: target(e) }] : [];
    }
    const table = childElements(e, e.name === 'many-to-many' ? 'join-table' : e.name === 'element-collection' ? 'collection-table' : '')[0];
    const key = table && childElements(table, 'join-column')[0]?.attributes.name;
    if (!table?.attributes.name || !key) return [];
    const inverse = childElements(table, 'inverse-join-column')[0]?.attributes.name;
    return [
      {
        table: qualify(table.attributes.schema ?? schema, table.attributes.name),
        key,
        at: e.at,
        ...(inverse && e.attributes['target-entity'] ? { target: target(e, inverse) } : {}),
      },
    ];
  });
}

/** The classes a mapping file maps (none for a file that is no Hibernate or JPA mapping): read once per text while a scan is remembered (the reader's `declared` and `project`, and the scan's entity names, each ask). */
export const mappedClasses = oncePerText((text: string): readonly Mapped[] => {
  const root = xmlElements(text).find((e) => e.name === 'hibernate-mapping' || e.name === 'entity-mappings');
  if (!root) return [];
  return root.name === 'hibernate-mapping' ? hibernateClasses(root) : jpaEntities(root);
});

/** The classes a mapping file maps, each with the table it declares for the class's simple name and its qualified name. */
export function mappedEntities(file: ProjectFile): Array<{ ref: OrmTableRef; qualified: string; mapped: Mapped }> {
  // a `<subclass extends>` has its table once the project tells the class it extends
  return mappedClasses(file.text).flatMap((m) =>
    m.table
      ? [
          {
            ref: { table: m.table, line: lineAt(file.text, m.at), via: 'jpa', model: m.model },
            qualified: m.qualified,
            mapped: m,
          },
        ]
      : [],
  );
}

/** The type a Java or Kotlin class declares a field of (`private Customer customer;`, `var customer: Customer?`), by the names it may mean. */
function fieldClass(text: string, written: string): string[] {
  if (!text || !/^[\w$]+$/.test(written)) return [];
  const field = escapeName(written);
  const code = blankComments(text);
  const type = (new RegExp(String.raw`([A-Z][\w.]*)\s+${field}\s*[;=]`).exec(code) ??
    new RegExp(String.raw`\b(?:val|var)\s+${field}\s*:\s*([A-Z][\w.]*)`).exec(code))?.[1];
  if (!type) return [];
  return type.includes('.') ? [type] : classesSeen(text)(type);
}

export const xmlMappingReader: OrmReader = {
  via: 'jpa',
  // Java and Kotlin files for the types of the mapped classes' fields
  languages: new Set(['xml', 'java', 'kotlin']),
  // the classes' tables, and the tables their collections declare
  declared: (file) => {
    if (file.language !== 'xml') return [];
    const classes = mappedEntities(file);
    const tables = classes.flatMap(({ mapped }) =>
      mapped.collections.flatMap((c): OrmTableRef[] => (c.table ? [{ table: c.table, line: lineAt(file.text, c.at), via: 'jpa' }] : [])),
    );
    return [...classes.map((e) => e.ref), ...tables];
  },
  project(all) {
    const files = all.filter((f) => f.language === 'xml');
    // the Java and Kotlin files by the class named as the file is
    const sources = new Map(
      all.flatMap((f) =>
        f.language === 'xml' ? [] : [[qualifiedName(jvmPackage(f.text) || undefined, f.path.replace(/^.*\//, '').replace(/\.\w+$/, '')), f.text] as const],
      ),
    );
    // the classes by simple name: a target is the class its qualified name and its module tell (see `rankEntities`)
    const byModel = new Map<string, Array<JvmEntity & { mapped: Mapped }>>();
    const mapped = files.map((f) => {
      for (const e of mappedEntities(f)) byModel.set(e.mapped.model, [...(byModel.get(e.mapped.model) ?? []), { ...e, path: f.path, mapping: true }]);
      return { path: f.path, text: f.text, classes: mappedClasses(f.text) };
    });
    const targetOf = (target: string, sees: readonly string[], from: string) => {
      const ref = rankEntities(byModel.get(target) ?? [], from, sees);
      return ref ? byModel.get(target)!.find((e) => e.ref === ref)!.mapped : undefined;
    };
    // a subclass mapped in a file of its own: a `<subclass>` on the table of the class it extends, a `<joined-subclass>` joined to it;
    // over as many rounds as a chain of them has levels (`extends` a `<subclass>` whose table its own parent gives)
    const declared = new Map<string, OrmTableRef[]>();
    let pending = mapped.flatMap((f) => f.classes.filter((c) => c.parent).map((c) => ({ f, c })));
    for (let before = -1; pending.length !== before;) {
      before = pending.length;
      pending = pending.filter(({ f, c }) => {
        const parent = targetOf(c.parent!.target, [c.parent!.qualified], f.path);
        if (!parent?.table) return true;
        if (c.parent!.key) c.extends = { column: c.parent!.key, table: parent.table, id: parent.id };
        if (c.table) return false;
        Object.assign(c, { table: parent.table, id: parent.id });
        const ref: OrmTableRef = { table: c.table, line: lineAt(f.text, c.at), via: 'jpa', model: c.model, access: ['schema'] };
        declared.set(f.path, [...(declared.get(f.path) ?? []), ref]);
        byModel.set(c.model, [...(byModel.get(c.model) ?? []), { ref, qualified: c.qualified, mapped: c, path: f.path, mapping: true }]);
        return false;
      });
    }
    const joins = new Map<string, DeclaredJoin[]>();
    for (const f of mapped) {
      const join = (table: string, column: string, to: { table: string; id: string }, at: number, referenced?: string): DeclaredJoin => ({
        table,
        columns: [column],
        references: to.table,
        referencedColumns: [referenced ?? to.id],
        line: lineAt(f.text, at),
        via: 'jpa',
      });
      // a `<subclass>` whose parent the project lacks joins nothing
      const list = f.classes
        .filter((c) => c.table)
        .flatMap((c) => [
          ...c.manyToOne.flatMap((r): DeclaredJoin[] => {
            // no `class=`: the class of the mapped class's Java field
            const field = r.target ? [] : fieldClass(sources.get(c.qualified) ?? '', r.property);
            const target = r.target ? targetOf(r.target, [r.qualified], f.path) : field[0] ? targetOf(field[0].split('.').at(-1)!, field, f.path) : undefined;
            const column = r.column ?? (r.property && `${r.property}_${target?.id}`);
            return target && column ? [join(c.table, column, target, r.at, r.referenced)] : [];
          }),
          ...(c.extends ? [join(c.table, c.extends.column, c.extends, c.at)] : []),
          // a collection's table joins its owner by the key and a many-to-many's target by its column; a one-to-many's target holds the key
          ...c.collections.flatMap((r): DeclaredJoin[] => {
            const target = r.target && targetOf(r.target.target, [r.target.qualified], f.path);
            if (!r.table) return target ? [join(target.table, r.key, c, r.at)] : [];
            // a table mapped as its own collection (`<set table="AUTHOR">` in the class of AUTHOR) joins nothing
            if (r.table === c.table) return [];
            return [join(r.table, r.key, c, r.at), ...(target && r.target?.column ? [join(r.table, r.target.column, target, r.target.at)] : [])];
          }),
        ]);
      if (list.length) joins.set(f.path, list);
    }
    return { declared, joins };
  },
};
