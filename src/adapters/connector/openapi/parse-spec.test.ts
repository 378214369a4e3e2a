import { describe, expect, it } from 'vitest';
import { SextantError } from '../../../kernel/errors.js';
import { parseSpecText, specDialect } from './parse-spec.js';

function errorOf(fn: () => unknown): SextantError {
  try {
    fn();
  } catch (err) {
    if (err instanceof SextantError) return err;
    throw err;
  }
  throw new Error('expected an error');
}

describe('parseSpecText', () => {
  it('reads JSON and YAML', () => {
    expect(parseSpecText('{"openapi": "3.0.0"}', 'a.json')).toEqual({ openapi: '3.0.0' });
    expect(parseSpecText('openapi: 3.1.0\ninfo:\n  title: T\n', 'a.yaml')).toEqual({ openapi: '3.1.0', info: { title: 'T' } });
  });

  it('names the line and column of a JSON syntax error', () => {
    const err = errorOf(() => parseSpecText('{\n  "openapi": "3.0.0",\n  "paths": {,}\n}', 'bad.json'));
    expect(err.code).toBe('SPEC_INVALID');
    expect(err.message).toMatch(/invalid JSON in bad\.json at line 3, column \d+/);
    expect(err.details).toMatchObject({ line: 3 });
  });

  it('names the line and column of a YAML syntax error', () => {
    const err = errorOf(() => parseSpecText('openapi: 3.0.0\npaths:\n  /a:\n    get: [unclosed\n', 'bad.yaml'));
    expect(err.code).toBe('SPEC_INVALID');
    expect(err.message).toMatch(/invalid YAML in bad\.yaml at line \d+, column \d+/);
  });

  it('refuses a document that is not a mapping', () => {
    expect(errorOf(() => parseSpecText('- a\n- b\n', 'list.yaml')).message).toMatch(/not a mapping/);
  });

  it('says an empty file is empty and a binary one binary, not that they are no mapping', () => {
    expect(errorOf(() => parseSpecText(' \n\n', 'empty.yaml')).message).toBe('empty.yaml is empty: an OpenAPI or Swagger document was expected');
    const binary = errorOf(() => parseSpecText('PK\u0003\u0004\u0000\u0000binary', 'spec.zip'));
    expect([binary.code, binary.message]).toEqual(['SPEC_INVALID', 'spec.zip is binary, not an OpenAPI or Swagger document (JSON or YAML text)']);
  });
});

describe('specDialect', () => {
  it('tells Swagger 2.0, OpenAPI 3.0 and 3.1 apart', () => {
    expect(specDialect({ swagger: '2.0' }, 's')).toBe('swagger-2.0');
    expect(specDialect({ openapi: '3.0.3' }, 's')).toBe('openapi-3.0');
    expect(specDialect({ openapi: '3.1.0' }, 's')).toBe('openapi-3.1');
  });

  it('refuses other documents and versions with one clear line', () => {
    expect(errorOf(() => specDialect({ info: {} }, 'x.json')).message).toMatch(/neither a Swagger 2\.0 nor an OpenAPI 3 document/);
    expect(errorOf(() => specDialect({ swaggerVersion: '1.2' }, 'x.json')).code).toBe('SPEC_INVALID');
    expect(errorOf(() => specDialect({ openapi: '4.0.0' }, 'x.json')).message).toMatch(/declares openapi 4\.0\.0/);
  });
});
