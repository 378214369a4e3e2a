import { describe, expect, it } from 'vitest';
import { importClauses, passedOn, reachedFiles, reexports } from './reexports.js';

describe('imports and re-exports of JavaScript and TypeScript', () => {
  it('reads import clauses and re-exports as written; type-only ones are no values', () => {
    const text = [
      "import * as schema from './schema';",
      "import { users, posts as articles, type Tag } from '@/db/schema';",
      "import type { Row } from './types';",
      "export * from './schema/users';",
      "export { posts, tags as labels } from './schema/posts';",
      "export type { Row } from './types';",
      "export * as all from './all';",
    ].join('\n');
    expect(importClauses(text)).toEqual([
      { namespace: 'schema', names: [] },
      {
        names: [
          { name: 'users', local: 'users' },
          { name: 'posts', local: 'articles' },
        ],
      },
    ]);
    expect(reexports(text)).toEqual([
      { specifier: './schema/users' },
      {
        specifier: './schema/posts',
        names: [
          { name: 'posts', local: 'posts' },
          { name: 'tags', local: 'labels' },
        ],
      },
    ]);
  });

  it('reaches the files a barrel re-exports from, with the names it passes on, barrels of barrels too', () => {
    const imports = new Map([
      ['src/app.ts', [{ path: 'src/db/index.ts', kinds: ['local'] }]],
      [
        'src/db/index.ts',
        [
          { path: 'src/db/schema/index.ts', kinds: ['local'] },
          { path: 'src/db/client.ts', kinds: ['local'] },
        ],
      ],
      [
        'src/db/schema/index.ts',
        [
          { path: 'src/db/schema/users.ts', kinds: ['local'] },
          { path: 'src/db/schema/posts.ts', kinds: ['local'] },
        ],
      ],
    ]);
    const texts: Record<string, string> = {
      'src/db/index.ts': "export * from './schema';\nimport { make } from './client';",
      'src/db/schema/index.ts': "export * from './users';\nexport { posts as articles } from './posts.js';",
    };
    const reached = reachedFiles('src/app.ts', imports, (p) => reexports(texts[p] ?? ''));
    expect(reached).toEqual([
      { path: 'src/db/index.ts' },
      { path: 'src/db/schema/index.ts' },
      { path: 'src/db/schema/users.ts' },
      { path: 'src/db/schema/posts.ts', names: new Map([['posts', 'articles']]) },
    ]);
    // each file's things under the name the importer sees them by; what a barrel does not pass on is left out
    const declared: Record<string, string[]> = { 'src/db/schema/users.ts': ['users'], 'src/db/schema/posts.ts': ['posts', 'drafts'] };
    expect(
      passedOn(
        reached,
        (p) => declared[p] ?? [],
        (n) => n,
        (_, name) => name,
      ),
    ).toEqual(['users', 'articles']);
  });
});
