import { describe, expect, it } from 'vitest';
import { ormModelUses, ormTableRefs } from './orm-refs.js';
import { sqlalchemyRelations } from './sqlalchemy-relations.js';

const MODELS = [
  'import sqlalchemy as sa',
  'import sqlalchemy.orm as so',
  'from sqlalchemy.orm import Mapped, relationship',
  'from sqlmodel import Field, Relationship, SQLModel',
  '',
  'class User(Base):',
  "    __tablename__ = 'users'",
  "    posts: so.WriteOnlyMapped['Post'] = so.relationship(back_populates='author')",
  '',
  'class Post(Base):',
  "    __tablename__ = 'posts'",
  '    author: Mapped["User"] = relationship(back_populates="posts")',
  '    comments = relationship("Comment", lazy="selectin")',
  '    tags = relationship("Tag", secondary=post_tags, backref="posts")',
  '    pinned = relationship("Tag", post_tags, viewonly=True)',
  "    labels: Mapped[list['Label']] = relationship(secondary='post_labels')",
  '',
  'post_tags = Table("post_tags", Base.metadata, Column("post_id", ForeignKey("posts.id")), schema="blog")',
  '',
  'class Tag(Base):',
  "    __tablename__ = 'tags'",
  '',
  'class Comment(Base):',
  "    __tablename__ = 'comments'",
  '',
  'class Team(SQLModel, table=True):',
  '    heroes: list["Hero"] = Relationship(back_populates="team")',
  '',
  'class Hero(SQLModel, table=True):',
  '    id: int = Field(primary_key=True)',
].join('\n');

const relations = sqlalchemyRelations([{ text: MODELS, language: 'python' }]).shared;
const models = ormTableRefs(MODELS, 'python', 'app/models.py');
const uses = (text: string, withRelations = true) =>
  ormModelUses(text, 'python', models, withRelations ? { sqlalchemyRelations: relations } : {}).map((u) => [u.table, u.line, ...(u.access ?? [])]);

describe('SQLAlchemy relationships', () => {
  it('reads the target class of each relationship: its first argument, else the quoted or last class of its annotation', () => {
    expect([...relations].map(([c, attrs]) => [c, Object.fromEntries(attrs)])).toEqual([
      ['User', { posts: { target: 'Post' } }],
      [
        'Post',
        {
          author: { target: 'User' },
          comments: { target: 'Comment' },
          tags: { target: 'Tag', secondary: 'blog.post_tags' },
          pinned: { target: 'Tag', secondary: 'blog.post_tags' },
          labels: { target: 'Label', secondary: 'post_labels' },
        },
      ],
      ['Team', { heroes: { target: 'Hero' } }],
      ['Tag', { posts: { target: 'Post', secondary: 'blog.post_tags' } }],
    ]);
  });

  it('reads the tables a statement joins or loads through a relationship, and nothing a comparison or noload names', () => {
    const view = [
      'def feed(session, user):',
      '    q = sa.select(Post).join(Post.author.of_type(Author))',
      '    q = q.options(selectinload(Post.comments), noload(User.posts))',
      '    return session.scalars(q.where(Post.author == user)), select(Team).outerjoin(Team.heroes)',
    ].join('\n');
    expect(uses(view)).toEqual([
      ['posts', 2, 'read'],
      ['team', 4, 'read'],
      ['users', 2, 'read'],
      ['comments', 3, 'read'],
      ['hero', 4, 'read'],
    ]);
    // without the relationships, only the statements' own models
    expect(uses(view, false)).toEqual([
      ['posts', 2, 'read'],
      ['team', 4, 'read'],
    ]);
  });

  it('reaches the association table of a relationship through one', () => {
    const view = ['def tagged(session):', '    return session.scalars(select(Post).options(selectinload(Post.tags)).join(Post.labels))'].join('\n');
    expect(uses(view)).toEqual([
      ['posts', 2, 'read'],
      ['tags', 2, 'read'],
      ['blog.post_tags', 2, 'read'],
      ['post_labels', 2, 'read'],
    ]);
    // the way back a backref declares
    expect(uses('def posts_of(session):\n    return session.scalars(select(Tag).join(Tag.posts))')).toEqual([
      ['tags', 2, 'read'],
      ['posts', 2, 'read'],
      ['blog.post_tags', 2, 'read'],
    ]);
  });
});

describe("a row's relationships loaded on it", () => {
  it('reads the target (and the association table) where the code tells the row: an annotation, session.get, self; on a row just built once it is committed', () => {
    const view = [
      'def show(post: Post):',
      '    return [c.body for c in post.comments]',
      '',
      'def author_of(session, post_id):',
      '    post = session.get(Post, post_id)',
      '    return post.author.name',
      '',

      'class Post(Base):',
      '    def names(self):',
      '        return [t.name for t in self.tags]',
    ].join('\n');
    expect(uses(view)).toEqual([
      ['posts', 5, 'read'],
      ['comments', 2, 'read'],
      ['users', 6, 'read'],
      ['tags', 10, 'read'],
      ['blog.post_tags', 10, 'read'],
    ]);
    expect(uses('def draft(session):\n    post = Post(title="x")\n    post.tags\n    session.commit()\n    return post.comments')).toEqual([
      ['comments', 5, 'read'],
    ]);
  });

  it('writes what append or remove changes once the function commits: the target rows, or the link rows', () => {
    const view = [
      'def tag(session, post: Post, tag: Tag, comment: Comment):',
      '    post.tags.append(tag)',
      '    post.comments.append(comment)',
      '    session.commit()',
      '',
      'def untag(post: Post, tag):',
      '    post.tags.remove(tag)',
    ].join('\n');
    expect(uses(view)).toEqual([
      ['tags', 2, 'read'],
      ['blog.post_tags', 2, 'read', 'write'],
      ['comments', 3, 'read', 'write'],
    ]);
    // a row just built loads nothing, and writes the link rows it is given
    expect(uses('def new_tag(session, post):\n    tag = Tag(name="x")\n    tag.posts.append(post)\n    session.commit()')).toEqual([
      ['blog.post_tags', 3, 'write'],
    ]);
  });

  it('follows a chain of relationships from a row the code tells, each step reading its target, up to the first step its class lacks', () => {
    const view = [
      'def commenters(session, comment_id):',
      '    comment = session.get(Comment, comment_id)',
      '    return comment.post.author.posts',
      '',
      'def tag_author(session, post: Post, tag):',
      '    post.author.posts.append(tag)',
      '    session.commit()',
      '',
      'def unknown(post: Post):',
      '    return post.comments.author, post.title.tags',
    ].join('\n');
    const withPost = new Map([...relations, ['Comment', new Map([['post', { target: 'Post' }]])]]);
    expect(ormModelUses(view, 'python', models, { sqlalchemyRelations: withPost }).map((u) => [u.table, u.line, ...(u.access ?? [])])).toEqual([
      ['comments', 2, 'read'],
      ['posts', 3, 'read', 'write'],
      ['users', 3, 'read'],
    ]);
  });

  it("reads nothing where the code does not tell the row, or sets the row's own key", () => {
    const view = [
      'def show(post, user: User):',
      '    user.author = None',
      '    return post.comments, other.post.comments, user.comments',
      '',
      'def assign(post: Post, user):',
      '    post.author = user',
    ].join('\n');
    expect(uses(view)).toEqual([]);
  });
});
