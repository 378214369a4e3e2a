/**
 * Entity Framework Core's many-to-many and alternate-key relationships against a real PostgreSQL
 * source: two entities with collections of each other map the join table EF Core names
 * (`"PostTag"`, its `"PostsId"` and `"TagsId"`), which `get` lists with the file declaring it and
 * `describe` joins to both; `HasPrincipalKey` joins to the alternate key; a context's tracked
 * changes (`AddRange` of a typed list, a queried entity changed then saved) write. Real engine,
 * real PostgreSQL source, real code tree.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf, tableUsersOf } from '../helpers/database-and-tree.js';

const FILES: Record<string, string> = {
  'src/Data/BloggingContext.cs': [
    'namespace Blogging.Data;',
    'public class BloggingContext : DbContext',
    '{',
    '    public DbSet<Blog> Blogs { get; set; }',
    '    public DbSet<Post> Posts { get; set; }',
    '    public DbSet<Tag> Tags { get; set; }',
    '    protected override void OnModelCreating(ModelBuilder modelBuilder)',
    '    {',
    '        modelBuilder.Entity<Post>().HasOne(p => p.Blog).WithMany(b => b.Posts)',
    '            .HasForeignKey(p => p.BlogUrl).HasPrincipalKey(b => b.Url);',
    '    }',
    '}',
  ].join('\n'),
  'src/Models/Blog.cs': [
    'namespace Blogging.Models;',
    'public class Blog',
    '{',
    '    public int Id { get; set; }',
    '    public string Url { get; set; } = "";',
    '    public List<Post> Posts { get; } = new();',
    '}',
  ].join('\n'),
  'src/Models/Post.cs': [
    'namespace Blogging.Models;',
    'public class Post',
    '{',
    '    public int Id { get; set; }',
    '    public string BlogUrl { get; set; } = "";',
    '    public Blog Blog { get; set; } = null!;',
    '    public ICollection<Tag> Tags { get; set; } = [];',
    '}',
  ].join('\n'),
  'src/Models/Tag.cs': [
    'namespace Blogging.Models;',
    'public class Tag',
    '{',
    '    public int Id { get; set; }',
    '    public ICollection<Post> Posts { get; set; } = [];',
    '}',
  ].join('\n'),
  'src/Services/TagService.cs': [
    'namespace Blogging.Services;',
    'public class TagService(BloggingContext db)',
    '{',
    '    public void Import(IEnumerable<Tag> tags) { db.AddRange(tags); db.SaveChanges(); }',
    '    public async Task Move(int id, string url)',
    '    {',
    '        var post = await db.Posts.SingleAsync(p => p.Id == id);',
    '        post.BlogUrl = url;',
    '        await db.SaveChangesAsync();',
    '    }',
    '}',
  ].join('\n'),
};

const suite = databaseAndTreeSuite(
  'efcore_many_links',
  `
    CREATE TABLE "Blogs" ("Id" serial PRIMARY KEY, "Url" text UNIQUE);
    CREATE TABLE "Posts" ("Id" serial PRIMARY KEY, "BlogUrl" text);
    CREATE TABLE "Tags" ("Id" serial PRIMARY KEY);
    CREATE TABLE "PostTag" ("PostsId" int, "TagsId" int, PRIMARY KEY ("PostsId", "TagsId"));
  `,
  FILES,
);

it('links the join table of a many-to-many by convention to the file declaring it', async () => {
  expect(await tableUsersOf(suite.engine(), 'public.PostTag')).toEqual(['src/Models/Post.cs:7 schema']);
});

it('lists the join table’s joins to both sides, on the columns EF Core names after the inverse navigations', async () => {
  expect(await declaredJoinsOf(suite.engine(), 'public.PostTag')).toEqual([
    '"PostTag"."PostsId" = "Posts"."Id" -- efcore src/Models/Post.cs:7',
    '"PostTag"."TagsId" = "Tags"."Id" -- efcore src/Models/Post.cs:7',
  ]);
});

it('joins to the alternate key HasPrincipalKey names', async () => {
  expect(await declaredJoinsOf(suite.engine(), 'public.Posts')).toContain('"Posts"."BlogUrl" = "Blogs"."Url" -- efcore src/Data/BloggingContext.cs:9');
});

it('links what a context saves: a typed list it adds, a queried entity changed then saved', async () => {
  expect(await tableUsersOf(suite.engine(), 'public.Tags')).toEqual([
    'src/Data/BloggingContext.cs:6 schema',
    'src/Models/Tag.cs:2 schema',
    'src/Services/TagService.cs:4 write',
  ]);
  expect(await tableUsersOf(suite.engine(), 'public.Posts')).toContain('src/Services/TagService.cs:7 read,write');
});
