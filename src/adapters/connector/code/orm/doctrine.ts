/**
 * @module adapters/connector/code/orm/doctrine
 * Doctrine ORM (PHP, Symfony): the tables its entities map, what the other files do with them, and
 * the joins their relations declare.
 * - An entity's file declares its table (doctrine-entities), or its XML or YAML mapping's (doctrine-xml,
 *   doctrine-yaml): an
 *   entity extending no class, read from its file alone; one extending another class (a mapped superclass, a parent entity), found once
 *   the project is read, and then listed among its file's uses as declaring it. The join table of
 *   an owning `ManyToMany` is declared by its entity's file. Each entity is known by its full name.
 * - Uses in other files: doctrine-uses; joins: doctrine-joins, named by the strategy the project's
 *   config sets (doctrine-config), which names first the tables the mapping does not name.
 */
import { lineAt } from '../text/lines.js';
import { directEntities, doctrineClasses, projectEntities, type DoctrineClass, type DoctrineEntity } from './doctrine-entities.js';
import { doctrineJoins, manyToManyTables } from './doctrine-joins.js';
import { namingOf, type NamingStrategy } from './doctrine-naming.js';
import { configuredNaming } from './doctrine-config.js';
import { withPhpClasses, xmlDoctrineClasses } from './doctrine-xml.js';
import { yamlDoctrineClasses } from './doctrine-yaml.js';
import { doctrineUses, repositoryMethods, type DoctrineProject } from './doctrine-uses.js';
import type { ConfigText, OrmReader, OrmTableRef, ProjectFile } from './orm-reader.js';
import { callArgs } from '../text/call-reading.js';
import { splitArgs, phpArg } from './php-classes.js';

const entityRef = (e: DoctrineEntity, line = 0): OrmTableRef => ({
  table: e.mapped,
  ...(e.alternatives.length ? { alternatives: e.alternatives } : {}),
  line,
  via: 'doctrine',
  model: e.fqn,
});

/** The entity a repository class passes to `parent::__construct($registry, Post::class)`, by its full name. */
function constructedFor(c: DoctrineClass): string | undefined {
  const body = c.code.slice(c.body.start, c.body.end);
  const m = /parent\s*::\s*__construct\s*\(/.exec(body);
  const entity = m && splitArgs(callArgs(c.code, c.body.start + m.index + m[0].length - 1))[1];
  const arg = entity && phpArg(entity, c.names);
  return arg && 'class' in arg ? arg.class : arg && 'string' in arg ? arg.string.replace(/^\\/, '') : undefined;
}

/** The classes a mapping file (XML, YAML) maps. */
const mappingClasses = (file: ProjectFile) => (file.language === 'xml' ? xmlDoctrineClasses(file) : yamlDoctrineClasses(file));

/** The naming strategy the project's Symfony config sets, read once per scan's configs. */
const configured = new WeakMap<readonly ConfigText[], { naming: NamingStrategy | undefined }>();
function configuredOnce(configs: readonly ConfigText[]): NamingStrategy | undefined {
  const known = configured.get(configs) ?? { naming: configuredNaming(configs) };
  configured.set(configs, known);
  return known.naming;
}

export const doctrineReader: OrmReader = {
  via: 'doctrine',
  languages: new Set(['php', 'xml', 'yaml']),
  declared(file, configs = []) {
    const classes = file.language === 'php' ? doctrineClasses(file) : mappingClasses(file);
    const code = classes[0]?.code ?? '';
    const naming = configuredOnce(configs);
    return [
      ...directEntities(classes, naming).map((e) => entityRef(e, lineAt(code, e.index))),
      ...manyToManyTables(classes, naming).map(({ table, alternatives, index }) => ({
        table,
        ...(alternatives.length ? { alternatives } : {}),
        line: lineAt(code, index),
        via: 'doctrine',
      })),
    ];
  },
  project(files, declared, configs = []) {
    const mapped = files.filter((f) => f.language !== 'php').flatMap(mappingClasses);
    const classes = withPhpClasses(
      files.filter((f) => f.language === 'php').flatMap((f) => doctrineClasses(f, mapped.length > 0)),
      mapped,
    );
    const naming = configuredOnce(configs);
    const entities = projectEntities(classes, naming);
    const repositories = new Map<string, string>();
    for (const e of entities.values()) if (e.repository) repositories.set(e.repository, e.fqn);
    for (const c of classes) {
      const entity = c.kind === 'other' ? constructedFor(c) : undefined;
      if (entity && entities.has(entity)) repositories.set(c.fqn, entity);
    }
    const bare: DoctrineProject = { entities, repositories, methods: new Map() };
    const repositoryFiles = new Set(classes.filter((c) => repositories.has(c.fqn)).map((c) => c.path));
    const methods = new Map(files.filter((f) => repositoryFiles.has(f.path)).flatMap((f) => [...repositoryMethods(f.text, bare)]));
    const project: DoctrineProject = { ...bare, methods };
    const refs = new Map([...entities.values()].map((e) => [e.fqn, entityRef(e)]));
    // the entities declaring their table once the project is read, by file
    const inherited = new Map<string, DoctrineEntity[]>();
    // (a mapping file declares its table from its file alone, whatever its class extends)
    for (const e of entities.values())
      if (!e.direct && !declared.get(e.path)?.some((r) => r.table === e.mapped)) inherited.set(e.path, [...(inherited.get(e.path) ?? []), e]);
    return {
      joins: doctrineJoins(
        entities,
        namingOf(
          files.map((f) => f.text),
          naming,
        ),
      ),
      uses(file, use) {
        for (const e of inherited.get(file.path) ?? []) use(refs.get(e.fqn)!, e.index, 'schema');
        if (file.language !== 'php') return;
        doctrineUses(
          file.text,
          project,
          (e, index, access) => use(refs.get(e.fqn)!, index, access),
          ({ table, alternatives }, index, access) => use({ table, ...(alternatives.length ? { alternatives } : {}), line: 0, via: 'doctrine' }, index, access),
        );
      },
    };
  },
};
