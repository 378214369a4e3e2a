/**
 * @module adapters/connector/code/orm/mikro-orm-joins
 * The joins MikroORM entities declare, named as its default naming strategy names them: a to-one
 * relation's key column is `<property>_<the target's primary column>` (`author_id`).
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { callArgs, NAME_STRING, qualify, topLevelArgs } from '../text/call-reading.js';
import { blankComments } from '../text/script-blocks.js';
import { joinsByFile, type Declaring } from './declared-joins.js';
import { isMikroOrm } from './mikro-orm.js';
import { snake } from './name-case.js';
import { annotatedClasses } from '../text/annotated-class.js';

/** A MikroORM entity as its joins are read: its table, class name, primary column, and its owning to-one relations. */
interface MikroEntity extends Declaring<{ target: string; property: string; column: string | undefined; index: number }> {
  name: string;
  primary: string | undefined;
}

/** A class member with its decorators: `@ManyToOne(() => User) author!: Ref<User>`, `@PrimaryKey() id = v4()`. */
const MEMBER =
  /((?:@\w+\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\s*)+)(?:(?:public|private|protected|readonly|declare)\s+)*(\w+)\s*[!?]?\s*(?::\s*([\w$<>.,\s|[\]]+?))?\s*[=;\n]/g;
const ENTITY = /@Entity\s*\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)/g;
/** The other entity: `() => User`, `entity: () => User`, `'User'`, else the property's type, past `Ref<…>`, `Rel<…>` and the like. */
const TARGET = /^\s*(?:\{[^}]*?\bentity\s*:\s*)?(?:(?:\(\s*\w*\s*\)|\w+)\s*=>\s*([A-Z]\w*)|['"]([A-Z]\w*)['"])/;
const TYPE_TARGET = /^(?:(?:Lazy|Identified)?Ref(?:erence)?|Rel|Loaded)?\s*<?\s*([A-Z]\w*)/;
const option = (args: string, name: string) => new RegExp(String.raw`\b${name}\s*:\s*${NAME_STRING}`).exec(args)?.[1];

/**
 * The joins MikroORM entities declare, by file: a `@ManyToOne`, and a `@OneToOne` owning its key
 * (`owner: true`, or no `mappedBy`), join the entity's table on `joinColumn`/`fieldName`, else
 * `<property>_<the target's primary column>` (`author_id`), to the target's primary column.
 */
export function mikroOrmJoins(files: ReadonlyArray<{ path: string; text: string }>): Map<string, DeclaredJoin[]> {
  const entities = new Map<string, MikroEntity>();
  for (const { path, text: raw } of files) {
    if (!raw.includes('@Entity') || !isMikroOrm(raw)) continue;
    const text = blankComments(raw);
    const found = annotatedClasses(text, ENTITY);
    for (const [i, { match: m, name: className, end: start }] of found.entries()) {
      const name = option(m[1]!, 'tableName') ?? snake(className);
      const entity: MikroEntity = { table: qualify(option(m[1]!, 'schema'), name), name: className, primary: undefined, relations: [], path, text };
      const body = text.slice(start, found[i + 1]?.match.index ?? text.length);
      for (const member of body.matchAll(MEMBER)) {
        const decorators = member[1]!;
        const property = member[2]!;
        const primary = /@PrimaryKey\s*\(([^)]*)\)/.exec(decorators);
        if (primary) entity.primary ??= option(primary[1]!, 'fieldName') ?? snake(property);
        const relation = /@(ManyToOne|OneToOne)\s*\(/.exec(decorators);
        if (!relation) continue;
        const args = callArgs(decorators, relation.index + relation[0].length - 1);
        const parts = topLevelArgs(args);
        const options = parts.find((p) => p.trimStart().startsWith('{')) ?? '';
        const inverse =
          relation[1] === 'OneToOne' &&
          !/\bowner\s*:\s*true\b/.test(options) &&
          (/\bmappedBy\s*:/.test(options) || (parts.length > 1 && !parts[1]!.trimStart().startsWith('{')));
        const target = TARGET.exec(args) ?? (member[3] ? TYPE_TARGET.exec(member[3].trim()) : null);
        const targetName = target?.[1] ?? target?.[2];
        if (inverse || !targetName) continue;
        entity.relations.push({
          target: targetName,
          property,
          column: option(options, 'joinColumn') ?? option(options, 'fieldName'),
          index: start + member.index!,
        });
      }
      entities.set(entity.name, entity);
    }
  }
  return joinsByFile(entities.values(), 'mikro-orm', (_entity, r) => {
    const target = entities.get(r.target);
    if (!target?.primary) return null;
    return { references: target.table, columns: [r.column ?? `${snake(r.property)}_${target.primary}`], referencedColumns: [target.primary], index: r.index };
  });
}
