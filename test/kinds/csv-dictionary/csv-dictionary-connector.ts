/**
 * Test-only connector for the CSV data dictionary family: reads `schema,table,column,type,description`
 * rows (header first, double quotes for fields with commas) from a file:// URL. Metadata only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SextantError } from '../../../src/kernel/errors.js';
import type { CatalogObject } from '../../../src/ports/catalog.js';
import type { Connector, SourceRecord } from '../../../src/ports/connector.js';
import { DICTIONARY_COLUMN, DICTIONARY_TABLE } from './csv-dictionary-kind.js';

function parseLine(line: string, delimiter: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields.map((f) => f.trim());
}

function readRows(source: SourceRecord): string[][] {
  const delimiter = typeof source.options.delimiter === 'string' ? source.options.delimiter : ',';
  const lines = readFileSync(fileURLToPath(source.url), 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  return lines.slice(1).map((l) => parseLine(l, delimiter));
}

export function createCsvDictionaryConnector(): Connector {
  return {
    type: 'csv-dictionary',
    validate(source) {
      if (!source.url.startsWith('file://') || !existsSync(fileURLToPath(source.url))) {
        throw new SextantError('INVALID_DSN', `no CSV file at ${source.url}`, { hint: 'use file:///absolute/path/dictionary.csv' });
      }
    },
    checkAccess: async () => ({ ok: true, role: 'file reader', findings: [] }),
    async introspect(source) {
      const objects = new Map<string, CatalogObject>();
      const add = (o: Omit<CatalogObject, 'id' | 'source' | 'attributes'> & { attributes?: Record<string, unknown> }) => {
        const id = `${source.name}:${o.kind}:${o.path}`;
        if (!objects.has(id)) objects.set(id, { id, source: source.name, attributes: {}, ...o });
        return id;
      };
      for (const [schema = '', table = '', column = '', type = '', description = ''] of readRows(source)) {
        const tablePath = `${schema}.${table}`;
        const resource = `table:${tablePath}`;
        const tableId = add({ kind: DICTIONARY_TABLE, path: tablePath, name: table, parentId: null, resource, comment: null, definition: null });
        if (!column) {
          objects.get(tableId)!.comment = description || null;
          continue;
        }
        add({
          kind: DICTIONARY_COLUMN,
          path: `${tablePath}.${column}`,
          name: column,
          parentId: tableId,
          resource,
          comment: description || null,
          definition: null,
          attributes: { type },
        });
      }
      const sorted = [...objects.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return { objects: sorted, edges: [], info: { rows: sorted.length } };
    },
  };
}
