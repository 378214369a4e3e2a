import { describe, expect, it } from 'vitest';
import { exportedSymbols, fileWords, leadingComment, symbolDoc } from './outline.js';

const bodyWords = (text: string) => fileWords(text).words;

describe('body words', () => {
  it('split identifiers, lower case, counted; words seen once and non-words left out; commonest first', () => {
    const text = [
      'export function selectFrom(table: string) { return new SelectQueryBuilder(table) }',
      '// select rows from a table: selectFrom is the entry point',
      "const key = 'sk_live_9f8XyQ'; const x = 1",
    ].join('\n');
    const words = bodyWords(text);
    expect(words).toEqual({ select: 4, from: 3, table: 3, const: 2 });
    expect(Object.keys(words)).toEqual(['select', 'from', 'table', 'const']);
  });

  it('counts are capped and a long file keeps its 400 commonest words', () => {
    expect(bodyWords('order '.repeat(80)).order).toBe(50);
    const many = Array.from({ length: 500 }, (_, i) =>
      `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x `.repeat(2),
    ).join('');
    expect(Object.keys(bodyWords(many))).toHaveLength(400);
  });

  it('words said once are kept apart, in order, unless they appear only inside a one-word string literal', () => {
    const text = [
      'export function archiveInvoices(ledger: Ledger) {',
      '  const password = \'letmein\'; const token = "ghpSecretValue"',
      "  log('archived the invoices of a ledger', password, token)",
      '  return archive(ledger)',
      '}',
    ].join('\n');
    const { words, once } = fileWords(text);
    expect(words).toMatchObject({ ledger: 4, archive: 2, const: 2, password: 2, token: 2 });
    expect(once).toEqual(['archived', 'export', 'function', 'log', 'of', 'return', 'the']);
    for (const secret of ['letmein', 'ghp', 'secret', 'value']) expect(once).not.toContain(secret);
    expect(Object.keys(words)).not.toContain('letmein');
  });
});

describe('leading comment', () => {
  const APACHE = [
    '/*',
    ' * Copyright 2012-2025 the original author or authors.',
    ' *',
    ' * Licensed under the Apache License, Version 2.0 (the "License");',
    ' */',
  ];

  it("reads past a licence header, and the package and import lines after it, to the file's own comment", () => {
    const java = [
      ...APACHE,
      'package org.example.owner;',
      '',
      'import java.util.List;',
      'import org.springframework.stereotype.Controller;',
      '',
      '/**',
      ' * Books visits of pets to the clinic.',
      ' *',
      ' * @author Juergen Hoeller',
      ' * @since 1.0',
      ' */',
      '@Controller',
      'class VisitController {}',
    ].join('\n');
    expect(leadingComment(java, 'java')).toBe('Books visits of pets to the clinic.');
    const go = [
      '// Copyright 2023 The Authors. All rights reserved.',
      '// Use of this source code is governed by a BSD-style license.',
      '',
      '// Package ledger posts entries.',
      'package ledger',
      '',
    ].join('\n');
    expect(leadingComment(go, 'go')).toBe('Package ledger posts entries.');
    const goImports = [
      '// SPDX-License-Identifier: MIT',
      'package ledger',
      '',
      'import (',
      '\t"fmt"',
      '\t"os"',
      ')',
      '',
      '// Post writes one entry.',
      'func Post() {}',
    ].join('\n');
    expect(leadingComment(goImports, 'go')).toBe('Post writes one entry.');
    const python = ['# Copyright (c) 2024 Example Ltd.', '# Licensed under the MIT License.', '"""Nightly export of the ledger."""', 'import os'].join('\n');
    expect(leadingComment(python, 'python')).toBe('Nightly export of the ledger.');
  });

  it('a file with only a licence has no comment; a comment that is no licence is kept as before', () => {
    expect(leadingComment([...APACHE, 'package org.example;', '', 'class Empty {}'].join('\n'), 'java')).toBe('');
    expect(leadingComment([...APACHE, '', '/* Copyright again */', 'class X {}'].join('\n'), 'java')).toBe('');
    expect(leadingComment('/** Pays an invoice. */\nexport function pay() {}\n', 'typescript')).toBe('Pays an invoice.');
    expect(leadingComment('// Rounds money.\n// To cents.\nexport const round = 1;\n', 'typescript')).toBe('Rounds money. To cents.');
    expect(leadingComment('export const x = 1;\n/** Not the opening comment. */\n', 'typescript')).toBe('');
  });
});

describe('symbols', () => {
  it("names a SQL file's named queries (sqlc's `-- name: GetAccount :one`, aiosql's `-- name: get-users`) as queries at their lines", () => {
    const sql = [
      '-- name: GetAccount :one',
      'SELECT * FROM accounts WHERE id = $1 LIMIT 1;',
      '',
      '-- name: get-users',
      '-- Every user.',
      'SELECT * FROM users;',
      '-- names the owner: not a query',
    ].join('\n');
    expect(exportedSymbols(sql, 'sql')).toEqual([
      { name: 'GetAccount', kind: 'query', line: 1, signature: '-- name: GetAccount :one' },
      { name: 'get-users', kind: 'query', line: 4, signature: '-- name: get-users' },
    ]);
  });
});

describe('symbol doc comments', () => {
  const docOf = (text: string, language: string, line: number) => symbolDoc(text.split('\n'), language, line);

  it('Go: the first sentence of the // lines right above the declaration, not a directive nor a comment a blank line away', () => {
    const go = [
      '// Abort prevents pending handlers from being called. Note that this will not stop the current handler.',
      '// Let us say you have an authorization middleware.',
      'func (c *Context) Abort() {',
      '}',
      '',
      '//go:generate stringer -type=Mode',
      'type Mode int',
      '',
      '// a note far away',
      '',
      'func Next() {}',
    ].join('\n');
    expect(docOf(go, 'go', 3)).toBe('Abort prevents pending handlers from being called.');
    expect(docOf(go, 'go', 7)).toBe('');
    expect(docOf(go, 'go', 11)).toBe('');
  });

  it('JSDoc and Javadoc: the first sentence of the description, past annotations', () => {
    const ts = [
      '/**',
      ' * Adds a `where` expression to the query.',
      ' *',
      ' * Calling this method multiple times will combine the expressions using `and`.',
      ' *',
      ' * ### Examples',
      ' *',
      ' * ```ts',
      " * db.selectFrom('person').where('id', '=', 1)",
      ' * ```',
      ' * @param lhs the left side',
      ' */',
      'export function where(lhs: string) {}',
    ].join('\n');
    expect(docOf(ts, 'typescript', 13)).toBe('Adds a `where` expression to the query.');
    // a period inside the sentence (`i.e. the`, `e.g. a`) does not end it
    expect(docOf('// Use attaches a middleware, i.e. the one run first. Other text.\nfunc Use() {}', 'go', 2)).toBe(
      'Use attaches a middleware, i.e. the one run first.',
    );
    // a sentence ends before a lowercase word too, unless its last word is an abbreviation (gin's `Engine.Use`)
    const sentence = (comment: string) => docOf(`// ${comment}\nfunc F() {}`, 'go', 2);
    expect(sentence('Use attaches a global middleware to the router. i.e. the middleware attached through Use() runs.')).toBe(
      'Use attaches a global middleware to the router.',
    );
    expect(sentence('Reads a dialect, e.g. Postgres or MySQL, from the URL. More.')).toBe('Reads a dialect, e.g. Postgres or MySQL, from the URL.');
    expect(sentence('Lists tables, views, etc. of a schema. More.')).toBe('Lists tables, views, etc. of a schema.');
    expect(sentence('Lists tables, views, etc. More.')).toBe('Lists tables, views, etc.');
    expect(sentence('Waits... then runs the query! More.')).toBe('Waits... then runs the query!');
    expect(sentence('Needs Go 1.22 or later')).toBe('Needs Go 1.22 or later');
    // an abbreviation in brackets, a lone dot (gin's `RunUnix`, `cleanPath`)
    expect(sentence('Listens on a unix socket (i.e. a file) until it fails. More.')).toBe('Listens on a unix socket (i.e. a file) until it fails.');
    expect(sentence('Cleans a path, eliminating . and .. elements. More.')).toBe('Cleans a path, eliminating . and .. elements.');
    const java = [
      '/**',
      ' * Finds owners by last name.',
      ' * @author someone',
      ' */',
      '@Transactional(readOnly = true)',
      '@Override',
      'public Collection<Owner> findByLastName(String name) {',
    ].join('\n');
    expect(docOf(java, 'java', 7)).toBe('Finds owners by last name.');
    // a `/**` the description quotes opens nothing: the block opens where a line starts with it
    const quoting = ['/**', ' * Reads a doc comment.', ' * It quotes the `/** … *\\/` block right above.', ' */', 'export function symbolDoc() {}'].join('\n');
    expect(docOf(quoting, 'typescript', 5)).toBe('Reads a doc comment.');
    // a plain block comment is no doc comment
    expect(docOf('/* internal */\nexport const x = 1;', 'typescript', 2)).toBe('');
  });

  it('Python: the docstring after a signature that may span lines, clipped', () => {
    const py = [
      'def read_items(',
      '    session: SessionDep, skip: int = 0',
      ') -> Any:',
      '    """',
      '    Retrieve items.',
      '    """',
      '    return []',
      'def one():',
      "    '''One line.'''",
      'def none():',
      '    x = """not a docstring"""',
    ].join('\n');
    expect(docOf(py, 'python', 1)).toBe('Retrieve items.');
    expect(docOf(py, 'python', 8)).toBe('One line.');
    expect(docOf(py, 'python', 10)).toBe('');
    const long = `def f():\n    """${'word '.repeat(100)}"""`;
    expect(docOf(long, 'python', 1).length).toBe(300);
  });

  it("Rust and C#: past `#[derive(…)]` and `[HttpGet]` attribute lines; C#'s XML doc tags read as text", () => {
    const rs = [
      '/// An account of the chart.',
      '///',
      '/// Holds postings.',
      '#[derive(Debug, Clone)]',
      '#[serde(rename_all = "camelCase")]',
      'pub struct Account {}',
    ].join('\n');
    expect(docOf(rs, 'rust', 6)).toBe('An account of the chart.');
    const cs = [
      '    /// <summary>',
      '    /// Gets the <see cref="Models.Order"/> by its <paramref name="id"/>. Then more.',
      '    /// </summary>',
      '    /// <param name="id">The id.</param>',
      '    [HttpGet("{id}")]',
      '    public Order Get(int id) => repo.Find(id);',
      '    /// <returns>Nothing to say first.</returns>',
      '    public void Run() {}',
    ].join('\n');
    expect(docOf(cs, 'csharp', 6)).toBe('Gets the Order by its id.');
    expect(docOf(cs, 'csharp', 8)).toBe('');
  });
});
