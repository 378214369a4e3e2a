import { describe, expect, it } from 'vitest';
import { activeRecordReader } from './activerecord.js';
import { collectUses, type ProjectFile } from './orm-reader.js';

const ruby = (files: Record<string, string>): ProjectFile[] => Object.entries(files).map(([path, text]) => ({ path, text, language: 'ruby' }));

/** Each file's tables as `table:line:accesses` in order of line: those its models declare and those it uses, as the reader's project gives them. */
function usesOf(files: Record<string, string>): Record<string, string[]> {
  const project = activeRecordReader.project!(ruby(files), new Map());
  const out: Record<string, string[]> = {};
  for (const file of ruby(files)) {
    const refs = [...(project.declared?.get(file.path) ?? []), ...collectUses(file.text, (use) => project.uses?.(file, use))];
    if (refs.length) out[file.path] = refs.sort((a, b) => a.line - b.line).map((r) => `${r.table}:${r.line}:${(r.access ?? []).join('+')}`);
  }
  return out;
}

const joinsOf = (files: Record<string, string>) =>
  [...(activeRecordReader.project!(ruby(files), new Map()).joins ?? [])].flatMap(([path, joins]) =>
    joins.map((j) => `${j.table}.${j.columns.join(',')} = ${j.references}.${j.referencedColumns.join(',')} -- ${path}:${j.line}`),
  );

const APPLICATION_RECORD = 'class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n';

describe('ActiveRecord models', () => {
  it("names each model's table as Rails does: underscored, pluralized by ActiveSupport's rules, `table_name` first", () => {
    const uses = usesOf({
      'app/models/application_record.rb': APPLICATION_RECORD,
      'app/models/line_item.rb': 'class LineItem < ApplicationRecord\nend\n',
      'app/models/person.rb': 'class Person < ApplicationRecord\nend\n',
      'app/models/status.rb': 'class Status < ApplicationRecord\nend\n',
      'app/models/campus.rb': 'class Campus < ApplicationRecord\nend\n',
      'app/models/hero.rb': 'class Hero < ActiveRecord::Base\nend\n',
      'app/models/order.rb': "class Order < ApplicationRecord\n  self.table_name = 'legacy_orders'\nend\n",
      'app/models/report.rb': 'class Report\n  def self.where(*) = []\nend\n',
    });
    expect(uses).toEqual({
      'app/models/line_item.rb': ['line_items:1:schema'],
      'app/models/person.rb': ['people:1:schema'],
      'app/models/status.rb': ['statuses:1:schema'],
      'app/models/campus.rb': ['campus:1:schema'],
      'app/models/hero.rb': ['heros:1:schema'],
      'app/models/order.rb': ['legacy_orders:1:schema'],
    });
  });

  it("maps an STI subclass to its parent's table, and a model of the project's abstract base by the base's prefix", () => {
    const uses = usesOf({
      'app/models/application_record.rb': APPLICATION_RECORD,
      'app/models/user.rb': 'class User < ApplicationRecord\nend\n',
      'app/models/admin.rb': 'class Admin < User\nend\n',
      'app/models/legacy_record.rb': "class LegacyRecord < ApplicationRecord\n  self.abstract_class = true\n  self.table_name_prefix = 'old_'\nend\n",
      'app/models/invoice.rb': 'class Invoice < LegacyRecord\nend\n',
    });
    expect(uses).toEqual({
      'app/models/user.rb': ['users:1:schema'],
      'app/models/admin.rb': ['users:1:schema'],
      'app/models/invoice.rb': ['old_invoices:1:schema'],
    });
  });

  it("prefixes a namespaced model by its module's table_name_prefix, a nested one by its parent model's singular table", () => {
    const uses = usesOf({
      'app/models/billing.rb': 'module Billing\n  def self.table_name_prefix\n    "billing_"\n  end\nend\n',
      'app/models/billing/charge.rb': 'module Billing\n  class Charge < ApplicationRecord\n  end\nend\n',
      'app/models/admin/user.rb': 'class Admin::User < ApplicationRecord\nend\n',
      'app/models/invoice.rb': 'class Invoice < ApplicationRecord\n  class Line < ApplicationRecord\n  end\nend\n',
    });
    expect(uses).toEqual({
      'app/models/billing/charge.rb': ['billing_charges:2:schema'],
      'app/models/admin/user.rb': ['users:1:schema'],
      'app/models/invoice.rb': ['invoices:1:schema', 'invoice_lines:2:schema'],
    });
  });

  it("follows the project's acronyms and irregular words in config/initializers/inflections.rb", () => {
    const uses = usesOf({
      'config/initializers/inflections.rb':
        "ActiveSupport::Inflector.inflections(:en) do |inflect|\n  inflect.acronym 'GitHub'\n  inflect.irregular 'cactus', 'cacti'\nend\n",
      'app/models/git_hub_user.rb': 'class GitHubUser < ApplicationRecord\nend\n',
      'app/models/cactus.rb': 'class Cactus < ApplicationRecord\nend\n',
    });
    expect(uses).toEqual({ 'app/models/git_hub_user.rb': ['github_users:1:schema'], 'app/models/cactus.rb': ['cacti:1:schema'] });
  });

  it('reads the tables db/schema.rb and migrations declare', () => {
    const schema =
      'ActiveRecord::Schema[7.1].define(version: 1) do\n  create_table "orders", force: :cascade do |t|\n  end\n  add_index "orders", ["x"]\nend\n';
    const migration =
      'class AddTags < ActiveRecord::Migration[7.1]\n  def change\n    create_join_table :orders, :tags\n    add_column :orders, :note, :string\n  end\nend\n';
    expect(activeRecordReader.declared({ path: 'db/schema.rb', text: schema, language: 'ruby' })).toEqual([
      { table: 'orders', line: 2, via: 'activerecord', access: ['schema'] },
    ]);
    expect(
      activeRecordReader.declared({ path: 'db/migrate/20240101_add_tags.rb', text: migration, language: 'ruby' }).map((r) => `${r.table}:${r.line}`),
    ).toEqual(['orders_tags:3', 'orders:4']);
    expect(activeRecordReader.declared({ path: 'lib/tasks/setup.rb', text: schema, language: 'ruby' })).toEqual([]);
  });
});

const SHOP = {
  'app/models/order.rb': 'class Order < ApplicationRecord\n  scope :recent, -> { where(created_at: 1.week.ago..) }\n  def self.rebuild_totals\n  end\nend\n',
  'app/models/line_item.rb': 'class LineItem < ApplicationRecord\nend\n',
  'app/models/billing/charge.rb': 'module Billing\n  class Charge < ApplicationRecord\n  end\nend\n',
};

describe('ActiveRecord uses', () => {
  it('reads by finders, queries and scopes, writes by class writes, and a write in the chain writes only', () => {
    const uses = usesOf({
      ...SHOP,
      'app/services/report.rb': ['class Report', '  def run', '    Order.recent.count', '    Order.model_name', '  end', 'end'].join('\n'),
      'app/services/import.rb': [
        'class Import',
        '  def run(rows)',
        '    LineItem.insert_all(rows)',
        '    LineItem.where(order_id: nil).delete_all',
        '  end',
        'end',
      ].join('\n'),
      'app/services/close.rb': ['class Close', '  def run(id)', '    Order.find(id).destroy', '  end', 'end'].join('\n'),
      'app/services/rebuild.rb': 'Order.rebuild_totals\n',
      'app/services/rebuilt.rb': 'Order.rebuild_totals.where(paid: true)\n',
      'app/services/naming.rb': 'puts Order.model_name\n',
    });
    expect(uses['app/services/report.rb']).toEqual(['orders:3:read']);
    expect(uses['app/services/import.rb']).toEqual(['line_items:3:write']);
    expect(uses['app/services/close.rb']).toEqual(['orders:3:read+write']);
    expect(uses['app/services/rebuild.rb']).toEqual(['orders:1:']);
    expect(uses['app/services/rebuilt.rb']).toEqual(['orders:1:read']);
    expect(uses['app/services/naming.rb']).toBeUndefined();
  });

  it("writes through a record bound to a name: a local in its method, a controller's instance variable in its class", () => {
    const controller = [
      'class OrdersController < ApplicationController',
      '  before_action :set_order',
      '  def update',
      '    if @order.update(order_params)',
      '      redirect_to @order',
      '    end',
      '  end',
      '  def add_item',
      '    item = LineItem.new(order: @order)',
      '    item.save!',
      '  end',
      '  private',
      '  def set_order',
      '    @order = Order.find(params[:id])',
      '  end',
      'end',
    ].join('\n');
    expect(usesOf({ ...SHOP, 'app/controllers/orders_controller.rb': controller })['app/controllers/orders_controller.rb']).toEqual([
      'orders:4:read+write',
      'line_items:9:write',
    ]);
    // without the write, the finder only reads
    const reading = controller.replace('@order.update(order_params)', '@order.valid?').replace('item.save!', 'item.valid?');
    expect(usesOf({ ...SHOP, 'app/controllers/orders_controller.rb': reading })['app/controllers/orders_controller.rb']).toEqual([
      'line_items:9:',
      'orders:14:read',
    ]);
  });

  it("writes through the records a block is given, and leaves a local's name unbound in another method", () => {
    const job = [
      'class TouchJob',
      '  def perform',
      '    Order.where(paid: true).find_each do |order|',
      '      order.touch',
      '    end',
      '  end',
      '  def other(order)',
      '    order.destroy',
      '  end',
      'end',
    ].join('\n');
    expect(usesOf({ ...SHOP, 'app/jobs/touch_job.rb': job })['app/jobs/touch_job.rb']).toEqual(['orders:3:read+write']);
    const other = job.replace('      order.touch\n', '      puts order\n');
    expect(usesOf({ ...SHOP, 'app/jobs/touch_job.rb': other })['app/jobs/touch_job.rb']).toEqual(['orders:3:read']);
  });

  it("reaches an association's table through a record: a finder's local, a controller's resource, a block's element", () => {
    const models = {
      ...SHOP,
      'app/models/customer.rb': 'class Customer < ApplicationRecord\n  has_many :orders\n  belongs_to :referrer, polymorphic: true\nend\n',
      'app/models/order.rb': 'class Order < ApplicationRecord\n  belongs_to :customer\n  has_many :line_items\nend\n',
    };
    const controller = [
      'class OrdersController < ApplicationController',
      '  def add',
      '    @order.line_items.create!(sku: params[:sku])',
      '  end',
      '  def show',
      '    @items = @order.line_items.where(open: true)',
      '  end',
      'end',
    ].join('\n');
    const job = [
      'class Regroup',
      '  def run(id, item)',
      '    customer = Customer.find(id)',
      '    customer.referrer.touch',
      '    customer.orders.find_each do |order|',
      '      order.line_items << item',
      '    end',
      '  end',
      'end',
    ].join('\n');
    const uses = usesOf({ ...models, 'app/controllers/orders_controller.rb': controller, 'app/jobs/regroup.rb': job });
    expect(uses['app/controllers/orders_controller.rb']).toEqual(['line_items:3:read+write']);
    expect(uses['app/jobs/regroup.rb']).toEqual(['customers:3:read', 'orders:5:read', 'line_items:6:write']);
    // assigning a has_many writes, a belongs_to reaches no table; building a record, no access known
    const assigning = job.replace('order.line_items << item', 'order.line_items = [item]');
    expect(usesOf({ ...models, 'app/jobs/regroup.rb': assigning })['app/jobs/regroup.rb']).toEqual(['customers:3:read', 'orders:5:read', 'line_items:6:write']);
    const moving = 'item = LineItem.find(1)\nitem.order = other\n';
    expect(
      usesOf({ ...models, 'app/models/line_item.rb': 'class LineItem < ApplicationRecord\n  belongs_to :order\nend\n', 'app/jobs/move.rb': moving })[
        'app/jobs/move.rb'
      ],
    ).toEqual(['line_items:1:read']);
    const building = job.replace('customer.orders.find_each', 'customer.orders.build.tap');
    expect(usesOf({ ...models, 'app/jobs/regroup.rb': building })['app/jobs/regroup.rb']).toEqual(['customers:3:read', 'orders:5:']);
  });

  it('looks a constant up from the module it is written in, and skips comments', () => {
    const controller = [
      'module Billing',
      '  class ChargesController < ApplicationController',
      '    # Order.destroy_all',
      '    def index',
      '      @charges = Charge.where(open: true)',
      '    end',
      '  end',
      'end',
      '=begin',
      'LineItem.delete_all',
      '=end',
    ].join('\n');
    expect(usesOf({ ...SHOP, 'app/controllers/billing/charges_controller.rb': controller })['app/controllers/billing/charges_controller.rb']).toEqual([
      'charges:5:read',
    ]);
  });
});

describe('ActiveRecord joins', () => {
  it("reads belongs_to, has_many, has_one and has_and_belongs_to_many with Rails' default keys", () => {
    const joins = joinsOf({
      'app/models/order.rb': [
        'class Order < ApplicationRecord',
        '  belongs_to :customer',
        '  has_many :line_items, dependent: :destroy',
        '  has_one :invoice',
        '  has_and_belongs_to_many :tags',
        'end',
      ].join('\n'),
      'app/models/customer.rb': 'class Customer < ApplicationRecord\nend\n',
      'app/models/line_item.rb': 'class LineItem < ApplicationRecord\nend\n',
      'app/models/invoice.rb': 'class Invoice < ApplicationRecord\nend\n',
      'app/models/tag.rb': 'class Tag < ApplicationRecord\nend\n',
    });
    expect(joins).toEqual([
      'orders.customer_id = customers.id -- app/models/order.rb:2',
      'line_items.order_id = orders.id -- app/models/order.rb:3',
      'invoices.order_id = orders.id -- app/models/order.rb:4',
      'orders_tags.order_id = orders.id -- app/models/order.rb:5',
      'orders_tags.tag_id = tags.id -- app/models/order.rb:5',
    ]);
  });

  it('honours class_name, foreign_key, primary_key, inverse_of and join_table, and leaves out polymorphic, through and unknown ones', () => {
    const joins = joinsOf({
      'app/models/story.rb': [
        'class Story < ApplicationRecord',
        '  self.primary_key = "short_id"',
        '  belongs_to :author,',
        '    class_name: "User",',
        '    foreign_key: "written_by"',
        '  belongs_to :merged_into, class_name: "Story", foreign_key: :merged_id, primary_key: :short_id, optional: true',
        '  has_many :links, inverse_of: :from_story',
        '  has_many :comments, as: :commentable',
        '  belongs_to :subject, polymorphic: true',
        '  has_many :voters, through: :votes',
        '  has_many :ghosts',
        '  has_and_belongs_to_many :labels, join_table: "story_labels", association_foreign_key: "label_code"',
        'end',
      ].join('\n'),
      'app/models/user.rb': 'class User < ApplicationRecord\nend\n',
      'app/models/link.rb': 'class Link < ApplicationRecord\n  belongs_to :from_story, class_name: "Story", foreign_key: "source_story_id"\nend\n',
      'app/models/label.rb': 'class Label < ApplicationRecord\nend\n',
    });
    expect(joins).toEqual([
      'stories.written_by = users.id -- app/models/story.rb:3',
      'stories.merged_id = stories.short_id -- app/models/story.rb:6',
      'links.source_story_id = stories.short_id -- app/models/story.rb:7',
      'story_labels.story_id = stories.short_id -- app/models/story.rb:12',
      'story_labels.label_code = labels.id -- app/models/story.rb:12',
      'links.source_story_id = stories.short_id -- app/models/link.rb:2',
    ]);
  });

  it("gives each model including a concern the associations and scopes of its `included` block, a nested concern's too", () => {
    const files = {
      'app/models/concerns/taggable.rb': [
        'module Taggable',
        '  extend ActiveSupport::Concern',
        '  included do',
        '    has_many :taggings, dependent: :destroy',
        '    belongs_to :owner, class_name: "#{name}Owner"',
        '    scope :tagged, -> { joins(:taggings) }',
        '  end',
        '  class_methods do',
        '    def retag_all',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'app/models/concerns/publishable.rb': 'module Publishable\n  extend ActiveSupport::Concern\n  include Taggable\nend\n',
      'app/models/post.rb': 'class Post < ApplicationRecord\n  include Publishable\nend\n',
      'app/models/photo.rb': 'class Photo < ApplicationRecord\n  include Taggable\nend\n',
      'app/models/plain.rb': 'class Plain < ApplicationRecord\nend\n',
      'app/models/tagging.rb': 'class Tagging < ApplicationRecord\nend\n',
      'app/models/post_owner.rb': 'class PostOwner < ApplicationRecord\nend\n',
    };
    expect(joinsOf(files)).toEqual([
      'taggings.post_id = posts.id -- app/models/concerns/taggable.rb:4',
      'posts.owner_id = post_owners.id -- app/models/concerns/taggable.rb:5',
      'taggings.photo_id = photos.id -- app/models/concerns/taggable.rb:4',
    ]);
    const uses = usesOf({ ...files, 'app/jobs/retag.rb': 'Photo.tagged.to_a\nPost.retag_all\nPlain.tagged\n' });
    // the concern's scope joins the including model's taggings
    expect(uses['app/jobs/retag.rb']).toEqual(['photos:1:read', 'taggings:1:read', 'posts:2:']);
  });

  it('joins a `through:` association through the join model, and reads both tables through it', () => {
    const models = {
      'app/models/post.rb': [
        'class Post < ApplicationRecord',
        '  has_many :taggings',
        '  has_many :tags, through: :taggings',
        '  has_many :topics, through: :taggings, source: :tag',
        '  has_one :first_label, through: :taggings, source: :label',
        '  has_many :tagged_people, through: :taggings, source: :taggable, source_type: "Person"',
        'end',
      ].join('\n'),
      'app/models/tagging.rb': 'class Tagging < ApplicationRecord\n  belongs_to :tag\n  belongs_to :post\n  belongs_to :taggable, polymorphic: true\nend\n',
      'app/models/tag.rb': 'class Tag < ApplicationRecord\n  has_many :taggings\n  has_many :posts, through: :taggings\nend\n',
      'app/models/person.rb': 'class Person < ApplicationRecord\nend\n',
    };
    expect(joinsOf(models)).toEqual([
      'taggings.post_id = posts.id -- app/models/post.rb:2',
      'taggings.tag_id = tags.id -- app/models/post.rb:3',
      'taggings.taggable_id = people.id -- app/models/post.rb:6',
      'taggings.tag_id = tags.id -- app/models/tagging.rb:2',
      'taggings.post_id = posts.id -- app/models/tagging.rb:3',
      'taggings.tag_id = tags.id -- app/models/tag.rb:2',
      'taggings.post_id = posts.id -- app/models/tag.rb:3',
    ]);
    const job = [
      'def retag(id, tag)',
      '  post = Post.find(id)',
      '  post.tags.where(name: "x").to_a',
      '  post.tags << tag',
      '  Tag.joins(:posts).count',
      '  Person.includes(:nothing).count',
      'end',
    ].join('\n');
    expect(usesOf({ ...models, 'app/jobs/retag.rb': job })['app/jobs/retag.rb']).toEqual([
      'posts:2:read',
      'tags:3:read+write',
      'taggings:3:read+write',
      'people:6:read',
    ]);
    // `Tag.joins(:posts)` reads taggings and posts, and `includes(comments: :author)` the nested association's table
    const loads = usesOf({ ...models, 'app/jobs/count.rb': 'Tag.joins(:posts).count\nTagging.includes(tag: :posts).to_a' })['app/jobs/count.rb'];
    expect(loads).toEqual(['tags:1:read', 'taggings:1:read', 'posts:1:read']);
    expect(usesOf({ ...models, 'app/jobs/list.rb': 'Post.preload(%i[tags]).to_a\n' })['app/jobs/list.rb']).toEqual([
      'posts:1:read',
      'taggings:1:read',
      'tags:1:read',
    ]);
  });

  it("reads the associations `joins`/`includes` name without parentheses, and in a model's scopes and class methods without a receiver", () => {
    const models = {
      'app/models/post.rb': [
        'class Post < ApplicationRecord',
        '  has_many :comments',
        '  belongs_to :author',
        '  has_many :taggings',
        '  scope :tagged, -> { joins :taggings }',
        '  scope :with_author, -> { where(published: true).includes(:author) }',
        '  def self.discussed',
        '    eager_load(:comments)',
        '  end',
        '  def draft_comments',
        '    joins(:comments)',
        '  end',
        'end',
      ].join('\n'),
      'app/models/comment.rb': 'class Comment < ApplicationRecord\n  belongs_to :post\nend\n',
      'app/models/author.rb': 'class Author < ApplicationRecord\nend\n',
      'app/models/tagging.rb': 'class Tagging < ApplicationRecord\n  belongs_to :post\nend\n',
    };
    // an instance method's `joins` is no call on the class
    expect(usesOf(models)['app/models/post.rb']).toEqual(['posts:1:schema', 'taggings:5:read', 'authors:6:read', 'comments:8:read']);
    const job = [
      'def list(all)',
      '  Post.includes :comments, :author',
      '  Post.where(id: 1).joins :taggings if all',
      '  Comment.preload(:post).find_each batch_size: 10 do |c|',
      '    c.touch',
      '  end',
      'end',
    ].join('\n');
    expect(usesOf({ ...models, 'app/jobs/list.rb': job })['app/jobs/list.rb']).toEqual([
      'posts:2:read',
      'comments:2:read+write',
      'authors:2:read',
      'taggings:3:read',
    ]);
  });

  it("reads what an association's scope lambda loads where the association is read, and what a scope loads where it is called", () => {
    const models = {
      'app/models/user.rb': [
        'class User < ApplicationRecord',
        '  has_many :stories, -> { includes :votes }, inverse_of: :user',
        '  has_many :drafts, -> { where(draft: true).joins(:tags) }, class_name: "Story"',
        'end',
      ].join('\n'),
      'app/models/story.rb': [
        'class Story < ApplicationRecord',
        '  belongs_to :user',
        '  has_many :votes',
        '  has_many :tags, -> { joins :category }',
        '  scope :tagged, -> { where(x: 1).left_joins(:tags) }',
        'end',
      ].join('\n'),
      'app/models/tag.rb': 'class Tag < ApplicationRecord\n  belongs_to :category\nend\n',
      'app/models/category.rb': 'class Category < ApplicationRecord\nend\n',
      'app/models/vote.rb': 'class Vote < ApplicationRecord\nend\n',
    };
    const uses = (code: string) => usesOf({ ...models, 'app/jobs/job.rb': code })['app/jobs/job.rb'];
    // the lambda is run on the associated model, and so are its loads' own lambdas (`drafts` joins tags, whose lambda joins categories)
    expect(uses('User.find(1).stories.to_a\n')).toEqual(['users:1:read', 'stories:1:read', 'votes:1:read']);
    expect(uses('User.find(1).drafts.count\n')).toEqual(['users:1:read', 'stories:1:read', 'tags:1:read', 'categories:1:read']);
    expect(uses('User.includes(:stories).to_a\n')).toEqual(['users:1:read', 'stories:1:read', 'votes:1:read']);
    // a write through the association loads nothing
    expect(uses('User.find(1).drafts.create!(x: 1)\n')).toEqual(['users:1:read', 'stories:1:write']);
    // a scope called elsewhere reads what its body loads
    expect(uses('Story.tagged.count\n')).toEqual(['stories:1:read', 'tags:1:read', 'categories:1:read']);
  });

  it('writes the tables a destroy reaches through `dependent:` associations, recursively for :destroy', () => {
    const models = {
      'app/models/user.rb': [
        'class User < ApplicationRecord',
        '  has_many :stories, dependent: :destroy',
        '  has_one :profile, dependent: :delete',
        '  has_many :messages, dependent: :nullify',
        '  has_many :hats, dependent: :restrict_with_error',
        '  has_and_belongs_to_many :groups',
        'end',
      ].join('\n'),
      'app/models/story.rb': [
        'class Story < ApplicationRecord',
        '  belongs_to :user, dependent: :destroy',
        '  has_many :taggings, dependent: :delete_all',
        '  has_many :tags, through: :taggings',
        '  has_many :comments, dependent: :destroy',
        'end',
      ].join('\n'),
      'app/models/comment.rb':
        'class Comment < ApplicationRecord\n  belongs_to :story\n  has_many :replies, class_name: "Comment", dependent: :destroy\n  has_many :votes, dependent: :delete_all\nend\n',
      'app/models/tagging.rb': 'class Tagging < ApplicationRecord\n  belongs_to :tag\n  belongs_to :story\nend\n',
      'app/models/tag.rb': 'class Tag < ApplicationRecord\nend\n',
      'app/models/profile.rb': 'class Profile < ApplicationRecord\nend\n',
      'app/models/message.rb': 'class Message < ApplicationRecord\nend\n',
      'app/models/hat.rb': 'class Hat < ApplicationRecord\nend\n',
      'app/models/group.rb': 'class Group < ApplicationRecord\nend\n',
      'app/models/vote.rb': 'class Vote < ApplicationRecord\nend\n',
    };
    const uses = (code: string) => usesOf({ ...models, 'app/jobs/job.rb': code })['app/jobs/job.rb']!.map((u) => u.replace(/:\d+:/, ':'));
    // a user's stories are destroyed, so their comments (and the comments' replies, once) and the rows those delete
    const user = ['stories:write', 'profiles:write', 'messages:write', 'groups_users:write', 'taggings:write', 'comments:write', 'votes:write'];
    expect(uses('User.where(banned: true).destroy_all\n').sort()).toEqual(['users:write', ...user].sort());
    expect(uses('def ban(id)\n  user = User.find(id)\n  user.destroy!\nend\n').sort()).toEqual(['users:read+write', ...user].sort());
    expect(uses('Story.find(1).comments.destroy_all\n').sort()).toEqual(['comments:write', 'stories:read', 'votes:write']);
    // `delete`, `delete_all` run no callbacks
    expect(uses('User.where(banned: true).delete_all\n')).toEqual(['users:write']);
    // a story's `belongs_to :user, dependent: :destroy` destroys its user, and so the user's dependents
    expect(uses('Story.find(1).destroy\n').sort()).toEqual(['stories:read+write', ...user.filter((u) => u !== 'stories:write'), 'users:write'].sort());
  });

  it("reads what an STI parent's scopes load from the subclass, and what the scopes a scope calls load", () => {
    const models = {
      'app/models/user.rb': [
        'class User < ApplicationRecord',
        '  has_many :roles',
        '  has_many :tags',
        '  scope :active, -> { joins(:roles) }',
        '  scope :visible, -> { active.where(hidden: false) }',
        '  scope :listed, -> { where(active: true) }',
        '  scope :tagged, -> { includes(:tags) }',
        'end',
      ].join('\n'),
      'app/models/admin.rb': 'class Admin < User\nend\n',
      'app/models/role.rb': 'class Role < ApplicationRecord\nend\n',
      'app/models/tag.rb': 'class Tag < ApplicationRecord\nend\n',
    };
    const uses = (code: string) => usesOf({ ...models, 'app/jobs/job.rb': code })['app/jobs/job.rb'];
    expect(uses('Admin.tagged.to_a\n')).toEqual(['users:1:read', 'tags:1:read']);
    expect(uses('User.visible.count\n')).toEqual(['users:1:read', 'roles:1:read']);
    expect(uses('Admin.visible.to_a\n')).toEqual(['users:1:read', 'roles:1:read']);
    // a hash key of the scope's name is no call of it
    expect(uses('User.listed.to_a\n')).toEqual(['users:1:read']);
  });

  it('follows an association chain through the steps giving one record to the next model', () => {
    const models = {
      'app/models/user.rb': 'class User < ApplicationRecord\n  has_many :posts\nend\n',
      'app/models/post.rb': 'class Post < ApplicationRecord\n  belongs_to :user\n  has_many :comments\nend\n',
      'app/models/comment.rb': 'class Comment < ApplicationRecord\n  belongs_to :post\n  has_many :votes\nend\n',
      'app/models/vote.rb': 'class Vote < ApplicationRecord\nend\n',
    };
    const job = [
      'def comment(user, id, text)',
      '  user = User.find(id)',
      '  user.posts.first.comments.create(body: text)',
      '  user.posts.find_by(slug: "x").comments.last.votes << Vote.new',
      'end',
    ].join('\n');
    // the posts are only read on the way; each write is the last model's
    expect(usesOf({ ...models, 'app/jobs/comment.rb': job })['app/jobs/comment.rb']).toEqual([
      'users:2:read',
      'posts:3:read',
      'comments:3:read+write',
      'votes:4:write',
    ]);
    const purge = 'Post.find(1).comments.where(spam: true).delete_all\n';
    expect(usesOf({ ...models, 'app/jobs/purge.rb': purge })['app/jobs/purge.rb']).toEqual(['posts:1:read', 'comments:1:write']);
    // the name holds the record the chain ends with
    const drop = 'comment = Post.last.comments.find(3)\ncomment.destroy\n';
    expect(usesOf({ ...models, 'app/jobs/drop.rb': drop })['app/jobs/drop.rb']).toEqual(['posts:1:read', 'comments:1:read+write']);
  });

  it("gives an STI subclass its parent's associations, with the parent's keys, and its own on the parent's table", () => {
    const models = {
      'app/models/user.rb': 'class User < ApplicationRecord\n  has_many :posts\nend\n',
      'app/models/admin.rb': 'class Admin < User\n  has_many :audits\n  belongs_to :team\nend\n',
      'app/models/post.rb': 'class Post < ApplicationRecord\nend\n',
      'app/models/audit.rb': 'class Audit < ApplicationRecord\nend\n',
      'app/models/team.rb': 'class Team < ApplicationRecord\nend\n',
    };
    expect(joinsOf(models)).toEqual([
      'posts.user_id = users.id -- app/models/user.rb:2',
      'audits.admin_id = users.id -- app/models/admin.rb:2',
      'users.team_id = teams.id -- app/models/admin.rb:3',
    ]);
    const job = 'def purge(id)\n  admin = Admin.where(id: id).first\n  admin.posts.delete_all\n  admin.audits.to_a\nend\n';
    expect(usesOf({ ...models, 'app/jobs/purge.rb': job })['app/jobs/purge.rb']).toEqual(['users:2:read', 'posts:3:write', 'audits:4:read']);
  });

  it("names a join table by Rails' rule: the tables in lexical order, a common prefix kept once", () => {
    const joins = joinsOf({
      'app/models/music.rb': 'module Music\n  def self.table_name_prefix = "music_"\nend\n',
      'app/models/music/record.rb': 'class Music::Record < ApplicationRecord\n  has_and_belongs_to_many :artists\nend\n',
      'app/models/music/artist.rb': 'class Music::Artist < ApplicationRecord\nend\n',
    });
    expect(joins).toEqual([
      'music_artists_records.record_id = music_records.id -- app/models/music/record.rb:2',
      'music_artists_records.artist_id = music_artists.id -- app/models/music/record.rb:2',
    ]);
  });
});
