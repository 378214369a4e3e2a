import { describe, expect, it } from 'vitest';
import { entTable } from './ent-naming.js';
import { entReader } from './ent-schema.js';
import { collectUses, type ProjectFile } from './orm-reader.js';

const go = (path: string, ...lines: string[]): ProjectFile => ({ path, text: lines.join('\n'), language: 'go' });
const IMPORTS = ['package schema', '', 'import (', '\t"entgo.io/ent"', '\t"entgo.io/ent/schema/edge"', ')', ''];

const USER = go(
  'ent/schema/user.go',
  ...IMPORTS,
  'type User struct {',
  '\tent.Schema',
  '}',
  '',
  'func (User) Edges() []ent.Edge {',
  '\treturn []ent.Edge{',
  '\t\tedge.To("pets", Pet.Type),',
  '\t\tedge.From("groups", Group.Type).Ref("users"),',
  '\t\tedge.To("friends", User.Type),',
  '\t\tedge.To("children", User.Type).From("parent").Unique(),',
  '\t}',
  '}',
);
const PET = go(
  'ent/schema/pet.go',
  ...IMPORTS,
  'type Pet struct {',
  '\tent.Schema',
  '}',
  '',
  'func (Pet) Fields() []ent.Field {',
  '\treturn []ent.Field{field.Int("owner_id").Optional()}',
  '}',
  '',
  'func (Pet) Edges() []ent.Edge {',
  '\treturn []ent.Edge{',
  '\t\t// the owner holds the key',
  '\t\tedge.From("owner", User.Type).',
  '\t\t\tRef("pets").',
  '\t\t\tUnique().',
  '\t\t\tField("owner_id"),',
  '\t}',
  '}',
);
const GROUP = go(
  'ent/schema/group.go',
  ...IMPORTS,
  'type Group struct {',
  '\tent.Schema',
  '}',
  '',
  'func (Group) Annotations() []schema.Annotation {',
  '\treturn []schema.Annotation{entsql.Annotation{Table: "teams"}}',
  '}',
  '',
  'func (Group) Edges() []ent.Edge {',
  '\treturn []ent.Edge{edge.To("users", User.Type), edge.To("admin", User.Type).Unique()}',
  '}',
);
const SCHEMAS = [USER, PET, GROUP];
const project = (...files: ProjectFile[]) => entReader.project!(files, new Map(files.map((f) => [f.path, entReader.declared(f)])));

describe('ent', () => {
  it("names a table as ent's generator does: plural by its inflection rules (whose suffixes match case-sensitively), snake case by its own", () => {
    expect(['User', 'Category', 'UserInfo', 'HTTPServer', 'Bus', 'Status', 'Person', 'Salesperson', 'Information', 'Box', 'Knife'].map(entTable)).toEqual([
      'users',
      'categories',
      'user_infos',
      'http_servers',
      'bus',
      'status',
      'persons',
      'salespeople',
      'information',
      'boxes',
      'knives',
    ]);
  });

  it('declares the table of each struct embedding ent.Schema, an entsql annotation naming it', () => {
    expect(SCHEMAS.flatMap((f) => entReader.declared(f).map((r) => `${r.model} ${r.table} ${f.path}:${r.line}`))).toEqual([
      'User users ent/schema/user.go:8',
      'Pet pets ent/schema/pet.go:8',
      'Group teams ent/schema/group.go:8',
    ]);
    expect(entReader.declared(go('types.go', 'package x', '', 'type User struct {', '\tent.Schema', '}'))).toEqual([]);
  });

  it('declares, over the project, the schemas embedding an unexported base struct of their package that embeds ent.Schema', () => {
    const base = go('ent/schema/base.go', ...IMPORTS, 'type base struct {', '\tent.Schema', '}');
    const account = go('ent/schema/account.go', 'package schema', '', 'type Account struct {', '\tbase', '}', '', 'type options struct {', '\tbase', '}');
    const elsewhere = go('internal/dto/account.go', 'package dto', '', 'type Account struct {', '\tbase', '}');
    const declared = project(base, account, elsewhere).declared!;
    expect([...declared].flatMap(([path, refs]) => refs.map((r) => `${r.model} ${r.table} ${path}:${r.line}`))).toEqual([
      'Account accounts ent/schema/account.go:3',
    ]);
  });

  it("reads the edges' joins: keys ent names after the edge or the edge's field, and many-to-many join tables", () => {
    const joins = [...project(...SCHEMAS).joins!].flatMap(([path, list]) =>
      list.map((j) => `${j.table}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} ${path}:${j.line}`),
    );
    expect(joins).toEqual([
      'pets.owner_id = users.id ent/schema/user.go:14',
      'user_friends.user_id = users.id ent/schema/user.go:16',
      'user_friends.friend_id = users.id ent/schema/user.go:16',
      'users.user_children = users.id ent/schema/user.go:17',
      'group_users.group_id = teams.id ent/schema/group.go:17',
      'group_users.user_id = users.id ent/schema/group.go:17',
      'teams.group_admin = users.id ent/schema/group.go:17',
    ]);
  });

  it('links the generated client’s calls: queries read, builders write, edges read their tables along the chain', () => {
    const handler = go(
      'internal/store/users.go',
      'package store',
      '',
      'import "example.com/app/ent"',
      '',
      'func Adopt(ctx context.Context, client *ent.Client, tx *ent.Tx, u *ent.User) error {',
      '\tpets, _ := client.User.Query().Where(user.ID(1)).QueryPets().All(ctx)',
      '\ttx.Group.Create().SetName("x").AddUsers(u).Save(ctx)',
      '\tu.QueryGroups().AllX(ctx)',
      '\t// client.Pet.Delete().ExecX(ctx)',
      '\treturn nil',
      '}',
    );
    const generated = go('ent/client.go', '// Code generated by ent, DO NOT EDIT.', '', 'package ent', '', 'func (c *UserClient) Query() { c.User.Query() }');
    const uses = project(...SCHEMAS, handler, generated).uses!;
    const used = (f: ProjectFile) => collectUses(f.text, (use) => uses(f, use)).map((u) => `${u.table}:${u.line} ${u.access?.join()}`);
    expect(used(handler)).toEqual(['users:6 read', 'pets:6 read', 'teams:7 read,write', 'group_users:7 read,write']);
    expect(used(generated)).toEqual([]);
  });

  it("reads an entity's own update builder as a write of its table and of the edges its chain changes, when the code says what it holds", () => {
    const handler = go(
      'internal/store/rename.go',
      'package store',
      '',
      'import "example.com/app/ent"',
      '',
      'func Rename(ctx context.Context, client *ent.Client, g *ent.Group) error {',
      '	u, err := client.User.Get(ctx, 1)',
      '	u.Update().SetName("x").AddPets(p).Save(ctx)',
      '	g.Update().ClearAdmin().Save(ctx)',
      '	form.Update()',
      '	return err',
      '}',
    );
    const uses = project(...SCHEMAS, handler).uses!;
    // `form` holds nothing the code tells
    expect(collectUses(handler.text, (use) => uses(handler, use)).map((u) => `${u.table}:${u.line} ${u.access?.join()}`)).toEqual([
      'users:6 read,write',
      'pets:7 write',
      'teams:8 write',
    ]);
  });

  it("reads each schema package on its own: a file uses the nearest package's schemas; older ent's `entc` code is generated", () => {
    const user = (svc: string, ...body: string[]) =>
      go(`app/${svc}/data/ent/schema/user.go`, ...IMPORTS, 'type User struct {', '\tent.Schema', '}', '', ...body);
    const billing = user('billing', 'func (User) Annotations() []schema.Annotation {', '\treturn []schema.Annotation{entsql.Table("payers")}', '}');
    const call = (path: string, header = '') => go(path, header, 'package data', '', 'func Load() { r.db.User.Query().AllX(ctx) }');
    const [a, b, old] = [
      call('app/billing/data/user.go'),
      call('app/auth/data/user.go'),
      call('app/auth/data/ent/user_query.go', '// Code generated by entc, DO NOT EDIT.'),
    ];
    const uses = project(billing, user('auth'), a, b, old).uses!;
    expect([a, b, old].map((f) => collectUses(f.text, (use) => uses(f, use)).map((u) => `${u.table} ${u.access?.join()}`))).toEqual([
      ['payers read'],
      ['users read'],
      [],
    ]);
  });
});
