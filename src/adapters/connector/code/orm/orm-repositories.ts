/**
 * @module adapters/connector/code/orm/orm-repositories
 * The repositories a project defines for its entities, by which other files reach their tables:
 * TypeORM's custom repositories (a class extending `Repository<E>` or `AbstractRepository<E>`,
 * `@EntityRepository(E)`, `getRepository(E).extend({ … })`) and Spring Data's (an interface or class
 * whose base is `JpaRepository<E, ID>`, `CrudRepository<E, ID>` and the like, its fragments and the
 * `…Impl` classes implementing them), each with what its own methods do to the entity's table where
 * their bodies or annotations say; what the project's other classes do through an entity manager; and
 * where a file runs the SQL of a named native query.
 */
import { accessesOf, type TableAccess } from '../../../../ports/code.js';
import { callArgs, escapeName, functionBody } from '../text/call-reading.js';
import { typeormAccess } from './typeorm-access.js';
import {
  attribute,
  attributeAt,
  jpqlReach,
  mergeNamedQueries,
  namedQueries,
  namedQueryDeclarations,
  namedStatement,
  type NamedQueries,
  type NamedStatement,
  statementOf,
} from '../queries/jpql.js';
import { concatenation, heldStrings, type HeldStrings } from '../text/held-strings.js';
import { blankComments, scriptBlocks, type Block } from '../text/script-blocks.js';
import { NO_CONSTANTS, type ProjectConstants } from '../text/string-constants.js';

/** An annotation or decorator, with its arguments: `@Modifying`, `@Transactional(readOnly = true)`. */
const ANNOTATION = String.raw`@[\w.]+(?:\s*\((?:[^()]|\([^()]*\))*\))?`;

/**
 * A repository the project defines for an entity: TypeORM's custom repository, a class that extends
 * `Repository<E>` or `AbstractRepository<E>` (or is `@EntityRepository(E)`), or `getRepository(E).extend({ … })`;
 * a Spring Data repository, an interface or a class that extends `JpaRepository<E, ID>`, `CrudRepository<E, ID>` and
 * the like, or a class implementing one's fragment (see `linkFragments`).
 */
export interface CustomRepository {
  orm: 'typeorm' | 'spring';
  name: string;
  entity: string;
  /** Where it is defined, when it is the file's own. */
  at?: number;
  /** An `AbstractRepository<E>`, which reaches its entity as `this.repository`. */
  abstract?: boolean;
  /** What its own methods do to the entity's table, by name (`findFull` reads, `archiveOld` writes), where the body or the annotations say. */
  methods?: Record<string, TableAccess[]>;
  /** A Spring Data repository's other supertypes named without type arguments: its fragments (`OwnerRepositoryCustom`). */
  fragments?: string[];
  /** A hand-written DAO (see `daoReach`), whose own methods reach the entity's table: its file reads and writes what they do. */
  dao?: boolean;
  /**
   * What a fragment's implementation does through its entity manager (see `entityManagerReach`), by entity: to
   * the repository's, and to one other entity when its calls name only that one besides; its file reads and writes these where it is declared.
   */
  reaches?: Record<string, TableAccess[]>;
}

/** A class that may implement a Spring Data repository's fragment: the types it implements, its methods' accesses. */
interface Implementation {
  name: string;
  at: number;
  implements: string[];
  methods?: Record<string, TableAccess[]>;
  /** A `@Repository` class's one entity and its methods' accesses, when its entity manager calls say (see `daoReach`). */
  dao?: Dao;
  /** What its methods do through an entity manager, by entity (see `entityManagerReach`). */
  reached?: Reached;
}

/** What a class's methods do through its entity manager: by entity, each method's accesses by name (an entity its calls name, with no method's name read, has none). */
type Reached = Map<string, Record<string, TableAccess[]>>;

/** The entity a hand-written DAO reaches, and what its methods do to the entity's table, by name. */
interface Dao {
  entity: string;
  methods: Record<string, TableAccess[]>;
}

/** What one file defines: its repositories, and the classes that may implement another repository's fragment. */
interface FileRepositories {
  repositories: CustomRepository[];
  implementations: Implementation[];
}

/**
 * The repositories a file defines, by which other files reach their entity; a Spring Data fragment's
 * implementation only when the file also has the repository (`projectRepositories` reads the project's).
 */
export function customRepositories(text: string, language: string): CustomRepository[] {
  return linkFragments([fileRepositories(text, language)], false)[0]!;
}

/**
 * The named queries the project's files declare (an entity's `@NamedQuery` or `@NamedNativeQuery`), by name (see `mergeNamedQueries`);
 * a name or a statement held by a constant of another file by the project's `constants`.
 */
export function projectNamedQueries(
  files: ReadonlyArray<{ text: string; language: string }>,
  constants: ProjectConstants = NO_CONSTANTS,
): Map<string, NamedStatement> {
  return mergeNamedQueries(
    files
      .filter((f) => (f.language === 'java' || f.language === 'kotlin') && /Named(?:Native)?Query/.test(f.text))
      .map((f) => {
        const text = blankComments(f.text);
        return namedQueries(text, constants.inFile(text));
      }),
  );
}

/**
 * The repositories each file of the project defines, by path (files without any left out), each file read once;
 * an entity manager's named query is the one any file declares (`named`, the project's), and a statement held by
 * another file's constant is the project's `constants`'.
 */
export function projectRepositories(
  files: ReadonlyArray<{ path: string; text: string; language: string }>,
  named: NamedQueries = projectNamedQueries(files),
  constants: ProjectConstants = NO_CONSTANTS,
): Map<string, CustomRepository[]> {
  const linked = linkFragments(
    files.map((f) => fileRepositories(f.text, f.language, named, constants)),
    true,
  );
  return new Map(files.flatMap((f, i) => (linked[i]!.length ? [[f.path, linked[i]!] as const] : [])));
}

/** What a file defines; `named`, the project's named queries, else the file's own; `constants`, the project's string constants. */
function fileRepositories(written: string, language: string, named?: NamedQueries, constants: ProjectConstants = NO_CONSTANTS): FileRepositories {
  const spring = language === 'java' || language === 'kotlin';
  if (!written.includes('Repository') || (!spring && language !== 'typescript' && language !== 'javascript')) return { repositories: [], implementations: [] };
  // a repository commented out defines nothing
  const text = blankComments(written);
  if (!spring) return { repositories: typeormCustomRepositories(text), implementations: [] };
  const elsewhere = constants.inFile(text);
  return springRepositories(text, named ?? namedQueries(text, elsewhere), elsewhere);
}

function typeormCustomRepositories(text: string): CustomRepository[] {
  const out: CustomRepository[] = [];
  const add = (name: string, entity: string, at: number, abstract?: boolean) =>
    out.push({ orm: 'typeorm', name, entity, at, ...(abstract ? { abstract } : {}) });
  for (const m of text.matchAll(/@EntityRepository\s*\(\s*([A-Z]\w*)\s*\)[\s\S]{0,200}?\bclass\s+([A-Za-z_$][\w$]*)/g)) add(m[2]!, m[1]!, m.index);
  for (const m of text.matchAll(/\bclass\s+([A-Za-z_$][\w$]*)\s+extends\s+(?:Tree|Mongo|(?:Sql)?Entity|(Abstract))?Repository\s*<\s*([A-Z]\w*)\s*>/g)) {
    const known = out.find((r) => r.name === m[1]);
    if (known && m[2]) known.abstract = true;
    else if (!known) add(m[1]!, m[3]!, m.index, !!m[2]);
  }
  const extended =
    /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]*)?=\s*[\w$.]*?\bget(?:Tree|Mongo)?Repository\s*\(\s*([A-Z]\w*)\s*\)\s*\.\s*extend\s*\(/g;
  for (const m of text.matchAll(extended)) add(m[1]!, m[2]!, m.index + m[0].length - 1);
  return withMethods(text, out, typeormMethods);
}

/** Each repository (or implementation) with its own methods' accesses, when it has any; `text` has its comments blanked. */
function withMethods<T extends { at?: number; abstract?: boolean; methods?: Record<string, TableAccess[]> }>(
  text: string,
  repositories: T[],
  methodsOf: (text: string, blocks: readonly Block[], repository: T) => Map<string, TableAccess[]>,
): T[] {
  if (!repositories.length) return repositories;
  const blocks = scriptBlocks(text);
  for (const r of repositories) {
    const methods = methodsOf(text, blocks, r);
    if (methods.size) r.methods = Object.fromEntries(methods);
  }
  return repositories;
}

/**
 * The bodies of the methods directly inside `body`, each with the text between it and the member before it
 * (its head): a block, or a Kotlin expression body from its `=` (`fun find(id: Long): Owner? = em.find(…)`),
 * whose head ends before the `=`.
 */
function memberBodies(text: string, blocks: readonly Block[], body: Block): Array<{ block: Block; head: string }> {
  const inside = blocks.filter((b) => b.start > body.start && b.end < body.end).sort((a, b) => a.start - b.start);
  const out: Array<{ block: Block; head: string }> = [];
  let after = body.start + 1;
  for (let i = 0; ;) {
    while (i < inside.length && inside[i]!.start < after) i++;
    const next = inside[i];
    const equals = expressionBody(text, after, next?.start ?? body.end);
    if (equals !== undefined) {
      const end = expressionEnd(text, inside, equals + 1, body.end);
      out.push({ block: { start: equals, end }, head: text.slice(after, equals) });
      after = end;
    } else if (next) {
      out.push({ block: next, head: text.slice(after, next.start) });
      after = next.end + 1;
    } else return out;
  }
}

/** The `=` of the first Kotlin function from `from` to `to` whose body is an expression: `fun name(…): T =`. */
function expressionBody(text: string, from: number, to: number): number | undefined {
  for (const m of text.slice(from, to).matchAll(/\bfun\s+(?:<[^>]*>\s*)?(?:[\w$]+\s*\.\s*)?[\w$]+\s*\(/g)) {
    const open = from + m.index + m[0].length - 1;
    const close = open + callArgs(text, open).length + 1;
    const equals = /^\s*(?::[^={};\n]*)?\s*=(?![=>])/.exec(text.slice(close + 1, to));
    if (equals) return close + equals[0].length;
  }
  return undefined;
}

/**
 * A line's end at which an expression goes on: an operator, an opening bracket, a comma or `else` before it
 * (or an `if (…)`'s condition, see `expressionEnd`), or a call, an operator, a closing bracket or `else` after it.
 */
const GOES_ON_BEFORE = /(?:[=(\[,.+\-*/%|&?:<>]|->|\belse)\s*$/;
const GOES_ON_AFTER = /^\s*(?:[.)\]+\-*/%|&?:]|as\b|in\b|is\b|else\b)/;

/** The last `"` of the string whose first `"` is at `open`, a raw `"""` string's too; the text's end when it is not closed. */
function stringEnd(text: string, open: number): number {
  if (text.startsWith('"""', open)) {
    const close = text.indexOf('"""', open + 3);
    return close < 0 ? text.length : close + 2;
  }
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return text.length;
}

/**
 * Where a Kotlin expression body starting at `from` ends: at a line's end outside brackets at which it
 * does not go on (see `GOES_ON_BEFORE`; nor right after an `if (…)`'s or a `when (…)`'s condition, whose
 * branch follows), a `;`, or a `}` it did not open; a lambda's block is part of it. Strings are stepped over.
 */
function expressionEnd(text: string, inside: readonly Block[], from: number, limit: number): number {
  // each open bracket, with whether it opens a condition; where the last condition closed
  const open: boolean[] = [];
  let condition = -1;
  for (let i = from; i < limit; i++) {
    const c = text[i]!;
    if (c === '"') i = stringEnd(text, i);
    else if (c === '{') i = inside.find((b) => b.start === i)?.end ?? limit;
    else if (c === '(' || c === '[') open.push(c === '(' && /(?<![\w$.])(?:if|when)\s*$/.test(text.slice(Math.max(from, i - 12), i)));
    else if (c === ')' || c === ']') {
      if (open.pop()) condition = i;
    } else if (c === '}' || (c === ';' && !open.length)) return i;
    else if (
      c === '\n' &&
      !open.length &&
      text.slice(from, i).trim() &&
      (condition < 0 || text.slice(condition + 1, i).trim()) &&
      !GOES_ON_BEFORE.test(text.slice(from, i)) &&
      !GOES_ON_AFTER.test(text.slice(i + 1, i + 200))
    )
      return i;
  }
  return limit;
}

/**
 * What a TypeORM custom repository's methods do, from their bodies: the calls on `this` (an abstract
 * repository's `this.repository`) by TypeORM's methods, then calls of the class's own methods
 * (`this.findFull()`) by what those do.
 */
function typeormMethods(text: string, blocks: readonly Block[], r: { at?: number; abstract?: boolean }): Map<string, TableAccess[]> {
  const methods = new Map<string, TableAccess[]>();
  if (r.at === undefined) return methods;
  const receiver = r.abstract ? String.raw`this\s*\.\s*repository` : 'this';
  const calls = new RegExp(String.raw`\b${receiver}\s*[!?]?\.\s*([\w$]+)\s*(?:<[^<>()]*>\s*)?\(`, 'g');
  const own = new Map<string, string[]>();
  for (const { block, head } of memberBodies(text, blocks, functionBody(text, blocks, r.at))) {
    const name = /([A-Za-z_$][\w$]*)\s*(?:<[^()]*>\s*)?(?:=\s*(?:async\s*)?(?:function\s*)?)?\([^]*$/.exec(head.replace(new RegExp(ANNOTATION, 'g'), ''))?.[1];
    if (!name || name === 'constructor') continue;
    const body = text.slice(block.start, block.end);
    const accesses: TableAccess[] = [];
    const called: string[] = [];
    for (const m of body.matchAll(calls)) {
      const open = block.start + m.index + m[0].length - 1;
      const access = typeormAccess(m[1]!, text, open, block.start + m.index);
      if (access) accesses.push(access);
      else called.push(m[1]!);
    }
    if (accesses.length) methods.set(name, accessesOf(accesses));
    own.set(name, called);
  }
  // one step through the class's own methods: `archiveOld() { return this.clearBefore(…) }`
  for (const [name, called] of own) {
    const reached = called.flatMap((c) => methods.get(c) ?? []);
    if (reached.length) methods.set(name, accessesOf([...(methods.get(name) ?? []), ...reached]));
  }
  return methods;
}

/** A Spring Data repository's base, whose first type argument is its entity: `JpaRepository<Owner, Integer>`, `CrudRepository<…>`. */
const SPRING_BASE =
  /\b(?:Jpa|Crud|ListCrud|PagingAndSorting|ListPagingAndSorting|Reactive(?:Crud|Sorting)?|Coroutine(?:Crud|Sorting)|Mongo|R2dbc)?Repository\s*<\s*([A-Z]\w*)\s*,/;

/**
 * The clause naming the supertypes of the type declared up to `from` (`extends A<X>, B`, `implements C`,
 * Kotlin's `: A<X>, B`), past its type parameters and a Kotlin class's primary constructor, up to its
 * body, a `;` or a line break that no comma or keyword continues.
 */
function supertypeClause(text: string, from: number): string {
  let at = from;
  const params = /^\s*<(?:[^<>{]|<[^<>{]*>)*>/.exec(text.slice(at, at + 400));
  if (params) at += params[0].length;
  const constructor = /^\s*(?:(?:@[\w.]+\s*)*(?:(?:private|protected|internal|public)\s+)?constructor\s*)?\(/.exec(text.slice(at, at + 400));
  if (constructor) at += constructor[0].length + callArgs(text, at + constructor[0].length - 1).length + 1;
  const clause = /^\s*(?:extends|implements|:)[^{;]*/.exec(text.slice(at, at + 1000))?.[0] ?? '';
  return clause.split(/(?<!(?:[,:]|\bextends|\bimplements)\s*)\n/)[0]!;
}

/** The types a supertype clause names, each with whether it has type arguments (`JpaRepository<Owner, Integer>` has, `OwnerRepositoryCustom` has not). */
function supertypes(clause: string): Array<{ name: string; generic: boolean }> {
  // type arguments, innermost first, become one mark; a Kotlin superclass's constructor call goes
  let flat = clause.replace(/\([^()]*\)/g, '');
  for (let before = ''; before !== flat;) [before, flat] = [flat, flat.replace(/<[^<>]*>/g, '§')];
  return [...flat.matchAll(/(?:^|[,:]|\b(?:extends|implements)\b)\s*(?:[\w$]+\.)*([A-Z][\w$]*)\s*(§)?/g)].map((m) => ({ name: m[1]!, generic: !!m[2] }));
}

/**
 * Spring Data's repositories, interfaces or classes whose base names the entity (`interface OwnerRepository
 * extends JpaRepository<Owner, Integer>`, Kotlin's `interface PetRepository : CrudRepository<Pet, Long>`,
 * Micronaut's `abstract class BookRepository implements CrudRepository<Book, Long>`), and the classes that
 * may implement a fragment (they implement a type, or are named `…Impl`) or be a hand-written DAO; `elsewhere`, the
 * strings of other files' constants.
 */
function springRepositories(text: string, named: NamedQueries, elsewhere: HeldStrings): FileRepositories {
  const repositories: CustomRepository[] = [];
  const implementations: Implementation[] = [];
  let blocks: readonly Block[] | undefined;
  for (const m of text.matchAll(/\b(interface|class)\s+([A-Z][\w$]*)/g)) {
    const clause = supertypeClause(text, m.index + m[0].length);
    const entity = SPRING_BASE.exec(clause)?.[1];
    const plain = supertypes(clause)
      .filter((t) => !t.generic)
      .map((t) => t.name);
    if (entity) repositories.push({ orm: 'spring', name: m[2]!, entity, at: m.index, ...(plain.length ? { fragments: plain } : {}) });
    else if (m[1] === 'class') {
      const lead = text.slice(Math.max(0, text.lastIndexOf(';', m.index), text.lastIndexOf('}', m.index)), m.index);
      const annotated = /@(?:[\w$]+\.)*Repository\b/.test(lead);
      const candidate = plain.length > 0 || m[2]!.endsWith('Impl');
      const reached =
        (annotated || candidate) && mayManage(text) ? entityManagerReach(text, (blocks ??= scriptBlocks(text)), m.index, named, elsewhere) : undefined;
      const dao = annotated ? daoReach(reached) : undefined;
      if (candidate || dao)
        implementations.push({ name: m[2]!, at: m.index, implements: plain, ...(dao ? { dao } : {}), ...(reached?.size ? { reached } : {}) });
    }
  }
  const methods = (t: string, b: readonly Block[], r: { at?: number; entity?: string }) => springMethods(t, b, r, named, elsewhere);
  return { repositories: withMethods(text, repositories, methods), implementations: withMethods(text, implementations, methods) };
}

/**
 * Spring Data's fragments across the files read: a class that implements an interface a repository
 * extends (`OwnerRepositoryImpl implements OwnerRepositoryCustom`, with `OwnerRepository extends
 * JpaRepository<Owner, Integer>, OwnerRepositoryCustom`), or is named as the repository with `Impl`,
 * stands for the repository's entity, and its methods' accesses count for the repository too; the
 * fragment interface stands for it as well (a field of its type holds the repository). A class or
 * fragment that serves repositories of two entities stands for none. What the class's methods do through
 * its entity manager counts as a DAO's does (see `fragmentReach`).
 * A hand-written DAO that serves no repository stands for its entity (see `daoReach`), and so do the
 * interfaces it implements (`OwnerDao`, by which services hold it) when no DAO of another entity
 * implements them. Unless the files read are the `whole` project, a class that implements a type or
 * is named `…Impl` may serve a repository read elsewhere, and is no DAO.
 */
function linkFragments(read: readonly FileRepositories[], whole: boolean): CustomRepository[][] {
  const spring = read.flatMap((f) => f.repositories).filter((r) => r.orm === 'spring');
  const entityOf = (served: readonly CustomRepository[]) => {
    const entities = new Set(served.map((r) => r.entity));
    return entities.size === 1 ? [...entities][0] : undefined;
  };
  const out = read.map((f) => [...f.repositories]);
  const named = new Set(spring.map((r) => r.name));
  const daos: Array<{ file: number; dao: Dao; implements: readonly string[] }> = [];
  read.forEach((f, i) => {
    for (const c of f.implementations) {
      const served = spring.filter((r) => c.name === `${r.name}Impl` || c.implements.some((name) => r.fragments?.includes(name)));
      if (!served.length && c.dao && (whole || (!c.implements.length && !c.name.endsWith('Impl')))) {
        const { entity, methods } = c.dao;
        out[i]!.push({ orm: 'spring', name: c.name, entity, at: c.at, ...(Object.keys(methods).length ? { methods } : {}), dao: true });
        named.add(c.name);
        daos.push({ file: i, dao: c.dao, implements: c.implements });
      }
      const entity = entityOf(served);
      if (!entity) continue;
      const { methods, reaches } = fragmentReach(c, entity);
      out[i]!.push({ orm: 'spring', name: c.name, entity, at: c.at, ...(methods ? { methods } : {}), ...(reaches ? { reaches } : {}) });
      named.add(c.name);
      if (methods) for (const r of served) r.methods = { ...methods, ...r.methods };
    }
  });
  // each fragment interface once, beside the first repository that extends it
  read.forEach((f, i) => {
    for (const name of f.repositories.flatMap((r) => r.fragments ?? [])) {
      if (named.has(name)) continue;
      named.add(name);
      const served = spring.filter((r) => r.fragments?.includes(name));
      const entity = entityOf(served);
      const methods = Object.assign({}, ...served.map((r) => r.methods)) as Record<string, TableAccess[]>;
      if (entity) out[i]!.push({ orm: 'spring', name, entity, ...(Object.keys(methods).length ? { methods } : {}) });
    }
  });
  // each interface a DAO implements once, beside the first DAO that implements it
  for (const { file, implements: types } of daos)
    for (const name of types) {
      if (named.has(name)) continue;
      named.add(name);
      const served = daos.filter((d) => d.implements.includes(name)).map((d) => d.dao);
      const entities = new Set(served.map((d) => d.entity));
      const methods = Object.assign({}, ...served.map((d) => d.methods)) as Record<string, TableAccess[]>;
      if (entities.size === 1) out[file]!.push({ orm: 'spring', name, entity: served[0]!.entity, ...(Object.keys(methods).length ? { methods } : {}) });
    }
  return out;
}

/**
 * A JPA entity manager's methods that reach an entity's table: `find` reads, `persist`, `merge` and `remove` write,
 * `createQuery` says by its statement and `createNamedQuery` by the statement of the named query. Hibernate's `Session`
 * has them too, with its own: `get`, `load`, `byId` and `createCriteria` read the class they name, `save`,
 * `saveOrUpdate`, `update` and `delete` write the entity given.
 */
const ENTITY_MANAGER_CALLS = 'find|persist|merge|remove|createQuery|createNamedQuery|get|load|byId|createCriteria|save|saveOrUpdate|update|delete';
/** The calls that read the class named first: `em.find(Owner.class, id)`, `session.get(Owner.class, id)`. */
const CLASS_READS = /^(?:find|get|load|byId|createCriteria)$/;
/** The types by which a class reaches the database: JPA's entity manager, Hibernate's sessions. */
const ENTITY_MANAGER_TYPES = 'EntityManager|Session|StatelessSession';
/**
 * A session a Hibernate DAO asks for on each call: its factory's (`sessionFactory.getCurrentSession().save(owner)`,
 * `openSession()`), or a base DAO's method giving it (`getSession()`, `getHibernateSession()`, `currentSession()`).
 */
const SESSION_OPENED = String.raw`\b(?:get|open|current)\w*Session\s*\(\s*\)`;
/** Whether a text may reach the database through an entity manager or a Hibernate session. */
const mayManage = (text: string) => text.includes('EntityManager') || /\b(?:Stateless)?Session\b/.test(text) || new RegExp(SESSION_OPENED).test(text);

/**
 * The entity a hand-written DAO reaches, a `@Repository` class without a Spring Data base, from what
 * its methods do through its entity manager (`reached`, see `entityManagerReach`): only when the
 * calls name one entity; with what each method whose name is read does to its table.
 */
function daoReach(reached: Reached | undefined): Dao | undefined {
  if (reached?.size !== 1) return undefined;
  const [entity, methods] = [...reached][0]!;
  return { entity, methods };
}

/**
 * What a fragment's implementation `c`, serving repositories of `entity`, lends them and does where it is
 * declared: its `@Query` methods' accesses with what its methods do to `entity` through the entity manager;
 * and what its calls do to `entity` and to one other entity, when they name only that one besides (see `daoReach`).
 */
function fragmentReach(c: Implementation, entity: string): { methods?: Record<string, TableAccess[]>; reaches?: Record<string, TableAccess[]> } {
  const own = c.reached?.get(entity) ?? {};
  const methods: Record<string, TableAccess[]> = { ...c.methods };
  for (const [name, accesses] of Object.entries(own)) methods[name] = accessesOf([...(methods[name] ?? []), ...accesses]);
  const others = [...(c.reached?.keys() ?? [])].filter((e) => e !== entity);
  const reaches: Record<string, TableAccess[]> = {};
  for (const e of others.length === 1 ? [entity, others[0]!] : [entity]) {
    const accesses = accessesOf(Object.values(c.reached?.get(e) ?? {}).flat());
    if (accesses.length) reaches[e] = accesses;
  }
  return { ...(Object.keys(methods).length ? { methods } : {}), ...(Object.keys(reaches).length ? { reaches } : {}) };
}

/**
 * What a class (at `at`) does through its entity manager (a field, parameter or property of type `EntityManager`, or
 * Hibernate's `Session` or `StatelessSession`, or a session its factory gives: `sessionFactory.getCurrentSession().save(o)`),
 * by entity: `em.find(Owner.class, id)` reads Owner; `em.persist(owner)`, `merge` and `remove` write the type the method
 * declares the variable given with (`Owner owner`, Kotlin's `owner: Owner`) or the object made there (`new Owner(…)`);
 * a JPQL `em.createQuery("select o from Owner o")` reads the entities after `from` and `join` (`join fetch`), and an
 * `update Owner …` or `delete from Owner …` writes the first, whether the statement is written there or held by a
 * name the method or the class assigns it to, or another file's constant (`elsewhere`, see `heldStrings`). Each entity its
 * calls name, with what each method whose name is read does to its table; none when the class declares no entity manager.
 */
function entityManagerReach(text: string, blocks: readonly Block[], at: number, named: NamedQueries, elsewhere?: HeldStrings): Reached | undefined {
  const body = functionBody(text, blocks, at);
  const declared = text
    .slice(at, body.end)
    .matchAll(new RegExp(String.raw`\b(?:${ENTITY_MANAGER_TYPES})\s+([a-z_$][\w$]*)\s*[;,)=]|\b([a-z_$][\w$]*)\s*:\s*(?:${ENTITY_MANAGER_TYPES})\b`, 'g'));
  // a name given a session without its type (`var session = factory.openSession()`, Kotlin's `val session = …`)
  const assigned = text
    .slice(at, body.end)
    .matchAll(new RegExp(String.raw`(?<![\w$.])([a-z_$][\w$]*)\s*=\s*(?:[\w$]+\s*(?:\(\s*\))?\s*\.\s*)*${SESSION_OPENED.slice(2)}`, 'g'));
  const names = [...new Set([...declared, ...assigned].map((m) => escapeName(m[1] ?? m[2]!)))];
  const opened = new RegExp(SESSION_OPENED).test(text.slice(at, body.end));
  if (!names.length && !opened) return undefined;
  // the receiver looked behind, not matched, so that a call inside another's arguments is read too: `em.remove(em.find(Pet.class, id))`
  const receiver = [...(names.length ? [String.raw`(?<=^|[^\w$.]|\bthis\s*\.\s*)(?:${names.join('|')})`] : []), ...(opened ? [SESSION_OPENED] : [])];
  const calls = new RegExp(String.raw`(?:${receiver.join('|')})\s*[!?]?\.\s*(${ENTITY_MANAGER_CALLS})\s*\(`, 'g');
  const members = memberBodies(text, blocks, body).map(({ block, head }) => {
    const signature = head.slice(head.lastIndexOf(';') + 1).replace(new RegExp(ANNOTATION, 'g'), '');
    const name = /([A-Za-z_$][\w$]*)\s*\([^()]*\)\s*(?::[^(){};=]*|throws\b[^(){};=]*)?$/.exec(signature)?.[1];
    return { block, signature, name };
  });
  // the class's fields and constants: the file with its methods' bodies blanked, but not its constructors' (they assign fields)
  const constructors = new Set(['constructor', /^\s*(?:class|interface)\s+([\w$]+)/.exec(text.slice(at))?.[1]]);
  let fields = '';
  let kept = 0;
  for (const { block, name } of members)
    if (name && !constructors.has(name)) {
      fields += text.slice(kept, block.start) + ' '.repeat(block.end - block.start);
      kept = block.end;
    }
  fields += text.slice(kept);
  const reached: Reached = new Map();
  for (const { block, signature, name } of members) {
    const method = signature + text.slice(block.start, block.end);
    const held = heldStrings(method, fields, elsewhere);
    for (const m of text.slice(block.start, block.end).matchAll(calls)) {
      const args = callArgs(text, block.start + m.index + m[0].length - 1);
      for (const [entity, access] of callReach(m[1]!, args, method, held, named)) {
        const methods = reached.get(entity) ?? {};
        reached.set(entity, methods);
        if (name) methods[name] = accessesOf([...(methods[name] ?? []), access]);
      }
    }
  }
  return reached;
}

/**
 * What the classes of a file that stand for no repository of its own (`own`) do through an entity manager they declare
 * (a `@Service`, any class with an `EntityManager` field or parameter), read as a DAO's calls are (see `entityManagerReach`):
 * each class that reaches entities, where it is declared, with what its calls do to each; `text` has its comments blanked,
 * `elsewhere` gives the strings of other files' constants.
 */
export function entityManagerUses(
  text: string,
  own: readonly CustomRepository[],
  named: NamedQueries,
  elsewhere?: HeldStrings,
): Array<{ at: number; reaches: Map<string, TableAccess[]> }> {
  if (!mayManage(text)) return [];
  const blocks = scriptBlocks(text);
  const out: Array<{ at: number; reaches: Map<string, TableAccess[]> }> = [];
  for (const m of text.matchAll(/\bclass\s+[A-Z][\w$]*/g)) {
    if (own.some((r) => r.at === m.index)) continue;
    const reached = entityManagerReach(text, blocks, m.index, named, elsewhere);
    if (reached?.size)
      out.push({ at: m.index, reaches: new Map([...reached].map(([entity, methods]) => [entity, accessesOf(Object.values(methods).flat())])) });
  }
  return out;
}

/**
 * The SQL a file runs that is written elsewhere, each where it runs it: the named native queries (`@NamedNativeQuery`) it declares
 * (at its query) or runs by name: an entity manager's `createNamedQuery(…)`, a Spring Data `@Query(name = …)`, and a repository's
 * method for which Spring Data runs the entity's named query of its name (see `derivedNamedQueries`); and native SQL held by another
 * file's constant (see `heldNativeRuns`). `named` and `constants`, the project's.
 */
export function namedNativeRuns(
  written: string,
  language: string,
  named: NamedQueries,
  constants: ProjectConstants = NO_CONSTANTS,
): Array<{ sql: string; at: number }> {
  if (language !== 'java' && language !== 'kotlin') return [];
  const byName = [...named.values()].some((q) => q.native) || written.includes('NamedNativeQuery');
  const held = /\bnativeQuery\s*=\s*true\b|\bcreateNativeQuery\b/.test(written);
  if (!byName && !held) return [];
  const text = blankComments(written);
  const elsewhere = constants.inFile(text);
  const out = held ? heldNativeRuns(text, elsewhere) : [];
  if (!byName) return out;
  out.push(...namedQueryDeclarations(text, elsewhere).flatMap((d) => (d.native ? [{ sql: d.query, at: d.at }] : [])));
  const run = (at: number, q: NamedStatement | undefined) => {
    if (q?.native) out.push({ sql: q.query, at });
  };
  const strings = heldStrings('', text, elsewhere);
  for (const m of text.matchAll(/\bcreateNamedQuery\s*\(/g)) run(m.index, namedStatement(callArgs(text, m.index + m[0].length - 1), 0, strings, named));
  for (const m of text.matchAll(/@Query\s*\(/g)) run(m.index, queryNamed(callArgs(text, m.index + m[0].length - 1), strings, named));
  let blocks: readonly Block[] | undefined;
  for (const m of text.matchAll(/\b(?:interface|class)\s+[A-Z][\w$]*/g)) {
    const entity = SPRING_BASE.exec(supertypeClause(text, m.index + m[0].length))?.[1];
    if (!entity) continue;
    blocks ??= scriptBlocks(text);
    for (const d of derivedNamedQueries(text, blocks, functionBody(text, blocks, m.index), entity, named)) run(d.at, d.statement);
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * The native SQL a file runs whose statement another file's constant holds (in part), each where it runs it: a Spring Data
 * `@Query(value = Sql.ORPHANS, nativeQuery = true)` and an entity manager's `createNativeQuery(Sql.ORPHANS)`. SQL the file
 * holds whole is read where it is written. `text` has its comments blanked; `elsewhere`, the strings of other files' constants.
 */
function heldNativeRuns(text: string, elsewhere: HeldStrings): Array<{ sql: string; at: number }> {
  const out: Array<{ sql: string; at: number }> = [];
  const own = heldStrings('', text);
  const all = heldStrings('', text, elsewhere);
  const run = (at: number, statement: (held: HeldStrings) => string | undefined) => {
    const sql = statement(all);
    if (sql?.trim() && sql !== statement(own)) out.push({ sql, at });
  };
  for (const m of text.matchAll(/@Query\s*\(/g)) {
    const args = callArgs(text, m.index + m[0].length - 1);
    const native = attributeAt(args, 'nativeQuery');
    if (native !== undefined && /^\s*true\b/.test(args.slice(native)))
      run(m.index, (held) => attribute(args, 'value', held) ?? concatenation(args, 0, held).value);
  }
  for (const m of text.matchAll(/\bcreateNativeQuery\s*\(/g)) {
    const args = callArgs(text, m.index + m[0].length - 1);
    run(m.index, (held) => concatenation(args, 0, held).value);
  }
  return out;
}

/** A class literal first in a call's arguments, naming an entity: `Owner.class`, Kotlin's `Owner::class.java`. */
const CLASS_FIRST = String.raw`^\s*([A-Z][\w$]*)\s*(?:\.\s*class|::\s*class(?:\s*\.\s*java)?)\b`;

/** An entity manager's call that gives an entity of the class it names: `em.find(Owner.class, id)`, `this.em.getReference(…)`. */
const FOUND = new RegExp(String.raw`^\s*(?:[\w$]+\s*(?:\(\s*\))?\s*[!?]?\.\s*)+(?:find|getReference|get|load)\s*\(${CLASS_FIRST.slice(1)}`);

/**
 * The entities an entity manager's call reaches, each with what the call does to its table; `method` the text declaring its
 * variables, `held` the strings its names hold, `named` the project's named queries. `persist`, `merge` and `remove` write
 * the entity given: a variable's declared type, an object made there, or one the entity manager finds.
 */
function callReach(call: string, args: string, method: string, held: HeldStrings, named: NamedQueries): Array<[string, TableAccess]> {
  if (CLASS_READS.test(call)) {
    const entity = new RegExp(CLASS_FIRST).exec(args)?.[1];
    return entity ? [[entity, 'read']] : [];
  }
  if (call === 'createQuery') return jpqlReach(statementOf(args, held));
  if (call === 'createNamedQuery') {
    // a named native query's SQL names tables, not entities (see `namedNativeRuns`)
    const jpql = namedStatement(args, 0, held, named);
    return jpql && !jpql.native ? jpqlReach(jpql.query) : [];
  }
  const made = /^\s*new\s+([A-Z][\w$]*)\s*[(<]/.exec(args)?.[1] ?? FOUND.exec(args)?.[1];
  const variable = /^\s*([a-z_$][\w$]*)\s*$/.exec(args)?.[1];
  const type = variable
    ? (new RegExp(String.raw`\b([A-Z][\w$]*)\s+${escapeName(variable)}\s*[,)=;:]`).exec(method)?.[1] ??
      new RegExp(String.raw`(?<![\w$.])${escapeName(variable)}\s*:\s*([A-Z][\w$]*)`).exec(method)?.[1])
    : made;
  return type ? [[type, 'write']] : [];
}

/** A statement that changes rows, JPQL or SQL: it starts with `update`, `delete` or `insert`. */
const WRITING = /^\s*(?:update|delete|insert)\b/i;

const SPRING_METHOD = new RegExp(String.raw`^\s*(?:${ANNOTATION}\s*)*(?:(?:suspend\s+)?fun\s+(?:<[^>]*>\s*)?([\w$]+)\s*\(|[^;(){}=@]*?\b([\w$]+)\s*\()`);

/**
 * What a Spring Data repository's annotated methods do: a `@Query` reads, unless it is `@Modifying`
 * or its statement (written, or held by a constant the file assigns) starts with `update`, `delete` or
 * `insert`; `@Query(name = "Pet.adopt")`'s statement is the named query's (`queries`). A repository's method without one
 * does what the named query Spring Data runs in its stead says (see `derivedNamedQueries`), else it says it by its name.
 * A statement held by another file's constant is read by `elsewhere`.
 */
function springMethods(
  text: string,
  blocks: readonly Block[],
  r: { at?: number; entity?: string },
  queries: NamedQueries,
  elsewhere?: HeldStrings,
): Map<string, TableAccess[]> {
  const methods = new Map<string, TableAccess[]>();
  if (r.at === undefined) return methods;
  const held = heldStrings('', text, elsewhere);
  const body = functionBody(text, blocks, r.at);
  let previous = body.start;
  for (const m of text.slice(body.start, body.end).matchAll(/@Query\s*\(/g)) {
    const at = body.start + m.index;
    if (at < previous) continue;
    const open = at + m[0].length - 1;
    const args = callArgs(text, open);
    const after = open + args.length + 2;
    const method = SPRING_METHOD.exec(text.slice(after, after + 600));
    if (!method) continue;
    const named = after + method[0].length;
    const lead = text.slice(Math.max(previous, ...[';', '{', '}'].map((c) => text.lastIndexOf(c, at) + 1)), named);
    // the named query `name` names runs, else the statement given (first, or as `value`, written or held by a constant)
    const statement = queryNamed(args, held, queries)?.query ?? attribute(args, 'value', held) ?? concatenation(args, 0, held).value;
    const write = /@Modifying\b/.test(lead) || WRITING.test(statement);
    methods.set(method[1] ?? method[2]!, [write ? 'write' : 'read']);
    previous = named;
  }
  if (r.entity)
    for (const d of derivedNamedQueries(text, blocks, body, r.entity, queries))
      methods.set(d.name, [/@Modifying\b/.test(d.lead) || WRITING.test(d.statement.query) ? 'write' : 'read']);
  return methods;
}

/**
 * The named query a `@Query`'s arguments name (`name = "Pet.adopt"`, `name = Pet.PURGE`), among `queries`, when they give
 * no statement of their own (first, or as `value`, written or held by a constant).
 */
function queryNamed(args: string, held: HeldStrings, queries: NamedQueries): NamedStatement | undefined {
  if (/^\s*["']/.test(args) || attribute(args, 'value', held) !== undefined) return undefined;
  const name = attributeAt(args, 'name');
  return name === undefined ? undefined : namedStatement(args, name, held, queries);
}

/** The annotations, modifiers and type written before a member's name, back to the member before it. */
const LEAD = new RegExp(String.raw`(?:${ANNOTATION}\s*)*[^;(){}=@"]*$`);

/**
 * The methods a Spring Data repository of `entity` declares with neither a body nor a `@Query`, for which Spring Data
 * runs the named query of the entity's name and the method's (`findByOwner` on a repository of Pet runs `Pet.findByOwner`)
 * when the project declares one (`queries`): each with where it is declared, what is written before it and the statement.
 */
function derivedNamedQueries(
  text: string,
  blocks: readonly Block[],
  body: Block,
  entity: string,
  queries: NamedQueries,
): Array<{ name: string; at: number; lead: string; statement: NamedStatement }> {
  const inside = blocks.filter((b) => b.start > body.start && b.end < body.end);
  const out: Array<{ name: string; at: number; lead: string; statement: NamedStatement }> = [];
  for (const [query, statement] of queries) {
    if (!query.startsWith(`${entity}.`)) continue;
    const name = query.slice(entity.length + 1);
    // declared after its type (`List<Pet> findByOwner(`) or Kotlin's `fun`, not called (`else findByOwner(o)`)
    const declared = new RegExp(String.raw`(?<=\bfun\s+(?:<[^>]*>\s*)?|[\w$>\]?]\s+)(?<!\b(?:return|else|throw|new|in|is|as)\s+)${escapeName(name)}\s*\(`, 'g');
    for (const m of text.slice(body.start, body.end).matchAll(declared)) {
      const at = body.start + m.index;
      if (inside.some((b) => b.start < at && at < b.end)) continue;
      const open = at + m[0].length - 1;
      if (/^[^{};=(]*[{=]/.test(text.slice(open + callArgs(text, open).length + 2))) continue;
      const lead = LEAD.exec(text.slice(Math.max(body.start + 1, at - 600), at))?.[0] ?? '';
      if (!/@Query\b/.test(lead)) out.push({ name, at, lead, statement });
    }
  }
  return out;
}

/** What a repository's own method of that name does, when its body or annotations say. */
export function methodAccess(repositories: readonly CustomRepository[], repository: string, method: string): readonly TableAccess[] | undefined {
  const methods = repositories.find((r) => r.name === repository)?.methods;
  return methods && Object.hasOwn(methods, method) ? methods[method] : undefined;
}
