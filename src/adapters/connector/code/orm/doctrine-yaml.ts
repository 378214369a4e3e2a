/**
 * @module adapters/connector/code/orm/doctrine-yaml
 * Doctrine's YAML mappings (`User.orm.yml`, Doctrine's own `.dcm.yml`; Doctrine ORM 2's YamlDriver)
 * read as the classes their attributes would declare: each top-level class (`App\Entity\User:`) of
 * `type: entity` or `mappedSuperclass` with its `table`, `schema`, `repositoryClass`,
 * `inheritanceType`, its `id` field's `column`, and its relations (`manyToOne`, `oneToOne`,
 * `oneToMany`, `manyToMany`, each keyed by property): `targetEntity`, `mappedBy`, a `joinColumn`
 * (`name`, `referencedColumnName`) or `joinColumns` keyed by column name, and a `joinTable` with its
 * `name`, `schema`, `joinColumns` and `inverseJoinColumns`. A target named without a namespace is the
 * entity's namespace's, as in XML (doctrine-xml).
 */
import { isMap, isScalar, parseDocument, type YAMLMap } from 'yaml';
import type { DoctrineClass, DoctrineRelation, JoinColumn, RelationKind } from './doctrine-entities.js';
import { mappingClass, namespaceOf } from './doctrine-xml.js';
import type { ProjectFile } from './orm-reader.js';

const RELATIONS: Readonly<Record<string, RelationKind>> = {
  manyToOne: 'ManyToOne',
  oneToOne: 'OneToOne',
  oneToMany: 'OneToMany',
  manyToMany: 'ManyToMany',
};

interface Entry {
  key: string;
  /** Where its key is written. */
  index: number;
  value: unknown;
}

/** A map's entries with their keys' offsets, values as nodes. */
const entries = (node: unknown): Entry[] =>
  isMap(node)
    ? (node as YAMLMap).items.flatMap((pair) =>
        isScalar(pair.key) && pair.key.range ? [{ key: String(pair.key.value), index: pair.key.range[0], value: pair.value }] : [],
      )
    : [];

/** A map's value by key, as plain data. */
function valueOf(node: unknown, key: string): unknown {
  const found = entries(node).find((e) => e.key === key)?.value;
  return isScalar(found) ? found.value : isMap(found) ? found.toJSON() : undefined;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const joinColumn = (c: unknown, name?: string): JoinColumn => ({ name: text(record(c).name) ?? name, referenced: text(record(c).referencedColumnName) });

/** `joinColumns` keyed by column name (a `name` inside wins), as YamlDriver reads them. */
const keyedColumns = (columns: unknown): JoinColumn[] => Object.entries(record(columns)).map(([name, c]) => joinColumn(c, name));

function relationsOf(mapping: unknown, full: (name: string | undefined) => string | undefined, path: string, code: string): DoctrineRelation[] {
  return entries(mapping).flatMap(({ key, value }) => {
    const kind = RELATIONS[key];
    if (!kind) return [];
    return entries(value).map(({ key: property, index, value: relation }): DoctrineRelation => {
      const r = record(isMap(relation) ? relation.toJSON() : undefined);
      const table = r.joinTable === undefined ? undefined : record(r.joinTable);
      const tableName = text(table?.name);
      const schema = text(table?.schema);
      return {
        kind,
        property,
        target: full(text(r.targetEntity)),
        mappedBy: text(r.mappedBy),
        joinColumns: r.joinColumn ? [joinColumn(r.joinColumn)] : keyedColumns(r.joinColumns),
        joinTable: table && {
          name: tableName && (schema ? `${schema}.${tableName}` : tableName),
          joinColumns: keyedColumns(table.joinColumns),
          inverseJoinColumns: keyedColumns(table.inverseJoinColumns),
        },
        index,
        path,
        code,
      };
    });
  });
}

/** The classes a Doctrine YAML mapping file maps (list-files lists those as `yaml`; none for a file that does not parse). */
export function yamlDoctrineClasses({ path, text: code }: Pick<ProjectFile, 'path' | 'text'>): DoctrineClass[] {
  if (!/\btype\s*:\s*(?:entity|mappedSuperclass)\b/.test(code)) return [];
  const doc = parseDocument(code, { logLevel: 'silent', uniqueKeys: false });
  if (doc.errors.length) return [];
  return entries(doc.contents).flatMap(({ key, index, value }) => {
    const type = valueOf(value, 'type');
    if (type !== 'entity' && type !== 'mappedSuperclass') return [];
    const fqn = key.replace(/^\\/, '');
    const full = namespaceOf(fqn);
    const id = entries(entries(value).find((e) => e.key === 'id')?.value)[0];
    return [
      mappingClass(
        {
          fqn,
          kind: type === 'entity' ? 'entity' : 'mapped',
          table: text(valueOf(value, 'table')),
          schema: text(valueOf(value, 'schema')),
          inheritance: text(valueOf(value, 'inheritanceType')),
          repository: full(text(valueOf(value, 'repositoryClass'))),
          relations: relationsOf(value, full, path, code),
          idColumn: id && (text(valueOf(id.value, 'column')) ?? id.key),
          index,
        },
        { path, text: code },
      ),
    ];
  });
}
