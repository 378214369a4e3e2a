import { describe, expect, it } from 'vitest';
import { docComments, docLines } from './doc-lines.js';

describe('documentation lines', () => {
  it('counts every line of a /** */ block and /// lines, not plain comments or code', () => {
    const lines = [
      '/**',
      ' * Selects rows.',
      ' *',
      ' * @example db.selectFrom("person")',
      ' */',
      'export function selectFrom() {}',
      '/* a plain block comment */',
      '// a line comment',
      '/** one line doc */',
      '/// rust or C# doc',
      '/**/',
      'const x = 1',
    ];
    expect(docLines(lines, 'typescript')).toBe(7);
    expect(docLines(lines, 'java')).toBe(7);
    expect(docComments(lines, 'typescript')).toEqual([
      '/**',
      '* Selects rows.',
      '*',
      '* @example db.selectFrom("person")',
      '*/',
      '/** one line doc */',
      '/// rust or C# doc',
    ]);
  });

  it("reads Python's docstrings, one-line and many-line, and not a triple-quoted value", () => {
    const lines = ['"""The module."""', 'def f():', '    r"""', '    Does a thing.', '    """', '    sql = """select 1"""', '    return sql'];
    expect(docLines(lines, 'python')).toBe(4);
  });

  it("reads Go's comments right above a declaration, not those inside a body", () => {
    const lines = [
      '// Package store keeps rows.',
      'package store',
      '',
      '// Open opens a store.',
      '// It never fails.',
      'func Open() {',
      '  // a note inside',
      '  x := 1',
      '}',
    ];
    expect(docLines(lines, 'go')).toBe(3);
    expect(docComments(lines, 'go')).toEqual(['// Package store keeps rows.', '// Open opens a store.', '// It never fails.']);
  });

  it('a file without documentation has none', () => {
    expect(docLines(['export const x = 1', ''], 'typescript')).toBe(0);
    expect(docLines([''], 'python')).toBe(0);
  });
});
