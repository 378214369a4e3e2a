/**
 * @module adapters/connector/code/orm/mikro-orm-joins
 * The joins MikroORM entities declare, named as its default naming strategy names them: a to-one
 * relation's key column is `<property>_<the target's primary column>` (`author_id`). Entities are
 * decorated classes or schemas (`defineEntity`, `new EntitySchema`), either naming the other.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { joinsByFile, type Declaring } from './declared-joins.js';
import { snake } from './name-case.js';
import { mikroOption, mikroOrmEntities, relationOf, relationSide } from './mikro-orm-entities.js';
import { projectSchemas, type ProjectSchema } from './mikro-orm-schemas.js';
import { qualify } from '../text/call-reading.js';

/** A MikroORM entity as its joins are read: its owning to-one relations. */
type MikroEntity = Declaring<{ target: string; property: string; column: string | undefined; index: number }> & { primary: string | undefined };
/**
 * The joins MikroORM entities declare, by file: a `@ManyToOne`, and a `@OneToOne` owning its key
 * (`owner: true`, or no `mappedBy`), join the entity's table on `joinColumn`/`fieldName`, else
 * `<property>_<the target's primary column>` (`author_id`), to the target's primary column. A
 * schema's `m:1`, and its owning `1:1`, join alike; its primary column may be its base's (`extends`).
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
    entities.set(declared.name, entity);
  }
  const schemas = projectSchemas(files);
  const byVariable = new Map(schemas.flatMap((s) => (s.variable ? [[s.variable, s] as const] : [])));
  const schemaOf = (ref: string) => byVariable.get(ref) ?? schemas.find((s) => s.name === ref);
  // a base schema, or a decorated base class, may hold the primary key
  const primaryOf = (s: ProjectSchema, depth = 0): string | undefined => {
    if (s.primary || !s.base || depth > 8) return s.primary;
    const base = schemaOf(s.base);
    return base ? primaryOf(base, depth + 1) : entities.get(s.base)?.primary;
  };
  for (const s of schemas) {
    if (s.tableless) continue;
    const relations = s.relations
      .filter((r) => r.kind === 'm:1' || (r.kind === '1:1' && r.owning))
      .map((r) => ({ target: r.target, property: r.property, column: r.column, index: r.index }));
    entities.set(s.name, { table: qualify(s.schema, s.bareTable), primary: primaryOf(s), path: s.path, text: s.text, relations });
  }
  return joinsByFile(entities.values(), 'mikro-orm', (_entity, r) => {
    const target = entities.get(r.target) ?? entities.get(byVariable.get(r.target)?.name ?? '');
    if (!target?.primary) return null;
    return { references: target.table, columns: [r.column ?? `${snake(r.property)}_${target.primary}`], referencedColumns: [target.primary], index: r.index };
  });
}
