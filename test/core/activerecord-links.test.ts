/**
 * Rails' ActiveRecord models as code-to-data links: a model's table (Rails' name for it, a
 * namespace's `table_name_prefix`, an STI subclass's parent's) is linked to the file declaring the
 * model and to the files reading and writing it through the model; `describe` lists the joins the
 * associations declare where the database has no foreign key. Real engine, real PostgreSQL
 * source, real code tree.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf } from '../helpers/database-and-tree.js';

const FILES: Record<string, string> = {
  'app/models/application_record.rb': 'class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n',
  'app/models/person.rb': [
    'class Person < ApplicationRecord',
    '  has_many :orders, foreign_key: :buyer_id',
    '  has_many :subscriptions',
    '  has_many :channels, through: :subscriptions',
    'end',
  ].join('\n'),
  'app/models/admin.rb': 'class Admin < Person\n  has_many :audits\nend\n',
  'app/models/subscription.rb': 'class Subscription < ApplicationRecord\n  belongs_to :channel\nend\n',
  'app/models/channel.rb': 'class Channel < ApplicationRecord\nend\n',
  'app/models/audit.rb': 'class Audit < ApplicationRecord\nend\n',
  'app/jobs/digest_job.rb': 'class DigestJob < ApplicationJob\n  def perform(id)\n    admin = Admin.find(id)\n    admin.channels.each { |c| c }\n  end\nend\n',
  'app/models/order.rb': [
    'class Order < ApplicationRecord',
    '  belongs_to :buyer, class_name: "Person"',
    '  has_and_belongs_to_many :tags',
    '  scope :open, -> { where(closed_at: nil) }',
    '  include Notable',
    'end',
  ].join('\n'),
  'app/models/tag.rb': 'class Tag < ApplicationRecord\n  include Notable\nend\n',
  'app/models/note.rb': 'class Note < ApplicationRecord\nend\n',
  'app/models/concerns/notable.rb': 'module Notable\n  extend ActiveSupport::Concern\n\n  included do\n    has_many :notes\n  end\nend\n',
  'app/models/billing.rb': 'module Billing\n  def self.table_name_prefix\n    "billing_"\n  end\nend\n',
  'app/models/billing/charge.rb': 'class Billing::Charge < ApplicationRecord\n  belongs_to :order\nend\n',
  'app/controllers/orders_controller.rb': [
    'class OrdersController < ApplicationController',
    '  def index',
    '    @orders = Order.open.includes(:tags)',
    '  end',
    '',
    '  def close',
    '    @order = Order.find(params[:id])',
    '    @order.update!(closed_at: Time.current)',
    '    Billing::Charge.create!(order: @order)',
    '  end',
    'end',
  ].join('\n'),
  'app/controllers/tags_controller.rb': 'class TagsController < ApplicationController\n  def note\n    @tag.notes.create!(body: params[:body])\n  end\nend\n',
  'app/jobs/purge_job.rb': 'class PurgeJob < ApplicationJob\n  def perform\n    Tag.where(orders_count: 0).delete_all\n  end\nend\n',
};

const suite = databaseAndTreeSuite(
  'activerecord_links',
  `
    CREATE TABLE people (id serial PRIMARY KEY, type text);
    CREATE TABLE orders (id serial PRIMARY KEY, buyer_id int, closed_at timestamptz);
    CREATE TABLE tags (id serial PRIMARY KEY, orders_count int);
    CREATE TABLE orders_tags (order_id int, tag_id int);
    CREATE TABLE billing_charges (id serial PRIMARY KEY, order_id int);
    CREATE TABLE notes (id serial PRIMARY KEY, order_id int, tag_id int);
    CREATE TABLE channels (id serial PRIMARY KEY);
    CREATE TABLE subscriptions (id serial PRIMARY KEY, person_id int, channel_id int);
    CREATE TABLE audits (id serial PRIMARY KEY, admin_id int);
  `,
  FILES,
);

/** The files linked to a table, each with what it does to it (`file:access+access`). */
async function usersOf(table: string): Promise<string[]> {
  const incoming = (await suite.engine().get(`pg:table:${table}`))?.incoming ?? [];
  return incoming
    .filter((e) => e.kind === 'uses_table')
    .map((e) => `${e.fromId.replace('app:code_file:', '')}:${((e.attributes?.access as string[] | undefined) ?? []).join('+')}`)
    .sort();
}

it("links a model's table to the file declaring it and to the files reading and writing it", async () => {
  expect(await usersOf('public.orders')).toEqual(['app/controllers/orders_controller.rb:read+write', 'app/models/order.rb:schema']);
  // `includes(:tags)` of a has_and_belongs_to_many reads its table and its join table
  expect(await usersOf('public.tags')).toEqual(['app/controllers/orders_controller.rb:read', 'app/jobs/purge_job.rb:write', 'app/models/tag.rb:schema']);
  expect(await usersOf('public.orders_tags')).toEqual(['app/controllers/orders_controller.rb:read']);
});

it("reads a `through:` association's join table and target through an STI subclass's record, and joins through the join model", async () => {
  expect(await usersOf('public.subscriptions')).toEqual(['app/jobs/digest_job.rb:read', 'app/models/subscription.rb:schema']);
  expect(await usersOf('public.channels')).toEqual(['app/jobs/digest_job.rb:read', 'app/models/channel.rb:schema']);
  expect(await declaredJoinsOf(suite.engine(), 'public.subscriptions')).toEqual([
    'subscriptions.channel_id = channels.id -- activerecord app/models/person.rb:4',
    'subscriptions.person_id = people.id -- activerecord app/models/person.rb:3',
  ]);
  // the subclass's own association: its own key, on its parent's table
  expect(await declaredJoinsOf(suite.engine(), 'public.audits')).toEqual(['audits.admin_id = people.id -- activerecord app/models/admin.rb:2']);
});

it("links an association's table to the file reaching it through a record: a controller's `@tag`, a concern's `has_many :notes`", async () => {
  expect(await usersOf('public.notes')).toEqual(['app/controllers/tags_controller.rb:write', 'app/models/note.rb:schema']);
});

it("maps an STI subclass to its parent's table and a namespaced model by its module's table_name_prefix", async () => {
  expect(await usersOf('public.people')).toEqual(['app/jobs/digest_job.rb:read', 'app/models/admin.rb:schema', 'app/models/person.rb:schema']);
  expect(await usersOf('public.billing_charges')).toEqual(['app/controllers/orders_controller.rb:write', 'app/models/billing/charge.rb:schema']);
});

it('lists the joins the associations declare, with the declaring file, line and ORM', async () => {
  // declared by both sides (belongs_to and has_many), listed once
  expect(await declaredJoinsOf(suite.engine(), 'public.orders')).toEqual(['orders.buyer_id = people.id -- activerecord app/models/order.rb:2']);
  expect(await declaredJoinsOf(suite.engine(), 'public.orders_tags')).toEqual([
    'orders_tags.order_id = orders.id -- activerecord app/models/order.rb:3',
    'orders_tags.tag_id = tags.id -- activerecord app/models/order.rb:3',
  ]);
  // declared in a concern's `included` block, for each model including it
  expect(await declaredJoinsOf(suite.engine(), 'public.notes')).toEqual([
    'notes.order_id = orders.id -- activerecord app/models/concerns/notable.rb:5',
    'notes.tag_id = tags.id -- activerecord app/models/concerns/notable.rb:5',
  ]);
  expect(await declaredJoinsOf(suite.engine(), 'public.billing_charges')).toEqual([
    'billing_charges.order_id = orders.id -- activerecord app/models/billing/charge.rb:2',
  ]);
});
