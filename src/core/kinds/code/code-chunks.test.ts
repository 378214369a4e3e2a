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
