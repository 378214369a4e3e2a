/**
 * @module adapters/connector/code/orm/doctrine-uses
 * What a PHP file does with the project's Doctrine entities:
 * - a repository: a class passing an entity to `parent::__construct($registry, Post::class)` (Symfony's
 *   `ServiceEntityRepository`) or named by an entity's `repositoryClass`. Its own methods read the
 *   entity's table through `$this->createQueryBuilder(…)`, `$this->find…(…)`, `$this->count(…)`;
 *   a file holding one by a typed name (`private PostRepository $posts`, a parameter) or from
 *   `$em->getRepository(Post::class)` reads or writes by the method it calls: one of the
 *   repository's own, by what its body does (to its entity's table or another's), else `save…`/`add…`/`remove…`/`delete…` write and the
 *   rest (`find…`, `findOneBy`, `count`, `matching`…) read;
 * - the entity manager: `$em->persist($post)` and `$em->remove($post)` write the table of the
 *   entity the variable holds (`$post = new Post(…)`, a parameter `Post $post`, a finder's result), as
 *   does changing it in a function that flushes (`$post->setTitle(…)`, `createForm(PostType::class,
 *   $post)`, then `$em->flush()`); `$em->find(Post::class, …)` reads;
 * - DQL: after `FROM`, `JOIN`, `UPDATE` and `DELETE`, an entity by its full name (`App\Entity\User u`,
 *   `'… FROM ' . User::class . ' u'`, `sprintf('… FROM %s u', User::class)`) or an old `App:User` alias reads its table (`UPDATE` and
 *   `DELETE` write); the query builder's `->from(User::class, 'u')` reads, its `->update(…)` and
 *   `->delete(…)` write; a join on a relation, `JOIN u.posts p` or `->join('u.posts', 'p')`, reads the
 *   relation's target (and a many-to-many's join table, its own or its owning side's), the alias known
 *   from the same function's `FROM`, `from(…)`, `join` or repository's `createQueryBuilder('u')`.
 * An entity's own file is not read for uses of its own table (it declares it).
 */
import type { TableAccess } from '../../../../ports/code.js';
import { callArgs, functionBody } from '../text/call-reading.js';
import { scriptBlocks, type Block } from '../text/script-blocks.js';
import type { DoctrineEntity, DoctrineRelation } from './doctrine-entities.js';
import { joinTableOf } from './doctrine-joins.js';
import { sprintfEntities } from './doctrine-sprintf.js';
import { phpArg, phpChain, phpClasses, phpCode, phpNames, resolveClass, splitArgs, type PhpNames } from './php-classes.js';

export interface DoctrineProject {
  entities: ReadonlyMap<string, DoctrineEntity>;
  /** The entity of each repository class, by the repository's full name. */
  repositories: ReadonlyMap<string, string>;
  /** What each repository's own methods do to the tables of entities (its own, others), by the repository's full name and the method's. */
  methods: ReadonlyMap<string, ReadonlyMap<string, readonly Reached[]>>;
}

/** A many-to-many's join table, which a join on the relation reads. */
export interface JoinTable {
  table: string;
  alternatives: string[];
}

export type EntityUse = (entity: DoctrineEntity, index: number, access: TableAccess) => void;

/** A table a method reaches: an entity's or a join table, with what it does to it. */
type Reached = readonly [DoctrineEntity | JoinTable, TableAccess];

/** The repository methods Doctrine's base classes give, which read. */
const BASE_READS = /^(?:find\w*|count\w*|matching|createQueryBuilder|createResultSetMappingBuilder|getClassName)$/;
/** PHPUnit's calls on a mock object. */
const MOCK_CALLS = /^(?:expects|method|willReturn\w*|with)$/;
/** A repository method that writes by its name, when its body is not the project's to read. */
const WRITE_NAMES = /^(?:save|add|persist|remove|delete|store|update)(?:[A-Z]\w*)?$/;

/** An entity as an argument names it: `Post::class`, `'App\Entity\Post'`, or an old `'App:Post'` alias. */
function entityArg(written: string | undefined, names: PhpNames, project: DoctrineProject): DoctrineEntity | undefined {
  if (!written) return undefined;
  const alias = /^(['"])(\w+:\w+)\1$/.exec(written.trim());
  if (alias) return entityNamed(alias[2]!, project);
  const arg = phpArg(written.trim(), names);
  if ('class' in arg) return project.entities.get(arg.class);
  return 'string' in arg ? entityNamed(arg.string, project) : undefined;
}

/** An entity as a DQL statement or a string names it: its full name (`App\Entity\Post`, `App\\Entity\\Post`) or `Alias:Post`. */
function entityNamed(written: string, project: DoctrineProject): DoctrineEntity | undefined {
  const alias = /^\w+:(\w+)$/.exec(written);
  if (alias) {
    const found = [...project.entities.values()].filter((e) => e.name === alias[1]);
    return found.length === 1 ? found[0] : undefined;
  }
  return project.entities.get(written.replace(/\\\\/g, '\\').replace(/^\\/, ''));
}

/** The functions of a file, each from its declaration to the end of its body. */
function functionsOf(code: string, blocks: readonly Block[]): Array<{ name: string; start: number; body: Block }> {
  return [...code.matchAll(/\bfunction\s+(\w+)\s*\(/g)].map((m) => ({
    name: m[1]!,
    start: m.index,
    body: functionBody(code, blocks, m.index + m[0].length - 1),
  }));
}

/**
 * Reads what a file does with the project's entities, reporting each through `used` at the offset
 * of the code doing it.
 */
export function doctrineUses(
  text: string,
  project: DoctrineProject,
  used: EntityUse,
  joinTableUsed: (table: JoinTable, index: number, access: TableAccess) => void = () => {},
): void {
  if (!project.entities.size || !/->|::/.test(text)) return;
  const code = phpCode(text);
  const names = phpNames(code);
  const classes = phpClasses(code);
  const own = new Set(classes.map((c) => c.fqn));
  const use: EntityUse = (entity, index, access) => {
    if (!own.has(entity.fqn)) used(entity, index, access);
  };
  const reach = (target: DoctrineEntity | JoinTable, index: number, access: TableAccess) =>
    'fqn' in target ? use(target, index, access) : joinTableUsed(target, index, access);
  const blocks = scriptBlocks(code);
  const functions = functionsOf(code, blocks);
  const scopeOf = (index: number) =>
    functions
      .filter((f) => f.start <= index && index < f.body.end)
      .reduce<(typeof functions)[number] | undefined>((a, f) => (!a || f.start > a.start ? f : a), undefined);
  const scopeKey = (index: number) => scopeOf(index)?.start ?? -1;
  const aliases = new Map<number, Map<string, DoctrineEntity>>();
  const alias = (index: number, name: string | undefined, entity: DoctrineEntity) => {
    if (!name) return;
    const key = scopeKey(index);
    aliases.set(key, (aliases.get(key) ?? new Map()).set(name, entity));
  };
  const entityClass = (written: string) => project.entities.get(resolveClass(names, written));

  // a repository's own calls on itself
  for (const c of classes) {
    const entityName = project.repositories.get(c.fqn);
    const entity = entityName && project.entities.get(entityName);
    if (!entity) continue;
    const body = code.slice(c.body.start, c.body.end);
    for (const m of body.matchAll(/\$this\s*->\s*(\w+)\s*\(/g)) {
      if (!BASE_READS.test(m[1]!)) continue;
      const at = c.body.start + m.index;
      const open = at + m[0].length - 1;
      const chain = phpChain(code, open).map((x) => x.method);
      use(entity, at, chain.some((x) => x === 'delete' || x === 'update') ? 'write' : 'read');
      if (m[1] === 'createQueryBuilder') alias(at, stringOf(splitArgs(callArgs(code, open))[0]), entity);
    }
  }

  // names holding a repository: typed properties and parameters, and `$repo = $em->getRepository(Post::class)`
  const held = new Map<string, { entity: DoctrineEntity; repository: string | undefined }>();
  for (const m of code.matchAll(/(\\?[A-Z][\w\\]*)\s+\$(\w+)\b/g)) {
    const repository = resolveClass(names, m[1]!);
    const entity = project.entities.get(project.repositories.get(repository) ?? '');
    if (entity) held.set(m[2]!, { entity, repository });
  }
  // (also a project's own wrapper of it: `$this->repository(Course::class)`)
  for (const m of code.matchAll(/->\s*(?:getRepository|repository)\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const entity = entityArg(splitArgs(callArgs(code, open))[0], names, project);
    if (!entity) continue;
    const repository = [...project.repositories].find(([, e]) => e === entity.fqn)?.[0];
    const chain = phpChain(code, open);
    for (const [target, access] of chain[0] ? methodUses(project, repository, entity, chain[0].method) : [[entity, 'read'] as const])
      reach(target, m.index, access);
    const assigned = /\$(\w+)\s*=\s*[^;=]*$/.exec(code.slice(Math.max(0, m.index - 200), m.index));
    if (assigned && !chain.length) held.set(assigned[1]!, { entity, repository });
  }
  for (const [name, { entity, repository }] of held)
    for (const m of code.matchAll(new RegExp(String.raw`\$(?:this\s*->\s*)?${name}\s*->\s*(\w+)\s*\(`, 'g'))) {
      const open = m.index + m[0].length - 1;
      // a test's mock of the repository (`$repository->method('find')->willReturn(…)`) runs nothing
      if (MOCK_CALLS.test(m[1]!)) continue;
      for (const [target, access] of methodUses(project, repository, entity, m[1]!)) reach(target, m.index, access);
      if (m[1] === 'createQueryBuilder') alias(m.index, stringOf(splitArgs(callArgs(code, open))[0]), entity);
    }

  // the entity a finder's call gives: `$em->find(Post::class, …)`, `getRepository(Post::class)->find…(…)`
  const found = (call: string) => {
    const byClass = /->\s*(?:find|getReference|getRepository)\s*\(\s*([^,()]+)/.exec(call);
    return byClass && (!/getRepository/.test(byClass[0]) || /->\s*find\w*\s*\(/.test(call)) ? entityArg(byClass[1], names, project) : undefined;
  };
  // the entity manager: persist and remove a variable's entity, find by class
  for (const m of code.matchAll(/->\s*(persist|remove|find|getReference|refresh|merge|detach)\s*\(/g)) {
    const [first] = splitArgs(callArgs(code, m.index + m[0].length - 1));
    const write = m[1] === 'persist' || m[1] === 'remove';
    if (!write && (m[1] === 'find' || m[1] === 'getReference')) {
      const entity = entityArg(first, names, project);
      if (entity) use(entity, m.index, 'read');
      continue;
    }
    if (!write || !first) continue;
    const created = /^new\s+(\\?[A-Z][\w\\]*)/.exec(first);
    const variable = /^\$(\w+)$/.exec(first)?.[1];
    const scope = scopeOf(m.index);
    const entity = created ? entityClass(created[1]!) : variable && variableEntity(code.slice(scope?.start ?? 0, m.index), variable, held, entityClass, found);
    if (entity) use(entity, m.index, 'write');
  }

  // an entity changed where its function flushes: `$post->setTitle(…)`, `createForm(PostType::class, $post)`, then `$em->flush()`
  for (const f of functions) {
    const body = code.slice(f.body.start, f.body.end);
    if (!/->\s*flush\s*\(/.test(body)) continue;
    for (const m of body.matchAll(/\$(\w+)\s*->\s*set[A-Z]\w*\s*\(|\bcreateForm\s*\(\s*[^,()]+,\s*\$(\w+)\b/g)) {
      const at = f.body.start + m.index;
      const variable = (m[1] ?? m[2])!;
      const entity = variable === 'this' ? undefined : variableEntity(code.slice(f.start, at), variable, held, entityClass, found);
      if (entity) use(entity, at, 'write');
    }
  }

  // DQL: the entities a statement names, with their aliases
  const dql =
    /\b(from|join|update|delete(?:\s+from)?)\s+(?:(\\?[A-Za-z_]\w*(?:\\{1,2}\w+)+|\w+:\w+)\b|(['"])\s*\.\s*(\\?[A-Z][\w\\]*)\s*::\s*class\s*\.\s*(['"]))\s*(?:as\s+)?(\w+)?/gi;
  for (const m of code.matchAll(dql)) {
    const entity = m[2] ? entityNamed(m[2], project) : entityClass(m[4]!);
    if (!entity) continue;
    use(entity, m.index, /^(?:update|delete)/i.test(m[1]!) ? 'write' : 'read');
    if (m[6] && !/^(?:where|join|inner|left|set|with|order|group|index)$/i.test(m[6])) alias(m.index, m[6], entity);
  }
  for (const s of sprintfEntities(code)) {
    const entity = entityArg(s.written, names, project);
    if (!entity) continue;
    use(entity, s.index, s.keyword === 'update' || s.keyword.startsWith('delete') ? 'write' : 'read');
    alias(s.index, s.alias, entity);
  }
  // the query builder's own entities: `from(User::class, 'u')`, `update(…)`, `delete(…)`, `join(Tag::class, 't', …)`
  for (const m of code.matchAll(/->\s*(from|update|delete|(?:inner|left)?[jJ]oin)\s*\(/g)) {
    const [first, second] = splitArgs(callArgs(code, m.index + m[0].length - 1));
    const entity = entityArg(first, names, project);
    if (!entity) continue;
    use(entity, m.index, m[1] === 'update' || m[1] === 'delete' ? 'write' : 'read');
    alias(m.index, stringOf(second), entity);
  }
  // joins on a relation, in order: `JOIN u.posts p`, `->leftJoin('u.posts', 'p')`
  const joins = [
    ...[...code.matchAll(/\bjoin\s+(?:fetch\s+)?(\w+)\.(\w+)\s+(?:as\s+)?(\w+)/gi)].map((m) => ({ index: m.index, from: m[1]!, property: m[2]!, as: m[3] })),
    ...[...code.matchAll(/->\s*(?:inner|left)?[jJ]oin\s*\(\s*(['"])(\w+)\.(\w+)\1\s*(?:,\s*(['"])(\w+)\4)?/g)].map((m) => ({
      index: m.index,
      from: m[2]!,
      property: m[3]!,
      as: m[5],
    })),
  ].sort((a, b) => a.index - b.index);
  for (const j of joins) {
    const from = aliases.get(scopeKey(j.index))?.get(j.from);
    const relation = from?.allRelations.find((r) => r.property === j.property);
    const target = relation?.target ? project.entities.get(relation.target) : undefined;
    if (!target) continue;
    use(target, j.index, 'read');
    alias(j.index, j.as, target);
    const joinTable = relation && manyToManyTable(from!, relation, target);
    if (joinTable) joinTableUsed(joinTable, j.index, 'read');
  }
}

/** The join table of a many-to-many of `entity` reaching `target`: its own (the owning side), else that of the owning side's relation `mappedBy` names. */
function manyToManyTable(entity: DoctrineEntity, relation: DoctrineRelation, target: DoctrineEntity): JoinTable | undefined {
  if (relation.kind !== 'ManyToMany') return undefined;
  if (!relation.mappedBy) return joinTableOf(entity, relation, entity.tableNaming);
  const owning = target.allRelations.find((r) => r.property === relation.mappedBy && r.kind === 'ManyToMany');
  return owning && joinTableOf(target, owning, target.tableNaming);
}

const stringOf = (written: string | undefined) => (written ? /^(['"])(\w+)\1$/.exec(written)?.[2] : undefined);

/** What a method called on `entity`'s repository does: what the repository's own method's body does, else to `entity`'s table by its name. */
function methodUses(project: DoctrineProject, repository: string | undefined, entity: DoctrineEntity, method: string): readonly Reached[] {
  const own = repository ? project.methods.get(repository)?.get(method) : undefined;
  return own?.length ? own : [[entity, !BASE_READS.test(method) && WRITE_NAMES.test(method) ? 'write' : 'read']];
}

/**
 * The entity a variable holds where `before` ends, by its last binding there: `Post $post` (a parameter),
 * `$post = new Post(…)`, or a finder's call, `$post = $posts->findOneBy(…)` on a name `held` holding
 * a repository, `$em->find(Post::class, …)` (what `found` reads).
 */
function variableEntity(
  before: string,
  variable: string,
  held: ReadonlyMap<string, { entity: DoctrineEntity }>,
  entityClass: (written: string) => DoctrineEntity | undefined,
  found: (call: string) => DoctrineEntity | undefined,
): DoctrineEntity | undefined {
  const bound = [...before.matchAll(new RegExp(String.raw`\$${variable}\s*=\s*([^;]+)|(\\?[A-Z][\w\\]*)\s+\$${variable}\b`, 'g'))].at(-1);
  if (!bound) return undefined;
  if (bound[2]) return entityClass(bound[2]);
  const value = bound[1]!.trim();
  const created = /^new\s+(\\?[A-Z][\w\\]*)/.exec(value);
  if (created) return entityClass(created[1]!);
  const finder = /^\$(?:this\s*->\s*)?(\w+)\s*->\s*find\w*\s*\(/.exec(value);
  return finder ? held.get(finder[1]!)?.entity : found(value);
}

/**
 * What each method of a repository class does to the tables of entities, by the uses `doctrineUses` reads in its body
 * (the repository's file read with `project`, whose `methods` may be empty): `removeMember` removing a `TeamMember` writes its table.
 */
export function repositoryMethods(text: string, project: DoctrineProject): Map<string, Map<string, Reached[]>> {
  const out = new Map<string, Map<string, Reached[]>>();
  const code = phpCode(text);
  const classes = phpClasses(code).filter((c) => project.repositories.has(c.fqn));
  if (!classes.length) return out;
  const found: Array<{ index: number; reached: Reached }> = [];
  doctrineUses(
    text,
    project,
    (entity, index, access) => found.push({ index, reached: [entity, access] }),
    (table, index, access) => found.push({ index, reached: [table, access] }),
  );
  const functions = functionsOf(code, scriptBlocks(code));
  for (const c of classes) {
    const methods = new Map<string, Reached[]>();
    for (const f of functions.filter((f) => f.start > c.body.start && f.start < c.body.end)) {
      const uses = found.filter((u) => u.index >= f.start && u.index < f.body.end);
      const distinct = new Map(
        uses.map(({ reached: [target, access] }) => [`${'fqn' in target ? target.fqn : target.table} ${access}`, [target, access] as const]),
      );
      if (distinct.size) methods.set(f.name, [...distinct.values()]);
    }
    out.set(c.fqn, methods);
  }
  return out;
}
