/**
 * @module adapters/connector/code/orm/doctrine-entities
 * Doctrine ORM's entities as their PHP classes map them, by PHP 8 attributes (`#[ORM\Entity]`,
 * `#[ORM\Table(name: 'users', schema: 's')]`) or by the docblock annotations of older projects
 * (`@ORM\Entity`, `@ORM\Table(name="users")`): the table (its name, else the naming strategy's,
 * doctrine-naming), the repository class (`repositoryClass`), the inheritance its root declares
 * (`#[ORM\InheritanceType('SINGLE_TABLE')]` children share the root's table; `JOINED` ones have
 * their own, joined to their parent's), and each property's relation: `ManyToOne`, `OneToOne`,
 * `OneToMany`, `ManyToMany`, its target (`targetEntity`, else the property's type), its join columns
 * and join table. A `#[ORM\MappedSuperclass]` maps no table: its relations are its entities', as are
 * those of the traits an entity uses.
 * Docblocks are read from the text as written (the annotations are in comments), the rest from the
 * text with comments blanked.
 */
import { callArgs } from '../text/call-reading.js';
import { defaultTableNames, underscore, type NamingStrategy } from './doctrine-naming.js';
import type { ProjectFile } from './orm-reader.js';
import { fromTraits, phpArg, phpClasses, phpCode, phpNames, resolveClass, splitArgs, type PhpClass, type PhpNames } from './php-classes.js';
import { oncePerFile } from '../text/scan-memo.js';

export type RelationKind = 'ManyToOne' | 'OneToOne' | 'OneToMany' | 'ManyToMany';

export interface JoinColumn {
  name: string | undefined;
  referenced: string | undefined;
}

export interface DoctrineRelation {
  kind: RelationKind;
  property: string;
  /** The target entity's full name, when the mapping or the property's type gives it. */
  target: string | undefined;
  /** Set on the inverse side (`mappedBy`), which declares no column. */
  mappedBy: string | undefined;
  joinColumns: JoinColumn[];
  joinTable: { name: string | undefined; joinColumns: JoinColumn[]; inverseJoinColumns: JoinColumn[] } | undefined;
  index: number;
  /** The file declaring it (a mapped superclass's, for a relation an entity inherits), its text with comments blanked. */
  path: string;
  code: string;
}

/** A class of a PHP file as Doctrine's mapping would read it. */
export interface DoctrineClass extends PhpClass {
  kind: 'entity' | 'mapped' | 'other';
  /** `schema.table` or `table` when `Table` names it. */
  table: string | undefined;
  inheritance: string | undefined;
  /** The repository class's full name. */
  repository: string | undefined;
  relations: DoctrineRelation[];
  /** The column of its `Id` property. */
  idColumn: string | undefined;
  path: string;
  /** The file's text with comments blanked. */
  code: string;
  names: PhpNames;
}

/** One attribute or annotation: its name (without namespace) and its arguments, named ones by name, the others by position. */
interface Mapping {
  name: string;
  args: Map<string, string>;
  /** Where its arguments are, for those nested in it (an annotation's `joinColumns={@ORM\JoinColumn(…)}`). */
  inner: string;
}

const MAPPING = /(?:#\[\s*|@|,\s*|new\s+)\\?(?:(?:\w+\\)*)(\w+)\b\s*(\()?/g;

/** The attributes and annotations of the text before a declaration, nested ones (in another's arguments) left out. */
function mappings(head: string): Mapping[] {
  const out: Mapping[] = [];
  MAPPING.lastIndex = 0;
  for (let m = MAPPING.exec(head); m; m = MAPPING.exec(head)) {
    const inner = m[2] ? callArgs(head, m.index + m[0].length - 1) : '';
    out.push({ name: m[1]!, args: mappingArgs(inner), inner });
    if (m[2]) MAPPING.lastIndex = m.index + m[0].length + inner.length;
  }
  return out;
}

/** An annotation's or attribute's arguments as written, by name (`name="x"`, `name: 'x'`) or position (`0`, `1`…), a docblock's `*` at each line's start left out. */
function mappingArgs(inner: string): Map<string, string> {
  const out = new Map<string, string>();
  splitArgs(inner.replace(/\n[ \t]*\*(?!\/)/g, '\n')).forEach((arg, i) => {
    const named = /^(\w+)\s*(?:=(?!>)|:(?!:))\s*([\s\S]*)$/.exec(arg);
    out.set(named ? named[1]! : String(i), named ? named[2]!.trim() : arg);
  });
  return out;
}

/** A string argument's value (`'users'`, `"users"`; a name Doctrine quotes, `` '`user`' ``, without its backquotes), else undefined. */
function stringArg(written: string | undefined): string | undefined {
  const m = written && /^(['"])(.*)\1$/s.exec(written);
  return m ? m[2]!.replace(/\\\\/g, '\\').replace(/^`(.*)`$/, '$1') : undefined;
}

/** A class argument (`User::class`, `"App\Entity\User"`, `"User"` of the entity's namespace) by its full name. */
function classArg(written: string | undefined, names: PhpNames): string | undefined {
  if (!written) return undefined;
  const arg = phpArg(written, names);
  if ('class' in arg) return arg.class;
  const name = stringArg(written);
  if (!name || !/^\\?[A-Z_][\w\\]*$/i.test(name)) return undefined;
  // a class given as a string is a full name, or one of the entity's namespace (Doctrine does not read imports there)
  return name.includes('\\') ? name.replace(/^\\/, '') : names.namespace ? `${names.namespace}\\${name}` : name;
}

const joinColumn = (m: Mapping): JoinColumn => ({
  name: stringArg(m.args.get('name') ?? m.args.get('0')),
  referenced: stringArg(m.args.get('referencedColumnName')),
});

/** The join columns an annotation's list argument holds: `{@ORM\JoinColumn(name="a")}`, `[new JoinColumn(name: 'a')]`. */
const nestedColumns = (written: string | undefined) =>
  written
    ? mappings(written)
        .filter((m) => m.name === 'JoinColumn')
        .map(joinColumn)
    : [];

/** The text before the declaration at `at`: back to the end of the previous statement or block, docblock and attributes included. */
function headBefore(text: string, code: string, at: number): string {
  const before = code.slice(0, at);
  const from = Math.max(before.lastIndexOf(';'), before.lastIndexOf('{'), before.lastIndexOf('}')) + 1;
  return text.slice(from, at);
}

const RELATIONS = new Set<string>(['ManyToOne', 'OneToOne', 'OneToMany', 'ManyToMany']);

/** The relation a property's mappings declare, if any. */
function relationOf(
  found: readonly Mapping[],
  property: string,
  type: string | undefined,
  names: PhpNames,
  at: Pick<DoctrineRelation, 'index' | 'path' | 'code'>,
): DoctrineRelation | undefined {
  const relation = found.find((m) => RELATIONS.has(m.name));
  if (!relation) return undefined;
  const table = found.find((m) => m.name === 'JoinTable');
  const columns = found.filter((m) => m.name === 'JoinColumn').map(joinColumn);
  for (const m of found.filter((m) => m.name === 'JoinColumns')) columns.push(...nestedColumns(m.inner));
  const inverse = found.filter((m) => m.name === 'InverseJoinColumn').map(joinColumn);
  // the property's type names the target of a to-one relation (a collection's names none)
  const typed = type && !/^(?:Collection|ArrayCollection|array|iterable)$/i.test(type.split('\\').at(-1)!) ? resolveClass(names, type) : undefined;
  return {
    kind: relation.name as RelationKind,
    property,
    target: classArg(relation.args.get('targetEntity') ?? relation.args.get('0'), names) ?? typed,
    mappedBy: stringArg(relation.args.get('mappedBy')),
    // with a join table, the join columns outside it are its own (attributes write them so)
    joinColumns: table ? [] : columns,
    joinTable: table && {
      name: stringArg(table.args.get('name') ?? table.args.get('0')),
      joinColumns: [...nestedColumns(table.args.get('joinColumns')), ...columns],
      inverseJoinColumns: [...nestedColumns(table.args.get('inverseJoinColumns')), ...inverse],
    },
    ...at,
  };
}

const PROPERTY = /\b(?:public|protected|private|var)\s+(?:readonly\s+)?(?:(\??[\w\\]+)\s+)?\$(\w+)\s*[;=]/g;

/**
 * The classes of a PHP file with what Doctrine's mapping reads from each, mapped only in a file importing
 * Doctrine's mapping (`use Doctrine\ORM\Mapping as ORM;`: another ORM's `#[Entity]` maps nothing); with
 * `unmapped`, those of a file naming nothing of Doctrine too (the classes an XML mapping maps).
 */
export function doctrineClasses(file: Pick<ProjectFile, 'path' | 'text'>, unmapped = false): readonly DoctrineClass[] {
  // a repository names Doctrine too (its base class), an entity's file its mapping
  if (!/\b(?:class|trait)\b/.test(file.text) || (!unmapped && !/ORM|Doctrine|Entity/.test(file.text))) return [];
  return classesOf(file);
}

/** A PHP file's classes as Doctrine reads them, read once per file while a scan is remembered (its reader's `declared` and `project` both ask). */
const classesOf = oncePerFile(({ path, text }: Pick<ProjectFile, 'path' | 'text'>): readonly DoctrineClass[] => {
  const doctrine = /Doctrine\\ORM\\Mapping\b/.test(text);
  const code = phpCode(text);
  const names = phpNames(code);
  return phpClasses(code).map((c) => {
    const head = mappings(headBefore(text, code, c.index));
    const named = (name: string) => head.find((m) => m.name === name);
    const entity = named('Entity');
    const table = named('Table');
    const tableName = table && stringArg(table.args.get('name') ?? table.args.get('0'));
    const schema = table && stringArg(table.args.get('schema'));
    const relations: DoctrineRelation[] = [];
    let idColumn: string | undefined;
    const body = code.slice(0, c.body.end);
    PROPERTY.lastIndex = c.body.start;
    for (let m = PROPERTY.exec(body); m; m = PROPERTY.exec(body)) {
      const found = mappings(headBefore(text, code, m.index));
      if (found.some((f) => f.name === 'Id')) {
        const column = found.find((f) => f.name === 'Column');
        idColumn ??= stringArg(column?.args.get('name')) ?? underscore(m[2]!);
      }
      const relation = relationOf(found, m[2]!, m[1]?.replace(/^\?/, ''), names, { index: m.index, path, code });
      if (relation && doctrine) relations.push(relation);
    }
    return {
      ...c,
      kind: !doctrine ? 'other' : entity ? 'entity' : named('MappedSuperclass') ? 'mapped' : 'other',
      table: tableName && (schema ? `${schema}.${tableName}` : tableName),
      inheritance: stringArg((named('InheritanceType')?.args.get('0') ?? named('InheritanceType')?.args.get('value'))?.toUpperCase()),
      repository: classArg(entity?.args.get('repositoryClass') ?? named('MappedSuperclass')?.args.get('repositoryClass'), names),
      relations,
      idColumn,
      path,
      code,
      names,
    };
  });
});

/** An entity of the project, its table found: its own, its root's under single-table inheritance. */
export interface DoctrineEntity extends DoctrineClass {
  mapped: string;
  /** The other naming strategies' names for a table named by neither the mapping nor an ancestor. */
  alternatives: string[];
  /** The strategy naming first what its mapping does not name (its table, its join tables): the project's configured one, else the underscore one. */
  tableNaming: NamingStrategy | undefined;
  /** Its parent entity, when it inherits one. */
  parentEntity: DoctrineEntity | undefined;
  /** Whether its own file tells its table: it extends no class. */
  direct: boolean;
  /** Its relations and those of the mapped superclasses it extends and of the traits they use. */
  allRelations: DoctrineRelation[];
}

/** The table an entity names itself, else the naming strategy's. */
const ownTable = (c: DoctrineClass, preferred?: NamingStrategy) => (c.table ? { table: c.table, alternatives: [] } : defaultTableNames(c.name, preferred));

/** The entities of one file that extend no class of the project's mapping, read from the file alone. */
export function directEntities(classes: readonly DoctrineClass[], preferred?: NamingStrategy): DoctrineEntity[] {
  return classes
    .filter((c) => c.kind === 'entity' && !c.parent)
    .map((c) => {
      const { table, alternatives } = ownTable(c, preferred);
      return { ...c, mapped: table, alternatives, tableNaming: preferred, parentEntity: undefined, direct: true, allRelations: c.relations };
    });
}

/** The project's entities by full name (a name two files declare stands for none), each with its table and inherited relations. */
export function projectEntities(classes: readonly DoctrineClass[], preferred?: NamingStrategy): Map<string, DoctrineEntity> {
  const byName = new Map<string, DoctrineClass | null>();
  for (const c of classes) byName.set(c.fqn, byName.has(c.fqn) ? null : c);
  // the relations of the traits a class uses, and of the traits those use
  const traitRelations = (c: DoctrineClass) => fromTraits(c, byName, (t) => t.relations);
  const out = new Map<string, DoctrineEntity>();
  const read = (c: DoctrineClass, seen: Set<string>): DoctrineEntity | undefined => {
    const known = out.get(c.fqn);
    if (known || c.kind !== 'entity' || seen.has(c.fqn)) return known;
    seen.add(c.fqn);
    // the mapped superclasses up to the nearest entity it extends
    const relations = [...c.relations, ...traitRelations(c)];
    let parent = c.parent ? byName.get(c.parent) : undefined;
    while (parent && parent.kind !== 'entity' && !seen.has(parent.fqn)) {
      seen.add(parent.fqn);
      if (parent.kind === 'mapped') relations.push(...parent.relations, ...traitRelations(parent));
      parent = parent.parent ? byName.get(parent.parent) : undefined;
    }
    const parentEntity = parent ? read(parent, seen) : undefined;
    let root = parentEntity;
    while (root?.parentEntity) root = root.parentEntity;
    const { table, alternatives } = root?.inheritance === 'SINGLE_TABLE' ? { table: root.mapped, alternatives: root.alternatives } : ownTable(c, preferred);
    const entity: DoctrineEntity = {
      ...c,
      idColumn: c.idColumn ?? parentEntity?.idColumn,
      mapped: table,
      alternatives,
      tableNaming: preferred,
      parentEntity,
      direct: !c.parent,
      allRelations: relations,
    };
    out.set(c.fqn, entity);
    return entity;
  };
  for (const c of byName.values()) if (c) read(c, new Set());
  return out;
}
