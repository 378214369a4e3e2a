/**
 * @module adapters/connector/code/orm/doctrine-joins
 * The joins a Doctrine entity's mapping declares, with the naming strategy's names for what it does
 * not name (doctrine-naming):
 * - an owning `ManyToOne` or `OneToOne` (no `mappedBy`) joins the entity's table on each
 *   `JoinColumn`'s `name` (by default the property's: `author_id`) to the target's table on its
 *   `referencedColumnName` (by default `id`);
 * - an owning `ManyToMany` joins its join table (`JoinTable`'s `name`, by default both classes'
 *   names joined by `_`: `post_tag`) on its join columns to the entity's table and on its inverse
 *   join columns to the target's (by default each class's name and `_id`: `post_id`, `tag_id`);
 *   the entity's file declares that table (`manyToManyTables`);
 * - a `JOINED` inheritance child joins its table on its id column to its parent's.
 * An inverse side (`mappedBy`, every `OneToMany`) declares nothing: the owning side does. A relation
 * whose target the project lacks is left out. A relation of a mapped superclass joins the table of
 * each entity extending it, declared in the superclass's file.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { distinctJoins, joinsByFile, type Resolved } from './declared-joins.js';
import type { DoctrineClass, DoctrineEntity, DoctrineRelation, JoinColumn } from './doctrine-entities.js';
import { namesBy, type NamingStrategy } from './doctrine-naming.js';

interface JoinFrom {
  table: string;
  relations: Resolved[];
  path: string;
  text: string;
}

/** A many-to-many's join table, the default strategy's name as an alternative when the mapping names none. */
export function joinTableOf(
  owner: Pick<DoctrineClass, 'fqn'>,
  r: DoctrineRelation,
  preferred?: NamingStrategy,
): { table: string; alternatives: string[] } | undefined {
  if (r.kind !== 'ManyToMany' || r.mappedBy || !r.target) return undefined;
  if (r.joinTable?.name) return { table: r.joinTable.name, alternatives: [] };
  const target = r.target;
  return namesBy((s) => s.joinTableName(owner.fqn, target), preferred);
}

/** The join tables a file's own classes' owning many-to-manys declare. */
export function manyToManyTables(
  classes: readonly DoctrineClass[],
  preferred?: NamingStrategy,
): Array<{ table: string; alternatives: string[]; index: number }> {
  return classes.flatMap((c) =>
    c.kind === 'other'
      ? []
      : c.relations.flatMap((r) => {
          const table = joinTableOf(c, r, preferred);
          return table ? [{ ...table, index: r.index }] : [];
        }),
  );
}

/** Each pair of columns a relation joins on: those written, else one by the strategy's default. */
const columnPairs = (written: readonly JoinColumn[], fallback: string): Array<[string, string]> =>
  (written.length ? written : [{ name: undefined, referenced: undefined }]).map((c) => [c.name ?? fallback, c.referenced ?? 'id']);

function relationJoins(entity: DoctrineEntity, r: DoctrineRelation, entities: ReadonlyMap<string, DoctrineEntity>, naming: NamingStrategy): JoinFrom[] {
  const target = r.target ? entities.get(r.target) : undefined;
  if (!target || r.mappedBy || r.kind === 'OneToMany') return [];
  const from = (table: string, tableAlternatives: string[], pairs: Array<[string, string]>, to: DoctrineEntity): JoinFrom => ({
    table,
    relations: [
      {
        references: to.mapped,
        columns: pairs.map((p) => p[0]),
        referencedColumns: pairs.map((p) => p[1]),
        index: r.index,
        tableAlternatives,
        referencesAlternatives: to.alternatives,
      },
    ],
    path: r.path,
    text: r.code,
  });
  if (r.kind !== 'ManyToMany') return [from(entity.mapped, entity.alternatives, columnPairs(r.joinColumns, naming.joinColumnName(r.property)), target)];
  const table = joinTableOf(entity, r, entity.tableNaming);
  if (!table) return [];
  const key = (c: DoctrineClass) => naming.joinKeyColumnName(c.fqn);
  return [
    from(table.table, table.alternatives, columnPairs(r.joinTable?.joinColumns ?? [], key(entity)), entity),
    from(table.table, table.alternatives, columnPairs(r.joinTable?.inverseJoinColumns ?? [], key(target)), target),
  ];
}

/** A `JOINED` child's join to its parent's table, on the root's id column. */
function inheritanceJoin(entity: DoctrineEntity): JoinFrom[] {
  const parent = entity.parentEntity;
  if (!parent || parent.mapped === entity.mapped) return [];
  const id = entity.idColumn ?? 'id';
  const relation: Resolved = {
    references: parent.mapped,
    columns: [id],
    referencedColumns: [id],
    index: entity.index,
    referencesAlternatives: parent.alternatives,
  };
  return [{ table: entity.mapped, relations: [relation], path: entity.path, text: entity.code }];
}

/** The joins the project's entities declare, by the path of the file declaring each, the columns they do not name by `naming`. */
export function doctrineJoins(entities: ReadonlyMap<string, DoctrineEntity>, naming: NamingStrategy): Map<string, DeclaredJoin[]> {
  const joins = [...entities.values()].flatMap((e) => [...e.allRelations.flatMap((r) => relationJoins(e, r, entities, naming)), ...inheritanceJoin(e)]);
  // single-table children inheriting one relation declare one join
  return distinctJoins(joinsByFile(joins, 'doctrine', (_join, resolved) => resolved));
}
