/**
 * Entity Framework Core's links: a C# project's DbContext, entities and configurations map tables
 * of a real PostgreSQL source named as Npgsql creates them (quoted `"Blogs"`, a `ToTable` in its
 * schema); `get` of a table lists the files that declare, read and write it (a DbSet on the
 * context, `Set<T>()`, a generic repository), and `describe` lists the joins the relationships
 * declare, with file and line. Real engine, real PostgreSQL source, real code tree.
 */
import { expect, it } from 'vitest';
import { databaseAndTreeSuite, declaredJoinsOf } from '../helpers/database-and-tree.js';

const FILES: Record<string, string> = {
  'src/Data/BloggingContext.cs': [
    'using Microsoft.EntityFrameworkCore;',
    'namespace Blogging.Data;',
    'public class BloggingContext(DbContextOptions<BloggingContext> options) : DbContext(options)',
    '{',
    '    public DbSet<Blog> Blogs { get; set; }',
    '    public DbSet<Post> Posts { get; set; }',
    '    protected override void OnModelCreating(ModelBuilder modelBuilder)',
    '    {',
    '        modelBuilder.ApplyConfigurationsFromAssembly(typeof(BloggingContext).Assembly);',
    '    }',
    '}',
  ].join('\n'),
  'src/Data/PostConfiguration.cs': [
    'namespace Blogging.Data;',
    'public class PostConfiguration : IEntityTypeConfiguration<Post>',
    '{',
    '    public void Configure(EntityTypeBuilder<Post> builder)',
    '    {',
    '        builder.ToTable("posts", "content");',
    '        builder.HasOne(p => p.Author).WithMany().HasForeignKey(p => p.WriterId);',
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
    '    public int BlogId { get; set; }',
    '    public Blog Blog { get; set; } = null!;',
    '    public Guid WriterId { get; set; }',
    '    public Author Author { get; set; } = null!;',
    '}',
    'public class Author',
    '{',
    '    public Guid Id { get; set; }',
    '}',
  ].join('\n'),
  'src/Services/BlogService.cs': [
    'namespace Blogging.Services;',
    'public class BlogService(BloggingContext db, IRepository<Author> authors)',
    '{',
    '    public Task<List<Blog>> Recent() => db.Blogs.OrderByDescending(b => b.Id).Take(10).ToListAsync();',
    '    public void Publish(Post post) => db.Posts.Add(post);',
    '    public Task Forget() => db.Set<Blog>().Where(b => b.Url == "").ExecuteDeleteAsync();',
    '    public Task<Author?> Writer(Guid id) => authors.GetByIdAsync(id);',
    '}',
  ].join('\n'),
};

const suite = databaseAndTreeSuite(
  'efcore_links',
  `
    CREATE TABLE "Blogs" ("Id" serial PRIMARY KEY, "Url" text);
    CREATE TABLE "Author" ("Id" uuid PRIMARY KEY);
    CREATE SCHEMA content;
    CREATE TABLE content.posts ("Id" serial PRIMARY KEY, "BlogId" int, "WriterId" uuid);
    CREATE TABLE "Posts" ("Id" int);
  `,
  FILES,
);

type Edge = { kind: string; fromId: string; attributes: { line: number; access?: string[] } };

/** The files using a table of source `pg`, each as `file:line access`. */
async function usersOf(table: string): Promise<string[]> {
  const got = await suite.engine().get(`pg:table:${table}`);
  return ((got?.incoming ?? []) as unknown as Edge[])
    .filter((e) => e.kind === 'uses_table')
    .map((e) => `${e.fromId.split(':').at(-1)}:${e.attributes.line} ${e.attributes.access?.join(',')}`)
    .sort();
}

it('links the context, the entity class and the code querying a DbSet, with what each does', async () => {
  expect(await usersOf('public.Blogs')).toEqual([
    'src/Data/BloggingContext.cs:5 schema',
    'src/Models/Blog.cs:2 schema',
    'src/Services/BlogService.cs:4 read,write',
  ]);
});

it("links an entity's ToTable table to its configuration, its class, the context's DbSet and the code adding to it", async () => {
  expect(await usersOf('content.posts')).toEqual([
    'src/Data/BloggingContext.cs:6 schema',
    'src/Data/PostConfiguration.cs:6 schema',
    'src/Models/Post.cs:2 schema',
    'src/Services/BlogService.cs:5 write',
  ]);
  // the table named as the DbSet is not the entity's
  expect(await usersOf('public.Posts')).toEqual([]);
});

it('leaves alone a table named as a DbSet whose entity maps another table', async () => {
  expect(await usersOf('public.Posts')).toEqual([]);
});

it('links an entity reached through a navigation by its class name, and a generic repository of it', async () => {
  expect(await usersOf('public.Author')).toEqual(['src/Models/Post.cs:10 schema', 'src/Services/BlogService.cs:7 read']);
});

it('lists the joins the relationships declare, by convention and by fluent configuration', async () => {
  expect(await declaredJoinsOf(suite.engine(), 'content.posts')).toEqual([
    'posts."WriterId" = "Author"."Id" -- efcore src/Data/PostConfiguration.cs:7',
    'posts."BlogId" = "Blogs"."Id" -- efcore src/Models/Post.cs:6',
  ]);
});
