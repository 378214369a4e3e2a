import { describe, expect, it } from 'vitest';
import { graphqlFieldRefs } from './graphql-refs.js';

describe('GraphQL operations in code', () => {
  it('reads gql templates and graphql() calls: each selected field from its root, with its line; aliases and __typename', () => {
    const text = [
      "import { gql } from '@apollo/client';",
      'const BOOKS = gql`',
      '  query Books($genre: Genre) {',
      '    list: books(genre: $genre) {',
      '      title',
      '      author { name __typename }',
      '      ...BookExtra',
      '    }',
      '  }',
      '  ${EXTRA}',
      '`;',
      'const ADD = graphql(`mutation { addBook(input: {title: "x", genre: FICTION, authorId: "1"}) { id } }`);',
      'const notGraphql = `query the weather`;',
    ].join('\n');
    expect(graphqlFieldRefs(text, 'typescript')).toEqual([
      { path: 'query.books', line: 4 },
      { path: 'query.books.title', line: 5 },
      { path: 'query.books.author', line: 6 },
      { path: 'query.books.author.name', line: 6 },
      { path: 'mutation.addBook', line: 12 },
      { path: 'mutation.addBook.id', line: 12 },
    ]);
  });

  it('fragments and inline fragments start from their type; .graphql files are read whole; text that does not parse is skipped', () => {
    const doc = 'fragment BookExtra on Book {\n  year\n  ... on Book { genre }\n}\n';
    expect(graphqlFieldRefs(doc, 'graphql')).toEqual([
      { path: 'Book.year', line: 2 },
      { path: 'Book.genre', line: 3 },
    ]);
    expect(graphqlFieldRefs('const q = gql`query { books { `;', 'typescript')).toEqual([]);
  });
});

describe('GraphQL in Python', () => {
  it('reads gql("""…""") calls of the gql client library', () => {
    const text = 'from gql import gql\n\nBOOKS = gql(\n    """\n    query {\n      books { title }\n    }\n    """\n)\n';
    expect(graphqlFieldRefs(text, 'python')).toEqual([
      { path: 'query.books', line: 6 },
      { path: 'query.books.title', line: 6 },
    ]);
  });

  it("leaves out Apollo's local-only fields (@client) and what they select", () => {
    const text = ['const CART = gql`', '  query Cart {', '    cartItems @client', '    me { id draft @client { title } }', '  }', '`;'].join('\n');
    expect(graphqlFieldRefs(text, 'typescript')).toEqual([
      { path: 'query.me', line: 4 },
      { path: 'query.me.id', line: 4 },
    ]);
  });
});
