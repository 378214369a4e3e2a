/**
 * @module adapters/connector/openapi/request-template
 * A ready request per operation, the way GraphQL elements carry a ready operation: method, URL on
 * the first server with path and query parameters as `{placeholders}`, headers the operation
 * takes, and a JSON body skeleton from its schema.
 */
import { bodySkeleton, typeText, type Resolve } from './schema-text.js';
import type { ApiOperation } from './spec-model.js';

export function requestTemplate(op: ApiOperation, server: string, resolve: Resolve): string {
  const base = server.replace(/\/+$/, '');
  const query = op.parameters.filter((p) => p.in === 'query');
  const queryText = query.length ? `?${query.map((p) => `${p.name}={${p.name}}`).join('&')}` : '';
  const lines = [`${op.method} ${base}${op.path}${queryText}`];
  for (const h of op.parameters.filter((p) => p.in === 'header')) lines.push(`${h.name}: {${h.name}}`);
  if (op.body) {
    lines.push(`Content-Type: ${op.body.contentType}`, '');
    lines.push(JSON.stringify(bodySkeleton(op.body.schema, resolve), null, 2));
  }
  const params = op.parameters.map(
    (p) => `  ${p.name} (${p.in}, ${typeText(p.schema, resolve, 0)}${p.required ? ', required' : ''})${p.description ? `: ${oneLine(p.description)}` : ''}`,
  );
  if (params.length) lines.push('', 'parameters:', ...params);
  return lines.join('\n');
}

export function oneLine(text: string, cap = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > cap ? `${flat.slice(0, cap - 1)}…` : flat;
}
