/**
 * @module adapters/connector/code/orm/mikro-orm-schemas
 * MikroORM's entities declared without decorators: `defineEntity({ name: 'Book', properties })`
 * and `new EntitySchema({ name: 'Book', … })`. The table is `tableName` (or `collection`), else the
 * name in snake case; an abstract schema or an embeddable has none. Their relations are built
 * (`author: () => p.manyToOne(User).ref()`, `tags: () => p.manyToMany(Tag).owner()`) or written
 * out (`author: { kind: 'm:1', entity: () => Author }`); an owning many-to-many adds its pivot table.
 */
import type { OrmTableRef } from './orm-reader.js';
import { callArgs, NAME_STRING, objectProperties, qualify } from '../text/call-reading.js';
import { lineAt } from '../text/lines.js';
import { snake } from './name-case.js';
import { blankComments } from '../text/script-blocks.js';
import { isMikroOrm } from './mikro-orm-entities.js';

const SCHEMA = /\b(?:defineEntity|new\s+EntitySchema\s*(?:<[^>]*>)?)\s*\(\s*\{/g;

const named = (value: string | undefined) => (value ? new RegExp(`^${NAME_STRING}`).exec(value)?.[1] : undefined);

type RelationKind = 'm:1' | '1:1' | '1:m' | 'm:n';

/** A relation a schema's property declares. */
export interface SchemaRelation {
  kind: RelationKind;
  property: string;
  /** The other entity as written: a class or entity name (`Author`, `'Author'`), or a schema's variable (`UserSchema`). */
  target: string;
  /** The side that holds the key (a to-one) or the pivot table (a many-to-many): `owner`, or no `mappedBy`. */
  owning: boolean;
  /** The owning property on the other side that `mappedBy` names. */
  mappedBy: string | undefined;
  /** The column (`joinColumn`, `fieldName`) or pivot table (`pivotTable`) it names. */
  column: string | undefined;
  pivotTable: string | undefined;
  /** Offset in the file's text. */
  index: number;
}

/** An entity schema a file declares. */
export interface DeclaredSchema {
  name: string;
  /** The variable it is bound to: `UserSchema` in `const UserSchema = defineEntity(…)`. */
  variable: string | undefined;
  /** Abstract or embeddable: a schema with no table of its own. */
  tableless: boolean;
  schema: string | undefined;
  bareTable: string;
  /** The schema or entity it extends, as written (`BaseSchema`, `'BaseEntity'`). */
  base: string | undefined;
  /** Its own primary column. */
  primary: string | undefined;
  relations: SchemaRelation[];
  index: number;
}

const BUILT = /^(?:\(\s*\)\s*=>\s*)?[\w$]+\s*\.\s*(manyToOne|oneToOne|oneToMany|manyToMany)\s*\(\s*(?:\(\s*\)\s*=>\s*)?([A-Za-z_$][\w$]*|['"][\w$]+['"])/;
const BUILT_KINDS: Record<string, RelationKind> = { manyToOne: 'm:1', oneToOne: '1:1', oneToMany: '1:m', manyToMany: 'm:n' };
/** `kind: 'm:1'`, `reference: ReferenceKind.MANY_TO_ONE`. */
const WRITTEN_KIND = /\b(?:kind|reference)\s*:\s*(?:['"](m:1|1:1|1:m|m:n)['"]|\w+\s*\.\s*(MANY_TO_ONE|ONE_TO_ONE|ONE_TO_MANY|MANY_TO_MANY)\b)/;
const WRITTEN_KINDS: Record<string, RelationKind> = { MANY_TO_ONE: 'm:1', ONE_TO_ONE: '1:1', ONE_TO_MANY: '1:m', MANY_TO_MANY: 'm:n' };
const WRITTEN_TARGET = /\b(?:entity|type)\s*:\s*(?:(?:\(\s*\)\s*=>\s*)?([A-Z][\w$]*)\b|['"]([A-Z][\w$]*)['"])/;

/** A built property's chained option (`.joinColumn('x')`), or a written one's (`joinColumn: 'x'`). */
const option = (value: string, name: string, built: boolean) =>
  new RegExp(built ? String.raw`\.\s*${name}\s*\(\s*${NAME_STRING}` : String.raw`\b${name}\s*:\s*${NAME_STRING}`).exec(value)?.[1];

/** The relation a property's value declares, if any. */
function relationOf(property: string, value: string, index: number): SchemaRelation | undefined {
  const built = BUILT.exec(value);
  const written = built ? null : WRITTEN_KIND.exec(value);
  const kind = built ? BUILT_KINDS[built[1]!] : written ? (WRITTEN_KINDS[written[2] ?? ''] ?? (written[1] as RelationKind)) : undefined;
  const target = built ? built[2]!.replace(/['"]/g, '') : (([, a, b]) => a ?? b)(WRITTEN_TARGET.exec(value) ?? []);
  if (!kind || !target) return undefined;
  const owner = built ? /\.\s*owner\s*\(\s*\)/.test(value) : /\bowner\s*:\s*true\b/.test(value);
  // `.mappedBy('author')`, `.mappedBy((a) => a.author)`, `mappedBy: 'author'`
  const call = built ? /\.\s*mappedBy\s*\(/.exec(value) : null;
  const mappedBy = call ? callArgs(value, call.index + call[0].length - 1) : built ? undefined : /\bmappedBy\s*:\s*([^,}]+)/.exec(value)?.[1];
  return {
    kind,
    property,
    target,
    owning: owner || mappedBy === undefined,
    mappedBy: mappedBy && (/^\s*['"]([\w$]+)['"]/.exec(mappedBy)?.[1] ?? /=>\s*\w+\s*\.\s*([\w$]+)/.exec(mappedBy)?.[1]),
    column: option(value, 'joinColumn', !!built) ?? option(value, 'fieldName', !!built),
    pivotTable: option(value, 'pivotTable', !!built),
    index,
  };
}

/** The entity schemas a file declares. */
export function declaredSchemas(text: string): DeclaredSchema[] {
  const out: DeclaredSchema[] = [];
  for (const m of text.matchAll(SCHEMA)) {
    const open = m.index + m[0].lastIndexOf('(');
    const given = objectProperties(callArgs(text, open));
    const name = named(given.get('name')) ?? named(given.get('class'));
    if (!name) continue;
    const properties = given.get('properties') ?? '';
    const propertiesAt = properties ? text.indexOf(properties, open) : -1;
    const declared: DeclaredSchema = {
      name,
      variable: /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=\s*$/.exec(text.slice(Math.max(0, m.index - 200), m.index))?.[1],
      tableless: /^true\b/.test(given.get('abstract') ?? '') || /^true\b/.test(given.get('embeddable') ?? ''),
      schema: named(given.get('schema')),
      bareTable: named(given.get('tableName')) ?? named(given.get('collection')) ?? snake(name),
      base: /^['"]?([\w$]+)/.exec(given.get('extends') ?? '')?.[1],
      primary: undefined,
      relations: [],
      index: m.index,
    };
    for (const [property, value] of objectProperties(properties)) {
      const at = propertiesAt < 0 ? m.index : text.indexOf(value, propertiesAt);
      const relation = relationOf(property, value, at < 0 ? m.index : at);
      if (relation) declared.relations.push(relation);
      else if (/\.\s*primary\s*\(\s*\)|\bprimary\s*:\s*true\b/.test(value))
        declared.primary ??= option(value, 'fieldName', /^[\w$]+\s*\./.test(value)) ?? snake(property);
    }
    out.push(declared);
  }
  return out;
}

/** A schema as the project-wide readers see it: where it is declared. */
export type ProjectSchema = DeclaredSchema & { path: string; text: string };

/** The schemas of the project's MikroORM files that declare any. */
export function projectSchemas(files: ReadonlyArray<{ path: string; text: string }>): ProjectSchema[] {
  return files.flatMap(({ path, text: raw }) => {
    if (!(raw.includes('defineEntity') || raw.includes('EntitySchema')) || !isMikroOrm(raw)) return [];
    const text = blankComments(raw);
    return declaredSchemas(text).map((s) => ({ ...s, path, text }));
  });
}

/** The tables the file's entity schemas declare, each with its entity's name as its model; pivot tables without. */
export function mikroOrmSchemas(text: string, out: OrmTableRef[]): void {
  for (const s of declaredSchemas(text)) {
    if (s.tableless) continue;
    const line = lineAt(text, s.index);
    out.push({ table: qualify(s.schema, s.bareTable), line, via: 'mikro-orm', model: s.name });
    for (const r of s.relations)
      if (r.kind === 'm:n' && r.owning) out.push({ table: qualify(s.schema, r.pivotTable ?? `${s.bareTable}_${snake(r.property)}`), line, via: 'mikro-orm' });
  }
}
