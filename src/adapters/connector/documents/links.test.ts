import { describe, expect, it } from 'vitest';
import { anchorsOf, linksOf } from './links.js';

const page = 'https://docs.test/manual/runtime.html';

describe('links of a page', () => {
  it('resolves, normalises and dedups the hrefs a crawl follows', () => {
    const html = '<a href="b.html#x">B</a> <a href=\'b.html\'>again</a> <a href="#top">top</a> <a href="mailto:x@y">m</a> <a href="c.html?z=1&amp;a=2">C</a>';
    expect(linksOf(html, page, false)).toEqual(['https://docs.test/manual/b.html', 'https://docs.test/manual/c.html?a=2&z=1']);
  });
});

describe('anchors of a page', () => {
  it('keeps each link’s text (tags and entities decoded) and its title when that says something else', () => {
    const html = [
      '<a class="xref" href="config.html#GUC-DATESTYLE"><code class="varname">DateStyle</code></a>',
      '<a class="xref" href="queries.html#WITH" title="7.8.&nbsp;WITH Queries">Section&nbsp;7.8</a>',
      '<a href="same.html" title="Same">Same</a>',
      '<a href="img.html"><img src="x.png"></a>',
      '<a href="titled.html" title="Only a title"> </a>',
      '<a href="#local">here</a> <a href="runtime.html#other">myself</a> <a href="mailto:a@b">mail</a>',
    ].join('\n');
    expect(anchorsOf(html, page, false)).toEqual([
      ['https://docs.test/manual/config.html', 'DateStyle', ''],
      ['https://docs.test/manual/queries.html', 'Section 7.8', '7.8. WITH Queries'],
      ['https://docs.test/manual/same.html', 'Same', ''],
      ['https://docs.test/manual/titled.html', '', 'Only a title'],
    ]);
  });

  it('lets an unclosed anchor swallow no other link', () => {
    const html = '<p><a href="open.html">never closed <b>bold</b></p><a href="next.html">Next page</a> <a href="last.html">Last</a>';
    expect(anchorsOf(html, page, false)).toEqual([
      ['https://docs.test/manual/next.html', 'Next page', ''],
      ['https://docs.test/manual/last.html', 'Last', ''],
    ]);
  });

  it('reads markdown links with their optional title', () => {
    const markdown = 'See [rotating keys](ops/rotate.md "Key rotation") and [the start](../index.md), not [this page](runtime.html).';
    expect(anchorsOf(markdown, page, true)).toEqual([
      ['https://docs.test/manual/ops/rotate.md', 'rotating keys', 'Key rotation'],
      ['https://docs.test/index.md', 'the start', ''],
    ]);
  });
});
