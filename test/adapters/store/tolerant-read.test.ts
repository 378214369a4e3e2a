/**
 * Reading what is left of a table with damaged pages: every row on a readable page comes back,
 * the damaged stretches are stepped over and counted, and a healthy table reads whole.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readReadableRows } from '../../../src/adapters/store/sqlite/tolerant-read.js';
import { damageLeafPages } from '../../helpers/damage-pages.js';
import { tempHome } from '../../helpers/temp-home.js';

const home = tempHome();
afterAll(() => home.cleanup());

const ROWS = 3000;

function buildFile(name: string, withoutRowid = false): string {
  const path = join(home.dir, name);
  const db = new Database(path);
  db.exec(`CREATE TABLE notes (id INTEGER ${withoutRowid ? 'NOT NULL' : ''} PRIMARY KEY, body TEXT NOT NULL)${withoutRowid ? ' WITHOUT ROWID' : ''}`);
  const insert = db.prepare('INSERT INTO notes (id, body) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = 1; i <= ROWS; i++) insert.run(i, `note number ${i} `.repeat(8));
  })();
  db.close();
  return path;
}

function readAll(path: string): { ids: number[]; result: ReturnType<typeof readReadableRows> } {
  const db = new Database(path, { readonly: true });
  try {
    const ids: number[] = [];
    const result = readReadableRows(db, 'notes', ['id', 'body'], (row) => ids.push(Number(row.id)));
    return { ids, result };
  } finally {
    db.close();
  }
}

describe('readReadableRows', () => {
  it('reads a healthy table whole, in rowid order', () => {
    const { ids, result } = readAll(buildFile('healthy.sqlite'));
    expect(ids).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    expect(result).toEqual({ read: ROWS, unreadableRows: 0, skippedRanges: 0 });
  });

  it('steps over damaged leaf pages and keeps every row of the others', () => {
    const path = buildFile('damaged.sqlite');
    const db = new Database(path, { readonly: true });
    expect(() => db.prepare('SELECT count(body) FROM notes').get()).not.toThrow();
    db.close();
    damageLeafPages(path, 'notes', { skip: 3, count: 2 });
    damageLeafPages(path, 'notes', { skip: 20, count: 1 });
    const broken = new Database(path, { readonly: true });
    expect(() => broken.prepare('SELECT count(body) FROM notes').get()).toThrow(/malformed/);
    broken.close();

    const { ids, result } = readAll(path);
    expect(result.skippedRanges).toBe(2);
    expect(ids.length).toBeGreaterThan(ROWS * 0.8);
    expect(ids.length).toBeLessThan(ROWS);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids.at(-1)).toBe(ROWS);
    // Only the rows of the three damaged pages are missing: about 3 pages' worth.
    const perPage = ROWS / 100;
    expect(ROWS - ids.length).toBeLessThan(perPage * 5);
  });

  it('reads a WITHOUT ROWID table up to its first damaged page', () => {
    const path = buildFile('keyed.sqlite', true);
    damageLeafPages(path, 'notes', { skip: 10, count: 1 });
    const { ids, result } = readAll(path);
    expect(result.skippedRanges).toBe(1);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
  });
});
