/**
 * @module adapters/connector/openapi/parse-spec
 * Spec text → a JSON document, with the line and column of a syntax error, and the spec's
 * dialect (Swagger 2.0, OpenAPI 3.0 or 3.1) told from its version field.
 */
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { SextantError } from '../../../kernel/errors.js';

export type SpecDialect = 'swagger-2.0' | 'openapi-3.0' | 'openapi-3.1';

export type JsonObject = Record<string, unknown>;

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return { line, column: position - before.lastIndexOf('\n') };
}

function invalid(what: string, location: string, message: string, at?: { line: number; column: number }): SextantError {
  const where = at ? ` at line ${at.line}, column ${at.column}` : '';
  return new SextantError('SPEC_INVALID', `invalid ${what} in ${location}${where}: ${message}`, { details: at ? { ...at } : {} });
}

function parseJson(text: string, location: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const position = /at position (\d+)/.exec(message);
    const at = position ? lineAndColumn(text, Number(position[1])) : undefined;
    throw invalid('JSON', location, message.replace(/\s*in JSON at position \d+.*$/s, ''), at);
  }
}

function parseYamlText(text: string, location: string): unknown {
  try {
    // Specs are data: no custom tags, and aliases capped so a billion-laughs file cannot expand.
    return parseYaml(text, { maxAliasCount: 1000, prettyErrors: true, uniqueKeys: false });
  } catch (err) {
    if (err instanceof YAMLParseError) {
      const pos = err.linePos?.[0];
      throw invalid(
        'YAML',
        location,
        err.message.split('\n')[0]!.replace(/ at line \d+, column \d+.*$/, ''),
        pos ? { line: pos.line, column: pos.col } : undefined,
      );
    }
    throw invalid('YAML', location, err instanceof Error ? err.message : String(err));
  }
}

/** Parses JSON or YAML (JSON when the text starts with `{`). */
export function parseSpecText(text: string, location: string): JsonObject {
  const trimmed = text.trimStart();
  if (!trimmed) throw new SextantError('SPEC_INVALID', `${location} is empty: an OpenAPI or Swagger document was expected`);
  if (text.includes('\u0000')) throw new SextantError('SPEC_INVALID', `${location} is binary, not an OpenAPI or Swagger document (JSON or YAML text)`);
  const doc = trimmed.startsWith('{') || trimmed.startsWith('[') ? parseJson(text, location) : parseYamlText(text, location);
  if (!isObject(doc)) throw new SextantError('SPEC_INVALID', `${location} is not an OpenAPI or Swagger document (not a mapping at the top)`);
  return doc;
}

/** The dialect named by `swagger: "2.0"` or `openapi: 3.x`; anything else is refused. */
export function specDialect(doc: JsonObject, location: string): SpecDialect {
  const swagger = doc.swagger;
  const openapi = doc.openapi;
  if (typeof swagger === 'string' || typeof swagger === 'number') {
    if (String(swagger).startsWith('2')) return 'swagger-2.0';
    throw new SextantError('SPEC_INVALID', `${location} declares swagger ${String(swagger)}; Swagger 2.0 and OpenAPI 3.0/3.1 are read`);
  }
  if (typeof openapi === 'string') {
    if (/^3\.0(\.|$)/.test(openapi)) return 'openapi-3.0';
    if (/^3\.1(\.|$)/.test(openapi)) return 'openapi-3.1';
    throw new SextantError('SPEC_INVALID', `${location} declares openapi ${openapi}; Swagger 2.0 and OpenAPI 3.0/3.1 are read`);
  }
  throw new SextantError('SPEC_INVALID', `${location} is neither a Swagger 2.0 nor an OpenAPI 3 document (no \`swagger\` or \`openapi\` field)`, {
    hint: 'point the source at the API description itself (often /openapi.json, /swagger.json or /v3/api-docs)',
  });
}
