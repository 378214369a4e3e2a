/**
 * @module adapters/connector/code/gorm-models
 * GORM (Go): the table a model's `TableName()` method returns.
 */
import { lineAt } from './lines.js';
import type { OrmReader } from './orm-reader.js';
import type { OrmTableRef } from './orm-refs.js';

const TABLE_NAME = /func\s*\(\s*\w*\s*\*?\w+\s*\)\s*TableName\s*\(\s*\)\s*string\s*\{\s*return\s*"([^"]+)"/g;

export const gormReader: OrmReader = {
  via: 'gorm',
  languages: new Set(['go']),
  declared({ text }) {
    const out: OrmTableRef[] = [];
    for (const m of text.matchAll(TABLE_NAME)) out.push({ table: m[1]!, line: lineAt(text, m.index), via: 'gorm' });
    return out;
  },
};
