import { describe, expect, it } from 'vitest';
import { collectUses, type ProjectFile } from './orm-reader.js';
// the reader as the scan finds it
import { ormReaders } from './orm-readers.js';
import { defaultTable, joiningTable, laravelSnake, morphPivotTable } from './eloquent-naming.js';

const reader = ormReaders().find((r) => r.via === 'eloquent')!;

const php = (lines: string[]) => `<?php\n\n${lines.join('\n')}\n`;
/** A model of `App\Models` extending Eloquent's `Model`, its body's lines given. */
const model = (name: string, body: string[]) =>
  php(['namespace App\\Models;', '', 'use Illuminate\\Database\\Eloquent\\Model;', '', `class ${name} extends Model`, '{', ...body, '}']);
const files = (tree: Record<string, string>): ProjectFile[] => Object.entries(tree).map(([path, text]) => ({ path, text, language: 'php' }));

/** Each file's declared tables as `table model @line`. */
function declaredOf(tree: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(files(tree).map((f) => [f.path, reader.declared(f).map((r) => `${r.table} ${r.model ?? r.via} @${r.line}`)]));
}

/** What the project makes of each file: its uses as `table access @line`, its joins as `on @line`. */
function projectOf(tree: Record<string, string>): { uses: Record<string, string[]>; joins: Record<string, string[]> } {
  const list = files(tree);
  const project = reader.project!(list, new Map(list.map((f) => [f.path, reader.declared(f)])));
  const uses = Object.fromEntries(
    list.map((f) => [f.path, collectUses(f.text, (use) => project.uses!(f, use)).map((r) => `${r.table} ${r.access?.join('+') ?? '-'} ${r.via} @${r.line}`)]),
  );
  const joins = Object.fromEntries(
    [...project.joins!].map(([path, list]) => [
      path,
      list.map((j) => `${j.table}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} @${j.line}`),
    ]),
  );
  return { uses, joins };
}

const MODELS: Record<string, string> = {
  'app/Models/User.php': php([
    'namespace App\\Models;',
    '',
    'use Illuminate\\Foundation\\Auth\\User as Authenticatable;',
    '',
    'class User extends Authenticatable',
    '{',
    '    public function posts()',
    '    {',
    '        return $this->hasMany(Post::class);',
    '    }',
    '',
    '    public function roles()',
    '    {',
    '        return $this->belongsToMany(Role::class);',
    '    }',
    '}',
  ]),
  'app/Models/Post.php': php([
    'namespace App\\Models;',
    '',
    'use Illuminate\\Database\\Eloquent\\Model;',
    '',
    '/** @method static Builder where(...) a docblock names no table */',
    'class Post extends Model',
    '{',
    "    protected $primaryKey = 'post_id';",
    '',
    '    public function author()',
    '    {',
    '        return $this->belongsTo(User::class);',
    '    }',
    '',
    '    public function comments(): HasMany',
    '    {',
    "        return $this->hasMany(Comment::class, 'article_id');",
    '    }',
    '',
    '    public function tags()',
    '    {',
    "        return $this->belongsToMany(Tag::class, 'post_labels', relatedPivotKey: 'label_id');",
    '    }',
    '',
    '    public function images()',
    '    {',
    "        return $this->morphMany(Image::class, 'imageable');",
    '    }',
    '',
    '    public function ghost()',
    '    {',
    '        return $this->belongsTo(Ghost::class);',
    '    }',
    '}',
  ]),
  'app/Models/Comment.php': php([
    'namespace App\\Models;',
    '',
    'class Comment extends BaseModel',
    '{',
    '    public function post()',
    '    {',
    "        return $this->belongsTo(Post::class, 'article_id', 'post_id');",
    '    }',
    '',
    '    public function parent()',
    '    {',
    '        return $this->belongsTo(self::class);',
    '    }',
    '}',
  ]),
  'app/Models/BaseModel.php': php([
    'namespace App\\Models;',
    '',
    'use Illuminate\\Database\\Eloquent\\Model;',
    '',
    'abstract class BaseModel extends Model',
    '{',
    '}',
  ]),
  'app/Models/Role.php': php([
    'namespace App\\Models;',
    '',
    'use Illuminate\\Database\\Eloquent\\Model;',
    '',
    'class Role extends Model',
    '{',
    "    protected $table = 'acl_roles';",
    '}',
  ]),
  'app/Models/Tag.php': php(['namespace App\\Models;', '', 'class Tag extends \\Illuminate\\Database\\Eloquent\\Model', '{', '}']),
  'app/Models/RoleUser.php': php([
    'namespace App\\Models;',
    '',
    'use Illuminate\\Database\\Eloquent\\Relations\\Pivot;',
    '',
    'class RoleUser extends Pivot',
    '{',
    '}',
  ]),
};

describe("Laravel's names", () => {
  it('puts `_` before every capital but the first, and pluralises the last word of a class', () => {
    expect(laravelSnake('FlightLog')).toBe('flight_log');
    expect(laravelSnake('HTTPLog')).toBe('h_t_t_p_log');
    expect(defaultTable('FlightLog', false)).toBe('flight_logs');
    expect(defaultTable('Person', false)).toBe('people');
    expect(defaultTable('Category', false)).toBe('categories');
    expect(defaultTable('PostTags', true)).toBe('post_tag');
    expect(joiningTable('User', 'Role')).toBe('role_user');
    expect(joiningTable('BlogPost', 'Tag')).toBe('blog_post_tag');
    // a polymorphic pivot: the word after the morph name's last `_` made plural
    expect(morphPivotTable('taggable')).toBe('taggables');
    expect(morphPivotTable('post_category')).toBe('post_categories');
  });
});

describe('Eloquent models, migrations and the query builder', () => {
  it('declares a model’s table by its class (Laravel’s plural), `$table`, a pivot’s singular and `#[Table]`', () => {
    expect(
      declaredOf({
        ...MODELS,
        'app/Models/Flight.php': php([
          'namespace App\\Models;',
          '',
          'use Illuminate\\Database\\Eloquent\\Attributes\\Table;',
          'use Illuminate\\Database\\Eloquent\\Model;',
          '',
          "#[Table('air_flights', key: 'code')]",
          'class Flight extends Model',
          '{',
          '}',
        ]),
        'app/Support/Report.php': php(['namespace App\\Support;', '', 'class Report extends Model', '{', '}']),
      }),
    ).toEqual({
      'app/Models/User.php': ['users App\\Models\\User @7'],
      'app/Models/Post.php': ['posts App\\Models\\Post @8'],
      // a subclass of the project's own base model: known once the project is read
      'app/Models/Comment.php': [],
      'app/Models/BaseModel.php': [],
      'app/Models/Role.php': ['acl_roles App\\Models\\Role @7'],
      'app/Models/Tag.php': ['tags App\\Models\\Tag @5'],
      'app/Models/RoleUser.php': ['role_user App\\Models\\RoleUser @7'],
      'app/Models/Flight.php': ['air_flights App\\Models\\Flight @9'],
      // `Model` here is the namespace's own class, no Eloquent model
      'app/Support/Report.php': [],
    });
  });

  it("declares the tables a migration's schema builder creates, changes, renames or drops", () => {
    const migration = php([
      'use Illuminate\\Database\\Migrations\\Migration;',
      'use Illuminate\\Support\\Facades\\Schema;',
      '',
      'return new class extends Migration {',
      '    public function up(): void',
      '    {',
      "        Schema::create('flights', function (Blueprint $table) {",
      '            $table->id();',
      '        });',
      "        Schema::table('flights', function (Blueprint $table) {",
      "            $table->string('name');",
      '        });',
      "        Schema::connection('audit')->create('flight_logs', fn ($t) => $t->id());",
      "        Schema::rename('planes', 'aircraft');",
      "        Schema::table('crews', fn (Blueprint $table) => $table->rename('crew_members'));",
      "        // Schema::drop('ghosts');",
      '    }',
      '};',
    ]);
    expect(declaredOf({ 'database/migrations/2024_01_01_create_flights.php': migration })).toEqual({
      'database/migrations/2024_01_01_create_flights.php': [
        'flights laravel @9',
        'flight_logs laravel @15',
        'planes laravel @16',
        'aircraft laravel @16',
        'crews laravel @17',
        'crew_members laravel @17',
      ],
    });
  });

  it('reads the joins of belongsTo, hasMany and belongsToMany with their keys and defaults, a subclass’s too', () => {
    expect(projectOf(MODELS).joins).toEqual({
      'app/Models/User.php': ['posts.user_id = users.id @11', 'role_user.user_id = users.id @16', 'role_user.role_id = acl_roles.id @16'],
      'app/Models/Post.php': [
        // the relation method names the key: `author()` → `author_id`
        'posts.author_id = users.id @14',
        'comments.article_id = posts.post_id @19',
        'post_labels.post_post_id = posts.post_id @24',
        'post_labels.label_id = tags.id @24',
      ],
      'app/Models/Comment.php': ['comments.article_id = posts.post_id @9', 'comments.parent_id = comments.id @14'],
    });
  });

  it('reads morph relations (`*_id` columns, a `taggables` pivot), through relations and the relations of traits a model uses', () => {
    const model = (name: string, body: string[], uses: string[] = []) =>
      php(['namespace App\\Models;', '', 'use Illuminate\\Database\\Eloquent\\Model;', ...uses, '', `class ${name} extends Model`, '{', ...body, '}']);
    const tree = {
      'app/Models/Concerns/HasComments.php': php([
        'namespace App\\Models\\Concerns;',
        '',
        'use App\\Models\\Comment;',
        '',
        'trait HasComments',
        '{',
        '    use HasAuthor;',
        "    public function comments() { return $this->morphMany(Comment::class, 'commentable'); }",
        '}',
      ]),
      'app/Models/Concerns/HasAuthor.php': php([
        'namespace App\\Models\\Concerns;',
        '',
        'trait HasAuthor',
        '{',
        '    public function author() { return $this->belongsTo(\\App\\Models\\User::class); }',
        '}',
      ]),
      'app/Models/Post.php': model(
        'Post',
        [
          '    use HasComments, SoftDeletes;',
          "    public function image() { return $this->morphOne(Image::class, 'imageable', null, 'owner_id'); }",
          "    public function tags() { return $this->morphToMany(Tag::class, 'taggable'); }",
        ],
        ['use App\\Models\\Concerns\\HasComments;'],
      ),
      'app/Models/Comment.php': model('Comment', ['    public function commentable() { return $this->morphTo(); }']),
      'app/Models/Image.php': model('Image', ["    public function imageable() { return $this->morphTo(__FUNCTION__, 'owner_type', 'owner_id'); }"]),
      'app/Models/Tag.php': model('Tag', ["    public function videos() { return $this->morphedByMany(Video::class, 'taggable'); }"]),
      'app/Models/Video.php': model('Video', []),
      'app/Models/User.php': model('User', []),
      'app/Models/Project.php': model('Project', [
        '    public function deployments() { return $this->hasManyThrough(Deployment::class, Environment::class); }',
        "    public function owner() { return $this->hasOneThrough(Owner::class, Environment::class, 'project_ref', 'env_ref', 'id', 'id'); }",
      ]),
      'app/Models/Environment.php': model('Environment', []),
      'app/Models/Deployment.php': model('Deployment', []),
      'app/Models/Owner.php': model('Owner', []),
      'app/Http/Controllers/PostController.php': php([
        'namespace App\\Http\\Controllers;',
        '',
        'use App\\Models\\Post;',
        '',
        'class PostController',
        '{',
        "    public function index() { return Post::with(['comments', 'author', 'tags'])->get(); }",
        '}',
      ]),
    };
    const { joins, uses } = projectOf(tree);
    expect(joins).toEqual({
      'app/Models/Concerns/HasComments.php': ['comments.commentable_id = posts.id @10'],
      'app/Models/Concerns/HasAuthor.php': ['posts.author_id = users.id @7'],
      'app/Models/Post.php': ['images.owner_id = posts.id @11', 'taggables.taggable_id = posts.id @12', 'taggables.tag_id = tags.id @12'],
      // `morphTo` joins the table of each model whose `morphMany`/`morphOne` names it: the method's name, else the name given
      'app/Models/Comment.php': ['comments.commentable_id = posts.id @9'],
      'app/Models/Image.php': ['images.owner_id = posts.id @9'],
      'app/Models/Tag.php': ['taggables.tag_id = tags.id @9', 'taggables.taggable_id = videos.id @9'],
      'app/Models/Project.php': [
        'environments.project_id = projects.id @9',
        'deployments.environment_id = environments.id @9',
        'environments.project_ref = projects.id @10',
        'owners.env_ref = environments.id @10',
      ],
    });
    expect(uses['app/Http/Controllers/PostController.php']).toEqual([
      'posts read eloquent @9',
      'comments read eloquent @9',
      'users read eloquent @9',
      'tags read eloquent @9',
    ]);
  });

  it("reads the models a morph query's types name: aliases of the project's morph map, classes, and `'*'`", () => {
    const query = (line: string) =>
      php([
        'namespace App\\Http\\Controllers;',
        '',
        'use App\\Models\\Comment;',
        'use App\\Models\\Post;',
        '',
        'class Feed',
        '{',
        `    public function run() { ${line} }`,
        '}',
      ]);
    const tree = {
      'app/Models/Comment.php': model('Comment', ['    public function commentable() { return $this->morphTo(); }']),
      'app/Models/Post.php': model('Post', ["    public function comments() { return $this->morphMany(Comment::class, 'commentable'); }"]),
      'app/Models/Video.php': model('Video', ["    public function comments() { return $this->morphMany(Comment::class, 'commentable'); }"]),
      'app/Models/Photo.php': model('Photo', []),
      'app/Providers/AppServiceProvider.php': php([
        'namespace App\\Providers;',
        '',
        'use App\\Models\\Post;',
        'use Illuminate\\Database\\Eloquent\\Relations\\Relation;',
        '',
        'class AppServiceProvider',
        '{',
        "    public function boot() { Relation::enforceMorphMap(['post' => Post::class, 'video' => 'App\\\\Models\\\\Video']); }",
        '}',
      ]),
      'app/Feeds/Aliases.php': query("return Comment::whereHasMorph('commentable', ['post', 'video'], fn ($q) => $q)->get();"),
      'app/Feeds/One.php': query("return Comment::query()->orWhereDoesntHaveMorph('commentable', 'video')->count();"),
      'app/Feeds/Classes.php': query("return Comment::whereMorphRelation('commentable', [Post::class, 'photo'], 'x', 1)->get();"),
      'app/Feeds/All.php': query("return Comment::whereHasMorph('commentable', '*')->get();"),
    };
    const { uses } = projectOf(tree);
    expect(uses['app/Feeds/Aliases.php']).toEqual(['comments read eloquent @10', 'posts read eloquent @10', 'videos read eloquent @10']);
    expect(uses['app/Feeds/One.php']).toEqual(['comments read eloquent @10', 'videos read eloquent @10']);
    // an alias the map lacks names no model
    expect(uses['app/Feeds/Classes.php']).toEqual(['comments read eloquent @10', 'posts read eloquent @10']);
    // `'*'`: every model whose morphMany names the morph
    expect(uses['app/Feeds/All.php']).toEqual(['comments read eloquent @10', 'posts read eloquent @10', 'videos read eloquent @10']);
  });

  it("reads the model a morph type names: `where('…_type', alias)`, `whereMorphedTo` and `Relation::getMorphedModel`", () => {
    const tree = {
      'app/Models/Comment.php': model('Comment', ['    public function commentable() { return $this->morphTo(); }']),
      'app/Models/Post.php': model('Post', []),
      'app/Models/Video.php': model('Video', []),
      'app/Models/Photo.php': model('Photo', []),
      'app/Providers/AppServiceProvider.php': php([
        'namespace App\\Providers;',
        '',
        'use App\\Models\\Post;',
        'use App\\Models\\Video;',
        '',
        'class AppServiceProvider',
        '{',
        "    public function boot() { Relation::morphMap(['post' => Post::class, 'video' => Video::class]); }",
        '}',
      ]),
      'app/Feeds/Types.php': php([
        'namespace App\\Feeds;',
        '',
        'use App\\Models\\Photo;',
        'use Illuminate\\Database\\Eloquent\\Relations\\Relation;',
        '',
        'class Types',
        '{',
        "    public function a($q) { return $q->where('commentable_type', 'post')->get(); }",
        "    public function b($q) { return $q->whereIn('comments.commentable_type', ['video', Photo::class]); }",
        "    public function c($q) { return $q->where('status', 'post')->where('kind_type', '!=', 'nothing'); }",
        '}',
      ]),
      'app/Feeds/Morphed.php': php([
        'namespace App\\Feeds;',
        '',
        'use App\\Models\\Comment;',
        'use App\\Models\\Photo;',
        '',
        'class Morphed',
        '{',
        "    public function of(Photo $photo) { return Comment::whereMorphedTo('commentable', $photo)->get(); }",
        "    public function posts() { return Comment::query()->orWhereMorphedTo('commentable', 'post')->get(); }",
        "    public function model() { return \\Illuminate\\Database\\Eloquent\\Relations\\Relation::getMorphedModel('video'); }",
        '}',
      ]),
    };
    const { uses } = projectOf(tree);
    // a column not ending in `_type`, or a type naming no model, reads nothing
    expect(uses['app/Feeds/Types.php']).toEqual(['posts read eloquent @10', 'videos read eloquent @11', 'photos read eloquent @11']);
    expect(uses['app/Feeds/Morphed.php']).toEqual([
      'comments read eloquent @10',
      'photos read eloquent @10',
      'posts read eloquent @11',
      'videos read eloquent @12',
    ]);
  });

  it('reads static calls by their chain, eager loads, bound records and `DB::table`', () => {
    const controller = php([
      'namespace App\\Http\\Controllers;',
      '',
      'use App\\Models\\Post;',
      'use App\\Models\\User as Member;',
      'use Illuminate\\Support\\Facades\\DB;',
      '',
      'class PostController extends Controller',
      '{',
      '    public function index()',
      '    {',
      "        return Post::with('comments')->where('draft', false)->paginate();",
      '    }',
      '',
      '    public function store(Request $request, Member $member)',
      '    {',
      '        $member->posts()->create($request->all());',
      '        $member->touch();',
      '    }',
      '',
      '    public function update(Request $request, int $id)',
      '    {',
      '        $post = Post::findOrFail($id);',
      '        $post->fill($request->all())->save();',
      '    }',
      '',
      '    public function stats()',
      '    {',
      "        DB::table('page_views')->where('day', today())->increment('hits');",
      "        return \\DB::table('page_views as v')->count() + Tag::count();",
      '    }',
      '',
      '    // Comment::truncate();',
      '}',
    ]);
    expect(projectOf({ ...MODELS, 'app/Http/Controllers/PostController.php': controller }).uses).toEqual({
      'app/Models/User.php': [],
      'app/Models/Post.php': [],
      'app/Models/Comment.php': ['comments schema eloquent @5'],
      'app/Models/BaseModel.php': [],
      'app/Models/Role.php': [],
      'app/Models/Tag.php': [],
      'app/Models/RoleUser.php': [],
      'app/Http/Controllers/PostController.php': [
        'posts read+write eloquent @13',
        'comments read eloquent @13',
        'users write eloquent @19',
        'page_views read+write laravel @30',
      ],
    });
  });

  it("reaches a model's relations from its own methods, and skips calls that touch no rows", () => {
    const service = php([
      'namespace App\\Services;',
      '',
      'use App\\Models\\Post;',
      '',
      'class Boot',
      '{',
      '    public function register()',
      '    {',
      '        Post::observe(PostObserver::class);',
      '        $class = Post::class;',
      '    }',
      '}',
    ]);
    const { uses } = projectOf({ ...MODELS, 'app/Services/Boot.php': service });
    expect(uses['app/Services/Boot.php']).toEqual([]);
    const user = MODELS['app/Models/User.php']!.replace(
      '    public function roles()',
      '    public function latest()\n    {\n        return $this->posts()->latest()->first();\n    }\n\n    public function roles()',
    );
    expect(projectOf({ ...MODELS, 'app/Models/User.php': user }).uses['app/Models/User.php']).toEqual(['posts read eloquent @16']);
  });
});
