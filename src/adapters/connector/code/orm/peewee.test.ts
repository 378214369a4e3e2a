import { describe, expect, it } from 'vitest';
import { peeweeReader } from './peewee.js';
import { collectUses, type ProjectFile } from './orm-reader.js';
import { peeweeSnake } from './peewee-models.js';

const py = (path: string, ...lines: string[]): ProjectFile => ({ path, text: lines.join('\n'), language: 'python' });

const BASE = py(
  'app/base.py',
  'import peewee as pw',
  '',
  'db = pw.SqliteDatabase("app.db")',
  '',
  'class BaseModel(pw.Model):',
  '    class Meta:',
  '        database = db',
  '',
  'class SnakeModel(BaseModel):',
  '    class Meta:',
  '        legacy_table_names = False',
  '        schema = "shop"',
);

const MODELS = py(
  'app/models.py',
  'from peewee import CharField, ForeignKeyField, ManyToManyField',
  'from app.base import BaseModel, SnakeModel',
  '',
  'class UserProfile(BaseModel):',
  '    username = CharField(primary_key=True)',
  '',
  'class TweetTag(SnakeModel):',
  '    name = CharField()',
  '',
  'class Tweet(BaseModel):',
  "    user = ForeignKeyField(UserProfile, backref='tweets')",
  "    author = ForeignKeyField(UserProfile, column_name='written_by', field='username')",
  "    reply_to = ForeignKeyField('self', null=True)",
  '    tags = ManyToManyField(TweetTag)',
  '    # hidden = ForeignKeyField(Missing)',
  '',
  '    @classmethod',
  '    def purge(cls, before):',
  '        return cls.delete().where(cls.created < before).execute()',
  '',
  'class Legacy(BaseModel):',
  '    class Meta:',
  "        db_table = 'legacy_things'",
  '',
  'class Options:',
  '    verbose = True',
);

const project = (...files: ProjectFile[]) => peeweeReader.project!(files, new Map());
const usesOf = (file: ProjectFile) => {
  const uses = project(BASE, MODELS, file).uses!;
  return collectUses(file.text, (use) => uses(file, use)).map((u) => `${u.table}:${u.line} ${u.access?.join()}`);
};

describe('Peewee models', () => {
  it("declares each model's table: Meta's table_name or db_table, else the class name lower-cased, or in snake case under an inherited legacy_table_names = False", () => {
    const p = project(BASE, MODELS);
    expect(p.declared?.get(BASE.path)).toBeUndefined();
    expect(p.declared?.get(MODELS.path)?.map((r) => `${r.model} ${r.table}:${r.line}`)).toEqual([
      'UserProfile userprofile:4',
      'TweetTag shop.tweet_tag:7',
      'Tweet tweet:10',
      'Legacy legacy_things:21',
      'Tweet.tags tweet_tweet_tag_through:14',
    ]);
    // a class of a file not importing Peewee, whose base no model is, is none
    expect(project(BASE, py('x.py', 'class Model: pass', 'class User(Model):', '    name = 1')).declared?.get('x.py')).toBeUndefined();
  });

  it('snake-cases as Peewee does', () => {
    expect(['UserProfile', 'HTTPServer', 'Tweet'].map(peeweeSnake)).toEqual(['user_profile', 'http_server', 'tweet']);
  });

  it("joins a foreign key's `<field>_id` (or column_name) to the target's key (or field), and a many-to-many's through table to both", () => {
    const joins = project(BASE, MODELS).joins!.get(MODELS.path)!;
    expect(joins.map((j) => `${j.table}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} :${j.line}`)).toEqual([
      'tweet.user_id = userprofile.username :11',
      'tweet.written_by = userprofile.username :12',
      'tweet.reply_to_id = tweet.id :13',
      'tweet_tweet_tag_through.tweet_id = tweet.id :14',
      'tweet_tweet_tag_through.tweettag_id = shop.tweet_tag.id :14',
    ]);
  });
});

describe('Peewee uses', () => {
  it("reads and writes a model's table by its class methods and the models its queries join; create_tables declares", () => {
    const views = py(
      'app/views.py',
      'from app.models import Tweet, UserProfile, Legacy',
      '',
      'def timeline(name):',
      '    return Tweet.select().join(UserProfile).where(UserProfile.username == name)',
      '',
      'def post(user, text):',
      '    Tweet.create(user=user, content=text)',
      '',
      'def setup(db):',
      '    db.create_tables([Legacy])',
      '    # Legacy.delete().execute()',
      '',
      'def clean(day):',
      '    Tweet.purge(day)',
      '    return prefetch(UserProfile.select(), Legacy)',
    );
    expect(usesOf(views)).toEqual(['tweet:4 read,write', 'userprofile:4 read', 'legacy_things:10 read,schema']);
    // a model's own class method, by what its body does
    expect(usesOf(py('app/jobs.py', 'from app.models import Tweet', '', 'Tweet.purge(7)'))).toEqual(['tweet:3 write']);
  });

  it("writes a row's table where its function saves or deletes the row a name holds", () => {
    const views = py(
      'app/edit.py',
      'from app.models import Legacy, UserProfile',
      '',
      'def rename(pk):',
      '    thing = Legacy.get_by_id(pk)',
      '    thing.save()',
      '',
      'def remove(profile):',
      '    profile.delete_instance()',
      '',
      'def make():',
      '    p = UserProfile(username="x")',
      '    p.save()',
    );
    expect(usesOf(views)).toEqual(['legacy_things:4 read,write', 'userprofile:12 write']);
    const loops = py(
      'app/loops.py',
      'from app.models import Tweet, UserProfile',
      '',
      'def touch():',
      '    for t in Tweet.select().where(Tweet.id > 3):',
      '        t.save()',
      '',
      'def drop(name):',
      '    u = get_object_or_404(UserProfile, UserProfile.username == name)',
      '    u.delete_instance()',
    );
    expect(usesOf(loops)).toEqual(['tweet:4 read,write', 'userprofile:8 read,write']);
  });
});

describe('Peewee rows passed in and class methods inherited', () => {
  it('writes the table of a row a parameter hinted with its model holds', () => {
    const service = py(
      'app/service.py',
      'from typing import Optional',
      'from app.models import Legacy, UserProfile',
      '',
      'def rename(profile: UserProfile, name: str) -> None:',
      '    profile.username = name',
      '    profile.save()',
      '',
      'async def forget(thing: Optional["Legacy"]):',
      '    thing.delete_instance()',
      '',
      'def touch(items: list[Legacy], other):',
      '    items.save()',
      '    other.save()',
    );
    expect(usesOf(service)).toEqual(['userprofile:6 write', 'legacy_things:9 write']);
  });

  it("reads a row's relations where a typed parameter or a loop over a typed collection or a query holds it", () => {
    const feed = py(
      'app/feed.py',
      'from typing import List, Optional',
      'from app.models import Tweet, UserProfile',
      '',
      'def timeline(users: list[UserProfile]):',
      '    for u in users:',
      '        print(u.tweets)',
      '',
      'def authors(tweets: Optional[List["Tweet"]]):',
      '    return [t.user for t in tweets]',
      '',
      'def tagged(tweet: Tweet):',
      '    return tweet.tags',
      '',
      'def bulk():',
      '    rows = Tweet.select()',
      '    for row in rows:',
      '        row.save()',
    );
    expect(usesOf(feed)).toEqual(['tweet:6 read,write', 'userprofile:9 read', 'shop.tweet_tag:12 read', 'tweet_tweet_tag_through:12 read']);
    // a collection is no row: its own attributes read nothing
    const plain = py('app/plain.py', 'from app.models import UserProfile', '', 'def count(users: list[UserProfile], u):', '    return users.tweets, u.tweets');
    expect(usesOf(plain)).toEqual([]);
  });

  it("resolves a class method a model inherits from its base by what the base's body does on `cls`", () => {
    const base = py(
      'app/base.py',
      'import peewee as pw',
      '',
      'class BaseModel(pw.Model):',
      '    @classmethod',
      '    def by_slug(cls, slug):',
      '        return cls.get_or_none(cls.slug == slug)',
      '',
      '    @classmethod',
      '    def purge(cls):',
      '        return cls.delete().execute()',
      '',
      '    @classmethod',
      '    def fetch(cls, *query):',
      '        try:',
      '            return cls.get(*query)',
      '        except cls.DoesNotExist:',
      '            return None',
    );
    const models = py(
      'app/models.py',
      'from peewee import CharField',
      'from app.base import BaseModel',
      '',
      'class Page(BaseModel):',
      '    slug = CharField()',
      '',
      '    @classmethod',
      '    def purge(cls):',
      '        return cls.select().count()',
    );
    const views = py(
      'app/views.py',
      'from app.models import Page',
      '',
      'def show(slug):',
      '    return Page.by_slug(slug)',
      '',
      'def clear():',
      '    Page.purge()',
    );
    const edit = py('app/edit.py', 'from app.models import Page', '', 'def retitle(slug):', '    page = Page.fetch(Page.slug == slug)', '    page.save()');
    const uses = project(base, models, views, edit).uses!;
    const usesIn = (file: ProjectFile) => collectUses(file.text, (use) => uses(file, use)).map((u) => `${u.table}:${u.line} ${u.access?.join()}`);
    // the model's own `purge` overrides the base's
    expect(usesIn(views)).toEqual(['page:4 read']);
    // a row the base's `fetch` gives is written where it is saved
    expect(usesIn(edit)).toEqual(['page:4 read,write']);
  });
});
