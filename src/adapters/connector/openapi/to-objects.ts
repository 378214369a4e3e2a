/**
 * @module adapters/connector/openapi/to-objects
 * The API model as canonical objects. Ids: `<source>:api_endpoint:<METHOD> <path>` (one per
 * operation), `<source>:api_schema:<Name>` (one per named schema) and `<source>:api:<title>`.
 * Edges: `feeds` from an operation that yields an id to one that takes it (owned by the taker),
 * `uses_schema` from an operation to the schemas of its body and responses. Each operation and
 * each schema is its own resource, so an unchanged one keeps its chunks and vectors.
 */
import type { CatalogEdge, CatalogObject, SourceSnapshot } from '../../../ports/catalog.js';
import { SextantError } from '../../../kernel/errors.js';
import { consumedIds, isLookup, operationFeeds, producedIds } from './operation-graph.js';
import { oneLine, requestTemplate } from './request-template.js';
import { isCircular, referencedSchemas, schemaFields, typeText } from './schema-text.js';
import type { ApiModel, ApiOperation } from './spec-model.js';

export const operationName = (op: Pick<ApiOperation, 'method' | 'path'>) => `${op.method} ${op.path}`;
const id = (source: string, kind: string, path: string) => `${source}:${kind}:${path}`;
const opResource = (op: ApiOperation) => `operation:${operationName(op)}`;

function assertUniqueOperationIds(model: ApiModel, location: string): void {
  const owner = new Map<string, string>();
  for (const op of model.operations) {
    if (!op.operationId) continue;
    const other = owner.get(op.operationId);
    if (other) {
      throw new SextantError('SPEC_INVALID', `duplicate operationId '${op.operationId}' in ${location}: ${other} and ${operationName(op)}`, {
        hint: 'operationIds must be unique in a spec; rename one of them',
        details: { operationId: op.operationId },
      });
    }
    owner.set(op.operationId, operationName(op));
  }
}

function operationObject(source: string, model: ApiModel, op: ApiOperation, apiId: string, template: string): CatalogObject {
  const resolve = model.resolve;
  const name = operationName(op);
  return {
    id: id(source, 'api_endpoint', name),
    source,
    kind: 'api_endpoint',
    path: name,
    name,
    parentId: apiId,
    resource: opResource(op),
    comment: [op.summary, op.description].filter(Boolean).join('\n\n') || null,
    definition: template,
    attributes: {
      method: op.method,
      httpPath: op.path,
      ...(op.operationId ? { operationId: op.operationId } : {}),
      summary: op.summary,
      tags: op.tags,
      ...(op.deprecated ? { deprecated: true } : {}),
      ...(op.method === 'GET' && isLookup(op) ? { lookup: true } : {}),
      parameters: op.parameters.map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required,
        type: typeText(p.schema, resolve, 0),
        ...(p.description ? { description: oneLine(p.description, 300) } : {}),
      })),
      ...(op.body
        ? {
            requestBody: {
              contentType: op.body.contentType,
              required: op.body.required,
              type: typeText(op.body.schema, resolve, 1),
              ...(op.body.description ? { description: oneLine(op.body.description, 300) } : {}),
            },
          }
        : {}),
      responses: op.responses.map((r) => ({
        status: r.status,
        ...(r.description ? { description: oneLine(r.description, 200) } : {}),
        ...(r.schema ? { type: typeText(r.schema, resolve, 1) } : {}),
      })),
      security: op.security,
      consumes: consumedIds(op),
      produces: producedIds(op, resolve).slice(0, 20),
    },
  };
}

export function toSnapshot(source: string, model: ApiModel, location: string): SourceSnapshot {
  assertUniqueOperationIds(model, location);
  const title = model.title || source;
  const apiId = id(source, 'api', title);
  const objects: CatalogObject[] = [
    {
      id: apiId,
      source,
      kind: 'api',
      path: title,
      name: title,
      parentId: null,
      resource: 'api',
      comment: model.description || null,
      definition: model.servers.join('\n') || null,
      attributes: {
        version: model.version,
        dialect: model.dialect,
        servers: model.servers,
        operations: model.operations.length,
        schemas: model.schemas.size,
        securitySchemes: model.securitySchemes,
      },
    },
  ];
  const edges: CatalogEdge[] = [];
  const server = model.servers[0] ?? '';
  for (const op of model.operations) {
    objects.push(operationObject(source, model, op, apiId, requestTemplate(op, server, model.resolve)));
    const from = id(source, 'api_endpoint', operationName(op));
    const uses: Array<[string, 'body' | 'response']> = op.body ? referencedSchemas(op.body.schema).map((s) => [s, 'body']) : [];
    for (const r of op.responses) if (r.schema && /^2/.test(r.status)) for (const s of referencedSchemas(r.schema)) uses.push([s, 'response']);
    for (const [schema, role] of uses) {
      if (model.schemas.has(schema))
        edges.push({ fromId: from, toId: id(source, 'api_schema', schema), kind: 'uses_schema', resource: opResource(op), attributes: { role } });
    }
  }
  for (const feed of operationFeeds(model.operations, model.resolve)) {
    edges.push({
      fromId: id(source, 'api_endpoint', operationName(feed.from)),
      toId: id(source, 'api_endpoint', operationName(feed.to)),
      kind: 'feeds',
      resource: opResource(feed.to),
      attributes: { parameter: feed.parameter, entity: feed.entity, field: feed.field, rank: feed.rank },
    });
  }
  for (const [name, schema] of model.schemas) {
    const fields = schemaFields(schema, model.resolve);
    const circular = isCircular(name, model.schemas);
    objects.push({
      id: id(source, 'api_schema', name),
      source,
      kind: 'api_schema',
      path: name,
      name,
      parentId: apiId,
      resource: `schema:${name}`,
      comment: typeof schema.description === 'string' ? schema.description.trim() || null : null,
      definition: fields.length ? fields.map((f) => `${f.name}: ${f.type}${f.required ? ' (required)' : ''}`).join('\n') : typeText(schema, model.resolve, 1),
      attributes: {
        fields: fields
          .slice(0, 200)
          .map((f) => ({ name: f.name, type: f.type, required: f.required, ...(f.description ? { description: oneLine(f.description, 200) } : {}) })),
        ...(circular ? { circular: true } : {}),
      },
    });
  }
  return {
    objects,
    edges,
    info: { title, version: model.version, dialect: model.dialect, operations: model.operations.length, schemas: model.schemas.size, spec: location },
  };
}
