import { describe, expect, it } from 'vitest';
import { estimateTokens, splitDocument } from './split-document.js';

const sentence = (n: number) => `Sentence number ${n} talks about refunds and invoices in some detail.`;
const paragraph = (from: number, count: number) => Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

describe('splitDocument', () => {
  it('keeps a short text in one chunk', () => {
    expect(splitDocument('Hello world.\n\nSecond paragraph.')).toEqual([
      { index: 0, heading: '', headings: [], text: 'Hello world.\n\nSecond paragraph.', tokens: estimateTokens('Hello world.\n\nSecond paragraph.') },
    ]);
  });

  it('returns nothing for blank text', () => {
    expect(splitDocument('  \n\n \n')).toEqual([]);
  });

  it('splits long text into chunks within the budget, with overlap between neighbours', () => {
    const text = Array.from({ length: 30 }, (_, i) => paragraph(i * 5, 5)).join('\n\n');
    const chunks = splitDocument(text, { maxTokens: 200, overlapTokens: 40 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(c.tokens).toBeLessThanOrEqual(200);
    for (let i = 1; i < chunks.length; i++) {
      const prevTail = chunks[i - 1]!.text.split(/\s+/).slice(-4).join(' ');
      expect(chunks[i]!.text).toContain(prevTail);
    }
    // every sentence survives somewhere
    for (let n = 0; n < 150; n++) expect(chunks.some((c) => c.text.includes(`number ${n} talks`))).toBe(true);
  });

  it('cuts an oversized paragraph at sentences, and an oversized sentence at words', () => {
    const chunks = splitDocument(paragraph(0, 60), { maxTokens: 100, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.every((c) => c.tokens <= 100)).toBe(true);
    const words = Array.from({ length: 2000 }, (_, i) => `w${i}`).join(' ');
    const byWords = splitDocument(words, { maxTokens: 100, overlapTokens: 10 });
    expect(byWords.every((c) => c.tokens <= 100)).toBe(true);
    expect(byWords.at(-1)!.text).toContain('w1999');
    expect(splitDocument('x'.repeat(5000), { maxTokens: 100 }).every((c) => c.tokens <= 100)).toBe(true);
  });

  it('labels chunks with the markdown heading path and starts sections fresh', () => {
    const md = ['# Billing', '', paragraph(0, 8), '', '## Refunds', '', paragraph(100, 8), '', '# Support', '', 'Tickets are answered in a day.'].join('\n');
    const chunks = splitDocument(md, { markdown: true, maxTokens: 200, overlapTokens: 30 });
    expect(chunks.map((c) => c.heading)).toEqual(['Billing', 'Billing > Refunds', 'Support']);
    expect(chunks[2]!.text).toBe('Tickets are answered in a day.');
    expect(chunks.some((c) => c.text.includes('# '))).toBe(false);
  });

  // The new-user sweep: a page of short sections came back as one passage named by its first
  // heading only, the later sections' text shown under it and their headings nowhere.
  it('names every heading of the short sections a chunk holds, each heading line above its own text', () => {
    const md = ['# FAQ', '', 'Common questions.', '', '## Refunds', '', 'Refunds take five days.', '', '## Shipping', '', 'Parcels ship on Mondays.'].join(
      '\n',
    );
    const [chunk, ...rest] = splitDocument(md, { markdown: true });
    expect(rest).toEqual([]);
    expect(chunk!.heading).toBe('FAQ');
    expect(chunk!.headings).toEqual(['FAQ', 'FAQ > Refunds', 'FAQ > Shipping']);
    expect(chunk!.text).toBe('Common questions.\n\n## Refunds\nRefunds take five days.\n\n## Shipping\nParcels ship on Mondays.');
  });

  it('cuts short sections into the same chunks as before: only names and heading lines are added', () => {
    const md = ['# A', '', paragraph(0, 3), '', '## B', '', paragraph(10, 3), '', '## C', '', paragraph(20, 3), '', '## D', '', paragraph(30, 3)].join('\n');
    const chunks = splitDocument(md, { markdown: true, maxTokens: 120, overlapTokens: 20 });
    expect(chunks.map((c) => c.headings)).toEqual([
      ['A', 'A > B'],
      ['A > C', 'A > D'],
    ]);
    expect(chunks[1]!.text).toBe(`${paragraph(20, 3)}\n\n## D\n${paragraph(30, 3)}`);
  });

  // The heading lines kept above short sections, and the paragraph breaks, were not counted:
  // 176 of the PostgreSQL manual's 4,880 passages were over their 500 tokens, up to 594.
  it('counts the heading lines and paragraph breaks a chunk holds against its budget', () => {
    const first = 'a'.repeat(75); // 19 tokens: under half the budget, so the next section joins it
    const second = 'b'.repeat(80); // 20 tokens: 39 by the pieces alone, but its heading line comes along
    const heading = `## ${'Long heading '.repeat(3).trim()}`;
    const md = ['# Top', '', first, '', heading, '', second].join('\n');
    const chunks = splitDocument(md, { markdown: true, maxTokens: 40, overlapTokens: 0 });
    expect(chunks.map((c) => c.text)).toEqual([first, second]);
    expect(chunks.map((c) => c.headings)).toEqual([['Top'], [`Top > ${heading.slice(3)}`]]);
    // with room, the two sections still share a chunk, the heading line counted
    const roomy = splitDocument(md, { markdown: true, maxTokens: 60, overlapTokens: 0 });
    expect(roomy.map((c) => c.text)).toEqual([`${first}\n\n${heading}\n${second}`]);
    expect(roomy[0]!.tokens).toBeLessThanOrEqual(60);

    // sixteen one-token paragraphs are 16 tokens alone, 24 with the breaks between them
    const tiny = Array.from({ length: 40 }, (_, i) => `p${String(i).padStart(2, '0')}.`).join('\n\n');
    const cut = splitDocument(tiny, { maxTokens: 16, overlapTokens: 0 });
    for (const c of cut) expect(estimateTokens(c.text)).toBeLessThanOrEqual(16);
    expect(cut.map((c) => c.text).join('\n\n')).toBe(tiny);
  });

  it('keeps a fenced code block whole and does not read headings inside it', () => {
    const md = ['# Query', '', '```sql', '# not a heading', 'select 1;', '', 'select 2;', '```', '', 'After.'].join('\n');
    const [chunk] = splitDocument(md, { markdown: true });
    expect(chunk!.heading).toBe('Query');
    expect(chunk!.text).toContain('```sql\n# not a heading\nselect 1;\n\nselect 2;\n```');
  });

  it('treats # lines in plain text as text', () => {
    expect(splitDocument('# not a heading\nbody')[0]).toMatchObject({ heading: '', text: '# not a heading\nbody' });
  });
});
