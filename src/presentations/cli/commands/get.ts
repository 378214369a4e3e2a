/** @module presentations/cli/commands/get — `sextant get <id|uri>`. */
import type { Command } from 'commander';
import type { ObjectDetail } from '../../../core/catalog/describe-object.js';
import type { CatalogEdge, CatalogObject } from '../../../ports/catalog.js';
import { edgeColumns, edgeNote } from '../../text/edge-note.js';
import { colors, printJson, println, table } from '../output.js';
import { runWithEngine } from '../session.js';

const shortId = (id: string) => id.split(':').slice(2).join(':');

function columnRow(c: CatalogObject): string[] {
  const a = c.attributes;
  const flags = [
    a.isPrimaryKey ? 'PK' : '',
    a.nullable === false ? 'NOT NULL' : '',
    a.identity ? `identity ${String(a.identity)}` : '',
    a.generated ? 'generated' : '',
    typeof a.references === 'string' ? `→ ${shortId(a.references)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return [c.name, String(a.dataType ?? ''), flags, a.default ? String(a.default) : '', c.comment ?? ''];
}

function edgeLine(e: CatalogEdge, direction: 'out' | 'in'): string {
  const other = direction === 'out' ? e.toId : e.fromId;
  return `  ${direction === 'out' ? '→' : '←'} ${e.kind} ${other}${edgeColumns(e.attributes)}${edgeNote(e.attributes)}`;
}

export function renderDetail(d: ObjectDetail): string {
  const o = d.object;
  const lines: string[] = [];
  lines.push(`${colors.bold(o.id)}  ${colors.dim(d.uri)}`);
  lines.push(`kind: ${o.kind}${typeof o.attributes.rowEstimate === 'number' ? `   estimated rows: ${o.attributes.rowEstimate}` : ''}`);
  if (o.comment) lines.push(`comment: ${o.comment}`);
  for (const f of d.facts ?? []) lines.push(`${f.label}: ${f.value}`);
  if (d.effectiveContext) lines.push(`context: ${d.effectiveContext.split('\n').join('\n         ')}`);
  if (o.kind === 'column') {
    lines.push(table([columnRow(o)], ['column', 'type', 'flags', 'default', 'comment']));
  }
  if (d.columns.length) {
    lines.push('', colors.bold(`columns (${d.columns.length})`));
    lines.push(table(d.columns.map(columnRow), ['name', 'type', 'flags', 'default', 'comment']));
  }
  if (d.constraints.length) {
    lines.push('', colors.bold('constraints'));
    for (const c of d.constraints) lines.push(`  ${c.name}: ${c.definition ?? String(c.attributes.type)}`);
  }
  if (d.indexes.length) {
    lines.push('', colors.bold('indexes'));
    for (const i of d.indexes) lines.push(`  ${i.definition ?? i.name}`);
  }
  if (d.triggers.length) {
    lines.push('', colors.bold('triggers'));
    for (const t of d.triggers) lines.push(`  ${t.definition ?? t.name}`);
  }
  if (d.outgoing.length || d.incoming.length) {
    lines.push('', colors.bold('dependencies'));
    for (const e of d.outgoing) lines.push(edgeLine(e, 'out'));
    for (const e of d.incoming) lines.push(edgeLine(e, 'in'));
  }
  if (d.children.length) {
    lines.push('', colors.bold(`members (${d.childrenTotal})`));
    lines.push(table(d.children.map((c) => [c.kind, c.path, c.comment ?? ''])));
    if (d.childrenTotal > d.children.length) lines.push(`  … ${d.childrenTotal - d.children.length} more`);
  }
  if (d.passages) {
    const a = o.attributes;
    lines.push(
      `title: ${String(a.title ?? o.name)}`,
      `origin: ${String(a.origin ?? '')}`,
      `type: ${String(a.type ?? '')}   size: ${Number(a.size ?? 0)} bytes${a.parts ? `   parts: ${Number(a.parts)}` : ''}`,
    );
    lines.push('', colors.bold(`passages (${d.passages.length})`));
    lines.push(
      table(
        // the heading goes last: a long one would pad every row of the table
        d.passages.map((p) => [p.id, String(p.chars), p.heading]),
        ['chunk', 'chars', 'heading'],
      ),
    );
    return lines.join('\n');
  }
  if (o.definition && o.kind !== 'column') lines.push('', colors.bold('definition'), o.definition);
  return lines.join('\n');
}

export function registerGetCommand(program: Command): void {
  program
    .command('get')
    .description('show one object: columns, keys, indexes, dependencies, context')
    .argument('<ref>', 'object id (shop:table:public.orders) or URI (sextant://shop/public.orders)')
    .action(async (ref: string, _opts: unknown, command: Command) => {
      await runWithEngine(command, async (engine, ctx) => {
        const detail = await engine.get(ref);
        if (ctx.json) return printJson({ ok: true, ...detail });
        println(renderDetail(detail));
      });
    });
}
