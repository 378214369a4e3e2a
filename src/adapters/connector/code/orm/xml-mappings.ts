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

const qualify = (schema: string | undefined, table: string) => (schema ? `${schema}.${table}` : table);
const simpleName = (className: string) => className.split(/[.$]/).at(-1)!;

/** One mapped class: its table, the column of its id, and its many-to-ones. */
interface Mapped {
  model: string;
  table: string;
  id: string;
  at: number;
  /** `column` absent: JPA's default, the property's name, `_`, the target's id column. */
  manyToOne: Array<{ target: string; column?: string; property: string; referenced?: string; at: number }>;
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
  return descendants(root)
    .filter((e) => e.name === 'class' && e.attributes.name)
    .map((e) => {
      const id = childElements(e).find((c) => c.name === 'id' || c.name === 'composite-id');
      const idColumn = id?.attributes.column ?? childElements(id ?? e, 'column')[0]?.attributes.name ?? id?.attributes.name ?? 'id';
      const model = simpleName(e.attributes.name!);
      return {
        model,
        table: qualify(e.attributes.schema ?? root.attributes.schema, e.attributes.table ?? model),
        id: idColumn,
        at: e.at,
        manyToOne: childElements(e, 'many-to-one')
          .filter((m) => m.attributes.class)
          .map((m) => ({
            target: simpleName(m.attributes.class!),
            column: m.attributes.column ?? childElements(m, 'column')[0]?.attributes.name ?? m.attributes.name ?? '',
            property: m.attributes.name ?? '',
            at: m.at,
          })),
      };
    });
}

function jpaEntities(root: XmlElement): Mapped[] {
  const out: Mapped[] = [];
  for (const e of childElements(root, 'entity')) {
    const table = childElements(e, 'table')[0];
    if (!e.attributes.class || !table?.attributes.name) continue;
    const attributes = childElements(e, 'attributes')[0];
    const id = attributes && childElements(attributes, 'id')[0];
    out.push({
      model: simpleName(e.attributes.class),
      table: qualify(table.attributes.schema ?? textOf(childElements(root, 'schema')[0]), table.attributes.name),
      id: (id && childElements(id, 'column')[0]?.attributes.name) ?? id?.attributes.name ?? 'id',
      at: e.at,
      manyToOne: (attributes ? childElements(attributes, 'many-to-one') : [])
        .filter((m) => m.attributes['target-entity'])
        .map((m) => {
          const join = childElements(m, 'join-column')[0];
          return {
            target: simpleName(m.attributes['target-entity']!),
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

function declared(file: ProjectFile): OrmTableRef[] {
  return mappedClasses(file.text).map((m) => ({ table: m.table, line: lineAt(file.text, m.at), via: 'jpa', model: m.model }));
}

export const xmlMappingReader: OrmReader = {
  via: 'jpa',
  languages: new Set(['xml']),
  declared,
  project(files) {
    const mapped = files.map((f) => ({ path: f.path, text: f.text, classes: mappedClasses(f.text) }));
    // a class two files map to different tables is no join's target
    const byModel = new Map<string, Mapped | null>();
    for (const m of mapped.flatMap((f) => f.classes)) byModel.set(m.model, byModel.has(m.model) && byModel.get(m.model)?.table !== m.table ? null : m);
    const joins = new Map<string, DeclaredJoin[]>();
    for (const f of mapped) {
      const list = f.classes.flatMap((c) =>
        c.manyToOne.flatMap((r): DeclaredJoin[] => {
          const target = byModel.get(r.target);
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
