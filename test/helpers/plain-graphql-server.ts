/**
 * Test helper: a plain GraphQL API (graphql-yoga) on loopback — no Hugr fields — with a service
 * token and user tokens checked from `Authorization`, optional introspection lock-down, and
 * request recording.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';

export const LIBRARY_SDL = /* GraphQL */ `
  "A genre of books"
  enum Genre {
    FICTION
    HISTORY
    SCIENCE
  }
  "Someone who writes books"
  type Author {
    id: ID!
    name: String!
    born: Int
    books: [Book!]!
  }
  "A book in the library catalogue"
  type Book {
    id: ID!
    title: String!
    genre: Genre!
    year: Int
    author: Author!
  }
  input BookInput {
    title: String!
    genre: Genre!
    year: Int
    authorId: ID!
  }
  type Query {
    "All books, optionally of one genre"
    books(genre: Genre, limit: Int = 20): [Book!]!
    "One author by id"
    author(id: ID!): Author
  }
  type Mutation {
    "Adds a book"
    addBook(input: BookInput!): Book!
  }
`;

const AUTHORS = [
  { id: '1', name: 'Ursula K. Le Guin', born: 1929 },
  { id: '2', name: 'Mary Beard', born: 1955 },
];
const BOOKS = [
  { id: '10', title: 'The Dispossessed', genre: 'FICTION', year: 1974, authorId: '1' },
  { id: '11', title: 'SPQR', genre: 'HISTORY', year: 2015, authorId: '2' },
  { id: '12', title: 'The Left Hand of Darkness', genre: 'FICTION', year: 1969, authorId: '1' },
];

export interface PlainServer {
  url: string;
  requests: Array<{ headers: Record<string, string | string[] | undefined>; body: string }>;
  close(): Promise<void>;
}

export async function startPlainServer(options: { serviceToken: string; userTokens: string[]; introspection?: boolean }): Promise<PlainServer> {
  const requests: PlainServer['requests'] = [];
  const yoga = createYoga({
    graphqlEndpoint: '/graphql',
    logging: false,
    maskedErrors: false,
    schema: createSchema({
      typeDefs: LIBRARY_SDL,
      resolvers: {
        Query: {
          books: (_: unknown, a: { genre?: string; limit?: number }) => BOOKS.filter((b) => !a.genre || b.genre === a.genre).slice(0, a.limit ?? 20),
          author: (_: unknown, a: { id: string }) => AUTHORS.find((x) => x.id === a.id) ?? null,
        },
        Mutation: { addBook: (_: unknown, a: { input: Record<string, unknown> }) => ({ id: '99', ...a.input }) },
        Book: { author: (b: { authorId: string }) => AUTHORS.find((x) => x.id === b.authorId) },
        Author: { books: (a: { id: string }) => BOOKS.filter((b) => b.authorId === a.id) },
      },
    }),
  });
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    requests.push({ headers: { ...req.headers }, body });
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || (token !== options.serviceToken && !options.userTokens.includes(token))) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message: 'unauthorized' }] }));
      return;
    }
    // Locked down like graphql-js's NoSchemaIntrospectionCustomRule (answered here: yoga bundles its own graphql realm).
    const meta = /\b(__schema|__type)\b/.exec(body);
    if (options.introspection === false && meta) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ errors: [{ message: `GraphQL introspection has been disabled, but the requested query contained the field "${meta[1]}".` }] }));
      return;
    }
    const response = await yoga.fetch(`http://localhost${req.url}`, {
      method: req.method!,
      headers: req.headers as Record<string, string>,
      ...(body ? { body } : {}),
    });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
