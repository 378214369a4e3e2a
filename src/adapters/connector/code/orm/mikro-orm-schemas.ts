/**
 * @module adapters/connector/code/orm/mikro-orm-schemas
 * MikroORM's entities declared without decorators: `defineEntity({ name: 'Book', properties })`
 * and `new EntitySchema({ name: 'Book', … })`. The table is `tableName` (or `collection`), else the
 * name in snake case; an abstract schema or an embeddable has none. An owning many-to-many built
 * with `p.manyToMany(Tag)` (no `.mappedBy(…)`, or `.owner()`) adds its pivot table.
 */
import type { OrmTableRef } from './orm-reader.js';
import { callArgs, NAME_STRING, objectProperties, qualify } from '../text/call-reading.js';
import { lineAt } from '../text/lines.js';
import { snake } from './name-case.js';

const SCHEMA = /\b(?:defineEntity|new\s+EntitySchema\s*(?:<[^>]*>)?)\s*\(\s*\{/g;

const named = (value: string | undefined) => (value ? new RegExp(`^${NAME_STRING}`).exec(value)?.[1] : undefined);

/** The tables the file's entity schemas declare, each with its entity's name as its model; pivot tables without. */
export function mikroOrmSchemas(text: string, out: OrmTableRef[]): void {
  for (const m of text.matchAll(SCHEMA)) {
    const open = m.index + m[0].lastIndexOf('(');
    const given = objectProperties(callArgs(text, open));
    const name = named(given.get('name')) ?? named(given.get('class'));
    if (!name || /^true\b/.test(given.get('abstract') ?? '') || /^true\b/.test(given.get('embeddable') ?? '')) continue;
    const schema = named(given.get('schema'));
    const bare = named(given.get('tableName')) ?? named(given.get('collection')) ?? snake(name);
    const line = lineAt(text, m.index);
    out.push({ table: qualify(schema, bare), line, via: 'mikro-orm', model: name });
    for (const [property, value] of objectProperties(given.get('properties') ?? '')) {
      if (!/^(?:\(\s*\)\s*=>\s*)?p\s*\.\s*manyToMany\s*\(/.test(value)) continue;
      if (/\.\s*mappedBy\s*\(/.test(value) && !/\.\s*owner\s*\(\s*\)/.test(value)) continue;
      const pivot = /\.\s*pivotTable\s*\(\s*['"`]([\w$.-]+)['"`]/.exec(value)?.[1];
      out.push({ table: qualify(schema, pivot ?? `${bare}_${snake(property)}`), line, via: 'mikro-orm' });
    }
  }
}
