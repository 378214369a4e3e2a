/**
 * @module adapters/connector/openapi/spec-model
 * One model for Swagger 2.0 and OpenAPI 3.0/3.1: operations with their parameters, request body
 * and responses, named schemas, servers and security scheme names. Parameters, bodies and
 * responses given by `$ref` are followed here; schema refs stay refs (named schemas get chunks of
 * their own and cycles are cut where schemas are rendered).
 */
import { SextantError } from '../../../kernel/errors.js';
import { isObject, type JsonObject, type SpecDialect } from './parse-spec.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie' | 'body' | 'formData' | (string & {});
  required: boolean;
  description: string;
  schema: JsonObject;
}

export interface ApiBody {
  contentType: string;
  required: boolean;
  description: string;
  schema: JsonObject;
}

export interface ApiResponse {
  status: string;
  description: string;
  contentType: string | null;
  schema: JsonObject | null;
}

export interface ApiOperation {
  method: string;
  path: string;
  operationId: string | null;
  summary: string;
  description: string;
  tags: string[];
  deprecated: boolean;
  parameters: ApiParameter[];
  body: ApiBody | null;
  responses: ApiResponse[];
  security: string[];
}

export interface ApiModel {
  dialect: SpecDialect;
  title: string;
  version: string;
  description: string;
  servers: string[];
  operations: ApiOperation[];
  schemas: Map<string, JsonObject>;
  securitySchemes: Array<{ name: string; type: string; detail: string }>;
  /** Follows an internal `#/…` pointer; throws SPEC_INVALID naming a pointer that leads nowhere. */
  resolve(ref: string): JsonObject;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function createResolver(doc: JsonObject, location: string): (ref: string) => JsonObject {
  return (ref) => {
    if (!ref.startsWith('#/')) throw new SextantError('SPEC_INVALID', `unresolvable $ref ${ref} in ${location}`, { details: { ref } });
    let node: unknown = doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = isObject(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
      if (node === undefined) throw new SextantError('SPEC_INVALID', `unresolvable $ref ${ref} in ${location}: nothing at that pointer`, { details: { ref } });
    }
    if (!isObject(node)) throw new SextantError('SPEC_INVALID', `$ref ${ref} in ${location} does not point to an object`, { details: { ref } });
    return node;
  };
}

/** Follows a chain of refs (a parameter that is a ref to a ref); schema refs are left alone by callers. */
function deref(value: unknown, resolve: (ref: string) => JsonObject): JsonObject {
  let node = isObject(value) ? value : {};
  for (let hops = 0; typeof node.$ref === 'string' && hops < 20; hops++) node = resolve(node.$ref);
  return node;
}

function firstContent(content: unknown): { contentType: string; schema: JsonObject } | null {
  if (!isObject(content)) return null;
  const types = Object.keys(content);
  const chosen = types.find((t) => /json/i.test(t)) ?? types[0];
  if (!chosen) return null;
  const media = isObject(content[chosen]) ? (content[chosen] as JsonObject) : {};
  return { contentType: chosen, schema: isObject(media.schema) ? media.schema : {} };
}

function parameterOf(raw: unknown, resolve: (ref: string) => JsonObject, dialect: SpecDialect): ApiParameter | null {
  const p = deref(raw, resolve);
  const name = str(p.name);
  if (!name) return null;
  const where = str(p.in) || 'query';
  // Swagger 2.0 puts the type on the parameter itself; OpenAPI 3 under `schema`.
  const schema = isObject(p.schema) ? p.schema : dialect === 'swagger-2.0' ? pickSchemaFields(p) : {};
  return { name, in: where, required: p.required === true || where === 'path', description: str(p.description), schema };
}

function pickSchemaFields(p: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of ['type', 'format', 'items', 'enum', 'default', 'minimum', 'maximum']) if (p[key] !== undefined) out[key] = p[key];
  return out;
}

/** Path-level parameters apply to every operation under the path unless one redefines them. */
function mergeParameters(pathLevel: ApiParameter[], own: ApiParameter[]): ApiParameter[] {
  const key = (p: ApiParameter) => `${p.in}:${p.name}`;
  const ownKeys = new Set(own.map(key));
  return [...pathLevel.filter((p) => !ownKeys.has(key(p))), ...own];
}

function swaggerBody(params: ApiParameter[], consumes: string[]): ApiBody | null {
  const body = params.find((p) => p.in === 'body');
  if (body)
    return {
      contentType: consumes.find((c) => /json/i.test(c)) ?? consumes[0] ?? 'application/json',
      required: body.required,
      description: body.description,
      schema: body.schema,
    };
  const form = params.filter((p) => p.in === 'formData');
  if (form.length === 0) return null;
  return {
    contentType: consumes.find((c) => /form/i.test(c)) ?? 'application/x-www-form-urlencoded',
    required: form.some((p) => p.required),
    description: '',
    schema: {
      type: 'object',
      properties: Object.fromEntries(form.map((p) => [p.name, { ...p.schema, ...(p.description ? { description: p.description } : {}) }])),
      required: form.filter((p) => p.required).map((p) => p.name),
    },
  };
}

function responsesOf(raw: unknown, resolve: (ref: string) => JsonObject, dialect: SpecDialect, produces: string[]): ApiResponse[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw).map(([status, value]) => {
    const r = deref(value, resolve);
    if (dialect === 'swagger-2.0') {
      const schema = isObject(r.schema) ? r.schema : null;
      return {
        status,
        description: str(r.description),
        contentType: schema ? (produces.find((c) => /json/i.test(c)) ?? produces[0] ?? 'application/json') : null,
        schema,
      };
    }
    const content = firstContent(r.content);
    return { status, description: str(r.description), contentType: content?.contentType ?? null, schema: content?.schema ?? null };
  });
}

function serversOf(doc: JsonObject, dialect: SpecDialect): string[] {
  if (dialect === 'swagger-2.0') {
    const host = str(doc.host);
    if (!host) return [str(doc.basePath) || '/'];
    const schemes = Array.isArray(doc.schemes) && doc.schemes.length ? doc.schemes.map(String) : ['https'];
    return schemes.map((s) => `${s}://${host}${str(doc.basePath)}`);
  }
  const servers = Array.isArray(doc.servers) ? doc.servers.filter(isObject) : [];
  return servers.map((s) => {
    const variables = isObject(s.variables) ? s.variables : {};
    // Server variables take their defaults: the template is ready to send.
    return str(s.url).replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const v = variables[name];
      return isObject(v) && v.default !== undefined ? String(v.default) : whole;
    });
  });
}

function securitySchemesOf(doc: JsonObject, dialect: SpecDialect): ApiModel['securitySchemes'] {
  const components = isObject(doc.components) ? doc.components : {};
  const raw = dialect === 'swagger-2.0' ? doc.securityDefinitions : components.securitySchemes;
  if (!isObject(raw)) return [];
  return Object.entries(raw).map(([name, value]) => {
    const s = isObject(value) ? value : {};
    const detail = [str(s.scheme), str(s.in) && `in ${str(s.in)}`, str(s.name) && `named ${str(s.name)}`].filter(Boolean).join(' ');
    return { name, type: str(s.type), detail };
  });
}

function securityNames(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  return [...new Set(value.filter(isObject).flatMap((req) => Object.keys(req)))];
}

function schemasOf(doc: JsonObject, dialect: SpecDialect): Map<string, JsonObject> {
  const components = isObject(doc.components) ? doc.components : {};
  const raw = dialect === 'swagger-2.0' ? doc.definitions : components.schemas;
  const out = new Map<string, JsonObject>();
  if (isObject(raw)) for (const [name, schema] of Object.entries(raw)) if (isObject(schema)) out.set(name, schema);
  return out;
}

export function buildApiModel(doc: JsonObject, dialect: SpecDialect, location: string): ApiModel {
  const resolve = createResolver(doc, location);
  const info = isObject(doc.info) ? doc.info : {};
  const globalSecurity = securityNames(doc.security) ?? [];
  const globalConsumes = Array.isArray(doc.consumes) ? doc.consumes.map(String) : [];
  const globalProduces = Array.isArray(doc.produces) ? doc.produces.map(String) : [];
  const operations: ApiOperation[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(rawItem, resolve);
    const pathParams = (Array.isArray(item.parameters) ? item.parameters : []).map((p) => parameterOf(p, resolve, dialect)).filter((p) => p !== null);
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const own = (Array.isArray(op.parameters) ? op.parameters : []).map((p) => parameterOf(p, resolve, dialect)).filter((p) => p !== null);
      const all = mergeParameters(pathParams, own);
      const consumes = Array.isArray(op.consumes) ? op.consumes.map(String) : globalConsumes;
      const produces = Array.isArray(op.produces) ? op.produces.map(String) : globalProduces;
      let body: ApiBody | null;
      if (dialect === 'swagger-2.0') body = swaggerBody(all, consumes);
      else {
        const rb = op.requestBody === undefined ? null : deref(op.requestBody, resolve);
        const content = rb ? firstContent(rb.content) : null;
        body = rb && content ? { ...content, required: rb.required === true, description: str(rb.description) } : null;
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: str(op.operationId) || null,
        summary: str(op.summary).trim(),
        description: str(op.description).trim(),
        tags: Array.isArray(op.tags) ? op.tags.map(String) : [],
        deprecated: op.deprecated === true,
        parameters: all.filter((p) => p.in !== 'body' && p.in !== 'formData'),
        body,
        responses: responsesOf(op.responses, resolve, dialect, produces),
        security: securityNames(op.security) ?? globalSecurity,
      });
    }
  }
  return {
    dialect,
    title: str(info.title),
    version: str(info.version),
    description: str(info.description),
    servers: serversOf(doc, dialect),
    operations,
    schemas: schemasOf(doc, dialect),
    securitySchemes: securitySchemesOf(doc, dialect),
    resolve,
  };
}
