import { describe, expect, it } from 'vitest';
import { CODE_SCAN_VERSION } from '../../../ports/code.js';
import { codeFileFacts, codeFilePlanFacts, codeFileShown, codeFileTables } from './code-file.js';

describe('codeFileFacts', () => {
  it('reads what the scan wrote', () => {
    const written = {
      language: 'typescript',
      scan: CODE_SCAN_VERSION,
      imports: [{ path: 'src/a.ts', kinds: ['import'] }],
      symbols: ['pay'],
      words: { invoice: 3 },
      onceWords: ['refund', 'tmp'],
      docWords: ['refund'],
      docLines: 12,
      coChanged: [{ path: 'src/b.ts', weight: 0.5 }],
      churn: 1.5,
      commits: 4,
      subjects: ['fix: rounding'],
      firstChanged: 100,
      lastChanged: 200,
      recentChanges: [{ ago: 0, files: 2 }],
      sqlTables: [{ table: 'billing.invoice', line: 9 }],
      ormTables: [{ table: 'payment', line: 3, via: 'typeorm' }],
      graphqlFields: [{ path: 'query.invoices', line: 12 }],
      importNames: ['@acme/billing'],
      generated: true,
    };
    const { scan: _scan, onceWords, firstChanged, lastChanged, recentChanges, sqlTables, ormTables, graphqlFields, ...same } = written;
    expect(codeFileFacts({ attributes: written })).toEqual({
      ...same,
      once: onceWords,
      span: { first: firstChanged, last: lastChanged },
      recent: recentChanges,
      tables: [...sqlTables, ...ormTables],
      fields: graphqlFields,
      current: true,
    });
  });

  it('an older scan reads as not current, with its missing history empty rather than failing', () => {
    const facts = codeFileFacts({ attributes: { scan: CODE_SCAN_VERSION - 1, symbols: ['pay'] } });
    expect(facts).toMatchObject({
      current: false,
      generated: false,
      recent: null,
      span: null,
      coChanged: [],
      churn: 0,
      commits: 0,
      subjects: [],
      once: [],
      docWords: [],
      docLines: 0,
      symbols: ['pay'],
    });
    expect(codeFileFacts({ attributes: {} }).current).toBe(false);
  });

  it('drops malformed entries and keeps the well-formed ones', () => {
    const facts = codeFileFacts({
      attributes: {
        language: 7,
        symbols: ['ok', 3, null],
        words: { a: 2, b: 'x', c: Number.NaN },
        coChanged: [{ path: 'src/b.ts' }, { path: 'src/c.ts', weight: 1 }, 'src/d.ts'],
        churn: '2',
        recentChanges: [
          { ago: 1, files: 3 },
          { ago: 'x', files: 1 },
        ],
        sqlTables: 'billing.invoice',
        graphqlFields: [{ path: 'query.x' }],
        firstChanged: 100,
      },
    });
    expect(facts).toMatchObject({
      language: 'code',
      symbols: ['ok'],
      words: { a: 2 },
      coChanged: [{ path: 'src/c.ts', weight: 1 }],
      churn: 0,
      recent: [{ ago: 1, files: 3 }],
      tables: [],
      fields: [],
      span: null,
    });
  });

  it('reads for a plan what codeFileFacts reads, but imports, tables and fields, and keeps the stored word counts uncopied', () => {
    const attributes = {
      scan: CODE_SCAN_VERSION,
      imports: [{ path: 'src/a.ts', kinds: ['import'] }],
      symbols: ['pay', 3],
      words: { invoice: 3, refund: 1 },
      onceWords: ['tmp'],
      coChanged: [{ path: 'src/b.ts', weight: 0.5 }, { path: 'src/c.ts' }],
      churn: 1.5,
      firstChanged: 100,
      lastChanged: 200,
      sqlTables: [{ table: 'billing.invoice', line: 9 }],
      importNames: ['@acme/billing'],
    };
    const { language: _l, imports: _i, docWords: _d, tables: _t, fields: _f, ...planned } = codeFileFacts({ attributes });
    const facts = codeFilePlanFacts({ attributes });
    expect(facts).toEqual(planned);
    expect(facts.words).toBe(attributes.words);
    expect(codeFilePlanFacts({ attributes: { words: { a: 2, b: 'x' } } }).words).toEqual({ a: 2 });
  });

  it("keeps a table's column accesses only as accesses, and none where no column has one", () => {
    const tables = codeFileTables({
      attributes: {
        sqlTables: [
          { table: 'shelf', line: 1, columns: ['label', 'id'], columnAccess: { label: ['write', 'read', 'drop'], id: 'write', zone: ['x'] } },
          { table: 'bin', line: 2, columns: ['id'], columnAccess: ['write'] },
        ],
      },
    });
    expect(tables).toEqual([
      { table: 'shelf', line: 1, columns: ['label', 'id'], columnAccess: { label: ['read', 'write'] } },
      { table: 'bin', line: 2, columns: ['id'] },
    ]);
  });
});

describe('codeFileShown', () => {
  it('says first that a tool wrote the file when the scan marked it so', () => {
    expect(codeFileShown({ attributes: { generated: true, commits: 1, firstChanged: 0, lastChanged: 0 } })).toEqual([
      { label: 'generated', value: 'yes' },
      { label: 'history', value: '1 commit, changed 1970-01-01' },
    ]);
    expect(codeFileShown({ attributes: { generated: 'yes' } })).toEqual([]);
  });

  const DAY = 86_400;
  it('says how often and when the file changed, its strongest partners and its latest subject', () => {
    const partners = Array.from({ length: 7 }, (_, i) => ({ path: `src/p${i}.ts`, weight: 7 - i }));
    const facts = codeFileShown({
      attributes: { commits: 3, firstChanged: 0, lastChanged: 40 * DAY, coChanged: partners, subjects: ['fix: rounding', 'older'] },
    });
    expect(facts).toEqual([
      { label: 'history', value: '3 commits, first 1970-01-01, last 1970-02-10' },
      { label: 'changed with', value: 'src/p0.ts, src/p1.ts, src/p2.ts, src/p3.ts, src/p4.ts (+2 more)' },
      { label: 'last commit', value: 'fix: rounding' },
    ]);
  });

  it('one commit reads as one day; no history, no lines; a long subject is cut', () => {
    expect(codeFileShown({ attributes: { commits: 1, firstChanged: DAY, lastChanged: DAY } })).toEqual([
      { label: 'history', value: '1 commit, changed 1970-01-02' },
    ]);
    expect(codeFileShown({ attributes: { language: 'typescript' } })).toEqual([]);
    const [last] = codeFileShown({ attributes: { subjects: ['x'.repeat(300)] } });
    expect(last!.value).toHaveLength(160);
    expect(last!.value.endsWith('…')).toBe(true);
  });
});
