/**
 * @module adapters/connector/code/orm/mikro-orm-joins
 * The joins MikroORM entities declare, named as its default naming strategy names them: a to-one
 * relation's key column is `<property>_<the target's primary column>` (`author_id`).
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { joinsByFile, type Declaring } from './declared-joins.js';
import { snake } from './name-case.js';
import { mikroOption, mikroOrmEntities, relationOf, relationSide, type MikroEntityClass } from './mikro-orm-entities.js';

/** A MikroORM entity as its joins are read: its owning to-one relations. */
type MikroEntity = Declaring<{ target: string; property: string; column: string | undefined; index: number }> & MikroEntityClass;

/**
 * The joins MikroORM entities declare, by file: a `@ManyToOne`, and a `@OneToOne` owning its key
 * (`owner: true`, or no `mappedBy`), join the entity's table on `joinColumn`/`fieldName`, else
 * `<property>_<the target's primary column>` (`author_id`), to the target's primary column.
 */
export function mikroOrmJoins(files: ReadonlyArray<{ path: string; text: string }>): Map<string, DeclaredJoin[]> {
  const entities = new Map<string, MikroEntity>();
  for (const declared of mikroOrmEntities(files)) {
    const entity: MikroEntity = { ...declared, relations: [] };
    for (const member of declared.members) {
      const relation = relationOf(member, /ManyToOne|OneToOne/);
      if (!relation?.target) continue;
      if (relation.kind === 'OneToOne' && !relationSide(relation.parts, relation.options).owning) continue;
      entity.relations.push({
        target: relation.target,
        property: member.property,
        column: mikroOption(relation.options, 'joinColumn') ?? mikroOption(relation.options, 'fieldName'),
        index: member.index,
      });
    }
    entities.set(entity.name, entity);
  }
  return joinsByFile(entities.values(), 'mikro-orm', (_entity, r) => {
    const target = entities.get(r.target);
    if (!target?.primary) return null;
    return { references: target.table, columns: [r.column ?? `${snake(r.property)}_${target.primary}`], referencedColumns: [target.primary], index: r.index };
  });
}
