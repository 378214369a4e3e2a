/**
 * @module adapters/connector/code/orm/mikro-orm-collections
 * The table a change to a MikroORM collection writes when flushed: an owning many-to-many's pivot
 * table (`pivotTable`, else `<owner table>_<property>`), the inverse side's through the owner it
 * names (`mappedBy`), and a one-to-many's target table, whose rows hold the key. A schema's
 * collections (`defineEntity`, `new EntitySchema`: mikro-orm-schemas.ts) alike.
 */
import { qualify } from '../text/call-reading.js';
import { mikroOption, mikroOrmEntities, relationOf, relationSide, type MikroEntityClass } from './mikro-orm-entities.js';
import { snake } from './name-case.js';
import { projectSchemas } from './mikro-orm-schemas.js';

/** Each entity's collections by property: the table a change to it writes. */
export type MikroCollections = ReadonlyMap<string, ReadonlyMap<string, string>>;

export function mikroOrmCollections(files: ReadonlyArray<{ path: string; text: string }>): MikroCollections {
  const entities = new Map<string, MikroEntityClass>();
  for (const e of mikroOrmEntities(files)) entities.set(e.name, entities.has(e.name) ? { ...e, members: [] } : e);
  const out = new Map<string, Map<string, string>>();
  const inverse: Array<{ entity: string; property: string; target: string; mappedBy: string }> = [];
  const pivots = new Map<string, string>();
  for (const entity of entities.values()) {
    const tables = new Map<string, string>();
    for (const member of entity.members) {
      const relation = relationOf(member, /ManyToMany|OneToMany/);
      if (!relation?.target) continue;
      if (relation.kind === 'OneToMany') {
        const target = entities.get(relation.target);
        if (target) tables.set(member.property, target.table);
        continue;
      }
      const side = relationSide(relation.parts, relation.options);
      if (side.owning) {
        const pivot = qualify(entity.schema, mikroOption(relation.options, 'pivotTable') ?? `${entity.bareTable}_${snake(member.property)}`);
        tables.set(member.property, pivot);
        pivots.set(`${entity.name}.${member.property}`, pivot);
      } else if (side.mappedBy) inverse.push({ entity: entity.name, property: member.property, target: relation.target, mappedBy: side.mappedBy });
    }
    out.set(entity.name, tables);
  }
  const schemas = projectSchemas(files).filter((s) => !s.tableless);
  const byVariable = new Map(schemas.flatMap((s) => (s.variable ? [[s.variable, s.name] as const] : [])));
  const tableOf = new Map<string, string>([
    ...[...entities.values()].map((e) => [e.name, e.table] as const),
    ...schemas.map((s) => [s.name, qualify(s.schema, s.bareTable)] as const),
  ]);
  for (const s of schemas) {
    const tables = out.get(s.name) ?? new Map<string, string>();
    for (const r of s.relations) {
      const target = byVariable.get(r.target) ?? r.target;
      if (r.kind === '1:m') {
        const table = tableOf.get(target);
        if (table) tables.set(r.property, table);
      } else if (r.kind === 'm:n' && r.owning) {
        const pivot = qualify(s.schema, r.pivotTable ?? `${s.bareTable}_${snake(r.property)}`);
        tables.set(r.property, pivot);
        pivots.set(`${s.name}.${r.property}`, pivot);
      } else if (r.kind === 'm:n' && r.mappedBy) inverse.push({ entity: s.name, property: r.property, target, mappedBy: r.mappedBy });
    }
    out.set(s.name, tables);
  }
  for (const i of inverse) {
    const pivot = pivots.get(`${i.target}.${i.mappedBy}`);
    if (pivot) out.get(i.entity)!.set(i.property, pivot);
  }
  return out;
}
