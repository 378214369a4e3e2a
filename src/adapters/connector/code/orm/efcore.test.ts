import { describe, expect, it } from 'vitest';
import { efcoreReader } from './efcore.js';
import { collectUses, type ProjectFile } from './orm-reader.js';

const files = (given: Record<string, string>): ProjectFile[] => Object.entries(given).map(([path, text]) => ({ path, text, language: 'csharp' }));

/** What the reader makes of the project: each file's declared tables (`tables`), those the project declares in it and its uses (`uses`), and joins, as short strings. */
function read(given: Record<string, string>) {
  const list = files(given);
  const declared = new Map(list.map((f) => [f.path, efcoreReader.declared(f)]));
  const project = efcoreReader.project!(list, declared);
  const uses = Object.fromEntries(
    list.map((f) => [
      f.path,
      [...(project.declared?.get(f.path) ?? []), ...collectUses(f.text, (use) => project.uses!(f, use))].map(
        (r) => `${[r.table, ...(r.alternatives ?? [])].join('|')} ${r.access?.join(',') ?? ''} @${r.line}`,
      ),
    ]),
  );
  const joins = Object.fromEntries(
    [...(project.joins ?? [])].map(([path, list]) => [path, list.map((j) => `${j.table}(${j.columns}) → ${j.references}(${j.referencedColumns}) @${j.line}`)]),
  );
  const tables = Object.fromEntries(
    [...declared].map(([path, refs]) => [path, refs.map((r) => `${[r.table, ...(r.alternatives ?? [])].join('|')} ${r.model} @${r.line}`)]),
  );
  return { tables, uses, joins };
}

const CONTEXT = [
  'using Microsoft.EntityFrameworkCore;',
  'namespace Blogging.Data;',
  'public class BloggingContext : DbContext',
  '{',
  '    public DbSet<Blog> Blogs { get; set; }',
  '    public DbSet<Post> Posts => Set<Post>();',
  '    // public DbSet<Ghost> Ghosts { get; set; }',
  '    public DbSet<AuditEntry> AuditEntries { get; set; }',
  '    protected override void OnModelCreating(ModelBuilder modelBuilder)',
  '    {',
  '        modelBuilder.Entity<AuditEntry>().ToTable("audit_log", "ops");',
  '    }',
  '}',
].join('\n');

const BLOG = [
  'namespace Blogging.Models;',
  'public class Blog',
  '{',
  '    public int BlogId { get; set; }',
  '    public string Url { get; set; } = "";',
  '    public List<Post> Posts { get; } = new();',
  '    public ICollection<Tag> Tags { get; set; }',
  '}',
].join('\n');

const POST = [
  'namespace Blogging.Models;',
  '[Table("posts", Schema = "content")]',
  'public class Post',
  '{',
  '    [Key]',
  '    public int Code { get; set; }',
  '    [Column("blog_ref")]',
  '    public int BlogId { get; set; }',
  '    public Blog Blog { get; set; } = null!;',
  '    public int? EditorUserId { get; set; }',
  '    [ForeignKey(nameof(EditorUserId))]',
  '    public User? Editor { get; set; }',
  '    public User Author { get; set; }',
  '}',
  'public class User',
  '{',
  '    public Guid Id { get; set; }',
  '}',
  'public class Tag',
  '{',
  '    public int Id { get; set; }',
  '}',
  'public class AuditEntry : EntityBase',
  '{',
  '}',
  'public abstract class EntityBase',
  '{',
  '    public long Id { get; set; }',
  '}',
].join('\n');

describe('EF Core: the tables a project maps', () => {
  it('declares a [Table] class and a fluent ToTable in the files saying them, each with its entity', () => {
    const { tables } = read({ 'Data/BloggingContext.cs': CONTEXT, 'Models/Blog.cs': BLOG, 'Models/Post.cs': POST });
    // a DbSet's table is its entity's, which the project decides (the context's uses)
    expect(tables['Data/BloggingContext.cs']).toEqual(['ops.audit_log AuditEntry @11']);
    expect(tables['Models/Post.cs']).toEqual(['content.posts Post @3']);
    expect(tables['Models/Blog.cs']).toEqual([]);
  });

  it('links each entity class to its table, by ToTable, [Table], its DbSet or its name, and the context at each DbSet', () => {
    const { uses } = read({ 'Data/BloggingContext.cs': CONTEXT, 'Models/Blog.cs': BLOG, 'Models/Post.cs': POST });
    expect(uses['Models/Blog.cs']).toEqual(['Blogs|blogs schema @2']);
    // User and Tag are reached through navigations: their tables are their names
    expect(uses['Models/Post.cs']).toEqual(['content.posts schema @3', 'User|user schema @15', 'Tag|tag schema @19', 'ops.audit_log schema @23']);
    expect(uses['Data/BloggingContext.cs']).toEqual(['Blogs|blogs schema @5', 'content.posts schema @6', 'ops.audit_log schema @8']);
  });

  it('names the tables the convention names in snake case first when the project uses EFCore.NamingConventions', () => {
    const program = 'builder.Services.AddDbContext<BloggingContext>(o => o.UseNpgsql(cs).UseSnakeCaseNamingConvention());';
    const { uses, joins } = read({ 'Data/BloggingContext.cs': CONTEXT, 'Models/Blog.cs': BLOG, 'Models/Post.cs': POST, 'Program.cs': program });
    expect(uses['Models/Blog.cs']).toEqual(['blogs|Blogs schema @2']);
    expect(uses['Models/Post.cs']).toContain('content.posts schema @3');
    // a shadow foreign key is named by the convention; a [Column] keeps its name
    expect(joins['Models/Post.cs']).toContain('content.posts(author_id) → user(id) @13');
    expect(joins['Models/Post.cs']).toContain('content.posts(blog_ref) → blogs(blog_id) @9');
  });
});

describe('EF Core: the joins relationships declare', () => {
  it('reads reference navigations by convention and [ForeignKey], a collection without inverse by its shadow key, and leaves many-to-many out', () => {
    const { joins } = read({ 'Data/BloggingContext.cs': CONTEXT, 'Models/Blog.cs': BLOG, 'Models/Post.cs': POST });
    expect(joins['Models/Post.cs']).toEqual([
      'content.posts(blog_ref) → Blogs(BlogId) @9',
      'content.posts(EditorUserId) → User(Id) @12',
      'content.posts(AuthorId) → User(Id) @13',
    ]);
    // Blog.Posts is the inverse of Post.Blog; Blog.Tags has no inverse: Tag gets the shadow key named
    // Blog + BlogId, which is BlogId as the key starts with the principal's name
    expect(joins['Models/Blog.cs']).toEqual(['Tag(BlogId) → Blogs(BlogId) @7']);
  });

  it('joins to the alternate key HasPrincipalKey names, by a given foreign key (a lambda, a one-member anonymous type) or the shadow one', () => {
    const models = [
      'public class Blog { public int Id { get; set; } public string Url { get; set; } public List<Post> Posts { get; set; } }',
      'public class Post { public int Id { get; set; } public string BlogUrl { get; set; } public Blog Blog { get; set; } }',
      'public class Visit { public int Id { get; set; } public string Ref { get; set; } }',
      'public class Mention { public int Id { get; set; } }',
    ].join('\n');
    const context = [
      'public class BlogContext : DbContext {',
      '  public DbSet<Blog> Blogs { get; set; }',
      '  protected override void OnModelCreating(ModelBuilder b) {',
      '    b.Entity<Post>().HasOne(p => p.Blog).WithMany(x => x.Posts).HasForeignKey(p => p.BlogUrl).HasPrincipalKey(x => x.Url);',
      '    b.Entity<Visit>().HasOne<Blog>().WithMany().HasForeignKey(v => new { v.Ref }).HasPrincipalKey("Url");',
      '    b.Entity<Mention>().HasOne<Blog>().WithMany().HasPrincipalKey(x => x.Url);',
      '    b.Entity<Mention>().HasOne<Post>().WithMany().HasPrincipalKey(x => new { x.Id, x.BlogUrl });',
      '  }',
      '}',
    ].join('\n');
    const { joins } = read({ 'Models.cs': models, 'BlogContext.cs': context });
    // a composite alternate key: a shadow property for each of its parts
    expect(joins['BlogContext.cs']).toEqual([
      'Post(BlogUrl) → Blogs(Url) @4',
      'Visit(Ref) → Blogs(Url) @5',
      'Mention(BlogUrl) → Blogs(Url) @6',
      'Mention(PostId,PostBlogUrl) → Post(Id,BlogUrl) @7',
    ]);
  });

  it('joins composite keys on all their columns: HasForeignKey(x => new { … }), typed lambdas, HasKey, [PrimaryKey], [ForeignKey("A,B")] and the convention', () => {
    const models = [
      'public class Order { public int Id { get; set; } public int Region { get; set; } public List<Line> Lines { get; set; } }',
      '[PrimaryKey(nameof(Sku), nameof(Variant))]',
      'public class Product { public string Sku { get; set; } public int Variant { get; set; } }',
      'public class Line { public int Id { get; set; } public int OrderRef { get; set; } public int OrderRegion { get; set; }',
      '  public string ProductSku { get; set; } public int ProductVariant { get; set; } public Product Product { get; set; }',
      '  public string ItemSku { get; set; } public int ItemVariant { get; set; } [ForeignKey("ItemSku,ItemVariant")] public Product Item { get; set; } }',
      'public class Note { public int Id { get; set; } public int LineId { get; set; } public Order Order { get; set; } }',
      'public class Shipment { public int Id { get; set; } public string Code { get; set; } }',
    ].join('\n');
    const context = [
      'public class ShopContext : DbContext {',
      '  public DbSet<Order> Orders { get; set; }',
      '  protected override void OnModelCreating(ModelBuilder b) {',
      '    b.Entity<Order>().HasKey(o => new { o.Id, o.Region });',
      '    b.Entity<Order>().HasMany(o => o.Lines).WithOne().HasForeignKey((Line l) => new { l.OrderRef, Region = l.OrderRegion, });',
      '    b.Entity<Shipment>().HasOne<Order>().WithOne().HasForeignKey<Shipment>(s => s.Code).HasPrincipalKey<Order>(o => o.Region);',
      '    b.Entity<Note>().HasOne(n => n.Order).WithMany().HasForeignKey(n => n.LineId);',
      '  }',
      '}',
    ].join('\n');
    const { joins } = read({ 'Models.cs': models, 'ShopContext.cs': context });
    // a single foreign key to a composite key makes none
    expect(joins['ShopContext.cs']).toEqual(['Line(OrderRef,OrderRegion) → Orders(Id,Region) @5', 'Shipment(Code) → Orders(Region) @6']);
    expect(joins['Models.cs']).toEqual(['Line(ProductSku,ProductVariant) → Product(Sku,Variant) @5', 'Line(ItemSku,ItemVariant) → Product(Sku,Variant) @6']);
  });

  it('reads fluent HasOne/HasMany with HasForeignKey and HasColumnName, in Entity<T>() and IEntityTypeConfiguration<T>, owned types left out', () => {
    const order = [
      'public class Order { public int Id { get; set; } public int? PaymentId { get; set; } public int BuyerRef { get; set; }',
      '  public Buyer Buyer { get; set; } public Address ShipTo { get; set; } public IReadOnlyCollection<OrderLine> Lines => _lines; }',
      'public class Buyer { public int Id { get; set; } }',
      'public class Payment { public int Id { get; set; } }',
      'public class OrderLine { public int Id { get; set; } public int OrderNumber { get; set; } }',
      'public class Address { public int Id { get; set; } public string City { get; set; } }',
    ].join('\n');
    const context = [
      'public class ShopContext : DbContext {',
      '  public DbSet<Order> Orders { get; set; }',
      '  protected override void OnModelCreating(ModelBuilder b) {',
      '    b.Entity<Order>(o => {',
      '      o.ToTable("orders");',
      '      o.OwnsOne(x => x.ShipTo, a => { a.ToTable("addresses"); });',
      '      o.Property(x => x.PaymentId).HasColumnName("payment_method_id");',
      '      o.HasOne<Payment>().WithMany().HasForeignKey(x => x.PaymentId);',
      '      o.HasOne(x => x.Buyer).WithMany().HasForeignKey("BuyerRef");',
      '      o.HasMany(x => x.Lines).WithOne().HasForeignKey(l => l.OrderNumber);',
      '    });',
      '  }',
      '}',
    ].join('\n');
    const config = [
      'class PaymentConfiguration : IEntityTypeConfiguration<Payment>',
      '{',
      '    public void Configure(EntityTypeBuilder<Payment> builder) { builder.ToTable("payments", "billing"); }',
      '}',
    ].join('\n');
    const { joins, uses } = read({ 'Order.cs': order, 'ShopContext.cs': context, 'PaymentConfiguration.cs': config });
    expect(joins['ShopContext.cs']).toEqual([
      'orders(payment_method_id) → billing.payments(Id) @8',
      'orders(BuyerRef) → Buyer(Id) @9',
      'OrderLine(OrderNumber) → orders(Id) @10',
    ]);
    expect(joins['Order.cs']).toBeUndefined();
    expect(uses['Order.cs']!.map((u) => u.split(' ')[0])).toEqual(['orders', 'Buyer|buyer', 'billing.payments', 'OrderLine|order_line']);
  });
});

describe('EF Core: a repository of several solutions', () => {
  it("reads every context of a shared name, takes a shared class name from the namespace its context imports, and keys a package's entity base by Id", () => {
    const { joins, uses } = read({
      'shop/Data/AppDbContext.cs':
        'using Shop.Domain;\nnamespace Shop.Data;\npublic class AppDbContext : DbContext { public DbSet<Cart> Carts => Set<Cart>(); }',
      'todo/Data/AppDbContext.cs':
        'using Todo.Domain;\nnamespace Todo.Data;\npublic class AppDbContext : DbContext { public DbSet<Project> Projects => Set<Project>(); }',
      'shop/Domain/Cart.cs': [
        'namespace Shop.Domain;',
        'public class Cart : EntityBase<Cart, CartId>',
        '{',
        '    public IReadOnlyCollection<CartItem> Items => _items;',
        '}',
        'public class CartItem : EntityBase<CartItem, CartItemId> { public int Quantity { get; set; } }',
      ].join('\n'),
      'client/Models/Cart.cs': 'namespace Client.Models;\npublic class Cart\n{\n    public int Id { get; set; }\n}',
      'todo/Domain/Project.cs': 'namespace Todo.Domain;\npublic class Project : EntityBase<Project, ProjectId> { }',
    });
    expect(uses['shop/Domain/Cart.cs']).toEqual(['Carts|carts schema @2', 'CartItem|cart_item schema @6']);
    expect(uses['client/Models/Cart.cs']).toEqual([]);
    expect(uses['todo/Domain/Project.cs']).toEqual(['Projects|projects schema @2']);
    expect(joins['shop/Domain/Cart.cs']).toEqual(['CartItem(CartId) → Carts(Id) @4']);
  });
});

describe('EF Core: what the code does to the tables', () => {
  const service = [
    'public class BlogService',
    '{',
    '    private readonly BloggingContext _db;',
    '    private readonly IRepository<Blog> _blogs;',
    '    public BlogService(BloggingContext db, IRepository<Blog> blogs) { _db = db; _blogs = blogs; }',
    '    public Task<List<Blog>> All() => _db.Blogs.Where(b => b.Url != null).ToListAsync();',
    '    public void Add(Post post) { _db.Posts.Add(post); }',
    '    public Task Purge() => _db.Set<AuditEntry>().Where(a => a.Id < 10).ExecuteDeleteAsync();',
    '    public void Create() { var blog = new Blog(); _db.Add(blog); }',
    '    public Task<Blog?> One(int id) => _blogs.GetByIdAsync(id);',
    '    public Task Drop(Blog b) => _blogs.DeleteAsync(b);',
    '    public Task<Blog?> WithTags(int id) => _db.Blogs.Include(b => b.Tags).FirstOrDefaultAsync(b => b.BlogId == id);',
    '    public int Count(Order order) => order.Posts.Count();',
    '}',
  ].join('\n');

  it('reads a DbSet on a context-typed name, Set<T>(), the context’s Add and a generic repository, by the methods called', () => {
    const { uses } = read({ 'Data/BloggingContext.cs': CONTEXT, 'Models/Blog.cs': BLOG, 'Models/Post.cs': POST, 'BlogService.cs': service });
    expect(uses['BlogService.cs']).toEqual(['Blogs|blogs read,write @6', 'content.posts write @7', 'Tag|tag read @12', 'ops.audit_log write @8']);
  });

  it('leaves alone a DbSet name reached on something that is not a context, and a commented-out call', () => {
    const other = [
      'public class Report',
      '{',
      '    public int Count(Blog blog) => blog.Posts.Count();',
      '    // public void Add(BloggingContext db) => db.Posts.Add(new Post());',
      '}',
    ].join('\n');
    const { uses } = read({ 'Data/BloggingContext.cs': CONTEXT, 'Models/Blog.cs': BLOG, 'Models/Post.cs': POST, 'Report.cs': other });
    expect(uses['Report.cs']).toEqual([]);
  });

  it('reaches a context through a factory and `new`, an interface declaring the DbSets (clean architecture), Set<T>() on any context and Find<T>', () => {
    const iface = 'public interface IBloggingContext { DbSet<Blog> Blogs { get; } }';
    const handler = [
      'public class Handler(IBloggingContext context, IDbContextFactory<BloggingContext> factory)',
      '{',
      '    public Task<int> Count() => context.Blogs.CountAsync();',
      '    public async Task Save() { await using var db = await factory.CreateDbContextAsync(); db.Blogs.Update(new Blog()); }',
      '    public void Old() { using (var ctx = new BloggingContext()) { ctx.Posts.RemoveRange(ctx.Posts); } }',
      '}',
      'public class EventLog(DbContext context)',
      '{',
      '    public void Log(AuditEntry e) => context.Set<AuditEntry>().Add(e);',
      '    public ValueTask<Blog?> Find(BloggingContext db, int id) => db.FindAsync<Blog>(id);',
      '}',
    ].join('\n');
    const { uses } = read({
      'Data/BloggingContext.cs': CONTEXT,
      'Models/Blog.cs': BLOG,
      'Models/Post.cs': POST,
      'IBloggingContext.cs': iface,
      'Handler.cs': handler,
    });
    // the posts given to RemoveRange are read first
    expect(uses['Handler.cs']).toEqual(['Blogs|blogs read,write @3', 'content.posts read,write @5', 'ops.audit_log write @9']);
  });
});

describe('EF Core: ASP.NET Core Identity', () => {
  const context = [
    'namespace Shop.Identity;',
    'public class AppIdentityDbContext : IdentityDbContext<ApplicationUser>',
    '{',
    '    public AppIdentityDbContext(DbContextOptions<AppIdentityDbContext> options) : base(options) { }',
    '}',
  ].join('\n');
  const user = ['namespace Shop.Identity;', 'public class ApplicationUser : IdentityUser', '{', '    public string? Nickname { get; set; }', '}'].join('\n');
  const review = [
    'public class Review',
    '{',
    '    public int Id { get; set; }',
    '    public string AuthorId { get; set; }',
    '    public ApplicationUser Author { get; set; }',
    '}',
  ].join('\n');
  const shop = 'public class ShopContext : DbContext { public DbSet<Review> Reviews { get; set; } }';
  const admin = [
    'public class Admin(AppIdentityDbContext db)',
    '{',
    '    public Task<List<ApplicationUser>> Users() => db.Users.Where(u => u.Nickname != null).ToListAsync();',
    '    public void Grant(IdentityUserRole<string> link) { db.UserRoles.Add(link); }',
    '}',
  ].join('\n');

  it('declares the Identity tables at the context, maps a custom user class to AspNetUsers and reads its DbSets', () => {
    const { uses } = read({ 'AppIdentityDbContext.cs': context, 'ApplicationUser.cs': user, 'Review.cs': review, 'ShopContext.cs': shop, 'Admin.cs': admin });
    expect(uses['AppIdentityDbContext.cs']).toEqual([
      'AspNetUsers schema @2',
      'AspNetUserClaims schema @2',
      'AspNetUserLogins schema @2',
      'AspNetUserTokens schema @2',
      'AspNetRoles schema @2',
      'AspNetRoleClaims schema @2',
      'AspNetUserRoles schema @2',
    ]);
    expect(uses['ApplicationUser.cs']).toEqual(['AspNetUsers schema @2']);
    expect(uses['Admin.cs']).toEqual(['AspNetUsers read @3', 'AspNetUserRoles write @4']);
  });

  it("joins Identity's tables by their UserId and RoleId, and an entity's navigation to the user class to AspNetUsers", () => {
    const { joins } = read({ 'AppIdentityDbContext.cs': context, 'ApplicationUser.cs': user, 'Review.cs': review, 'ShopContext.cs': shop });
    expect(joins['AppIdentityDbContext.cs']).toEqual([
      'AspNetUserClaims(UserId) → AspNetUsers(Id) @2',
      'AspNetUserLogins(UserId) → AspNetUsers(Id) @2',
      'AspNetUserTokens(UserId) → AspNetUsers(Id) @2',
      'AspNetRoleClaims(RoleId) → AspNetRoles(Id) @2',
      'AspNetUserRoles(UserId) → AspNetUsers(Id) @2',
      'AspNetUserRoles(RoleId) → AspNetRoles(Id) @2',
    ]);
    expect(joins['Review.cs']).toEqual(['Reviews(AuthorId) → AspNetUsers(Id) @5']);
  });

  it("reads and writes Identity's tables through its managers, each call by the part of the store it reaches", () => {
    const accounts = [
      'public class Accounts(UserManager<ApplicationUser> users, RoleManager<IdentityRole> roles)',
      '{',
      '    public string? Me(ClaimsPrincipal p) => users.GetUserId(p);',
      '    public async Task Register(ApplicationUser u)',
      '    {',
      '        if (!await roles.RoleExistsAsync("buyer")) await roles.CreateAsync(new IdentityRole("buyer"));',
      '        await users.CreateAsync(u);',
      '        await users.AddToRoleAsync(u, "buyer");',
      '    }',
      '    public Task<IList<string>> Roles(ApplicationUser u) => users.GetRolesAsync(u);',
      '}',
    ].join('\n');
    const { uses } = read({ 'AppIdentityDbContext.cs': context, 'ApplicationUser.cs': user, 'Accounts.cs': accounts });
    // GetUserId reads the principal's claims, not the store
    expect(uses['Accounts.cs']).toEqual(['AspNetRoles read,write @6', 'AspNetUsers write @7', 'AspNetUserRoles read,write @8']);
  });

  it('maps only the user tables for IdentityUserContext, custom role classes by the generic arguments, and a ToTable over Identity’s name', () => {
    const users =
      'public class UsersOnly : IdentityUserContext<AppUser, Guid> { protected override void OnModelCreating(ModelBuilder b) { b.Entity<AppUser>().ToTable("users", "auth"); } }';
    const roles = 'public class Full : IdentityDbContext<IdentityUser<Guid>, AppRole, Guid> { }';
    const classes = 'public class AppUser : IdentityUser<Guid> { }\npublic class AppRole : IdentityRole<Guid> { }';
    const { uses } = read({ 'UsersOnly.cs': users, 'Full.cs': roles, 'Classes.cs': classes });
    expect(uses['UsersOnly.cs']).toEqual(['auth.users schema @1', 'AspNetUserClaims schema @1', 'AspNetUserLogins schema @1', 'AspNetUserTokens schema @1']);
    expect(uses['Classes.cs']).toEqual(['auth.users schema @1', 'AspNetRoles schema @2']);
    expect(uses['Full.cs']).toContain('AspNetUsers schema @1');
  });

  const login = [
    'public class Login(SignInManager<ApplicationUser> signIn)',
    '{',
    '    public Task<SignInResult> Post(string n, string p) => signIn.PasswordSignInAsync(n, p, true, lockoutOnFailure: true);',
    '    public Task<SignInResult> Check(ApplicationUser u, string p) => signIn.CheckPasswordSignInAsync(u, p, false);',
    '    public Task Again(ApplicationUser u) => signIn.SignInAsync(u, isPersistent: false);',
    '    public Task<SignInResult> Key(string json) => signIn.PasskeySignInAsync(json);',
    '}',
  ].join('\n');

  it("reaches every table a SignInManager's sign-in goes through, the roles' only when the project registers roles", () => {
    const { uses } = read({ 'AppIdentityDbContext.cs': context, 'ApplicationUser.cs': user, 'Login.cs': login });
    // the password's check reads and writes the user (its lockout count), two-factor reads its authenticator key, the principal its claims
    expect(uses['Login.cs']).toEqual(['AspNetUsers read,write @3', 'AspNetUserTokens read @3', 'AspNetUserClaims read @3']);
    const program = 'builder.Services.AddDefaultIdentity<ApplicationUser>().AddRoles<IdentityRole>().AddEntityFrameworkStores<AppIdentityDbContext>();';
    const withRoles = read({ 'AppIdentityDbContext.cs': context, 'ApplicationUser.cs': user, 'Login.cs': login, 'Program.cs': program });
    expect(withRoles.uses['Login.cs']).toEqual([
      'AspNetUsers read,write @3',
      'AspNetUserTokens read @3',
      'AspNetUserClaims read @3',
      'AspNetUserRoles read @3',
      'AspNetRoles read @3',
      'AspNetRoleClaims read @3',
    ]);
  });

  it('maps AspNetUserPasskeys (schema version 3) only when the project opts in, by its options or the passkey-typed context', () => {
    const program = [
      'builder.Services.AddIdentityCore<ApplicationUser>(o =>',
      '{',
      '    o.Stores.SchemaVersion = IdentitySchemaVersions.Version3;',
      '}).AddEntityFrameworkStores<AppIdentityDbContext>();',
    ].join('\n');
    const before = read({ 'AppIdentityDbContext.cs': context, 'ApplicationUser.cs': user, 'Login.cs': login });
    expect(before.uses['AppIdentityDbContext.cs']).not.toContain('AspNetUserPasskeys schema @2');
    const { uses, joins } = read({ 'AppIdentityDbContext.cs': context, 'ApplicationUser.cs': user, 'Login.cs': login, 'Program.cs': program });
    expect(uses['AppIdentityDbContext.cs']).toContain('AspNetUserPasskeys schema @2');
    expect(joins['AppIdentityDbContext.cs']).toContain('AspNetUserPasskeys(UserId) → AspNetUsers(Id) @2');
    // a passkey's sign-in finds its user by it and records its sign count
    expect(uses['Login.cs']).toContain('AspNetUserPasskeys read,write @6');
    const typed =
      'public class Keys : IdentityUserContext<AppUser, Guid, IdentityUserClaim<Guid>, IdentityUserLogin<Guid>, IdentityUserToken<Guid>, AppPasskey> { }';
    const classes = 'public class AppUser : IdentityUser<Guid> { }\npublic class AppPasskey : IdentityUserPasskey<Guid> { }';
    const passkeyTyped = read({ 'Keys.cs': typed, 'Classes.cs': classes });
    expect(passkeyTyped.uses['Classes.cs']).toEqual(['AspNetUsers schema @1', 'AspNetUserPasskeys schema @2']);
    expect(passkeyTyped.joins['Keys.cs']).toContain('AspNetUserPasskeys(UserId) → AspNetUsers(Id) @1');
  });
});

describe('EF Core: many-to-many', () => {
  const models = [
    'public class Post { public int Id { get; set; } public ICollection<Tag> Tags { get; set; } }',
    'public class Tag { public int Id { get; set; } public ICollection<Post> Posts { get; set; } }',
    'public class Student { public int Id { get; set; } public List<Course> Courses { get; set; } }',
    'public class Course { public int CourseId { get; set; } }',
    'public class Author { public int Id { get; set; } public List<Book> Books { get; set; } }',
    'public class Book { public int Id { get; set; } public List<Author> Authors { get; set; } }',
    'public class BookAuthor { public int BookId { get; set; } public int AuthorId { get; set; } }',
  ].join('\n');

  it('maps the join table EF Core names after both classes by convention, its foreign keys named after the inverse navigations', () => {
    const context = 'public class Ctx : DbContext { public DbSet<Post> Posts { get; set; } }';
    const { uses, joins } = read({ 'Models.cs': models, 'Ctx.cs': context });
    expect(uses['Models.cs']).toEqual(['Posts|posts schema @1', 'Tag|tag schema @2', 'PostTag|post_tag schema @1']);
    expect(joins['Models.cs']).toEqual(['PostTag(PostsId) → Posts(Id) @1', 'PostTag(TagsId) → Tag(Id) @1']);
  });

  it('reads the join table, then the other side, where a query includes a many-to-many navigation', () => {
    const context = 'public class Ctx : DbContext { public DbSet<Post> Posts { get; set; } }';
    const query = 'class Q(Ctx db) { Task<List<Post>> Run() => db.Posts.Include(p => p.Tags).ToListAsync(); }';
    const { uses } = read({ 'Models.cs': models, 'Ctx.cs': context, 'Q.cs': query });
    expect(uses['Q.cs']).toEqual(['Posts|posts read @1', 'PostTag|post_tag read @1', 'Tag|tag read @1']);
  });

  it('names the join table by UsingEntity: a name, a ToTable in its arguments, a join entity class; one-way WithMany() keys by the class name', () => {
    const context = [
      'public class Ctx : DbContext {',
      '  public DbSet<Post> Posts { get; set; }',
      '  protected override void OnModelCreating(ModelBuilder b) {',
      '    b.Entity<Student>().HasMany(s => s.Courses).WithMany().UsingEntity("Enrollments");',
      '    b.Entity<Post>().HasMany(p => p.Tags).WithMany(t => t.Posts).UsingEntity<Dictionary<string, object>>(',
      '      "PostTag", r => r.HasOne<Tag>().WithMany().HasForeignKey("TagRef"), l => l.HasOne<Post>().WithMany().HasForeignKey("PostRef"),',
      '      j => j.ToTable("post_tags", "blog"));',
      '    b.Entity<Book>().HasMany(x => x.Authors).WithMany(a => a.Books).UsingEntity<BookAuthor>();',
      '  }',
      '}',
    ].join('\n');
    const { uses, joins } = read({ 'Models.cs': models, 'Ctx.cs': context });
    expect(uses['Ctx.cs']).toEqual([
      'Posts|posts schema @2',
      'Enrollments|enrollments schema @4',
      'blog.post_tags schema @5',
      'BookAuthor|book_author schema @8',
    ]);
    expect(joins['Ctx.cs']).toEqual([
      'Enrollments(StudentId) → Student(Id) @4',
      'Enrollments(CoursesCourseId) → Course(CourseId) @4',
      'blog.post_tags(PostRef) → Posts(Id) @5',
      'blog.post_tags(TagRef) → Tag(Id) @5',
      'BookAuthor(BookId) → Book(Id) @8',
      'BookAuthor(AuthorId) → Author(Id) @8',
    ]);
    // the convention's join is not read where the fluent configuration gives one
    expect(joins['Models.cs']).toBeUndefined();
  });
});

describe('EF Core: what a context saves of the entities it tracks', () => {
  const saves: Record<string, string> = {
    'Import.cs': 'class Import(BloggingContext db) { void Run(List<Post> posts) { db.AddRange(posts); db.SaveChanges(); } }',
    'Seed.cs': 'class Seed(DbContext plain) { void Run() { plain.AddRange(new[] { new Blog() }); } }',
    'Rename.cs': [
      'class Rename(BloggingContext db)',
      '{',
      '    async Task Run(int id, string url)',
      '    {',
      '        var blog = await db.Blogs.FindAsync(id);',
      '        if (blog == null) return;',
      '        blog.Url = url;',
      '        await db.SaveChangesAsync();',
      '    }',
      '}',
    ].join('\n'),
    'Touch.cs': 'class Touch(BloggingContext db) { void Run(AuditEntry e) { db.Entry(e).State = EntityState.Modified; } }',
    'Replace.cs':
      'class Replace(BloggingContext db) { void Run(int id, Post given) { var old = db.Posts.Find(id); var entry = db.Entry(old); entry.CurrentValues.SetValues(given); } }',
    'Look.cs': 'class Look(BloggingContext db) { void Run(int id) { var blog = db.Blogs.Find(id); if (blog.Url == "") return; db.SaveChanges(); } }',
  };

  it('writes the table of what Add/AddRange (a typed list, new[]), Entry(…).State and SetValues are given, and of a queried entity changed then saved', () => {
    const { uses } = read({ 'Data/BloggingContext.cs': CONTEXT, 'Models/Blog.cs': BLOG, 'Models/Post.cs': POST, ...saves });
    expect(uses['Import.cs']).toEqual(['content.posts write @1']);
    expect(uses['Seed.cs']).toEqual(['Blogs|blogs write @1']);
    expect(uses['Rename.cs']).toEqual(['Blogs|blogs read,write @5']);
    expect(uses['Touch.cs']).toEqual(['ops.audit_log write @1']);
    expect(uses['Replace.cs']).toEqual(['content.posts read,write @1']);
    // a queried entity saved unchanged is only read
    expect(uses['Look.cs']).toEqual(['Blogs|blogs read @1']);
  });

  it('reaches a context held in a property of another class (`services.Context`)', () => {
    const services = 'public class BlogServices(BloggingContext context) { public BloggingContext Context { get; } = context; }';
    const api = [
      'public static class BlogApi',
      '{',
      '    public static async Task Delete(BlogServices services, int id)',
      '    {',
      '        var blog = await services.Context.Blogs.SingleAsync(b => b.BlogId == id);',
      '        services.Context.Blogs.Remove(blog);',
      '    }',
      '}',
    ].join('\n');
    const { uses } = read({
      'Data/BloggingContext.cs': CONTEXT,
      'Models/Blog.cs': BLOG,
      'Models/Post.cs': POST,
      'BlogServices.cs': services,
      'BlogApi.cs': api,
    });
    expect(uses['BlogApi.cs']).toEqual(['Blogs|blogs read,write @5']);
  });
});
