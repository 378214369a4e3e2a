/**
 * A Symfony app's Doctrine entities (PHP 8 attributes and docblock annotations), repositories,
 * entity manager calls and DQL as code-to-data links: `get` of a table lists the files that
 * declare, read and write it (with line and access), and `describe` lists the joins the entities'
 * relations declare. Real engine, real PostgreSQL source, real code tree.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf, tableUsersOf } from '../helpers/database-and-tree.js';

const php = (lines: string[]) => ['<?php', '', ...lines].join('\n');

const FILES: Record<string, string> = {
  'src/Entity/User.php': php([
    'namespace App\\Entity;',
    '',
    'use App\\Repository\\UserRepository;',
    'use Doctrine\\ORM\\Mapping as ORM;',
    '',
    '#[ORM\\Entity(repositoryClass: UserRepository::class)]',
    "#[ORM\\Table(name: 'app_user')]",
    'class User',
    '{',
    '    #[ORM\\Id, ORM\\GeneratedValue, ORM\\Column]',
    '    private ?int $id = null;',
    '}',
  ]),
  'src/Entity/BlogPost.php': php([
    'namespace App\\Entity;',
    '',
    'use Doctrine\\Common\\Collections\\Collection;',
    'use Doctrine\\ORM\\Mapping as ORM;',
    '',
    '#[ORM\\Entity]',
    'class BlogPost',
    '{',
    '    #[ORM\\Id, ORM\\GeneratedValue, ORM\\Column]',
    '    private ?int $id = null;',
    '',
    '    #[ORM\\ManyToOne]',
    '    private ?User $author = null;',
    '',
    '    #[ORM\\ManyToMany(targetEntity: Tag::class)]',
    '    private Collection $tags;',
    '}',
  ]),
  'src/Entity/Tag.php': php([
    'namespace App\\Entity;',
    '',
    'use Doctrine\\ORM\\Mapping as ORM;',
    '',
    '/**',
    ' * @ORM\\Entity',
    ' * @ORM\\Table(name="tags")',
    ' */',
    'class Tag',
    '{',
    '}',
  ]),
  // named by Doctrine's default strategy in this database: `LegacyItem`, which PostgreSQL folds to legacyitem
  'src/Entity/LegacyItem.php': php(['namespace App\\Entity;', '', 'use Doctrine\\ORM\\Mapping as ORM;', '', '#[ORM\\Entity]', 'class LegacyItem', '{', '}']),
  'src/Repository/UserRepository.php': php([
    'namespace App\\Repository;',
    '',
    'use App\\Entity\\User;',
    'use Doctrine\\Bundle\\DoctrineBundle\\Repository\\ServiceEntityRepository;',
    'use Doctrine\\Persistence\\ManagerRegistry;',
    '',
    'class UserRepository extends ServiceEntityRepository',
    '{',
    '    public function __construct(ManagerRegistry $registry)',
    '    {',
    '        parent::__construct($registry, User::class);',
    '    }',
    '',
    '    public function withPosts(): array',
    '    {',
    "        return $this->getEntityManager()->createQuery('SELECT u, p FROM App\\Entity\\BlogPost p JOIN p.author u')->getResult();",
    '    }',
    '}',
  ]),
  'src/Controller/PostController.php': php([
    'namespace App\\Controller;',
    '',
    'use App\\Entity\\BlogPost;',
    'use App\\Entity\\LegacyItem;',
    'use App\\Repository\\UserRepository;',
    'use Doctrine\\ORM\\EntityManagerInterface;',
    '',
    'class PostController',
    '{',
    '    public function __construct(private UserRepository $users, private EntityManagerInterface $em)',
    '    {',
    '    }',
    '',
    '    public function new(): void',
    '    {',
    '        $post = new BlogPost();',
    '        $this->em->persist($post);',
    '        $this->em->flush();',
    '    }',
    '',
    '    public function authors(): array',
    '    {',
    '        return $this->users->findAll();',
    '    }',
    '',
    '    public function legacy(int $id): ?LegacyItem',
    '    {',
    '        return $this->em->find(LegacyItem::class, $id);',
    '    }',
    '}',
  ]),
};

const suite = databaseAndTreeSuite(
  'orm_doctrine',
  `
    CREATE TABLE app_user (id serial PRIMARY KEY);
    CREATE TABLE blog_post (id serial PRIMARY KEY, author_id int);
    CREATE TABLE tags (id serial PRIMARY KEY);
    CREATE TABLE blog_post_tag (blog_post_id int, tag_id int);
    CREATE TABLE LegacyItem (id serial PRIMARY KEY);
  `,
  FILES,
);

it('links an entity, its repository and the files reading and writing it through Doctrine', async () => {
  expect(await tableUsersOf(suite.engine(), 'public.blog_post')).toEqual([
    'src/Controller/PostController.php:19 write',
    'src/Entity/BlogPost.php:9 schema',
    'src/Repository/UserRepository.php:18 read',
  ]);
  // the DQL's join on `p.author` reads User's table; the injected repository's `findAll` too
  expect(await tableUsersOf(suite.engine(), 'public.app_user')).toEqual([
    'src/Controller/PostController.php:25 read',
    'src/Entity/User.php:10 schema',
    'src/Repository/UserRepository.php:18 read',
  ]);
  expect(await tableUsersOf(suite.engine(), 'public.tags')).toEqual(['src/Entity/Tag.php:11 schema']);
});

it("finds a table named by Doctrine's default naming strategy", async () => {
  expect(await tableUsersOf(suite.engine(), 'public.legacyitem')).toEqual(['src/Controller/PostController.php:30 read', 'src/Entity/LegacyItem.php:8 schema']);
});

it('lists the joins the relations declare, with the default join column and join table', async () => {
  expect(await declaredJoinsOf(suite.engine(), 'public.blog_post')).toEqual(['blog_post.author_id = app_user.id -- doctrine src/Entity/BlogPost.php:15']);
  expect(await declaredJoinsOf(suite.engine(), 'public.blog_post_tag')).toEqual([
    'blog_post_tag.blog_post_id = blog_post.id -- doctrine src/Entity/BlogPost.php:18',
    'blog_post_tag.tag_id = tags.id -- doctrine src/Entity/BlogPost.php:18',
  ]);
  expect(await tableUsersOf(suite.engine(), 'public.blog_post_tag')).toEqual(['src/Entity/BlogPost.php:18 schema']);
});
