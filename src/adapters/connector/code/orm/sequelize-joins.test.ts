import { describe, expect, it } from 'vitest';
import { ormTableRefs } from './orm-refs.js';
import { sequelizeJoins } from './sequelize-joins.js';

/** The joins of the files (path → text), each as `table(columns) → references(columns) @line`. */
function joinsOf(files: Record<string, string>): Record<string, string[]> {
  const list = Object.entries(files).map(([path, text]) => ({ path, text }));
  const modelsOf = new Map(list.map((f) => [f.path, ormTableRefs(f.text, 'javascript', f.path)]));
  return Object.fromEntries(
    [...sequelizeJoins(list, modelsOf)].map(([path, joins]) => [
      path,
      joins.map(
        (j) =>
          `${[j.table, ...(j.tableAlternatives ?? [])].join('|')}(${j.columns}) → ${[j.references, ...(j.referencesAlternatives ?? [])].join('|')}(${j.referencedColumns}) @${j.line}`,
      ),
    ]),
  );
}

describe('Sequelize associations as declared joins', () => {
  it('reads belongsTo, hasMany and hasOne with their keys, and the defaults (`userId`, the primary key)', () => {
    const models = [
      "const { Sequelize, DataTypes } = require('sequelize');",
      "const sequelize = new Sequelize('postgres://localhost/blog');",
      "const User = sequelize.define('user', {",
      "  uid: { type: DataTypes.INTEGER, primaryKey: true, field: 'user_id' },",
      '  name: DataTypes.STRING,',
      "}, { tableName: 'app_users' });",
      "const Post = sequelize.define('post', {",
      "  authorId: { type: DataTypes.INTEGER, field: 'author_id' },",
      '  title: DataTypes.STRING,',
      '});',
      "const Profile = sequelize.define('profile', { bio: DataTypes.TEXT }, { tableName: 'profiles' });",
      "Post.belongsTo(User, { foreignKey: 'authorId', as: 'author' });",
      "User.hasMany(Post, { foreignKey: 'author_id' });",
      'User.hasOne(Profile);',
      "Post.belongsTo(User, { as: 'editor' });",
      "User.belongsToMany(User, { through: 'follows', as: 'followers', foreignKey: 'followee_id' });",
      '// Post.belongsTo(User, { foreignKey: "ghostId" });',
      'Post.belongsTo(Missing);',
    ].join('\n');
    expect(joinsOf({ 'models/index.js': models })).toEqual({
      'models/index.js': [
        'posts|post(author_id) → app_users(user_id) @12',
        // hasMany's key is an attribute of Post: given as `author_id`, a name no attribute has, it is the column
        'posts|post(author_id) → app_users(user_id) @13',
        'profiles(userUid) → app_users(user_id) @14',
        'posts|post(editorUid) → app_users(user_id) @15',
        'follows(followee_id) → app_users(user_id) @16',
        'follows(followerUid) → app_users(user_id) @16',
      ],
    });
  });

  it('joins a belongsToMany through table to both models, named or a model; a model file per model with `this` in associate; default keys after the model name (`PostId`, `userId`)', () => {
    const files = {
      'models/post.js': [
        "const { Model, DataTypes } = require('sequelize');",
        'module.exports = (sequelize) => {',
        '  class Post extends Model {',
        '    static associate(models) {',
        "      this.belongsToMany(models.Tag, { through: 'post_tags', foreignKey: 'post_id', otherKey: 'tag_id' });",
        '      this.belongsToMany(models.user, { through: models.Like });',
        '    }',
        '  }',
        "  Post.init({ title: DataTypes.STRING }, { sequelize, tableName: 'posts', underscored: true });",
        '  return Post;',
        '};',
      ].join('\n'),
      'models/tag.js': "module.exports = (sequelize, DataTypes) => sequelize.define('Tag', { label: DataTypes.STRING }, { tableName: 'tags' });\n",
      'models/user.js': "module.exports = (sequelize, DataTypes) => sequelize.define('user', { name: DataTypes.STRING }, { tableName: 'users' });\n",
      'models/like.js':
        "module.exports = (sequelize, DataTypes) => { const Like = sequelize.define('Like', { userId: { type: DataTypes.INTEGER, field: 'liker_id' } }, { tableName: 'likes' }); return Like; };\n",
    };
    expect(joinsOf(files)).toEqual({
      'models/post.js': [
        'post_tags(post_id) → posts(id) @5',
        'post_tags(tag_id) → tags(id) @5',
        'likes(PostId) → posts(id) @6',
        'likes(liker_id) → users(id) @6',
      ],
    });
  });

  it("takes a belongsToMany's other key from the paired association back through the same table, as Sequelize pairs them", () => {
    const files = {
      'models/user.js': [
        "const User = sequelize.define('user', { name: DataTypes.STRING }, { tableName: 'users' });",
        "User.belongsToMany(Role, { through: 'user_roles', foreignKey: 'user_ref' });",
        // through another table: no pair, Sequelize's default other key
        "User.belongsToMany(Role, { through: 'user_grants', foreignKey: 'grantee_id' });",
        'module.exports = User;',
      ].join('\n'),
      'models/role.js': [
        "const Role = sequelize.define('role', { code: { type: DataTypes.STRING, primaryKey: true } }, { tableName: 'roles' });",
        "Role.belongsToMany(User, { through: 'user_roles', foreignKey: 'role_ref' });",
        'module.exports = Role;',
      ].join('\n'),
    };
    expect(joinsOf(files)).toEqual({
      'models/user.js': [
        'user_roles(user_ref) → users(id) @2',
        'user_roles(role_ref) → roles(code) @2',
        'user_grants(grantee_id) → users(id) @3',
        'user_grants(roleCode) → roles(code) @3',
      ],
      'models/role.js': ['user_roles(role_ref) → roles(code) @2', 'user_roles(user_ref) → users(id) @2'],
    });
    // two self-associations through one table are each other's pair
    const follows = [
      "const User = sequelize.define('user', {}, { tableName: 'users' });",
      "User.belongsToMany(User, { through: 'follows', as: 'followers', foreignKey: 'followee_id' });",
      "User.belongsToMany(User, { through: 'follows', as: 'following', foreignKey: 'follower_id' });",
    ].join('\n');
    expect(joinsOf({ 'models/user.js': follows })['models/user.js']).toEqual(['follows(followee_id) → users(id) @2', 'follows(follower_id) → users(id) @2']);
  });

  it('reads an option naming a constant its file declares with one string; a name declared twice holds none', () => {
    const models = [
      "const AUTHOR_FK = 'author_id';",
      'const TAGGINGS = "post_tags";',
      "let TWICE = 'a_id';",
      "const User = sequelize.define('user', {}, { tableName: 'users' });",
      "const Post = sequelize.define('post', {}, { tableName: 'posts' });",
      "const Tag = sequelize.define('tag', {}, { tableName: 'tags' });",
      'Post.belongsTo(User, { foreignKey: AUTHOR_FK });',
      "Post.belongsToMany(Tag, { through: TAGGINGS, foreignKey: 'post_id', otherKey: 'tag_id' });",
      'Post.belongsTo(User, { as: TWICE, foreignKey: TWICE });',
      'function f() {',
      "  let TWICE = 'b_id';",
      '}',
    ].join('\n');
    expect(joinsOf({ 'models/index.js': models })).toEqual({
      'models/index.js': [
        'posts(author_id) → users(id) @7',
        'post_tags(post_id) → posts(id) @8',
        'post_tags(tag_id) → tags(id) @8',
        // `TWICE` holds no one string: Sequelize's default, after the target
        'posts(userId) → users(id) @9',
      ],
    });
  });

  it('reads a class whose `static config()` names its table by a constant, initialised in another file with `X.init(XSchema, X.config(sequelize))`', () => {
    const model = (cls: string, constant: string, table: string, fields: string[], associate: string[]) =>
      [
        "const { Model, DataTypes } = require('sequelize');",
        `const ${constant} = '${table}';`,
        `const ${cls}Schema = {`,
        '  id: { primaryKey: true, type: DataTypes.INTEGER },',
        ...fields,
        '};',
        `class ${cls} extends Model {`,
        '  static associate(models) {',
        ...associate,
        '  }',
        '  static config(sequelize) {',
        `    return { sequelize, tableName: ${constant}, modelName: '${cls}', timestamps: false }`,
        '  }',
        '}',
        `module.exports = { ${cls}, ${cls}Schema, ${constant} };`,
      ].join('\n');
    const files = {
      'db/models/client.model.js': model(
        'Client',
        'CLIENT_TABLE',
        'clients',
        [],
        ["    this.hasMany(models.Invoice, { as: 'invoices', foreignKey: 'clientId' });"],
      ),
      'db/models/invoice.model.js': model(
        'Invoice',
        'INVOICE_TABLE',
        'invoices',
        ["  clientId: { field: 'client_id', type: DataTypes.INTEGER },"],
        ["    this.belongsTo(models.Client, { as: 'client' });"],
      ),
      'db/models/index.js': [
        "const { Client, ClientSchema } = require('./client.model');",
        "const { Invoice, InvoiceSchema } = require('./invoice.model');",
        'function setupModels(sequelize) {',
        '  Client.init(ClientSchema, Client.config(sequelize));',
        '  Invoice.init(InvoiceSchema, Invoice.config(sequelize));',
        '  Client.associate(sequelize.models);',
        '}',
      ].join('\n'),
    };
    expect(ormTableRefs(files['db/models/index.js'], 'javascript', 'db/models/index.js')).toEqual([]);
    expect(ormTableRefs(files['db/models/client.model.js'], 'javascript', 'db/models/client.model.js')).toEqual([
      { table: 'clients', line: 11, via: 'sequelize', model: 'Client', access: ['schema'] },
    ]);
    expect(joinsOf(files)).toEqual({
      'db/models/client.model.js': ['invoices(client_id) → clients(id) @8'],
      'db/models/invoice.model.js': ['invoices(client_id) → clients(id) @9'],
    });
  });

  it("reads sequelize-typescript's @ForeignKey and @BelongsTo, one join for both", () => {
    const post = [
      "import { Table, Column, Model, ForeignKey, BelongsTo, PrimaryKey } from 'sequelize-typescript';",
      "import { User } from './user.model';",
      "@Table({ tableName: 'posts' })",
      'export class Post extends Model {',
      '  @ForeignKey(() => User)',
      "  @Column({ field: 'author_id' })",
      '  declare authorId: number;',
      '  @BelongsTo(() => User)',
      '  declare author: User;',
      "  @BelongsTo(() => User, 'reviewerId')",
      '  declare reviewer: User;',
      '}',
    ].join('\n');
    const user = [
      "import { Table, Column, Model, PrimaryKey } from 'sequelize-typescript';",
      "@Table({ tableName: 'users' })",
      'export class User extends Model {',
      '  @PrimaryKey',
      "  @Column({ field: 'user_id' })",
      '  declare uid: number;',
      '}',
    ].join('\n');
    expect(joinsOf({ 'src/post.model.ts': post, 'src/user.model.ts': user })).toEqual({
      'src/post.model.ts': ['posts(author_id) → users(user_id) @5', 'posts(reviewerId) → users(user_id) @10'],
    });
  });
  it("reads models made by a class's own `super.init` and by `Model.init` without a tableName (their tables the plural)", () => {
    const files = {
      'src/models/Tech.js': [
        "const { Model, DataTypes } = require('sequelize');",
        'class Tech extends Model {',
        '  static init(sequelize) {',
        "    super.init({ name: DataTypes.STRING }, { sequelize, tableName: 'techs' });",
        '  }',
        '  static associate(models) {',
        "    this.belongsToMany(models.User, { foreignKey: 'tech_id', through: 'user_techs', as: 'users' });",
        '  }',
        '}',
        'module.exports = Tech;',
      ].join('\n'),
      'src/models/User.js': [
        "const { Model, DataTypes } = require('sequelize');",
        'module.exports = (sequelize) => {',
        '  class User extends Model {',
        '    static associate(models) {',
        '      this.hasMany(models.Address);',
        '    }',
        '  }',
        "  User.init({ name: DataTypes.STRING }, { sequelize, modelName: 'User' });",
        '  return User;',
        '};',
      ].join('\n'),
      'src/models/Address.js':
        "const { Model } = require('sequelize');\nclass Address extends Model {\n  static init(sequelize) {\n    super.init({}, { sequelize });\n  }\n}\nmodule.exports = Address;\n",
    };
    expect(joinsOf(files)).toEqual({
      'src/models/Tech.js': ['user_techs(tech_id) → techs(id) @7', 'user_techs(UserId) → Users|User(id) @7'],
      'src/models/User.js': ['Addresses|Address(UserId) → Users|User(id) @5'],
    });
  });

  it('reads a sequelize-typescript @Table class without a tableName as a model (its table the plural of the class)', () => {
    const user = [
      "import { Table, Column, Model } from 'sequelize-typescript';",
      '@Table',
      'export class User extends Model<User> {',
      '  @Column',
      '  name: string;',
      '}',
    ].join('\n');
    const post = [
      "import { Table, Column, Model, ForeignKey } from 'sequelize-typescript';",
      "import { User } from './user';",
      "@Table({ tableName: 'posts' })",
      'export class Post extends Model {',
      '  @ForeignKey(() => User)',
      "  @Column({ field: 'author_id' })",
      '  authorId: number;',
      '}',
    ].join('\n');
    expect(joinsOf({ 'src/user.ts': user, 'src/post.ts': post })['src/post.ts']).toEqual(['posts(author_id) → Users|User(id) @5']);
  });
});
