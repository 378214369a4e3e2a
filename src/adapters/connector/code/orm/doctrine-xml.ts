/**
 * @module adapters/connector/code/orm/doctrine-xml
 * Doctrine's XML mappings (`User.orm.xml`, root `<doctrine-mapping>`) read as the classes their
 * attributes would declare: each `<entity name="App\Entity\User" table="users" schema="s"
 * repository-class="…" inheritance-type="…">` and `<mapped-superclass>`, with its `<id column>` and
 * relations: `<many-to-one field target-entity>` (and `one-to-one`, `one-to-many`, `many-to-many`),
 * `mapped-by`, `<join-column name referenced-column-name>` (also inside `<join-columns>`) and
 * `<join-table name>` with its `<join-columns>` and `<inverse-join-columns>`. A target named without a
 * namespace is the entity's namespace's, as Doctrine reads it. The PHP class an XML mapping maps
 * gives what the XML does not say: the class it extends (`withPhpClasses`).
 */
import { childElements, xmlElements, type XmlElement } from '../text/xml-elements.js';
import type { DoctrineClass, DoctrineRelation, JoinColumn, RelationKind } from './doctrine-entities.js';
import type { ProjectFile } from './orm-reader.js';

const RELATIONS: Readonly<Record<string, RelationKind>> = {
  'many-to-one': 'ManyToOne',
  'one-to-one': 'OneToOne',
  'one-to-many': 'OneToMany',
  'many-to-many': 'ManyToMany',
};

const joinColumn = (e: XmlElement): JoinColumn => ({ name: e.attributes.name, referenced: e.attributes['referenced-column-name'] });

/** The `<join-column>`s of an element, direct or inside its `<join-columns>` (`<inverse-join-columns>` when `group` says). */
const joinColumns = (e: XmlElement | undefined, group = 'join-columns'): JoinColumn[] =>
  e ? [...childElements(e, 'join-column'), ...childElements(e, group).flatMap((g) => childElements(g, 'join-column'))].map(joinColumn) : [];

/** How a mapping names a class: a name without a namespace is the mapped class's namespace's, as Doctrine reads it. */
export function namespaceOf(fqn: string): (name: string | undefined) => string | undefined {
  const namespace = fqn.includes('\\') ? fqn.slice(0, fqn.lastIndexOf('\\')) : '';
  return (name) => (name === undefined ? undefined : name.includes('\\') || !namespace ? name.replace(/^\\/, '') : `${namespace}\\${name}`);
}

/** What a mapping file (XML, YAML) says of one class, which its PHP class does not. */
export interface MappedClass {
  fqn: string;
  kind: 'entity' | 'mapped';
  table: string | undefined;
  schema: string | undefined;
  inheritance: string | undefined;
  repository: string | undefined;
  relations: DoctrineRelation[];
  idColumn: string | undefined;
  index: number;
}

/** The class a mapping file maps, as its PHP class's attributes would declare it. */
export function mappingClass(m: MappedClass, { path, text }: Pick<ProjectFile, 'path' | 'text'>): DoctrineClass {
  const table = m.table?.replace(/^`(.*)`$/, '$1');
  return {
    name: m.fqn.slice(m.fqn.lastIndexOf('\\') + 1),
    fqn: m.fqn,
    parent: undefined,
    abstract: false,
    trait: false,
    traits: [],
    index: m.index,
    body: { start: m.index, end: m.index },
    kind: m.kind,
    table: table && (m.schema ? `${m.schema}.${table}` : table),
    inheritance: m.inheritance?.toUpperCase(),
    repository: m.repository,
    relations: m.relations,
    idColumn: m.idColumn,
    path,
    code: text,
    names: { namespace: m.fqn.includes('\\') ? m.fqn.slice(0, m.fqn.lastIndexOf('\\')) : '', imports: new Map() },
  };
}

/** The classes a Doctrine XML mapping file maps (none for any other file). */
export function xmlDoctrineClasses({ path, text }: Pick<ProjectFile, 'path' | 'text'>): DoctrineClass[] {
  if (!text.includes('doctrine-mapping')) return [];
  const root = xmlElements(text).find((e) => e.name.replace(/^[\w.-]+:/, '') === 'doctrine-mapping');
  if (!root) return [];
  return childElements(root)
    .filter((e) => (e.name === 'entity' || e.name === 'mapped-superclass') && e.attributes.name)
    .map((e) => {
      const fqn = e.attributes.name!.replace(/^\\/, '');
      const full = namespaceOf(fqn);
      const relations = childElements(e).flatMap((r): DoctrineRelation[] => {
        const kind = RELATIONS[r.name];
        if (!kind || !r.attributes.field) return [];
        const table = childElements(r, 'join-table')[0];
        return [
          {
            kind,
            property: r.attributes.field,
            target: full(r.attributes['target-entity']),
            mappedBy: r.attributes['mapped-by'],
            joinColumns: joinColumns(r),
            joinTable: table && {
              name: table.attributes.name && (table.attributes.schema ? `${table.attributes.schema}.${table.attributes.name}` : table.attributes.name),
              joinColumns: joinColumns(table),
              inverseJoinColumns: joinColumns(table, 'inverse-join-columns'),
            },
            index: r.at,
            path,
            code: text,
          },
        ];
      });
      const id = childElements(e, 'id')[0];
      return mappingClass(
        {
          fqn,
          kind: e.name === 'entity' ? 'entity' : 'mapped',
          table: e.attributes.table,
          schema: e.attributes.schema,
          inheritance: e.attributes['inheritance-type'],
          repository: full(e.attributes['repository-class']),
          relations,
          idColumn: id && (id.attributes.column ?? id.attributes.name),
          index: e.at,
        },
        { path, text },
      );
    });
}

/**
 * The project's classes with its mapping files' (XML, YAML) in place of the PHP classes they map, each
 * taking the class its PHP class extends.
 */
export function withPhpClasses(php: readonly DoctrineClass[], xml: readonly DoctrineClass[]): DoctrineClass[] {
  if (!xml.length) return [...php];
  const mapped = new Map(xml.map((c) => [c.fqn, c]));
  const phpOf = new Map(php.map((c) => [c.fqn, c]));
  return [
    ...php.filter((c) => !mapped.has(c.fqn)),
    ...xml.map((c) => {
      const own = phpOf.get(c.fqn);
      return own ? { ...c, parent: own.parent, abstract: own.abstract, traits: own.traits } : c;
    }),
  ];
}
