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
 * without a `<table>` is left to its annotations.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { lineAt } from '../text/lines.js';
import { childElements, descendants, xmlElements, type XmlElement } from '../text/xml-elements.js';
import type { OrmReader, OrmTableRef, ProjectFile } from './orm-reader.js';
import { rankEntities, type JvmEntity } from './jvm-entities.js';

const qualify = (schema: string | undefined, table: string) => (schema ? `${schema}.${table}` : table);
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
  /** `column` absent: JPA's default, the property's name, `_`, the target's id column. */
  manyToOne: Array<{ target: string; qualified: string; column?: string; property: string; referenced?: string; at: number }>;
}

/** The text of a child element (JPA's `<package>org.shop</package>`). */
const textOf = (e: XmlElement | undefined) =>
  e
    ? e.children
        .filter((c): c is string => typeof c === 'string')
        .join('')
        .trim()
    : '';

function hibernateClasses(root: XmlElement): Mapped[] {
  const pkg = root.attributes.package;
  return descendants(root)
    .filter((e) => e.name === 'class' && e.attributes.name)
    .map((e) => {
      const id = childElements(e).find((c) => c.name === 'id' || c.name === 'composite-id');
      const idColumn = id?.attributes.column ?? childElements(id ?? e, 'column')[0]?.attributes.name ?? id?.attributes.name ?? 'id';
      const model = simpleName(e.attributes.name!);
      return {
        model,
        qualified: qualifiedName(pkg, e.attributes.name!),
        table: qualify(e.attributes.schema ?? root.attributes.schema, e.attributes.table ?? model),
        id: idColumn,
        at: e.at,
        manyToOne: childElements(e, 'many-to-one')
          .filter((m) => m.attributes.class)
          .map((m) => ({
            target: simpleName(m.attributes.class!),
            qualified: qualifiedName(pkg, m.attributes.class!),
            column: m.attributes.column ?? childElements(m, 'column')[0]?.attributes.name ?? m.attributes.name ?? '',
            property: m.attributes.name ?? '',
            at: m.at,
          })),
      };
    });
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
    });
  }
  return out;
}

/** The classes a mapping file maps (none for a file that is no Hibernate or JPA mapping). */
export function mappedClasses(text: string): Mapped[] {
  const root = xmlElements(text).find((e) => e.name === 'hibernate-mapping' || e.name === 'entity-mappings');
  if (!root) return [];
  return root.name === 'hibernate-mapping' ? hibernateClasses(root) : jpaEntities(root);
}

/** The classes a mapping file maps, each with the table it declares for the class's simple name and its qualified name. */
export function mappedEntities(file: ProjectFile): Array<{ ref: OrmTableRef; qualified: string; mapped: Mapped }> {
  return mappedClasses(file.text).map((m) => ({
    ref: { table: m.table, line: lineAt(file.text, m.at), via: 'jpa', model: m.model },
    qualified: m.qualified,
    mapped: m,
  }));
}

export const xmlMappingReader: OrmReader = {
  via: 'jpa',
  languages: new Set(['xml']),
  declared: (file) => mappedEntities(file).map((e) => e.ref),
  project(files) {
    // the classes by simple name: a target is the class its qualified name and its module tell (see `rankEntities`)
    const byModel = new Map<string, Array<JvmEntity & { mapped: Mapped }>>();
    const mapped = files.map((f) => {
      const entities = mappedEntities(f).map((e) => ({ ...e, path: f.path, mapping: true }));
      for (const e of entities) byModel.set(e.mapped.model, [...(byModel.get(e.mapped.model) ?? []), e]);
      return { path: f.path, text: f.text, classes: entities.map((e) => e.mapped) };
    });
    const targetOf = (target: string, qualified: string, from: string) => {
      const ref = rankEntities(byModel.get(target) ?? [], from, [qualified]);
      return ref ? byModel.get(target)!.find((e) => e.ref === ref)!.mapped : undefined;
    };
    const joins = new Map<string, DeclaredJoin[]>();
    for (const f of mapped) {
      const list = f.classes.flatMap((c) =>
        c.manyToOne.flatMap((r): DeclaredJoin[] => {
          const target = targetOf(r.target, r.qualified, f.path);
          const column = r.column ?? (r.property && `${r.property}_${target?.id}`);
          if (!target || !column) return [];
          return [
            {
              table: c.table,
              columns: [column],
              references: target.table,
              referencedColumns: [r.referenced ?? target.id],
              line: lineAt(f.text, r.at),
              via: 'jpa',
            },
          ];
        }),
      );
      if (list.length) joins.set(f.path, list);
    }
    return { joins };
  },
};
