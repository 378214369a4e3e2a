import { describe, expect, it } from 'vitest';
import { ormTableRefs } from './orm-refs.js';
import { sequelizeJoins } from './sequelize-joins.js';

/** The joins of a project's files, each file's Sequelize models read as the scan reads them. */
function joinsOf(files: Record<string, string>) {
  const list = Object.entries(files).map(([path, text]) => ({ path, text }));
  const models = list.flatMap((f) => ormTableRefs(f.text, 'javascript', f.path)).filter((r) => r.model);
  return Object.fromEntries(
    [...sequelizeJoins(list, models)].map(([path, js]) => [
      path,
      js.map((j) => `${j.table}(${j.columns}) → ${j.references}(${j.referencedColumns}) @${j.line}`),
    ]),
  );
}

describe('Sequelize associations as declared joins', () => {
  it('belongsTo, hasMany and belongsToMany with their keys, on each table a model may have', () => {
    const models = [
      "const { Sequelize, DataTypes } = require('sequelize');",
      "const sequelize = new Sequelize('postgres://localhost/app');",
      "const User = sequelize.define('user', { name: DataTypes.STRING }, { tableName: 'app_users' });",
      "const Post = sequelize.define('post', { title: DataTypes.STRING }, { tableName: 'posts' });",
      "const Tag = sequelize.define('tag', { label: DataTypes.STRING }, { tableName: 'tags' });",
      "Post.belongsTo(User, { foreignKey: 'author_id', as: 'author' });",
      "User.hasMany(Post, { foreignKey: { name: 'editor_id', allowNull: true } });",
      "Post.belongsToMany(Tag, { through: 'post_tags', foreignKey: 'post_id', otherKey: 'tag_id' });",
      '// Post.belongsTo(Tag, { foreignKey: "ghost_id" });',
      'Post.belongsTo(Missing);',
      'module.exports = { User, Post, Tag };',
    ].join('\n');
    expect(joinsOf({ 'src/models.js': models })).toEqual({
      'src/models.js': [
        'posts(author_id) → app_users(id) @6',
        'posts(editor_id) → app_users(id) @7',
        'post_tags(post_id) → posts(id) @8',
        'post_tags(tag_id) → tags(id) @8',
      ],
    });
  });

  it("gives Sequelize's default key (the model's name or the as, with Id; snake case when underscored) and a class's this.belongsTo", () => {
    const team = [
      "const { Model } = require('sequelize');",
      'module.exports = (sequelize, DataTypes) => {',
      '  class Team extends Model {',
      '    static associate(models) {',
      "      this.belongsTo(models.User, { as: 'owner' });",
      '      this.hasMany(models.Player);',
      '    }',
      '  }',
      "  Team.init({ name: DataTypes.STRING }, { sequelize, modelName: 'Team' });",
      '  return Team;',
      '};',
    ].join('\n');
    const user = "module.exports = (sequelize, DataTypes) => sequelize.define('User', { name: DataTypes.STRING });\n";
    const player = "module.exports = (sequelize, DataTypes) => { const Player = sequelize.define('player', { name: DataTypes.STRING }); return Player; };\n";
    const files = { 'models/team.js': team, 'models/user.js': user, 'models/player.js': player };
    // define('User') is bound to no variable: its model is named User, as models.User calls it; tables are plural or as named
    expect(joinsOf(files)['models/team.js']).toEqual([
      'Teams(ownerId) → Users(id) @5',
      'Teams(ownerId) → User(id) @5',
      'Team(ownerId) → Users(id) @5',
      'Team(ownerId) → User(id) @5',
      'players(TeamId) → Teams(id) @6',
      'players(TeamId) → Team(id) @6',
      'player(TeamId) → Teams(id) @6',
      'player(TeamId) → Team(id) @6',
    ]);
    const underscored = { ...files, 'config/db.js': 'module.exports = new Sequelize(url, { define: { underscored: true } });\n' };
    expect(joinsOf(underscored)['models/team.js']?.[0]).toBe('Teams(owner_id) → Users(id) @5');
  });
});
