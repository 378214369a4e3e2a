/**
 * @module adapters/connector/code/orm/jpa-relations
 * JPA's annotated relations through the OrmReader seam. A `@ManyToOne`, and a `@OneToOne` not
 * `mappedBy`, joins the owner's table on its `@JoinColumn(name, referencedColumnName)` (else the
 * attribute `_` the target's id column) to the target's; a `@OneToMany` with a `@JoinColumn` joins
 * the target's table on that column to the owner's id. (A key shared with the owner's id, `@MapsId`
 * or `@PrimaryKeyJoinColumn`, and a composite `@JoinColumns` are left out.) The owning side of a
 * `@ManyToMany` (no `mappedBy`), and a `@OneToMany` with neither `mappedBy` nor a join column,
 * maps a join table: its `@JoinTable(name, schema)`, else the name JPA gives it, the owner's table
 * `_` the target's (Spring Boot's naming: the owner's table `_` the attribute, in snake case). The table joins the owner's id by its `joinColumns` (else JPA's default: the target's
 * attribute that is the relation's other side, else the owner's entity name, `_`, the owner's id
 * column) and the target's id by its `inverseJoinColumns` (else the attribute `_` the target's id
 * column). An `@ElementCollection` maps its `@CollectionTable(name)`, else `<entity name>_<attribute>`,
 * joined to its owner by its join column the same way. A default table is declared here (a named
 * one is by orm-refs), in snake case too, as Spring's naming writes it; so are default join columns.
 * The target is the element type of the attribute (`Set<Tag>`) or its `targetEntity`; an owner's id
 * is its `@Id` member's `@Column(name)`, else the member's name, else `id`.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { callArgs, qualify, topLevelArgs } from '../text/call-reading.js';
import { lineAt } from '../text/lines.js';
import { blankComments } from '../text/script-blocks.js';
import { classesSeen, jvmPackage, rankEntities, type JvmEntity } from './jvm-entities.js';
import { snake } from './name-case.js';
import type { OrmReader, OrmTableRef, ProjectFile } from './orm-reader.js';

/** A member with its annotations: `@ManyToMany @JoinTable(…) private Set<Tag> tags;`, a getter, a Kotlin property. */
interface Member {
  /** Each annotation by its simple name, with its arguments (`''` for none). */
  annotations: Map<string, string>;
  name: string;
  type: string;
  at: number;
}

/** An `@Entity` class of a file: its table, entity name, id column and members. */
interface Entity extends JvmEntity {
  name: string;
  id: string;
  members: Member[];
  text: string;
}

const JAVA_MEMBER =
  /^\s*(?:(?:public|protected|private|static|final|transient|volatile|abstract)\s+)*([\w.]+(?:\s*<[^;={()]*>)?(?:\[\])?)\s+(\w+)\s*(\(\s*\)|[;=])/;
const KOTLIN_MEMBER = /^\s*(?:(?:public|protected|private|internal|open|override|lateinit)\s+)*(?:val|var)\s+(\w+)\s*:\s*([\w.]+(?:\s*<[^=\n{]*>)?\??)/;

/** The members of a class body text carrying annotations, in order (comments blanked). */
function annotatedMembers(text: string): Member[] {
  const out: Member[] = [];
  let group: { annotations: Map<string, string>; at: number; end: number } | undefined;
  const close = () => {
    if (!group) return;
    const rest = text.slice(group.end, group.end + 300);
    const java = JAVA_MEMBER.exec(rest);
    const kotlin = KOTLIN_MEMBER.exec(rest);
    if (kotlin) out.push({ annotations: group.annotations, name: kotlin[1]!, type: kotlin[2]!, at: group.at });
    else if (java) {
      // a getter names its property (`getTags()`: `tags`)
      const getter = java[3]!.startsWith('(') && /^(?:get|is)([A-Z]\w*)$/.exec(java[2]!);
      const name = getter ? getter[1]![0]!.toLowerCase() + getter[1]!.slice(1) : java[2]!;
      if (getter || !java[3]!.startsWith('(')) out.push({ annotations: group.annotations, name, type: java[1]!, at: group.at });
    }
    group = undefined;
  };
  for (const m of text.matchAll(/@(?:\w+:)?(?:[\w]+\.)*(\w+)/g)) {
    if (group && m.index < group.end) continue;
    if (group && text.slice(group.end, m.index).trim()) close();
    const open = /^\s*\(/.exec(text.slice(m.index + m[0].length));
    const args = open ? callArgs(text, m.index + m[0].length + open[0].length - 1) : '';
    const end = open ? m.index + m[0].length + open[0].length + args.length + 1 : m.index + m[0].length;
    group ??= { annotations: new Map(), at: m.index, end };
    group.annotations.set(m[1]!, args);
    group.end = end;
  }
  close();
  return out;
}

/** A string argument of an annotation: `name = "tags"`. */
const stringArg = (args: string | undefined, name: string) => (args ? new RegExp(String.raw`\b${name}\s*=\s*"([^"]*)"`).exec(args)?.[1] : undefined);

/** The class a collection holds: its `targetEntity`, else its type's last type argument (`Set<Tag>`, `Map<String, Tag>`). */
function elementClass(member: Member, args: string): string | undefined {
  const target = /\btargetEntity\s*=\s*([\w.]+?)(?:\.class|::class)/.exec(args)?.[1];
  if (target) return target.split('.').at(-1);
  const open = member.type.indexOf('<');
  if (open < 0) return undefined;
  const last = topLevelArgs(member.type.slice(open + 1, member.type.lastIndexOf('>'))).at(-1) ?? '';
  return /(\w+)\s*\??\s*$/.exec(last.replace(/<.*$/, ''))?.[1];
}

/** A single-valued relation's class: its `targetEntity`, else its type (`Customer`, Kotlin's `Customer?`). */
function singleClass(member: Member, args: string): string | undefined {
  const target = /\btargetEntity\s*=\s*([\w.]+?)(?:\.class|::class)/.exec(args)?.[1];
  return (target ?? member.type.replace(/[<?].*$/s, '')).split('.').at(-1);
}

/** Relations whose key is the owner's id (`@MapsId`, `@PrimaryKeyJoinColumn`), a composite key (`@JoinColumns`) or a join table: no join column of their own read. */
const SHARED_KEY = ['MapsId', 'PrimaryKeyJoinColumn', 'JoinColumns', 'JoinTable'];

/** A `@JoinColumn`'s arguments as a join column. */
const joinColumn = (args: string) => {
  const name = stringArg(args, 'name');
  const referenced = stringArg(args, 'referencedColumnName');
  return { ...(name ? { name } : {}), ...(referenced ? { referenced } : {}) };
};

/** The `@JoinColumn(name, referencedColumnName)`s of one side of a `@JoinTable` or of a `@CollectionTable` (`joinColumns`, `inverseJoinColumns`). */
function joinColumns(args: string | undefined, side: string): Array<{ name?: string; referenced?: string }> {
  const written = args && topLevelArgs(args).find((a) => new RegExp(String.raw`^${side}\s*=`).test(a));
  if (!written) return [];
  return [...written.matchAll(/\bJoinColumn\s*\(/g)].map((m) => joinColumn(callArgs(written, m.index + m[0].length - 1)));
}

/** A name and its snake case when it differs other than in case (Spring Boot's physical naming). */
const withSnake = (name: string) => distinct([name, snake(name)]);

/** Names without those repeating an earlier one in another case (the catalog's ORM names match in any case). */
const distinct = (names: string[]) => names.filter((n, i) => names.findIndex((o) => o.toLowerCase() === n.toLowerCase()) === i);

/** A join's columns: the one written, else the default and its snake case; each to the column it references, else the id of `to`. */
const columnsOf = (written: { name?: string; referenced?: string } | undefined, fallback: string, to: Entity) =>
  (written?.name ? [written.name] : withSnake(fallback)).map((column) => ({ column, referenced: written?.referenced ?? to.id }));

/** A file's `@Entity` classes, each with the members up to the next class. */
function fileEntities(file: ProjectFile, refs: readonly OrmTableRef[]): Entity[] {
  const text = blankComments(file.text);
  const pkg = jvmPackage(text);
  const found = [...text.matchAll(/@Entity\b(?:\s*\(([^)]*)\))?[\s\S]{0,600}?\bclass\s+(\w+)/g)];
  return found.flatMap((m, i): Entity[] => {
    const ref = refs.find((r) => r.model === m[2]);
    if (!ref) return [];
    const members = annotatedMembers(text.slice(m.index + m[0].length, found[i + 1]?.index ?? text.length)).map((member) => ({
      ...member,
      at: member.at + m.index + m[0].length,
    }));
    const id = members.find((member) => member.annotations.has('Id') || member.annotations.has('EmbeddedId'));
    return [
      {
        ref,
        qualified: pkg ? `${pkg}.${m[2]}` : m[2]!,
        path: file.path,
        mapping: false,
        name: stringArg(m[1], 'name') ?? m[2]!,
        id: (id && (stringArg(id.annotations.get('Column'), 'name') ?? id.name)) ?? 'id',
        members,
        text: file.text,
      },
    ];
  });
}

export const jpaRelationReader: OrmReader = {
  via: 'jpa',
  languages: new Set(['java', 'kotlin']),
  declared: () => [],
  project(files, declaredOf) {
    const byModel = new Map<string, Entity[]>();
    const entities = files.flatMap((f) => {
      const refs = (declaredOf.get(f.path) ?? []).filter((r) => r.via === 'jpa' && r.model);
      return refs.length ? fileEntities(f, refs) : [];
    });
    for (const e of entities) byModel.set(e.ref.model!, [...(byModel.get(e.ref.model!) ?? []), e]);
    const declared = new Map<string, OrmTableRef[]>();
    const joins = new Map<string, DeclaredJoin[]>();
    for (const owner of entities) {
      const sees = classesSeen(owner.text);
      const targetOf = (name: string) => {
        const ref = rankEntities(byModel.get(name) ?? [], owner.path, sees(name));
        return ref ? byModel.get(name)!.find((e) => e.ref === ref) : undefined;
      };
      const ownerTables = [owner.ref.table, ...(owner.ref.alternatives ?? [])];
      const list = joins.get(owner.path) ?? [];
      // a join from a table (its names in order) on each column given to the entity `to`'s table
      const join = (tables: readonly string[], line: number, columns: Array<{ column: string; referenced: string }>, to: Entity) => {
        for (const c of columns)
          list.push({
            table: tables[0]!,
            columns: [c.column],
            references: to.ref.table,
            referencedColumns: [c.referenced],
            line,
            via: 'jpa',
            ...(tables.length > 1 ? { tableAlternatives: tables.slice(1) } : {}),
            ...(to.ref.alternatives?.length ? { referencesAlternatives: to.ref.alternatives } : {}),
          });
      };
      const declare = (tables: readonly string[], line: number) =>
        declared.set(owner.path, [
          ...(declared.get(owner.path) ?? []),
          { table: tables[0]!, alternatives: tables.slice(1), line, via: 'jpa', access: ['schema'] },
        ]);
      for (const member of owner.members) {
        const line = lineAt(owner.text, member.at);
        const many = member.annotations.get('ManyToMany') ?? member.annotations.get('OneToMany');
        const single = member.annotations.get('ManyToOne') ?? member.annotations.get('OneToOne');
        const values = member.annotations.get('ElementCollection');
        const column = member.annotations.get('JoinColumn');
        if (single !== undefined && !stringArg(single, 'mappedBy') && !SHARED_KEY.some((a) => member.annotations.has(a))) {
          // the owner's table holds the join column: `@JoinColumn(name, referencedColumnName)`, else the attribute `_` the target's id
          const target = targetOf(singleClass(member, single) ?? '');
          if (target) join(ownerTables, line, columnsOf(column !== undefined ? joinColumn(column) : undefined, `${member.name}_${target.id}`, target), target);
        } else if (many !== undefined && member.annotations.has('OneToMany') && column !== undefined && !stringArg(many, 'mappedBy')) {
          // a one-to-many's join column is in the target's table
          const target = targetOf(elementClass(member, many) ?? '');
          const written = joinColumn(column);
          if (target && written.name) join([target.ref.table, ...(target.ref.alternatives ?? [])], line, columnsOf(written, '', owner), owner);
        } else if (many !== undefined && !stringArg(many, 'mappedBy')) {
          // a many-to-many's, or a one-to-many's without a join column, join table
          const target = targetOf(elementClass(member, many) ?? '');
          if (!target) continue;
          const written = member.annotations.get('JoinTable');
          const name = stringArg(written, 'name');
          const targetTables = [target.ref.table, ...(target.ref.alternatives ?? [])];
          const tables = name
            ? [qualify(stringArg(written, 'schema'), name)]
            : distinct([...ownerTables.flatMap((o) => targetTables.map((t) => `${o}_${t}`)), ...ownerTables.map((o) => `${snake(o)}_${snake(member.name)}`)]);
          if (!name) declare(tables, line);
          // the owner's join column defaults to the target's attribute on the other side of the relation, else the owner's entity name
          const other = target.members.find((m) => stringArg(m.annotations.get('ManyToMany'), 'mappedBy') === member.name)?.name;
          join(tables, line, columnsOf(joinColumns(written, 'joinColumns')[0], `${other ?? owner.name}_${owner.id}`, owner), owner);
          join(tables, line, columnsOf(joinColumns(written, 'inverseJoinColumns')[0], `${member.name}_${target.id}`, target), target);
        } else if (values !== undefined) {
          const written = member.annotations.get('CollectionTable');
          const name = stringArg(written, 'name');
          const tables = name ? [qualify(stringArg(written, 'schema'), name)] : withSnake(`${owner.name}_${member.name}`);
          if (!name) declare(tables, line);
          join(tables, line, columnsOf(joinColumns(written, 'joinColumns')[0], `${owner.name}_${owner.id}`, owner), owner);
        }
      }
      if (list.length) joins.set(owner.path, list);
    }
    return { declared, joins };
  },
};
