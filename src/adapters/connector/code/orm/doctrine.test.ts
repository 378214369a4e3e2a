import { describe, expect, it } from 'vitest';
import { collectUses, type ProjectFile } from './orm-reader.js';
// the reader as the scan finds it
import { ormReaders } from './orm-readers.js';
import { DEFAULT_NAMING, defaultTableNames, UNDERSCORE_NAMING } from './doctrine-naming.js';
import { xmlMappingKind } from '../text/xml-elements.js';
import { configuredNaming } from './doctrine-config.js';

const reader = ormReaders().find((r) => r.via === 'doctrine')!;

const php = (lines: string[]) => `<?php\n\n${lines.join('\n')}\n`;
const files = (tree: Record<string, string>): ProjectFile[] => Object.entries(tree).map(([path, text]) => ({ path, text, language: 'php' }));

/** Each file's declared tables as `table (alternatives) @line`. */
function declaredOf(tree: Record<string, string>, configs: Record<string, string> = {}): Record<string, string[]> {
  const configTexts = Object.entries(configs).map(([path, text]) => ({ path, text }));
  return Object.fromEntries(
    files(tree).map((f) => [f.path, reader.declared(f, configTexts).map((r) => `${r.table}${r.alternatives ? ` (${r.alternatives.join()})` : ''} @${r.line}`)]),
  );
}

/** What the project makes of each file: its uses as `table access @line`, its joins as `on @line`. */
function projectOf(tree: Record<string, string>, configs: Record<string, string> = {}): { uses: Record<string, string[]>; joins: Record<string, string[]> } {
  const list = files(tree);
  const configTexts = Object.entries(configs).map(([path, text]) => ({ path, text }));
  const project = reader.project!(list, new Map(list.map((f) => [f.path, reader.declared(f, configTexts)])), configTexts);
  const uses = Object.fromEntries(
    list.map((f) => [f.path, collectUses(f.text, (use) => project.uses!(f, use)).map((r) => `${r.table} ${r.access?.join('+') ?? '-'} @${r.line}`)]),
  );
  const joins = Object.fromEntries(
    [...project.joins!].map(([path, list]) => [
      path,
      list.map((j) => `${j.table}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} @${j.line}`),
    ]),
  );
  return { uses, joins };
}

const ENTITIES: Record<string, string> = {
  'src/Entity/User.php': php([
    'namespace App\\Entity;',
    '',
    'use App\\Repository\\UserRepository;',
    'use Doctrine\\ORM\\Mapping as ORM;',
    '',
    '#[ORM\\Entity(repositoryClass: UserRepository::class)]',
    "#[ORM\\Table(name: 'app_user', schema: 'auth')]",
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
    '    #[ORM\\Id]',
    '    #[ORM\\Column]',
    '    private ?int $id = null;',
    '',
    '    #[ORM\\ManyToOne]',
    '    #[ORM\\JoinColumn(nullable: false)]',
    '    private ?User $mainAuthor = null;',
    '',
    '    #[ORM\\ManyToOne(targetEntity: User::class)]',
    "    #[ORM\\JoinColumn(name: 'editor', referencedColumnName: 'uid')]",
    '    private $editor;',
    '',
    '    /** @var Collection<int, Comment> */',
    "    #[ORM\\OneToMany(targetEntity: Comment::class, mappedBy: 'post')]",
    '    private Collection $comments;',
    '',
    '    #[ORM\\ManyToMany(targetEntity: Tag::class)]',
    '    private Collection $tags;',
    '}',
  ]),
  // an older project's docblock annotations
  'src/Entity/Comment.php': php([
    'namespace App\\Entity;',
    '',
    'use Doctrine\\ORM\\Mapping as ORM;',
    '',
    '/**',
    ' * @ORM\\Entity(repositoryClass="App\\Repository\\CommentRepository")',
    ' * @ORM\\Table(name="comments", indexes={@ORM\\Index(name="post_idx", columns={"post_id"})})',
    ' */',
    'class Comment',
    '{',
    '    /**',
    '     * @ORM\\ManyToOne(targetEntity="BlogPost", inversedBy="comments")',
    '     * @ORM\\JoinColumn(name="post_id", referencedColumnName="id")',
    '     */',
    '    private $post;',
    '',
    '    /**',
    '     * @ORM\\ManyToMany(targetEntity="Tag")',
    '     * @ORM\\JoinTable(name="comment_labels",',
    '     *     joinColumns={@ORM\\JoinColumn(name="comment", referencedColumnName="id")},',
    '     *     inverseJoinColumns={@ORM\\JoinColumn(name="label", referencedColumnName="id")}',
    '     * )',
    '     */',
    '    private $labels;',
    '}',
  ]),
  'src/Entity/Tag.php': php([
    'namespace App\\Entity;',
    '',
    'use Doctrine\\ORM\\Mapping as ORM;',
    '',
    '#[ORM\\Entity]',
    'class Tag',
    '{',
    '    use Blameable;',
    '}',
  ]),
  // a trait's mapped properties are each using entity's
  'src/Entity/Blameable.php': php([
    'namespace App\\Entity;',
    '',
    'use Doctrine\\ORM\\Mapping as ORM;',
    '',
    'trait Blameable',
    '{',
    '    #[ORM\\ManyToOne]',
    "    #[ORM\\JoinColumn(name: '`created_by`')]",
    '    private ?User $createdBy = null;',
    '}',
  ]),
  // a mapped superclass's relation is each entity's
  'src/Entity/Owned.php': php([
    'namespace App\\Entity;',
    '',
    'use Doctrine\\ORM\\Mapping as ORM;',
    '',
    '#[ORM\\MappedSuperclass]',
    'abstract class Owned',
    '{',
    '    #[ORM\\ManyToOne]',
    '    protected ?User $owner = null;',
    '}',
  ]),
  'src/Entity/Invoice.php': php([
    'namespace App\\Entity;',
    '',
    'use Doctrine\\ORM\\Mapping as ORM;',
    '',
    '#[ORM\\Entity]',
    "#[ORM\\InheritanceType('SINGLE_TABLE')]",
    'class Invoice extends Owned',
    '{',
    '    use Blameable;',
    '}',
  ]),
  'src/Entity/CreditNote.php': php([
    'namespace App\\Entity;',
    '',
    'use Doctrine\\ORM\\Mapping as ORM;',
    '',
    '#[ORM\\Entity]',
    'class CreditNote extends Invoice',
    '{',
    '    use Blameable;',
    '}',
  ]),
  'src/Entity/Vehicle.php': php([
    'namespace App\\Entity;',
    '',
    'use Doctrine\\ORM\\Mapping as ORM;',
    '',
    '#[ORM\\Entity]',
    "#[ORM\\InheritanceType('JOINED')]",
    'class Vehicle',
    '{',
    '    #[ORM\\Id]',
    "    #[ORM\\Column(name: 'vehicle_id')]",
    '    private int $id;',
    '}',
  ]),
  'src/Entity/Truck.php': php([
    'namespace App\\Entity;',
    '',
    'use Doctrine\\ORM\\Mapping as ORM;',
    '',
    '#[ORM\\Entity]',
    'class Truck extends Vehicle',
    '{',
    '}',
  ]),
};

describe('Doctrine naming strategies', () => {
  it("names as Doctrine's DefaultNamingStrategy and UnderscoreNamingStrategy do", () => {
    expect(UNDERSCORE_NAMING.classToTableName('App\\Entity\\BlogPost')).toBe('blog_post');
    expect(UNDERSCORE_NAMING.classToTableName('Address2Line')).toBe('address2_line');
    expect(DEFAULT_NAMING.classToTableName('App\\Entity\\BlogPost')).toBe('BlogPost');
    expect(UNDERSCORE_NAMING.joinColumnName('mainAuthor')).toBe('main_author_id');
    expect(DEFAULT_NAMING.joinColumnName('mainAuthor')).toBe('mainAuthor_id');
    expect(DEFAULT_NAMING.joinTableName('App\\Entity\\BlogPost', 'App\\Entity\\Tag')).toBe('blogpost_tag');
    expect(UNDERSCORE_NAMING.joinKeyColumnName('App\\Entity\\BlogPost')).toBe('blog_post_id');
    expect(defaultTableNames('Tag')).toEqual({ table: 'tag', alternatives: [] });
    expect(defaultTableNames('BlogPost')).toEqual({ table: 'blog_post', alternatives: ['BlogPost'] });
  });
});

describe('Doctrine entities', () => {
  it('declares the tables of attributes and annotations, the default names, and the owning many-to-manys join tables', () => {
    expect(declaredOf(ENTITIES)).toEqual({
      'src/Entity/User.php': ['auth.app_user @10'],
      'src/Entity/BlogPost.php': ['blog_post (BlogPost) @9', 'blog_post_tag (blogpost_tag) @28'],
      'src/Entity/Comment.php': ['comments @11', 'comment_labels @26'],
      'src/Entity/Tag.php': ['tag @8'],
      'src/Entity/Blameable.php': [],
      'src/Entity/Owned.php': [],
      // an entity extending a class is read with the project
      'src/Entity/Invoice.php': [],
      'src/Entity/CreditNote.php': [],
      'src/Entity/Vehicle.php': ['vehicle @9'],
      'src/Entity/Truck.php': [],
    });
  });

  it("reads no other ORM's `#[Entity]`", () => {
    const cycle = php(['namespace App\\Entity;', '', 'use Cycle\\Annotated\\Annotation\\Entity;', '', "#[Entity(table: 'users')]", 'class User', '{', '}']);
    expect(declaredOf({ 'src/Entity/User.php': cycle })).toEqual({ 'src/Entity/User.php': [] });
  });

  it("joins owning relations, join tables, a mapped superclass's and a trait's relations and JOINED children; single-table children share the root's table", () => {
    const { uses, joins } = projectOf(ENTITIES);
    // a project without Symfony names the columns by Doctrine's default strategy
    expect(joins).toEqual({
      'src/Entity/BlogPost.php': [
        'blog_post.mainAuthor_id = auth.app_user.id @17',
        'blog_post.editor = auth.app_user.uid @21',
        'blog_post_tag.blogpost_id = blog_post.id @28',
        'blog_post_tag.tag_id = tag.id @28',
      ],
      'src/Entity/Comment.php': ['comments.post_id = blog_post.id @17', 'comment_labels.comment = comments.id @26', 'comment_labels.label = tag.id @26'],
      'src/Entity/Owned.php': ['invoice.owner_id = auth.app_user.id @11'],
      'src/Entity/Truck.php': ['truck.vehicle_id = vehicle.vehicle_id @8'],
      // Doctrine's quoted name, without its backquotes
      // (the single-table entities both using it declare one join)
      'src/Entity/Blameable.php': ['tag.created_by = auth.app_user.id @11', 'invoice.created_by = auth.app_user.id @11'],
    });
    expect(uses['src/Entity/Invoice.php']).toEqual(['invoice schema @9']);
    expect(uses['src/Entity/CreditNote.php']).toEqual(['invoice schema @8']);
    expect(uses['src/Entity/Truck.php']).toEqual(['truck schema @8']);
  });

  it("names the join columns by the underscore strategy where the project's config or Symfony says", () => {
    const configured = php([
      'return static function (DoctrineConfig $doctrine) {',
      "    $doctrine->orm()->entityManager('default')->namingStrategy('doctrine.orm.naming_strategy.underscore_number_aware');",
      '};',
    ]);
    const symfony = php(['namespace App\\Controller;', '', 'use Symfony\\Bundle\\FrameworkBundle\\Controller\\AbstractController;']);
    const underscored = [
      'blog_post.main_author_id = auth.app_user.id @17',
      'blog_post.editor = auth.app_user.uid @21',
      'blog_post_tag.blog_post_id = blog_post.id @28',
      'blog_post_tag.tag_id = tag.id @28',
    ];
    expect(projectOf({ ...ENTITIES, 'config/packages/doctrine.php': configured }).joins['src/Entity/BlogPost.php']).toEqual(underscored);
    expect(projectOf({ ...ENTITIES, 'src/Controller/Home.php': symfony }).joins['src/Entity/BlogPost.php']).toEqual(underscored);
    // a Symfony project configuring Doctrine's default
    const defaulted = configured.replace('underscore_number_aware', 'default');
    expect(projectOf({ ...ENTITIES, 'src/Controller/Home.php': symfony, 'config/packages/doctrine.php': defaulted }).joins['src/Entity/BlogPost.php']![0]).toBe(
      'blog_post.mainAuthor_id = auth.app_user.id @17',
    );
  });
});

describe("Doctrine's naming strategy as Symfony's YAML config sets it", () => {
  const symfony = php(['namespace App\\Controller;', '', 'use Symfony\\Bundle\\FrameworkBundle\\Controller\\AbstractController;']);
  const doctrineYaml = (orm: string[]) =>
    ['doctrine:', '    dbal:', "        url: '%env(resolve:DATABASE_URL)%'", '    orm:', ...orm.map((l) => `        ${l}`), ''].join('\n');
  const mainAuthor = (tree: Record<string, string>, configs: Record<string, string>) => projectOf(tree, configs).joins['src/Entity/BlogPost.php']![0];

  it("names the join columns by the default entity manager's strategy, or DoctrineBundle's default where the config names none", () => {
    const managers = doctrineYaml([
      'default_entity_manager: main',
      'entity_managers:',
      '    main:',
      '        naming_strategy: doctrine.orm.naming_strategy.underscore_number_aware',
      '    legacy:',
      '        naming_strategy: doctrine.orm.naming_strategy.default',
    ]);
    // no PHP of the project names Symfony: the config alone says
    expect(mainAuthor(ENTITIES, { 'config/packages/doctrine.yaml': managers })).toBe('blog_post.main_author_id = auth.app_user.id @17');
    // a Symfony project whose config names no strategy has DoctrineBundle's default, not the recipe's
    const unnamed = doctrineYaml(['auto_mapping: true', 'mappings:', '    App: { type: attribute, dir: "%kernel.project_dir%/src/Entity" }']);
    const tree = { ...ENTITIES, 'src/Controller/Home.php': symfony };
    expect(mainAuthor(tree, { 'app/config/config.yml': unnamed })).toBe('BlogPost.mainAuthor_id = auth.app_user.id @17');
    expect(mainAuthor(tree, {})).toBe('blog_post.main_author_id = auth.app_user.id @17');
    // an environment's section is read after the base config
    const production = `${unnamed}when@prod:\n    doctrine:\n        orm:\n            naming_strategy: doctrine.orm.naming_strategy.underscore\n`;
    expect(mainAuthor(ENTITIES, { 'config/packages/doctrine.yaml': production })).toBe('blog_post.main_author_id = auth.app_user.id @17');
  });

  it("names first by the configured strategy the tables an entity's mapping does not name: its own, its join tables, those its uses and joins reach", () => {
    const strategy = (name: string) => ({ 'config/packages/doctrine.yaml': doctrineYaml([`naming_strategy: doctrine.orm.naming_strategy.${name}`]) });
    const blogPost = (configs: Record<string, string>) => declaredOf(ENTITIES, configs)['src/Entity/BlogPost.php'];
    expect(blogPost(strategy('default'))).toEqual(['BlogPost (blog_post) @9', 'blogpost_tag (blog_post_tag) @28']);
    expect(blogPost(strategy('underscore_number_aware'))).toEqual(['blog_post (BlogPost) @9', 'blog_post_tag (blogpost_tag) @28']);
    // a config naming no strategy has DoctrineBundle's default
    expect(blogPost({ 'config/packages/doctrine.yaml': doctrineYaml(['auto_mapping: true']) })![0]).toBe('BlogPost (blog_post) @9');
    const { uses, joins } = projectOf(ENTITIES, strategy('default'));
    expect(joins['src/Entity/BlogPost.php']![2]).toBe('blogpost_tag.blogpost_id = BlogPost.id @28');
    expect(joins['src/Entity/Comment.php']![0]).toBe('comments.post_id = BlogPost.id @17');
    // a single-table child, by its root's table
    expect(uses['src/Entity/CreditNote.php']).toEqual(['Invoice schema @8']);
    // Doctrine 2's `underscore` puts no `_` after a digit
    const address = php(['namespace App\\Entity;', '', 'use Doctrine\\ORM\\Mapping as ORM;', '', '#[ORM\\Entity]', 'class Address2Line', '{', '}']);
    const legacy = { ...strategy('underscore'), 'composer.json': JSON.stringify({ require: { 'doctrine/orm': '^2.8' } }) };
    expect(declaredOf({ 'src/Entity/Address2Line.php': address }, legacy)['src/Entity/Address2Line.php']).toEqual(['address2line (address2_line) @8']);
  });

  it("reads DoctrineBundle's `underscore` as number aware from Doctrine ORM 3 on, by the composer.json requirement", () => {
    const underscore = { 'config/packages/doctrine.yaml': doctrineYaml(['naming_strategy: doctrine.orm.naming_strategy.underscore']) };
    const composer = (orm: string) => JSON.stringify({ require: { 'doctrine/orm': orm } });
    const column = (configs: Record<string, string>) =>
      configuredNaming(Object.entries(configs).map(([path, text]) => ({ path, text })))?.joinColumnName('address2Line');
    expect(column({ ...underscore, 'composer.json': composer('^2.8') })).toBe('address2line_id');
    expect(column({ ...underscore, 'composer.json': composer('^2.20 || ^3.0') })).toBe('address2_line_id');
    expect(column(underscore)).toBe('address2_line_id');
    // a strategy of the project's own is not read
    expect(column({ 'config/packages/doctrine.yaml': doctrineYaml(['naming_strategy: App\\Doctrine\\PrefixedNaming']) })).toBeUndefined();
  });
});

/** The repository class a mapping file names, which declares nothing itself. */
const ORDER_REPOSITORY = php([
  'namespace Shop\\Infra;',
  '',
  'use Doctrine\\ORM\\EntityRepository;',
  '',
  'class OrderRepository extends EntityRepository',
  '{',
  '    public function open(): array',
  '    {',
  "        return $this->findBy(['open' => true]);",
  '    }',
  '}',
]);

describe('Doctrine XML mappings', () => {
  const XML: Record<string, string> = {
    'config/doctrine/Order.orm.xml': [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<doctrine-mapping xmlns="http://doctrine-project.org/schemas/orm/doctrine-mapping">',
      '  <entity name="Shop\\Domain\\Order" table="orders" repository-class="Shop\\Infra\\OrderRepository">',
      '    <id name="id" type="integer" column="order_id"/>',
      '    <many-to-one field="customer" target-entity="Customer">',
      '      <join-column name="customer_ref" referenced-column-name="id"/>',
      '    </many-to-one>',
      '    <many-to-many field="coupons" target-entity="Shop\\Domain\\Coupon">',
      '      <join-table name="order_coupons">',
      '        <join-columns><join-column name="order_ref" referenced-column-name="order_id"/></join-columns>',
      '        <inverse-join-columns><join-column name="coupon_ref" referenced-column-name="id"/></inverse-join-columns>',
      '      </join-table>',
      '    </many-to-many>',
      '  </entity>',
      '</doctrine-mapping>',
    ].join('\n'),
    'config/doctrine/Customer.orm.xml': '<doctrine-mapping>\n  <entity name="Shop\\Domain\\Customer"/>\n</doctrine-mapping>\n',
    'config/doctrine/Coupon.orm.xml': '<doctrine-mapping>\n  <entity name="Shop\\Domain\\Coupon" table="coupons"/>\n</doctrine-mapping>\n',
    // the classes the mappings map, which declare nothing themselves
    'src/Domain/Order.php': php(['namespace Shop\\Domain;', '', 'class Order extends AggregateRoot', '{', '    private ?Customer $customer = null;', '}']),
    'src/Infra/OrderRepository.php': ORDER_REPOSITORY,
  };

  it('lists a Doctrine mapping among the XML files the scan reads', () => {
    expect(xmlMappingKind(XML['config/doctrine/Order.orm.xml']!.slice(0, 200))).toBe('doctrine');
  });

  it("declares the mapped tables and joins, and reads the uses of the mapping's repository class", () => {
    const list = Object.entries(XML).map(([path, text]) => ({ path, text, language: path.endsWith('.xml') ? 'xml' : 'php' }));
    expect(list.map((f) => [f.path, reader.declared(f).map((r) => `${r.table} @${r.line}`)])).toEqual([
      ['config/doctrine/Order.orm.xml', ['orders @3', 'order_coupons @8']],
      ['config/doctrine/Customer.orm.xml', ['customer @2']],
      ['config/doctrine/Coupon.orm.xml', ['coupons @2']],
      ['src/Domain/Order.php', []],
      ['src/Infra/OrderRepository.php', []],
    ]);
    const project = reader.project!(list, new Map(list.map((f) => [f.path, reader.declared(f)])));
    // the mapping declares its table once, though its class extends another
    expect(collectUses(list[0]!.text, (use) => project.uses!(list[0]!, use))).toEqual([]);
    expect(
      project
        .joins!.get('config/doctrine/Order.orm.xml')!
        .map((j) => `${j.table}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} @${j.line}`),
    ).toEqual(['orders.customer_ref = customer.id @5', 'order_coupons.order_ref = orders.order_id @8', 'order_coupons.coupon_ref = coupons.id @8']);
    const repository = list.at(-1)!;
    expect(collectUses(repository.text, (use) => project.uses!(repository, use)).map((r) => `${r.table} ${r.access?.join('+')} @${r.line}`)).toEqual([
      'orders read @11',
    ]);
  });
});

describe('Doctrine YAML mappings', () => {
  const YAML: Record<string, string> = {
    'config/doctrine/Order.orm.yml': [
      '# the order aggregate',
      'Shop\\Domain\\Order:',
      '  type: entity',
      '  table: orders',
      '  schema: sales',
      '  repositoryClass: Shop\\Infra\\OrderRepository',
      '  id:',
      '    id:',
      '      type: integer',
      '      column: order_id',
      '  manyToOne:',
      '    customer:',
      '      targetEntity: Customer',
      '      inversedBy: orders',
      '      joinColumn:',
      '        name: customer_ref',
      '        referencedColumnName: id',
      '  oneToMany:',
      '    lines:',
      '      targetEntity: OrderLine',
      '      mappedBy: order',
      '  manyToMany:',
      '    coupons:',
      '      targetEntity: Shop\\Domain\\Coupon',
      '      joinTable:',
      '        name: order_coupons',
      '        joinColumns:',
      '          order_ref:',
      '            referencedColumnName: order_id',
      '        inverseJoinColumns:',
      '          coupon_ref: { referencedColumnName: id }',
      '    labels:',
      '      targetEntity: Label',
    ].join('\n'),
    'config/doctrine/Customer.orm.yml': 'Shop\\Domain\\Customer:\n  type: entity\n',
    'config/doctrine/Coupon.orm.yml': 'Shop\\Domain\\Coupon:\n  type: entity\n  table: coupons\n',
    'config/doctrine/Label.orm.yml': 'Shop\\Domain\\Label:\n  type: entity\n',
    // a line's owning side, with its join columns keyed by name
    'config/doctrine/OrderLine.orm.yml': [
      'Shop\\Domain\\OrderLine:',
      '  type: entity',
      '  table: order_lines',
      '  manyToOne:',
      '    order:',
      '      targetEntity: Order',
      '      joinColumns:',
      '        order_ref:',
      '          referencedColumnName: order_id',
    ].join('\n'),
    // an embeddable maps no table; a file that does not parse maps nothing
    'config/doctrine/Money.orm.yml': 'Shop\\Domain\\Money:\n  type: embeddable\n',
    'config/doctrine/Broken.orm.yml': 'Shop\\Domain\\Broken:\n  type: entity\n  table: [broken\n',
    'src/Infra/OrderRepository.php': ORDER_REPOSITORY,
  };

  it("declares the mapped tables and joins, and reads the uses of the mapping's repository class", () => {
    const list = Object.entries(YAML).map(([path, text]) => ({ path, text, language: path.endsWith('.yml') ? 'yaml' : 'php' }));
    expect(list.map((f) => [f.path, reader.declared(f).map((r) => `${r.table} @${r.line}`)])).toEqual([
      ['config/doctrine/Order.orm.yml', ['sales.orders @2', 'order_coupons @23', 'order_label @32']],
      ['config/doctrine/Customer.orm.yml', ['customer @1']],
      ['config/doctrine/Coupon.orm.yml', ['coupons @1']],
      ['config/doctrine/Label.orm.yml', ['label @1']],
      ['config/doctrine/OrderLine.orm.yml', ['order_lines @1']],
      ['config/doctrine/Money.orm.yml', []],
      ['config/doctrine/Broken.orm.yml', []],
      ['src/Infra/OrderRepository.php', []],
    ]);
    const project = reader.project!(list, new Map(list.map((f) => [f.path, reader.declared(f)])));
    const joins = (path: string) =>
      project.joins!.get(path)!.map((j) => `${j.table}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} @${j.line}`);
    // the inverse side (`mappedBy`) declares none
    expect(joins('config/doctrine/Order.orm.yml')).toEqual([
      'sales.orders.customer_ref = customer.id @12',
      'order_coupons.order_ref = sales.orders.order_id @23',
      'order_coupons.coupon_ref = coupons.id @23',
      // (Doctrine's default refers to `id`: `NamingStrategy::referenceColumnName`)
      'order_label.order_id = sales.orders.id @32',
      'order_label.label_id = label.id @32',
    ]);
    expect(joins('config/doctrine/OrderLine.orm.yml')).toEqual(['order_lines.order_ref = sales.orders.order_id @5']);
    const repository = list.at(-1)!;
    expect(collectUses(repository.text, (use) => project.uses!(repository, use)).map((r) => `${r.table} ${r.access?.join('+')} @${r.line}`)).toEqual([
      'sales.orders read @11',
    ]);
  });
});

const USES: Record<string, string> = {
  ...ENTITIES,
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
    '    public function save(User $user): void',
    '    {',
    '        $this->getEntityManager()->persist($user);',
    '        $this->getEntityManager()->flush();',
    '    }',
    '',
    '    public function withPosts(): array',
    '    {',
    "        return $this->createQueryBuilder('u')",
    "            ->innerJoin('u.posts', 'p')",
    '            ->getQuery()->getResult();',
    '    }',
    '}',
  ]),
  'src/Repository/PostRepository.php': php([
    'namespace App\\Repository;',
    '',
    'use App\\Entity\\BlogPost;',
    'use Doctrine\\Bundle\\DoctrineBundle\\Repository\\ServiceEntityRepository;',
    '',
    'class PostRepository extends ServiceEntityRepository',
    '{',
    '    public function __construct($registry)',
    '    {',
    '        parent::__construct($registry, BlogPost::class);',
    '    }',
    '',
    '    public function latest(): array',
    '    {',
    "        return $this->createQueryBuilder('p')",
    "            ->addSelect('a')",
    "            ->innerJoin('p.mainAuthor', 'a')",
    "            ->leftJoin('p.tags', 't')",
    '            ->getQuery()->getResult();',
    '    }',
    '}',
  ]),
  'src/Controller/UserController.php': php([
    'namespace App\\Controller;',
    '',
    'use App\\Entity\\User;',
    'use App\\Repository\\UserRepository;',
    'use Doctrine\\ORM\\EntityManagerInterface;',
    '',
    'class UserController',
    '{',
    '    public function __construct(private readonly UserRepository $users, private EntityManagerInterface $em) {}',
    '',
    '    public function show(int $id): User',
    '    {',
    '        return $this->users->find($id);',
    '    }',
    '',
    '    public function register(): void',
    '    {',
    '        $this->users->save(new User());',
    '    }',
    '',
    '    public function forget(string $name): void',
    '    {',
    "        $user = $this->users->findOneBy(['name' => $name]);",
    '        $this->em->remove($user);',
    '        $this->em->flush();',
    '    }',
    '}',
  ]),
  'src/Service/Tags.php': php([
    'namespace App\\Service;',
    '',
    'use App\\Entity\\Tag;',
    '',
    'class Tags',
    '{',
    '    public function add(EntityManagerInterface $em, string $name): void',
    '    {',
    '        $tag = new Tag();',
    '        $em->persist($tag);',
    "        $em->getRepository('App:Comment')->findAll();",
    '    }',
    '',
    '    public function prune(EntityManagerInterface $em): void',
    '    {',
    "        $em->createQuery('DELETE FROM App\\Entity\\Comment c WHERE c.spam = 1')->execute();",
    '    }',
    '',
    '    public function tagged(EntityManagerInterface $em): array',
    '    {',
    "        return $em->createQuery('SELECT p, t FROM ' . \\App\\Entity\\BlogPost::class . ' p JOIN p.tags t')->getResult();",
    '    }',
    '',
    '    public function vehicles($em): array',
    '    {',
    "        return $em->createQueryBuilder()->select('v')->from('App\\Entity\\Vehicle', 'v')->getQuery()->getResult();",
    '    }',
    '}',
  ]),
  // an entity a flushing function changes: by a setter, by a form
  'src/Controller/EditController.php': php([
    'namespace App\\Controller;',
    '',
    'use App\\Entity\\BlogPost;',
    'use App\\Entity\\User;',
    '',
    'class EditController',
    '{',
    '    public function edit(User $user, BlogPost $post, $em): void',
    '    {',
    "        $user->setName('x');",
    '        $post->addTag(null);',
    '        $em->flush();',
    '    }',
    '',
    '    public function form(BlogPost $post, $em): void',
    '    {',
    '        $form = $this->createForm(PostType::class, $post);',
    '        $em->flush();',
    '    }',
    '',
    '    public function show(User $user): string',
    '    {',
    "        $user->setName('not flushed');",
    '        return $user->getName();',
    '    }',
    '}',
  ]),
  // a repository's own method reads what its body reads
  'src/Controller/Feed.php': php([
    'namespace App\\Controller;',
    '',
    'use App\\Repository\\PostRepository;',
    '',
    'class Feed',
    '{',
    '    public function __invoke(PostRepository $posts): array',
    '    {',
    '        return $posts->latest();',
    '    }',
    '}',
  ]),
  // a test's mock of a repository runs none of its methods
  'tests/UserTest.php': php([
    'namespace App\\Tests;',
    '',
    'use App\\Repository\\UserRepository;',
    '',
    'class UserTest',
    '{',
    '    public function testShow(UserRepository $users): void',
    '    {',
    "        $users->method('find')->willReturn(null);",
    '    }',
    '}',
  ]),
};

describe('Doctrine uses', () => {
  it('reads repositories, the entity manager, DQL and the query builder', () => {
    const { uses } = projectOf(USES);
    expect(uses['src/Repository/UserRepository.php']).toEqual(['auth.app_user read+write @18']);
    // the join on `p.mainAuthor` reaches User; `p.tags`, Tag and the join table
    expect(uses['src/Repository/PostRepository.php']).toEqual(['blog_post read @17', 'auth.app_user read @19', 'tag read @20', 'blog_post_tag read @20']);
    expect(uses['src/Controller/UserController.php']).toEqual(['auth.app_user read+write @15']);
    expect(uses['tests/UserTest.php']).toEqual([]);
    expect(uses['src/Controller/Feed.php']).toEqual(['blog_post read @11', 'auth.app_user read @11', 'tag read @11', 'blog_post_tag read @11']);
    // `addTag` changes the collection, not the post's row
    expect(uses['src/Controller/EditController.php']).toEqual(['auth.app_user write @12', 'blog_post write @19']);
    expect(uses['src/Service/Tags.php']).toEqual([
      'comments read+write @13',
      'tag read+write @12',
      'blog_post read @23',
      'vehicle read @28',
      'blog_post_tag read @23',
    ]);
  });
});

describe('Doctrine DQL built with sprintf', () => {
  it('reads the entity a placeholder after FROM, JOIN, UPDATE or DELETE takes, in turn or by position, with its alias', () => {
    const report = php([
      'namespace App\\Service;',
      '',
      'use App\\Entity\\BlogPost;',
      'use App\\Entity\\User;',
      '',
      'class Report',
      '{',
      '    public function posts($em, int $limit): array',
      '    {',
      "        $dql = \\sprintf('SELECT p, t FROM %s p JOIN p.tags t WHERE p.views > %d', BlogPost::class, $limit);",
      '        return $em->createQuery($dql)->getResult();',
      '    }',
      '',
      '    public function ban($em, string $table): void',
      '    {',
      "        $em->createQuery(sprintf('UPDATE %2$s u SET u.banned = %1$d', 1, User::class))->execute();",
      "        $em->createQuery(sprintf('DELETE FROM %s x', $table))->execute();",
      "        $this->log(sprintf('%s deleted from %s', 'rows', 'App\\Entity\\Comment'));",
      '    }',
      '}',
    ]);
    const { uses } = projectOf({ ...ENTITIES, 'src/Service/Report.php': report });
    // a placeholder standing for a variable, or in a message, names no entity
    expect(uses['src/Service/Report.php']).toEqual(['blog_post read @12', 'auth.app_user write @18', 'tag read @12', 'blog_post_tag read @12']);
  });
});
