/**
 * @module presentations/text/describe-text
 * Plain-text renderings of core results that several presentations print the same way (MCP tool
 * text, CLI output): descriptions of catalog objects and GraphQL elements.
 */
import type { Description, JoinInfo } from '../../core/discovery/describe.js';
import type { GraphqlDescription } from '../../core/graphql/graphql-service.js';
import type { AnyDescription } from '../../core/discovery/describe-any.js';
import { edgeNote } from './edge-note.js';
import { clip, pageFooter } from './fragments.js';
import { renderOperationDescription } from './operation-text.js';

/** Where the code declares a join no foreign key holds: ` -- declared by prisma at <file>:<line>`. */
const declared = (j: JoinInfo) => (j.declaredIn ? ` -- declared by ${j.declaredIn.via} at ${j.declaredIn.file}:${j.declaredIn.line} (no foreign key)` : '');

/** A catalog description (source, schema or object) as lines of text. */
export function renderDescription(d: Description): string {
  if (d.level === 'source') {
    const lines = [
      `source ${d.source} (${d.type}), last update ${d.lastUpdate ?? 'never'}`,
      `counts: ${
        Object.entries(d.counts)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ') || 'nothing indexed'
      }`,
    ];
    // documents, REST operations and code files have no schemas: no empty line for them
    if (d.schemasTotal > 0)
      lines.push(
        `schemas (${d.schemasTotal}): ${d.schemas.map((s) => s.name).join(', ')}${d.schemasTotal > d.schemas.length ? ' [truncated: use list_schemas]' : ''}`,
      );
    return lines.join('\n');
  }
  if (d.level === 'schema') {
    const lines = [`schema ${d.source}.${d.schema}${d.comment ? ` -- ${d.comment}` : ''}`];
    for (const o of d.objects) lines.push(`  ${o.kind} ${o.id}${o.comment ? ` -- ${o.comment}` : ''}`);
    lines.push(pageFooter(d.objects.length, d.objectsTotal, d.nextCursor));
    return lines.join('\n');
  }
  const lines = [`${d.kind} ${d.name} (${d.id})${d.rowEstimate ? `, ~${d.rowEstimate} rows` : ''}`];
  if (d.sqlName) lines.push(`in SQL: ${d.sqlName} (mixed case or reserved words need the double quotes)`);
  if (d.comment) lines.push(`comment: ${d.comment}`);
  if (d.context) lines.push(`context: ${d.context}`);
  if (d.columns) {
    lines.push(`columns${d.columnsTotal && d.columnsTotal > d.columns.length ? ` (${d.columns.length} of ${d.columnsTotal}) [truncated]` : ''}:`);
    for (const c of d.columns) {
      const flags = [
        c.primaryKey ? 'PK' : '',
        c.nullable === false ? 'NOT NULL' : '',
        c.references ? `→ ${c.references}` : '',
        c.default ? `default ${c.default}` : '',
      ]
        .filter(Boolean)
        .join(' ');
      lines.push(`  ${c.sqlName ?? c.name} ${c.type}${flags ? ` ${flags}` : ''}${c.comment ? ` -- ${c.comment}` : ''}`);
    }
  }
  if (d.primaryKey?.length) lines.push(`primary key: (${d.primaryKey.join(', ')})`);
  for (const j of d.joins ?? []) lines.push(`join ${j.table} ON ${j.on}${declared(j)}`);
  for (const j of d.referencedBy ?? []) lines.push(`referenced by ${j.table} ON ${j.on}${declared(j)}`);
  for (const c of d.constraints ?? []) lines.push(`constraint ${c.name} ${c.type}${c.definition ? `: ${c.definition}` : ''}`);
  for (const i of d.indexes ?? []) lines.push(`index ${i.name}${i.definition ? `: ${i.definition}` : ''}`);
  if (d.members?.length)
    lines.push(
      `members (${d.membersTotal ?? d.members.length}): ${d.members.map((m) => `${m.kind} ${m.name}`).join(', ')}${(d.membersTotal ?? 0) > d.members.length ? ' [truncated]' : ''}`,
    );
  for (const l of d.links ?? [])
    lines.push(`${l.direction === 'out' ? `${l.kind} →` : `← ${l.kind} by`} ${l.id}${edgeNote({ line: l.line, via: l.via, access: l.access })}`);
  for (const f of d.facts ?? []) lines.push(`${f.label}: ${f.value}`);
  if (d.definition) lines.push(`definition: ${d.definition}`);
  return lines.join('\n');
}

/** A GraphQL element's description as lines of text. */
export function renderGraphqlDescription(d: GraphqlDescription): string {
  const lines = [`${d.kind} ${d.id}${d.graphqlPath ? `  path ${d.graphqlPath}` : ''}`];
  if (d.description) lines.push(`description: ${clip(d.description, 400)}`);
  if (d.typeName)
    lines.push(
      `type ${d.typeName}${d.originalName && d.originalName !== d.typeName ? ` (original name ${d.originalName}${d.dataSource ? ` in ${d.dataSource}` : ''})` : ''}`,
    );
  if (d.fields.length) {
    lines.push(`fields (${d.fields.length} of ${d.fieldsTotal}):`);
    for (const f of d.fields)
      lines.push(
        `  ${f.name}: ${f.type}${f.isPrimaryKey ? ' PK' : ''}${f.relationTo ? ` → ${f.relationTo}` : ''}${f.description ? ` -- ${clip(f.description, 120)}` : ''}`,
      );
  }
  if (d.arguments.length) lines.push(`arguments: ${d.arguments.map((a) => `${a.name}: ${a.type}`).join(', ')}`);
  for (const r of d.relations) lines.push(`relation ${r.field} → ${r.target}${r.many ? ' (many)' : ''}`);
  if (d.filter) lines.push(`filter ${d.filter.type}: ${d.filter.fields.join(', ')}`);
  if (d.queries.length) lines.push(`queries: ${d.queries.map((q) => `${q.name} (${q.variant})`).join(', ')}`);
  if (d.operation) lines.push(`operation:\n${d.operation}`);
  if (Object.keys(d.variables).length)
    lines.push(
      `variables: ${Object.entries(d.variables)
        .map(([k, t]) => `$${k}: ${t}`)
        .join(', ')}`,
    );
  return lines.join('\n');
}

/** Any family's description as text (the same for the CLI and MCP). */
export function renderAnyDescription(d: AnyDescription): string {
  if (d.family === 'graphql') return renderGraphqlDescription(d.description);
  if (d.family === 'openapi') return renderOperationDescription(d.description);
  return renderDescription(d.description);
}
