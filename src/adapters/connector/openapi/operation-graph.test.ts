import { describe, expect, it } from 'vitest';
import { consumedIds, operationFeeds, producedIds } from './operation-graph.js';
import { buildApiModel } from './spec-model.js';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const ok = (schema: unknown) => ({ 200: json(schema) });

// A small movie API in the shape of TMDB and Spotify: searches, listings, details that take ids.
const spec = {
  openapi: '3.0.0',
  info: { title: 'Films', version: '1' },
  paths: {
    '/search/person': {
      get: {
        parameters: [{ name: 'query', in: 'query', required: true, schema: { type: 'string' } }],
        responses: ok({ type: 'object', properties: { results: { type: 'array', items: { $ref: '#/components/schemas/Person' } } } }),
      },
    },
    '/person/popular': {
      get: { responses: ok({ type: 'object', properties: { results: { type: 'array', items: { $ref: '#/components/schemas/Person' } } } }) },
    },
    '/person/{person_id}': {
      get: {
        parameters: [{ name: 'person_id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: ok({ $ref: '#/components/schemas/Person' }),
      },
    },
    '/person/{person_id}/movie_credits': {
      parameters: [{ name: 'person_id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: ok({ type: 'object', properties: { cast: { type: 'array', items: { $ref: '#/components/schemas/Movie' } } } }) },
    },
    '/artists/{id}/albums': {
      get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok({ type: 'object' }) },
    },
    '/search': {
      get: {
        parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string' } }],
        responses: ok({
          type: 'object',
          properties: {
            artists: { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } } } },
          },
        }),
      },
    },
  },
  components: {
    schemas: {
      Person: {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' }, known_for: { type: 'array', items: { $ref: '#/components/schemas/Movie' } } },
      },
      Movie: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' }, director: { $ref: '#/components/schemas/Person' } } },
    },
  },
};

const model = buildApiModel(spec, 'openapi-3.0', 'films.json');
const op = (path: string) => model.operations.find((o) => o.path === path)!;

describe('operation graph', () => {
  it('reads the entity an id parameter names, by its name or by the path segment before a bare id', () => {
    expect(consumedIds(op('/person/{person_id}/movie_credits'))).toEqual([{ parameter: 'person_id', in: 'path', entity: 'person' }]);
    expect(consumedIds(op('/artists/{id}/albums'))).toEqual([{ parameter: 'id', in: 'path', entity: 'artist' }]);
    expect(consumedIds(op('/search/person'))).toEqual([]);
  });

  it('finds the ids a response yields: under generic containers, named containers, and through cyclic schemas', () => {
    const search = producedIds(op('/search/person'), model.resolve);
    expect(search).toContainEqual({ entity: 'person', field: 'results[].id' });
    expect(search).toContainEqual({ entity: 'movie', field: 'results[].known_for[].id' });
    expect(producedIds(op('/search'), model.resolve)).toContainEqual({ entity: 'artist', field: 'artists.items[].id' });
  });

  it('links producers to consumers, a search first, and never an operation that needs the id itself', () => {
    const feeds = operationFeeds(model.operations, model.resolve).filter((f) => f.to.path === '/person/{person_id}/movie_credits');
    expect(feeds.map((f) => `${f.from.path}#${f.rank}`)).toEqual(['/search/person#0', '/person/popular#1']);
    expect(feeds.every((f) => f.from.path !== '/person/{person_id}')).toBe(true);
    const artist = operationFeeds(model.operations, model.resolve).filter((f) => f.to.path === '/artists/{id}/albums');
    expect(artist.map((f) => f.from.path)).toEqual(['/search']);
  });
});
