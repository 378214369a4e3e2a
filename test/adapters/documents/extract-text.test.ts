/**
 * The text-family extractors: markdown and text passthrough (decoded), CSV as a table section,
 * JSON and YAML as structured sections, and their bad input (binary garbage, size cap, bad syntax).
 */
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../src/adapters/documents/index.js';
import { MAX_CSV_ROWS } from '../../../src/adapters/documents/extract/csv.js';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentType } from '../../../src/ports/documents.js';
import { unreadable } from '../../helpers/document-files.js';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);
const extract = (bytes: Uint8Array | string, type: DocumentType, name = `doc.${type}`) =>
  extractDocument(typeof bytes === 'string' ? text(bytes) : bytes, type, { name, limits: DEFAULT_DOCUMENT_LIMITS });

describe('markdown and text', () => {
  it('passes markdown through, titled by its first level-1 heading', async () => {
    const doc = await extract('Intro line\r\n\r\n## Setup\r\n\r\n# Guide\r\n\r\nText.\r\n', 'markdown', 'guides/start.md');
    expect(doc).toEqual({ title: 'Guide', markdown: 'Intro line\n\n## Setup\n\n# Guide\n\nText.\n' });
  });

  it('titles markdown by its front matter when it has one', async () => {
    expect((await extract('---\ntitle: "Runbook"\n---\n# Other\n', 'markdown')).title).toBe('Runbook');
    expect((await extract('plain words', 'markdown')).title).toBeNull();
  });

  it('decodes Latin-1 and UTF-16 text', async () => {
    expect((await extract(Buffer.from('Größe café', 'latin1'), 'text')).markdown).toBe('Größe café');
    expect((await extract(Buffer.from('\ufeffnaïve\r\nline', 'utf16le'), 'text')).markdown).toBe('naïve\nline');
    expect((await extract(Buffer.from('# Überblick', 'utf16le'), 'markdown')).title).toBe('Überblick');
  });

  it('refuses binary garbage given as text, naming the document', async () => {
    const garbage = new Uint8Array(8192).map((_, i) => (i * 2654435761) >>> 24);
    const err = await unreadable(extract(garbage, 'text', 'blobs/a.txt'));
    expect(err.message).toMatch(/^Document 'blobs\/a\.txt' is unreadable: binary data, not text \(\d+% control bytes\)/);
    expect(err.details).toMatchObject({ document: 'blobs/a.txt' });
    await unreadable(extract(new Uint8Array(1000), 'markdown'));
    await unreadable(extract(garbage, 'json'));
  });

  it('refuses a document above limits.maxBytes before reading it', async () => {
    const big = text('x'.repeat(2048));
    const err = await unreadable(extractDocument(big, 'text', { name: 'big.txt', limits: { ...DEFAULT_DOCUMENT_LIMITS, maxBytes: 1024 } }));
    expect(err.message).toBe("Document 'big.txt' is unreadable: 2 KB is above the 1 KB limit");
    expect(err.hint).toMatch(/documents\.max_bytes/);
  });
});

describe('csv', () => {
  it('is one table section under the document name, header row first, cells escaped', async () => {
    const doc = await extract('id,name,notes\n1,Ada,"likes | pipes"\n2,"Grace\nHopper",\n', 'csv', 'people/staff.csv');
    expect(doc.title).toBeNull();
    expect(doc.markdown).toBe(
      ['## staff', '', '| id | name | notes |', '| --- | --- | --- |', '| 1 | Ada | likes \\| pipes |', '| 2 | Grace Hopper |  |'].join('\n'),
    );
  });

  it('guesses semicolon and tab delimiters, pads ragged rows', async () => {
    expect((await extract('a;b\n1;2;3\n', 'csv')).markdown).toContain('| a | b |  |\n| --- | --- | --- |\n| 1 | 2 | 3 |');
    expect((await extract('a\tb\n1\t2\n', 'csv')).markdown).toContain('| 1 | 2 |');
  });

  it('caps the rows and says so', async () => {
    const rows = ['n', ...Array.from({ length: MAX_CSV_ROWS + 50 }, (_, i) => String(i))].join('\n');
    const doc = await extract(rows, 'csv');
    expect(doc.markdown.split('\n').filter((l) => l.startsWith('| ')).length).toBe(MAX_CSV_ROWS + 2);
    expect(doc.markdown).toMatch(/_Only the first 5000 rows are shown\._$/);
  });

  it('reads a Latin-1 CSV', async () => {
    expect((await extract(Buffer.from('Stadt,Größe\nKöln,1\n', 'latin1'), 'csv')).markdown).toContain('| Stadt | Größe |');
  });
});

describe('json and yaml', () => {
  it('turns top-level keys into sections and nested values into lists', async () => {
    const doc = await extract(
      JSON.stringify({ title: 'Service config', owner: 'ops', limits: { rps: 10, burst: { size: 5 } }, tags: ['a', 'b'], empty: {} }),
      'json',
    );
    expect(doc.title).toBe('Service config');
    expect(doc.markdown).toBe(
      [
        '## title',
        '',
        'Service config',
        '',
        '## owner',
        '',
        'ops',
        '',
        '## limits',
        '',
        '- **rps**: 10',
        '- **burst**:',
        '  - **size**: 5',
        '',
        '## tags',
        '',
        '- a',
        '- b',
        '',
        '## empty',
        '',
        '{}',
      ].join('\n'),
    );
  });

  it('gives each record of a top-level array its own section, named when it can be', async () => {
    const doc = await extract(JSON.stringify([{ name: 'orders', rows: 10 }, { size: 3 }]), 'json');
    expect(doc.markdown).toBe(['## orders', '', '- **name**: orders', '- **rows**: 10', '', '## Item 2', '', '- **size**: 3'].join('\n'));
  });

  it('reads JSON Lines as a list of records', async () => {
    const doc = await extract('{"id": 1, "msg": "a"}\n{"id": 2, "msg": "b"}\n', 'json');
    expect(doc.markdown).toContain('## 2\n\n- **id**: 2\n- **msg**: b');
  });

  it('refuses invalid JSON with the parser reason', async () => {
    const err = await unreadable(extract('{"a": ', 'json', 'broken.json'));
    expect(err.message).toMatch(/^Document 'broken\.json' is unreadable: not valid JSON \(/);
  });

  it('reads YAML, multi-document YAML as one section per document', async () => {
    const doc = await extract('title: Deploy guide\nsteps:\n  - name: build\n    run: make\n  - test\n', 'yaml');
    expect(doc.title).toBe('Deploy guide');
    expect(doc.markdown).toContain('## steps\n\n- **name**: build\n  - **run**: make\n- test');
    const multi = await extract('kind: Service\n---\nkind: Deployment\nspec:\n  replicas: 2\n', 'yaml');
    expect(multi.markdown).toBe(
      ['## Document 1', '', '### kind', '', 'Service', '', '## Document 2', '', '### kind', '', 'Deployment', '', '### spec', '', '- **replicas**: 2'].join(
        '\n',
      ),
    );
  });

  it('refuses invalid YAML and alias bombs', async () => {
    expect((await unreadable(extract('a: [1, 2\nb: }', 'yaml', 'bad.yaml'))).message).toMatch(/^Document 'bad\.yaml' is unreadable: not valid YAML/);
    const laughs = [
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      ...Array.from({ length: 8 }, (_, i) => `${'bcdefghi'[i]}: &${'bcdefghi'[i]} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(',')}]`),
    ].join('\n');
    await unreadable(extract(laughs, 'yaml', 'laughs.yaml'));
  });
});
