import { describe, expect, it } from 'vitest';
import type { CatalogObject } from '../../../ports/catalog.js';
import { codeFileChunk, codeSymbolChunk, repeatedWords } from './code-chunks.js';

const file = (attributes: Record<string, unknown>): CatalogObject => ({
  id: 'svc:code_file:src/billing/pay.ts',
  source: 'svc',
  kind: 'code_file',
  path: 'src/billing/pay.ts',
  name: 'pay.ts',
  parentId: null,
  resource: 'file:src/billing/pay.ts',
  comment: 'Pays an invoice.',
  definition: null,
  attributes,
});

describe('code file chunks', () => {
  it('body words go to the lexical definition as often as the file uses them, never to the embedder', () => {
    const chunk = codeFileChunk(file({ language: 'typescript', symbols: ['pay'], words: { invoice: 3, card: 1 } }), '');
    expect(chunk.definition).toBe('pay invoice invoice invoice card');
    expect(chunk.textParts.join(' ')).not.toContain('card');
  });

  it('words said once reach the lexical definition only when a doc comment says them', () => {
    const chunk = codeFileChunk(file({ symbols: ['over'], words: { window: 1 }, onceWords: ['partition', 'tmp'], docWords: ['partition'] }), '');
    expect(chunk.definition).toBe('over window partition');
    expect(chunk.textParts.join(' ')).not.toContain('partition');
  });

  it('malformed stored words are skipped; a count is trusted up to 100', () => {
    expect(repeatedWords(undefined)).toBe('');
    expect(repeatedWords({ a: 'x', b: -1, c: 2 })).toBe('c c');
    expect(repeatedWords({ big: 10_000 }).split(' ')).toHaveLength(100);
    expect(codeFileChunk(file({ symbols: [] }), '').definition).toBe('');
  });

  it('spells out code abbreviations in the lexical fields: a path word once, a body word as often as the body says it', () => {
    const chunk = codeFileChunk(
      { ...file({ symbols: ['wsLink'], words: { ws: 3, msgs: 2, link: 2 }, docWords: ['params'] }), path: 'src/links/wsLink.ts' },
      '',
    );
    expect(chunk.nameText).toBe('src/links/wsLink.ts src links wsLink websocket');
    expect(chunk.definition).toBe('wsLink ws ws ws msgs msgs link link params websocket websocket websocket message message parameter');
    expect(chunk.textParts.join(' ')).not.toMatch(/websocket|message|parameter/);
  });

  it('leaves words that are no code abbreviation, or an ambiguous one, as they are', () => {
    const chunk = codeFileChunk(file({ symbols: ['res', 'subscribe', 'auth', 'constructor'], words: { id: 2, ts: 2 } }), '');
    expect(chunk.nameText).toBe('src/billing/pay.ts src billing pay');
    expect(chunk.definition).toBe('res subscribe auth constructor id id ts ts');
  });
});

describe('code symbol chunks', () => {
  const symbol = (name: string, definition: string): CatalogObject => ({
    ...file({ file: 'src/db.ts', symbolKind: 'function' }),
    id: `svc:code_symbol:src/db.ts#${name}`,
    kind: 'code_symbol',
    path: `src/db.ts#${name}`,
    name,
    definition,
  });

  it('spell out the abbreviations of their name and declaration', () => {
    const chunk = codeSymbolChunk(symbol('createDbCtx', 'function createDbCtx(cfg: DbConfig)'), '');
    expect(chunk.nameText).toBe('createDbCtx database context');
    expect(chunk.definition).toBe('function createDbCtx(cfg: DbConfig) database context configuration');
    expect(codeSymbolChunk(symbol('openPool', 'function openPool()'), '')).toMatchObject({ nameText: 'openPool', definition: 'function openPool()' });
  });
});

describe('code symbol chunks', () => {
  const symbol = (comment: string | null): CatalogObject => ({
    id: 'gin:code_symbol:context.go#Context.Abort',
    source: 'gin',
    kind: 'code_symbol',
    path: 'context.go#Context.Abort',
    name: 'Context.Abort',
    parentId: 'gin:code_file:context.go',
    resource: 'file:context.go',
    comment,
    definition: 'func (c *Context) Abort()',
    attributes: { symbolKind: 'method', line: 190, file: 'context.go' },
  });

  it('what its doc comment says reaches both indexes; a symbol without one reads as before', () => {
    const doc = 'Abort prevents pending handlers from being called.';
    const chunk = codeSymbolChunk(symbol(doc), '');
    expect(chunk.comment).toBe(`${doc} method in context.go`);
    expect(chunk.textParts).toEqual(['method Context.Abort in context', 'func (c *Context) Abort()', doc]);
    const bare = codeSymbolChunk(symbol(null), '');
    expect(bare.comment).toBe('method in context.go');
    expect(bare.textParts).toEqual(['method Context.Abort in context', 'func (c *Context) Abort()']);
  });
});
