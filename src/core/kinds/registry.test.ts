import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SextantError } from '../../kernel/errors.js';
import type { SourceKind } from '../../ports/source-kind.js';
import { DEFAULT_SOURCE_KINDS } from './default-kinds.js';
import { createKindRegistry } from './registry.js';

const registry = createKindRegistry(DEFAULT_SOURCE_KINDS);

describe('kind registry', () => {
  it.each([
    ['postgres://reader@localhost/shop', 'postgres'],
    ['postgresql://reader@localhost/shop', 'postgres'],
    ['https://mesh.example.com/query', 'hugr'],
    ['http://mesh:15000/ipc/', 'hugr'],
    ['https://api.example.com/graphql', 'graphql'],
    ['mysql://x@y/z', null],
  ])('infers the type of %s', (url, type) => {
    expect(registry.inferSourceType(url)).toBe(type);
  });

  it('names the family of each source type, and the supported types for an unknown one', () => {
    expect(registry.familyOf('hugr').family).toBe('graphql');
    expect(registry.familyOf('postgres').family).toBe('sql');
    expect(registry.familyOf('openapi').family).toBe('openapi');
    expect(registry.inferSourceType('./specs/tmdb.json')).toBe('openapi');
    expect(registry.inferSourceType('https://api.example.com/openapi.yaml')).toBe('openapi');
    expect(registry.inferSourceType('https://api.example.com/graphql')).toBe('graphql');
    expect(() => registry.familyOf('mysql')).toThrow(SextantError);
    expect(() => registry.familyOf('mysql')).toThrow(/mysql/);
  });

  it('lists kinds by flag once each, SQL before GraphQL (path resolution order)', () => {
    expect(registry.kindsWith('pathResolvable')).toEqual([
      'table',
      'partitioned_table',
      'foreign_table',
      'view',
      'materialized_view',
      'function',
      'procedure',
      'column',
      'enum',
      'domain',
      'sequence',
      'schema',
      'api_endpoint',
      'api_schema',
      'api',
      'data_object',
      'module',
      'data_source',
      'graphql_query',
      'graphql_type',
      'graphql_field',
      'document',
      'code_file',
    ]);
    expect(registry.kindsWith('passages')).toEqual(['document']);
    expect(registry.familyOfKind('document')?.family).toBe('documents');
    expect(registry.kindsWith('singleElementUpdate')).toEqual(['data_object', 'function', 'module', 'data_source']);
    expect(registry.kindsWith('chunked')).not.toContain('index');
    expect([...registry.joinEdgeKinds]).toEqual(['foreign_key', 'feeds', 'declared_join']);
    // only documents lean less on the vector list; every other kind counts 1
    expect([...registry.vectorWeights]).toEqual([['document', 0.3]]);
  });

  it('maps a kind alias an id may use to its kind, and leaves other kinds alone', () => {
    expect(registry.canonicalKind('file')).toBe('code_file');
    expect(registry.canonicalKind('code_file')).toBe('code_file');
    expect(registry.canonicalKind('table')).toBe('table');
  });

  it('refuses an alias that is already a kind', () => {
    const clash: SourceKind = {
      family: 'other',
      sourceTypes: [{ type: 'other', description: 'x' }],
      options: z.object({}),
      objectKinds: [{ kind: 'thing', label: 'thing', chunked: false, idAliases: ['table'] }],
      chunkParts: () => [],
    };
    expect(() => createKindRegistry([...DEFAULT_SOURCE_KINDS, clash])).toThrow(/kind alias 'table' of 'thing' is already a kind/);
  });

  it('refuses two families serving one source type', () => {
    const clash: SourceKind = {
      family: 'other',
      sourceTypes: [{ type: 'postgres', description: 'x' }],
      options: z.object({}),
      objectKinds: [],
      chunkParts: () => [],
    };
    expect(() => createKindRegistry([...DEFAULT_SOURCE_KINDS, clash])).toThrow(/'postgres' is served by both 'sql' and 'other'/);
  });
});
