import { describe, expect, it } from 'vitest';
import type { CatalogObject } from '../../../ports/catalog.js';
import { documentChunkFields } from './documents-chunks.js';

const runbook: CatalogObject = {
  id: 'handbook:document:runbook.md',
  source: 'handbook',
  kind: 'document',
  path: 'runbook.md',
  name: 'runbook.md',
  parentId: null,
  resource: 'document:runbook.md',
  comment: 'Runbook',
  definition: '# Runbook\n\n## Rotating API keys\n\nCreate the new key, then revoke the old one.\n\n## Backups\n\nNightly at 02:00.',
  attributes: { title: 'Runbook', outline: ['1 Runbook', '2 Rotating API keys', '2 Backups'], chunkTokens: 20, chunkOverlap: 0 },
};

describe('documentChunkFields', () => {
  it('names each passage by title and heading path, and gives it the title and the page headings as its comment', () => {
    const parts = documentChunkFields(runbook, '');
    expect(parts.map((p) => p.nameText)).toEqual(['Runbook › Rotating API keys', 'Runbook › Backups']);
    expect(parts.map((p) => p.comment)).toEqual(['Runbook. Rotating API keys. Backups', 'Runbook. Rotating API keys. Backups']);
    expect(parts[1]!.definition).toBe('Nightly at 02:00.');
    // the embedder reads the passage under its heading path, then the page's headings
    expect(parts[1]!.textParts).toEqual(['Runbook › Backups', 'Nightly at 02:00.', 'Runbook. Rotating API keys. Backups']);
  });

  it('names a passage holding several short sections by each of their headings', () => {
    const faq: CatalogObject = {
      ...runbook,
      definition: '# Runbook\n\n## Rotating API keys\n\nCreate the new key, then revoke the old one.\n\n## Backups\n\nNightly at 02:00.',
      attributes: { ...runbook.attributes, chunkTokens: 500 },
    };
    const [only, ...rest] = documentChunkFields(faq, '');
    expect(rest).toEqual([]);
    expect(only!.nameText).toBe('Runbook › Rotating API keys; Backups');
    expect(only!.definition).toBe('Create the new key, then revoke the old one.\n\n## Backups\nNightly at 02:00.');
    expect(only!.textParts[0]).toBe('Runbook › Rotating API keys; Backups');
  });

  it('gives the first passage alone the page’s inbound anchor text as lexical words, never to the embedder', () => {
    const linked: CatalogObject = { ...runbook, attributes: { ...runbook.attributes, anchors: ['key rotation', 'Revoking | Runbook'] } };
    const [first, second] = documentChunkFields(linked, '');
    expect(first!.comment).toBe('Runbook. Rotating API keys. Backups. key rotation. Revoking | Runbook');
    expect(second!.comment).toBe('Runbook. Rotating API keys. Backups');
    expect(first!.textParts.join(' ')).not.toContain('key rotation');
  });

  it('says the title once when the top heading differs from it by its spaces only (an HTML title’s no-break spaces)', () => {
    const manual: CatalogObject = {
      ...runbook,
      comment: '20.11.\u00a0Client Connection Defaults',
      definition:
        '## 20.11. Client Connection Defaults\n\nThese parameters set the defaults of a client session, each one overridable.\n\n' +
        '### 20.11.1. Statement Behavior\n\nThe search path names the schemas searched when an object is named without one.',
      attributes: {
        title: '20.11.\u00a0Client Connection Defaults',
        outline: ['2 20.11. Client Connection Defaults', '3 20.11.1. Statement Behavior'],
        chunkTokens: 20,
        chunkOverlap: 0,
      },
    };
    const parts = documentChunkFields(manual, '');
    expect(parts.map((p) => p.nameText)).toEqual([
      '20.11.\u00a0Client Connection Defaults',
      '20.11.\u00a0Client Connection Defaults › 20.11.1. Statement Behavior',
    ]);
    expect(parts[0]!.comment).toBe('20.11.\u00a0Client Connection Defaults. 20.11.1. Statement Behavior');
  });
});
