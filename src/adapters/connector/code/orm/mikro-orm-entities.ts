/**
 * @module adapters/connector/code/orm/mikro-orm-entities
 * MikroORM's entity classes as the project-wide readers see them (their joins, their collections):
 * each class's table, primary column and decorated members, and what a relation's decorator says
 * of its other side.
 */
import { callArgs, NAME_STRING, qualify, topLevelArgs } from '../text/call-reading.js';
import { blankComments } from '../text/script-blocks.js';
import { annotatedClasses, ENTITY_DECORATOR } from '../text/annotated-class.js';
import { snake } from './name-case.js';

/** A decorated member: `@ManyToOne(() => User) author!: Ref<User>`, `@ManyToMany() tags = new Collection<Tag>(this)`. */
export interface MikroMember {
  /** The decorators, as written. */
  decorators: string;
  property: string;
  /** The declared type (`Ref<User>`), else the class a `new` initializer builds with its type argument (`Collection<Tag>`). */
  type: string | undefined;
  /** Offset in the file's text. */
  index: number;
}

export interface MikroEntityClass {
  name: string;
  /** The table, with its schema when the entity names one. */
  table: string;
  /** The table without its schema. */
  bareTable: string;
  schema: string | undefined;
  primary: string | undefined;
  members: MikroMember[];
  path: string;
  /** The file's text, comments blanked. */
  text: string;
}

/** A class member with its decorators: `@ManyToOne(() => User) author!: Ref<User>`, `@PrimaryKey() id = v4()`. */
const MEMBER =
  /((?:@\w+\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\s*)+)(?:(?:public|private|protected|readonly|declare)\s+)*(\w+)\s*[!?]?\s*(?::\s*([\w$<>.,\s|[\]]+?))?\s*([=;\n])/g;
/** The other entity: `() => User`, `entity: () => User`, `'User'`, else the property's type, past `Ref<…>`, `Rel<…>`, `Collection<…>` and the like. */
const TARGET = /^\s*(?:\{[^}]*?\bentity\s*:\s*)?(?:(?:\(\s*\w*\s*\)|\w+)\s*=>\s*([A-Z]\w*)|['"]([A-Z]\w*)['"])/;
const TYPE_TARGET = /^(?:(?:Lazy|Identified)?Ref(?:erence)?|Rel|Loaded|Collection)?\s*<?\s*([A-Z]\w*)/;

/** A file of MikroORM's: it imports one of its packages (`@mikro-orm/core`, `@mikro-orm/decorators/legacy`, …). */
export const isMikroOrm = (text: string) => /['"]@mikro-orm\//.test(text);

export const mikroOption = (args: string, name: string) => new RegExp(String.raw`\b${name}\s*:\s*${NAME_STRING}`).exec(args)?.[1];

/** The entity classes of the project's MikroORM files. */
export function mikroOrmEntities(files: ReadonlyArray<{ path: string; text: string }>): MikroEntityClass[] {
  const out: MikroEntityClass[] = [];
  for (const { path, text: raw } of files) {
    if (!raw.includes('@Entity') || !isMikroOrm(raw)) continue;
    const text = blankComments(raw);
    const found = annotatedClasses(text, ENTITY_DECORATOR);
    for (const [i, { match: m, name, end: start }] of found.entries()) {
      const bareTable = mikroOption(m[1]!, 'tableName') ?? snake(name);
      const schema = mikroOption(m[1]!, 'schema');
      const entity: MikroEntityClass = { name, table: qualify(schema, bareTable), bareTable, schema, primary: undefined, members: [], path, text };
      const body = text.slice(start, found[i + 1]?.match.index ?? text.length);
      for (const member of body.matchAll(MEMBER)) {
        const decorators = member[1]!;
        const initializer = member[4] === '=' ? /^\s*new\s+(\w+\s*<\s*[A-Z]\w*)/.exec(body.slice(member.index + member[0].length))?.[1] : undefined;
        const primary = /@PrimaryKey\s*\(([^)]*)\)/.exec(decorators);
        if (primary) entity.primary ??= mikroOption(primary[1]!, 'fieldName') ?? snake(member[2]!);
        entity.members.push({ decorators, property: member[2]!, type: member[3]?.trim() ?? initializer, index: start + member.index });
      }
      out.push(entity);
    }
  }
  return out;
}

/** A relation decorator on a member: its kind, its arguments, and the entity on its other side. */
export function relationOf(
  member: MikroMember,
  kinds: RegExp,
): { kind: string; args: string; parts: string[]; options: string; target: string | undefined } | undefined {
  const relation = new RegExp(String.raw`@(${kinds.source})\s*\(`).exec(member.decorators);
  if (!relation) return undefined;
  const args = callArgs(member.decorators, relation.index + relation[0].length - 1);
  const parts = topLevelArgs(args);
  const target = TARGET.exec(args) ?? (member.type ? TYPE_TARGET.exec(member.type) : null);
  return { kind: relation[1]!, args, parts, options: parts.find((p) => p.trimStart().startsWith('{')) ?? '', target: target?.[1] ?? target?.[2] };
}

/**
 * The side a relation's arguments make it: the owner says `owner: true`, or names no `mappedBy` (an
 * option, or the decorator's second argument); `mappedBy` names the owning property on the other side.
 */
export function relationSide(parts: readonly string[], options: string): { owning: boolean; mappedBy: string | undefined } {
  const second = parts.length > 1 && !parts[1]!.trimStart().startsWith('{') ? parts[1]! : undefined;
  const given = /\bmappedBy\s*:\s*([^,}]+)/.exec(options)?.[1] ?? second;
  // `'followed'`, `(u) => u.followed`, `u => u.followed`
  const mappedBy = given && (/^\s*['"]([\w$]+)['"]/.exec(given)?.[1] ?? /=>\s*\w+\s*\.\s*([\w$]+)/.exec(given)?.[1]);
  return { owning: /\bowner\s*:\s*true\b/.test(options) || given === undefined, mappedBy };
}
