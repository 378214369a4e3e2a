/**
 * @module adapters/connector/code/orm/mikro-orm-collections
 * The table a change to a MikroORM collection writes when flushed: an owning many-to-many's pivot
 * table (`pivotTable`, else `<owner table>_<property>`), the inverse side's through the owner it
 * names (`mappedBy`), and a one-to-many's target table, whose rows hold the key.
 */
import { qualify } from '../text/call-reading.js';
import { mikroOption, mikroOrmEntities, relationOf, relationSide, type MikroEntityClass } from './mikro-orm-entities.js';
import { snake } from './name-case.js';

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
  for (const i of inverse) {
    const pivot = pivots.get(`${i.target}.${i.mappedBy}`);
    if (pivot) out.get(i.entity)!.set(i.property, pivot);
  }
  return out;
}
