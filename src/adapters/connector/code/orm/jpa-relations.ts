/**
 * @module adapters/connector/code/orm/jpa-relations
 * JPA's annotated relations through the OrmReader seam. A `@ManyToOne`, and a `@OneToOne` not
 * `mappedBy`, joins the owner's table on its `@JoinColumn(name, referencedColumnName)` (else the
 * attribute `_` the target's id column) to the target's, a composite `@JoinColumns` on each of its
 * columns, a `@PrimaryKeyJoinColumn` on the owner's id (a `@MapsId` key is its join column); a
 * `@OneToMany` with a `@JoinColumn` joins the target's table on that column to the owner's id. The owning side of a
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
 * An entity has the relations of the `@MappedSuperclass`es it extends (jpa-inheritance; under
 * `TABLE_PER_CLASS`, those of the entities above it too), declared at its own line, its
 * `@AssociationOverride`s (join column, join table) and `@AttributeOverride` of the id winning; its id
 * is the nearest one above it when it has none. A `JOINED` subclass's table joins its parent's on
 * its `@PrimaryKeyJoinColumn`, else the parent's id column.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { callArgs, qualify, topLevelArgs } from '../text/call-reading.js';
import { lineAt } from '../text/lines.js';
import { rankEntities, type JvmEntity } from './jvm-entities.js';
import { jpaHierarchy, type InheritanceStrategy, type JpaClass, type JpaHierarchy } from './jpa-inheritance.js';
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

/** A member of an entity, its own or inherited: its line in the entity's file, the names its file sees. */
interface EntityMember extends Member {
  line: number;
  sees: (name: string) => string[];
}

/** An `@Entity` class: its table, entity name, id column and members, the classes above it and its hierarchy's strategy. */
interface Entity extends JvmEntity {
  name: string;
  id: string;
  members: EntityMember[];
  above: JpaClass[];
  strategy?: InheritanceStrategy;
  /** Its annotations (`@PrimaryKeyJoinColumn`). */
  header: string;
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

/** A `@JoinColumn`'s arguments as a join column. */
const joinColumn = (args: string) => {
  const name = stringArg(args, 'name');
  const referenced = stringArg(args, 'referencedColumnName');
  return { ...(name ? { name } : {}), ...(referenced ? { referenced } : {}) };
};

/** The `@JoinColumn(name, referencedColumnName)`s written in a text (`@JoinColumns`' arguments). */
const joinColumnsIn = (written: string) => [...written.matchAll(/\bJoinColumn\s*\(/g)].map((m) => joinColumn(callArgs(written, m.index + m[0].length - 1)));

/** The `@JoinColumn(name, referencedColumnName)`s of one side of a `@JoinTable` or of a `@CollectionTable` (`joinColumns`, `inverseJoinColumns`). */
function joinColumns(args: string | undefined, side: string): Array<{ name?: string; referenced?: string }> {
  const written = args && topLevelArgs(args).find((a) => new RegExp(String.raw`^${side}\s*=`).test(a));
  return written ? joinColumnsIn(written) : [];
}

/** A name and its snake case when it differs other than in case (Spring Boot's physical naming). */
const withSnake = (name: string) => distinct([name, snake(name)]);

/** Names without those repeating an earlier one in another case (the catalog's ORM names match in any case). */
const distinct = (names: string[]) => names.filter((n, i) => names.findIndex((o) => o.toLowerCase() === n.toLowerCase()) === i);

/** A join's columns: the one written, else the default and its snake case; each to the column it references, else the id of `to`. */
const columnsOf = (written: { name?: string; referenced?: string } | undefined, fallback: string, to: Entity) =>
  (written?.name ? [written.name] : withSnake(fallback)).map((column) => ({ column, referenced: written?.referenced ?? to.id }));

/** The members of each class of the hierarchy: those of its body, up to the next class of its file (comments blanked). */
function classMembers(hierarchy: JpaHierarchy): Map<JpaClass, EntityMember[]> {
  const out = new Map<JpaClass, EntityMember[]>();
  hierarchy.classes.forEach((c, i) => {
    const next = hierarchy.classes[i + 1];
    const end = next?.path === c.path ? next.at : c.text.length;
    out.set(
      c,
      annotatedMembers(c.text.slice(c.body, end)).map((member) => ({
        ...member,
        at: member.at + c.body,
        line: lineAt(c.text, member.at + c.body),
        sees: c.sees,
      })),
    );
  });
  return out;
}

/** An entity's `@AttributeOverride`s and `@AssociationOverride`s by attribute: the column an attribute maps, the join column or join table of a relation. */
function overridesOf(header: string): Map<string, { column?: string; joinColumn?: string; joinTable?: string }> {
  const out = new Map<string, { column?: string; joinColumn?: string; joinTable?: string }>();
  for (const m of header.matchAll(/@(?:\w+\.)*(Attribute|Association)Override\s*\(/g)) {
    const args = callArgs(header, m.index + m[0].length - 1);
    const name = stringArg(args, 'name');
    if (!name) continue;
    const nested = (annotation: string) => {
      const at = new RegExp(String.raw`@(?:\w+\.)*${annotation}\s*\(`).exec(args);
      return at ? callArgs(args, at.index + at[0].length - 1) : undefined;
    };
    const column = m[1] === 'Attribute' ? stringArg(nested('Column'), 'name') : undefined;
    const joinColumn = m[1] === 'Association' && /\bjoinColumns\s*=/.test(args) ? nested('JoinColumn') : undefined;
    const joinTable = m[1] === 'Association' ? nested('JoinTable') : undefined;
    out.set(name, { ...(column ? { column } : {}), ...(joinColumn !== undefined ? { joinColumn } : {}), ...(joinTable !== undefined ? { joinTable } : {}) });
  }
  return out;
}

/**
 * The project's entities with their members: their own, those of the mapped superclasses they
 * extend (and, under `TABLE_PER_CLASS`, of the entities above them, whose columns their table
 * repeats), the entity's overrides applied, each inherited one at the entity's line. Its id column
 * is its `@Id`'s, else the nearest class above's, as the entity overrides it.
 */
function projectEntities(files: readonly ProjectFile[], declaredOf: ReadonlyMap<string, readonly OrmTableRef[]>): Entity[] {
  const hierarchy = jpaHierarchy(files);
  const members = classMembers(hierarchy);
  return hierarchy.classes.flatMap((c) => {
    const ref = c.entity && (declaredOf.get(c.path) ?? []).find((r) => r.via === 'jpa' && r.model === c.name);
    if (!ref) return [];
    const above = hierarchy.ancestors(c);
    const strategy = hierarchy.strategy(c);
    const overrides = overridesOf(c.header);
    const firstEntity = above.findIndex((a) => a.entity);
    const inherited = (strategy === 'TABLE_PER_CLASS' || firstEntity < 0 ? above : above.slice(0, firstEntity)).flatMap((a) =>
      (members.get(a) ?? []).map((member) => {
        const over = overrides.get(member.name);
        const annotations = new Map(member.annotations);
        if (over?.joinColumn !== undefined) annotations.set('JoinColumn', over.joinColumn);
        if (over?.joinTable !== undefined) annotations.set('JoinTable', over.joinTable);
        return { ...member, annotations, line: ref.line };
      }),
    );
    const idMember = [c, ...above].map((k) => members.get(k)?.find((m) => m.annotations.has('Id') || m.annotations.has('EmbeddedId'))).find(Boolean);
    const id = idMember && (overrides.get(idMember.name)?.column ?? stringArg(idMember.annotations.get('Column'), 'name') ?? idMember.name);
    return [
      {
        ref,
        qualified: c.qualified,
        path: c.path,
        mapping: false,
        name: stringArg(c.entityArgs, 'name') ?? c.name,
        id: id ?? 'id',
        members: [...(members.get(c) ?? []), ...inherited],
        above,
        ...(strategy ? { strategy } : {}),
        header: c.header,
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
    const entities = projectEntities(files, declaredOf);
    for (const e of entities) byModel.set(e.ref.model!, [...(byModel.get(e.ref.model!) ?? []), e]);
    const declared = new Map<string, OrmTableRef[]>();
    const joins = new Map<string, DeclaredJoin[]>();
    for (const owner of entities) {
      // a target named as the file declaring the member sees it
      const targetOf = (name: string, member: EntityMember) => {
        const ref = rankEntities(byModel.get(name) ?? [], owner.path, member.sees(name));
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
      // a joined subclass's table shares its parent's id: its `@PrimaryKeyJoinColumn`, else the parent's id column
      const parent = owner.strategy === 'JOINED' ? owner.above.find((a) => a.entity) : undefined;
      const parentEntity = parent && byModel.get(parent.name)?.find((e) => e.path === parent.path);
      if (parentEntity) {
        const key = /@(?:\w+\.)*PrimaryKeyJoinColumn\s*\(/.exec(owner.header);
        const written = key ? joinColumn(callArgs(owner.header, key.index + key[0].length - 1)) : undefined;
        join(ownerTables, owner.ref.line, [{ column: written?.name ?? parentEntity.id, referenced: written?.referenced ?? parentEntity.id }], parentEntity);
      }
      for (const member of owner.members) {
        const line = member.line;
        const many = member.annotations.get('ManyToMany') ?? member.annotations.get('OneToMany');
        const single = member.annotations.get('ManyToOne') ?? member.annotations.get('OneToOne');
        const values = member.annotations.get('ElementCollection');
        const column = member.annotations.get('JoinColumn');
        if (single !== undefined && !stringArg(single, 'mappedBy') && !member.annotations.has('JoinTable')) {
          // the owner's table holds the join column: `@JoinColumn(name, referencedColumnName)` (each of a composite `@JoinColumns`), else the attribute `_` the target's id;
          // a `@PrimaryKeyJoinColumn` is the owner's id (a `@MapsId` key is its join column)
          const target = targetOf(singleClass(member, single) ?? '', member);
          const composite = member.annotations.get('JoinColumns');
          const shared = member.annotations.get('PrimaryKeyJoinColumn');
          if (!target) continue;
          if (composite !== undefined)
            join(
              ownerTables,
              line,
              joinColumnsIn(composite).flatMap((c) => (c.name ? [{ column: c.name, referenced: c.referenced ?? target.id }] : [])),
              target,
            );
          else if (shared !== undefined) {
            const written = joinColumn(shared);
            join(ownerTables, line, [{ column: written.name ?? owner.id, referenced: written.referenced ?? target.id }], target);
          } else join(ownerTables, line, columnsOf(column !== undefined ? joinColumn(column) : undefined, `${member.name}_${target.id}`, target), target);
        } else if (many !== undefined && member.annotations.has('OneToMany') && column !== undefined && !stringArg(many, 'mappedBy')) {
          // a one-to-many's join column is in the target's table
          const target = targetOf(elementClass(member, many) ?? '', member);
          const written = joinColumn(column);
          if (target && written.name) join([target.ref.table, ...(target.ref.alternatives ?? [])], line, columnsOf(written, '', owner), owner);
        } else if (many !== undefined && !stringArg(many, 'mappedBy')) {
          // a many-to-many's, or a one-to-many's without a join column, join table
          const target = targetOf(elementClass(member, many) ?? '', member);
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
