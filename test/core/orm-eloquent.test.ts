/**
 * A Laravel app's Eloquent models, migrations, query builder and raw SQL as code-to-data links:
 * `get` of a table lists the files that declare, read and write it (with line and access), and
 * `describe` lists the joins the models' relations declare. Real engine, real PostgreSQL source,
 * real code tree.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf } from '../helpers/database-and-tree.js';

const FILES: Record<string, string> = {
  'app/Models/User.php': [
    '<?php',
    '',
    'namespace App\\Models;',
    '',
    'use Illuminate\\Foundation\\Auth\\User as Authenticatable;',
    '',
    'class User extends Authenticatable',
    '{',
    '    public function orders()',
    '    {',
    '        return $this->hasMany(Order::class);',
    '    }',
    '',
    '    public function teams()',
    '    {',
    '        return $this->belongsToMany(Team::class);',
    '    }',
    '',
    '    public function shipments()',
    '    {',
    '        return $this->hasManyThrough(Shipment::class, Order::class);',
    '    }',
    '}',
  ].join('\n'),
  'app/Models/Order.php': [
    '<?php',
    '',
    'namespace App\\Models;',
    '',
    'use Illuminate\\Database\\Eloquent\\Model;',
    '',
    'use App\\Models\\Concerns\\HasComments;',
    '',
    'class Order extends Model',
    '{',
    '    use HasComments;',
    '',
    '    public function buyer()',
    '    {',
    "        return $this->belongsTo(User::class, 'user_id');",
    '    }',
    '}',
  ].join('\n'),
  'app/Models/Concerns/HasComments.php': [
    '<?php',
    '',
    'namespace App\\Models\\Concerns;',
    '',
    'use App\\Models\\Comment;',
    '',
    'trait HasComments',
    '{',
    '    public function comments()',
    '    {',
    "        return $this->morphMany(Comment::class, 'commentable');",
    '    }',
    '}',
  ].join('\n'),
  'app/Models/Comment.php': [
    '<?php',
    '',
    'namespace App\\Models;',
    '',
    'class Comment extends \\Illuminate\\Database\\Eloquent\\Model',
    '{',
    '    public function commentable()',
    '    {',
    '        return $this->morphTo();',
    '    }',
    '}',
  ].join('\n'),
  'app/Models/Shipment.php': ['<?php', '', 'namespace App\\Models;', '', 'class Shipment extends \\Illuminate\\Database\\Eloquent\\Model', '{', '}'].join('\n'),
  'app/Models/Team.php': ['<?php', '', 'namespace App\\Models;', '', 'class Team extends \\Illuminate\\Database\\Eloquent\\Model', '{', '}'].join('\n'),
  'app/Http/Controllers/OrderController.php': [
    '<?php',
    '',
    'namespace App\\Http\\Controllers;',
    '',
    'use App\\Models\\Order;',
    'use Illuminate\\Support\\Facades\\DB;',
    '',
    'class OrderController extends Controller',
    '{',
    '    public function index()',
    '    {',
    "        return Order::with(['buyer', 'comments'])->latest()->paginate();",
    '    }',
    '',
    '    public function destroy(Order $order)',
    '    {',
    '        $order->delete();',
    "        DB::table('audit_log')->insert(['event' => 'order deleted']);",
    '    }',
    '',
    '    public function report()',
    '    {',
    "        return DB::select('select count(*) from team_user');",
    '    }',
    '}',
  ].join('\n'),
  'app/Providers/AppServiceProvider.php': [
    '<?php',
    '',
    'namespace App\\Providers;',
    '',
    'use App\\Models\\Team;',
    'use Illuminate\\Database\\Eloquent\\Relations\\Relation;',
    '',
    'class AppServiceProvider',
    '{',
    "    public function boot() { Relation::morphMap(['team' => Team::class]); }",
    '}',
  ].join('\n'),
  'app/Http/Controllers/CommentFeed.php': [
    '<?php',
    '',
    'namespace App\\Http\\Controllers;',
    '',
    'use App\\Models\\Comment;',
    '',
    'class CommentFeed',
    '{',
    '    public function index()',
    '    {',
    "        return Comment::whereHasMorph('commentable', ['team'])->get();",
    '    }',
    '}',
  ].join('\n'),
  'database/migrations/2024_01_01_000000_create_orders_table.php': [
    '<?php',
    '',
    'use Illuminate\\Database\\Migrations\\Migration;',
    'use Illuminate\\Support\\Facades\\Schema;',
    '',
    'return new class extends Migration {',
    '    public function up(): void',
    '    {',
    "        Schema::create('orders', function ($table) {",
    '            $table->id();',
    '        });',
    '    }',
    '};',
  ].join('\n'),
};

const suite = databaseAndTreeSuite(
  'orm_eloquent',
  `
    CREATE TABLE users (id serial PRIMARY KEY, name text);
    CREATE TABLE orders (id serial PRIMARY KEY, user_id int);
    CREATE TABLE teams (id serial PRIMARY KEY);
    CREATE TABLE team_user (team_id int, user_id int);
    CREATE TABLE audit_log (id serial PRIMARY KEY, event text);
    CREATE TABLE comments (id serial PRIMARY KEY, commentable_type text, commentable_id int);
    CREATE TABLE shipments (id serial PRIMARY KEY, order_id int);
  `,
  FILES,
);

/** The files linked to a table, each as `path line via? access`. */
async function usersOf(table: string): Promise<string[]> {
  const got = await suite.engine().get(`pg:table:${table}`);
  return (got?.incoming ?? [])
    .filter((e) => e.kind === 'uses_table')
    .map((e) => `${e.fromId.split(':').at(-1)} ${e.attributes.line} ${(e.attributes.access as string[] | undefined)?.join('+')}`)
    .sort();
}

it('links a model, its migration and the files reading and writing it through Eloquent', async () => {
  expect(await usersOf('public.orders')).toEqual([
    'app/Http/Controllers/OrderController.php 12 read+write',
    'app/Models/Order.php 9 schema',
    'database/migrations/2024_01_01_000000_create_orders_table.php 9 schema',
  ]);
  // `with('buyer')` reads the related model's table
  expect(await usersOf('public.users')).toEqual(['app/Http/Controllers/OrderController.php 12 read', 'app/Models/User.php 7 schema']);
});

it("links DB::table's table by its chain, and raw SQL in DB::select", async () => {
  expect(await usersOf('public.audit_log')).toEqual(['app/Http/Controllers/OrderController.php 18 write']);
  expect(await usersOf('public.team_user')).toEqual(['app/Http/Controllers/OrderController.php 23 read']);
});

it('lists the joins the relations declare, with Laravel’s default keys and pivot table', async () => {
  // `belongsTo` and the inverse `hasMany` declare one join: listed once
  expect(await declaredJoinsOf(suite.engine(), 'public.orders')).toEqual(['orders.user_id = users.id -- eloquent app/Models/Order.php:15']);
  expect(await declaredJoinsOf(suite.engine(), 'public.team_user')).toEqual([
    'team_user.team_id = teams.id -- eloquent app/Models/User.php:16',
    'team_user.user_id = users.id -- eloquent app/Models/User.php:16',
  ]);
});

it('lists the joins of morph and through relations, and of a trait the model uses, in the file writing each', async () => {
  // the trait's `morphMany` and the inverse `morphTo` declare one join: listed once
  expect(await declaredJoinsOf(suite.engine(), 'public.comments')).toEqual(['comments.commentable_id = orders.id -- eloquent app/Models/Comment.php:9']);
  // `hasManyThrough(Shipment::class, Order::class)`: orders.user_id (declared by Order too) and shipments.order_id
  expect(await declaredJoinsOf(suite.engine(), 'public.shipments')).toEqual(['shipments.order_id = orders.id -- eloquent app/Models/User.php:21']);
  // `with('comments')` reads the table of the relation the model takes from its trait
  expect(await usersOf('public.comments')).toEqual([
    'app/Http/Controllers/CommentFeed.php 11 read',
    'app/Http/Controllers/OrderController.php 12 read',
    'app/Models/Comment.php 5 schema',
  ]);
});

it("links the models a morph query names by the aliases of the project's morph map", async () => {
  expect(await usersOf('public.teams')).toEqual(['app/Http/Controllers/CommentFeed.php 11 read', 'app/Models/Team.php 5 schema']);
});
