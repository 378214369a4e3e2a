/**
 * Doctrine mapped in YAML, scanned from a real folder: the `*.orm.yml` mappings are listed and read
 * as entities, the join columns they leave unnamed take the naming strategy Symfony's
 * `config/packages/doctrine.yaml` sets, and a change to that config alone reads the tree again.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCodeConnector } from '../../../../src/adapters/connector/code/index.js';
import type { CatalogObject } from '../../../../src/ports/catalog.js';
import type { DeclaredJoin } from '../../../../src/ports/code.js';
import type { SourceRecord } from '../../../../src/ports/connector.js';

const root = mkdtempSync(join(tmpdir(), 'sextant-doctrine-yaml-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

const config = (strategy: string) => `doctrine:\n    orm:\n        naming_strategy: doctrine.orm.naming_strategy.${strategy}\n        auto_mapping: true\n`;

write('composer.json', JSON.stringify({ require: { 'doctrine/orm': '^2.20', 'symfony/framework-bundle': '^6.4' } }));
write('config/packages/doctrine.yaml', config('default'));
write(
  'config/doctrine/BlogPost.orm.yml',
  [
    'App\\Entity\\BlogPost:',
    '    type: entity',
    '    repositoryClass: App\\Repository\\PostRepository',
    '    manyToOne:',
    '        mainAuthor:',
    '            targetEntity: App\\Entity\\User',
    '',
  ].join('\n'),
);
write('config/doctrine/User.orm.yml', 'App\\Entity\\User:\n    type: entity\n    table: users\n');
write('src/Entity/BlogPost.php', '<?php\nnamespace App\\Entity;\n\nclass BlogPost\n{\n    private ?User $mainAuthor = null;\n}\n');
write(
  'src/Repository/PostRepository.php',
  [
    '<?php',
    'namespace App\\Repository;',
    '',
    'use App\\Entity\\User;',
    'use Doctrine\\ORM\\EntityRepository;',
    '',
    'class PostRepository extends EntityRepository',
    '{',
    '    public function authors(): array',
    '    {',
    "        return $this->getEntityManager()->createQuery(sprintf('SELECT u FROM %s u', User::class))->getResult();",
    '    }',
    '}',
    '',
  ].join('\n'),
);

const source: SourceRecord = { name: 'blog', type: 'code', url: root, options: {}, createdAt: new Date().toISOString() };
const fileOf = (objects: readonly CatalogObject[], path: string) => objects.find((o) => o.kind === 'code_file' && o.path === path);
const tables = (objects: readonly CatalogObject[], path: string) =>
  ((fileOf(objects, path)?.attributes.ormTables as Array<{ table: string; line: number; access?: string[] }> | undefined) ?? []).map(
    (r) => `${r.table} ${r.access?.join('+') ?? '-'} @${r.line}`,
  );
const joins = (objects: readonly CatalogObject[], path: string) =>
  ((fileOf(objects, path)?.attributes.declaredJoins as DeclaredJoin[] | undefined) ?? []).map(
    (j) => `${j.table}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()}`,
  );

describe('Doctrine YAML mappings and config, scanned', () => {
  it('lists the mappings, names their tables and joins by the configured strategy, and reads the tree again when the config changes', async () => {
    const connector = createCodeConnector();
    const first = await connector.introspect(source, { stored: async () => [] });
    // the default strategy names the table by the class's short name
    expect(tables(first.objects, 'config/doctrine/BlogPost.orm.yml')).toEqual(['BlogPost schema @1']);
    expect(tables(first.objects, 'config/doctrine/User.orm.yml')).toEqual(['users schema @1']);
    // DQL built with sprintf reads the entity its placeholder takes
    expect(tables(first.objects, 'src/Repository/PostRepository.php')).toEqual(['users read @11']);
    // and keeps the property's name
    expect(joins(first.objects, 'config/doctrine/BlogPost.orm.yml')).toEqual(['BlogPost.mainAuthor_id = users.id']);

    write('config/packages/doctrine.yaml', config('underscore_number_aware'));
    const second = await connector.introspect(source, { stored: async () => first.objects });
    expect(tables(second.objects, 'config/doctrine/BlogPost.orm.yml')).toEqual(['blog_post schema @1']);
    expect(joins(second.objects, 'config/doctrine/BlogPost.orm.yml')).toEqual(['blog_post.main_author_id = users.id']);
  });
});
