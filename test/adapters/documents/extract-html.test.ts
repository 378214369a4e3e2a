/**
 * HTML to markdown: main content by Readability over linkedom, turndown with tables kept, the
 * title from <title>, other charsets decoded, and HTML with no body refused.
 */
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../src/adapters/documents/index.js';
import { htmlToMarkdown } from '../../../src/adapters/documents/extract/html-markdown.js';
import { isSextantError } from '../../../src/kernel/errors.js';
import { DEFAULT_DOCUMENT_LIMITS } from '../../../src/ports/documents.js';

const extract = (html: string | Uint8Array, name = 'page.html') =>
  extractDocument(typeof html === 'string' ? new TextEncoder().encode(html) : html, 'html', { name, limits: DEFAULT_DOCUMENT_LIMITS });

const paragraph = 'The statement_timeout setting aborts any statement that takes more than the specified amount of time. ';

const MANUAL_PAGE = `<!DOCTYPE html>
<html><head><title>19.11. Client Connection Defaults</title><style>body { color: red }</style><script>var x = 1;</script></head>
<body>
  <div class="navheader"><table width="100%"><tr><td><a href="prev.html">Prev</a></td><td><a href="next.html">Next</a></td></tr></table></div>
  <nav><a href="/">Home</a> · <a href="/docs">Docs</a></nav>
  <div class="sect1">
    <h1>Client Connection Defaults</h1>
    <h2>Statement Behavior</h2>
    <p>${paragraph.repeat(4)}See <a href="runtime-config-locks.html">lock timeouts</a>.</p>
    <table>
      <thead><tr><th>Name</th><th>Default</th></tr></thead>
      <tbody>
        <tr><td><code>statement_timeout</code></td><td>0 | off</td></tr>
        <tr><td><code>lock_timeout</code></td><td>0</td></tr>
      </tbody>
    </table>
    <h3>Examples</h3>
    <pre><code>SET statement_timeout = '5s';</code></pre>
    <ul><li>first item</li><li>second item</li></ul>
    <img src="diagram.png" alt="Timeout diagram">
  </div>
  <footer>Copyright 1996–2024 The PostgreSQL Global Development Group</footer>
</body></html>`;

describe('html', () => {
  it('keeps the main content as markdown: headings, tables, code, lists; leaves out nav, footer and scripts', async () => {
    const doc = await extract(MANUAL_PAGE);
    expect(doc.title).toBe('19.11. Client Connection Defaults');
    expect(doc.markdown).toContain('## Statement Behavior');
    expect(doc.markdown).toContain('### Examples');
    expect(doc.markdown).toContain('| Name | Default |\n| --- | --- |\n| `statement_timeout` | 0 \\| off |\n| `lock_timeout` | 0 |');
    expect(doc.markdown).toContain("```\nSET statement_timeout = '5s';\n```");
    expect(doc.markdown).toContain('- first item\n- second item');
    expect(doc.markdown).toContain('See lock timeouts.');
    expect(doc.markdown).toContain('Timeout diagram');
    for (const junk of ['Copyright', 'Home', 'Prev', 'var x', 'color: red', '](', 'statement\\_timeout']) expect(doc.markdown).not.toContain(junk);
  });

  it('reads a page that marks its content from there: body#docContent without its navigation bars, or the one <main>', async () => {
    const docbook = MANUAL_PAGE.replace('<body>', '<body id="docContent">').replace(
      '<footer>',
      '<div class="navfooter"><table><tr><td><a href="prev.html">Prev</a></td><td>Up</td></tr></table></div><footer>',
    );
    const doc = await extract(docbook);
    expect(doc.title).toBe('19.11. Client Connection Defaults');
    // the page's own top heading stays (Readability takes it away as the title)
    expect(doc.markdown.startsWith('# Client Connection Defaults\n\n## Statement Behavior')).toBe(true);
    expect(doc.markdown).toContain('| `statement_timeout` | 0 \\| off |');
    for (const junk of ['Copyright', 'Home', 'Prev', 'Up', 'var x']) expect(doc.markdown).not.toContain(junk);

    const site = `<html><head><title>Keys</title></head><body>
      <div class="sidebar"><a href="/a">${'Sidebar link. '.repeat(40)}</a></div>
      <main><article><header><h1>Rotating keys</h1></header><nav class="toc">On this page</nav>
      <p>${paragraph}</p><aside>Related: nothing</aside><footer>Edited by ops</footer></article></main>
      <footer>Site footer</footer></body></html>`;
    const main = await extract(site);
    expect(main.markdown).toBe(`# Rotating keys\n\n${paragraph.trim()}\n\nEdited by ops`);
  });

  it('does not trust a marked root that holds little of the page', async () => {
    const page = `<html><head><title>t</title></head><body><main><p>Menu</p></main><div><p>${paragraph.repeat(3)}</p></div></body></html>`;
    expect((await extract(page)).markdown).toContain(paragraph.trim());
  });

  it('uses the page body when Readability keeps too little, and the first h1 when there is no <title>', async () => {
    const doc = await extract('<html><body><h1>Glossary</h1><p>API: application programming interface.</p></body></html>');
    expect(doc.title).toBe('Glossary');
    expect(doc.markdown).toContain('API: application programming interface.');
  });

  it('makes the first row the header of a table without <th>, and flattens a one-cell layout table', () => {
    expect(htmlToMarkdown('<table><tr><td><p>Key</p></td><td>Owner</td></tr><tr><td>api</td><td>ops</td></tr></table>')).toBe(
      '| Key | Owner |\n| --- | --- |\n| api | ops |',
    );
    expect(htmlToMarkdown('<table><tr><td><p>Only cell</p></td></tr></table>')).toBe('Only cell');
    expect(htmlToMarkdown('<table><tr><th colspan="2">Wide</th></tr><tr><td>a</td><td>b</td></tr></table>')).toBe('| Wide |  |\n| --- | --- |\n| a | b |');
  });

  it('decodes a page in its declared charset, and Latin-1 without one', async () => {
    const sjis = new Uint8Array([
      ...new TextEncoder().encode('<html><head><meta charset="shift_jis"><title>t</title></head><body><p>'),
      0x93,
      0xfa,
      0x96,
      0x7b,
      ...new TextEncoder().encode('</p></body></html>'),
    ]);
    expect((await extract(sjis)).markdown).toBe('日本');
    const latin1 = Buffer.from('<html><head><title>Café</title></head><body><p>Größe</p></body></html>', 'latin1');
    expect(await extract(latin1)).toMatchObject({ title: 'Café', markdown: 'Größe' });
  });

  it('refuses HTML with no body, naming the document', async () => {
    for (const html of ['<html><head><title>Empty</title></head></html>', '<html><body>  <script>x()</script> </body></html>', '']) {
      try {
        await extract(html, 'wiki/empty.html');
        expect.unreachable();
      } catch (err) {
        expect(isSextantError(err) && err.code).toBe('DOCUMENT_UNREADABLE');
        expect((err as Error).message).toBe("Document 'wiki/empty.html' is unreadable: HTML with no body (no text content)");
      }
    }
  });
});

describe('htmlToMarkdown lists', () => {
  it('writes `- item` and numbered items from the list start, nested lists indented', () => {
    expect(htmlToMarkdown('<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>')).toBe('- a\n  - b\n- c');
    expect(htmlToMarkdown('<ol start="3"><li>x</li><li>y</li></ol>')).toBe('3. x\n4. y');
  });

  it('reads a fragment with no <html> or <body>', async () => {
    expect(await extract('<title>Frag</title><p>Just a paragraph.</p>')).toEqual({ title: 'Frag', markdown: 'Just a paragraph.' });
  });
});
