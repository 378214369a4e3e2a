import { describe, expect, it } from 'vitest';
import { crawlSpace, listingSpace } from './link-space.js';
import { anchorsOf } from './links.js';

describe('link spaces', () => {
  it('matches a listed document’s relative links to the documents of the source, wherever it sits', () => {
    const space = listingSpace();
    const names = new Set(['index.html', 'guide/setup.md', 'guide/index.md', 'ref/config.html', 'ref/my notes.md', 'ref/faq.html']);
    const at = space.urlOf('guide/setup.md', '/abs/share/guide/setup.md');
    const markdown = [
      '[config](../ref/config.html#work-mem)',
      '[config again](../ref/config.html?lang=en)',
      '[notes](../ref/my%20notes.md)',
      '[faq](../ref/faq)',
      '[the guide](./)',
      '[home](../)',
      '[out](../../../../etc/passwd.md)',
      '[site root](/index.html)',
      '[web](https://example.com/ref/config.html)',
    ].join(' ');
    const targets = anchorsOf(markdown, at, true).map(([url, text]) => [text, space.nameOf(url, names)]);
    expect(targets).toEqual([
      ['config', 'ref/config.html'],
      ['config again', 'ref/config.html'],
      ['notes', 'ref/my notes.md'],
      ['faq', 'ref/faq.html'],
      ['the guide', 'guide/index.md'],
      ['home', 'index.html'],
      // a link out of the source, a path from a server's root and another site name no document
      ['out', null],
      ['site root', null],
      ['web', null],
    ]);
  });

  it('names a crawled page by its URL under the first page’s folder, only when the crawl read it', () => {
    const space = crawlSpace('https://docs.test/manual/index.html');
    const names = new Set(['index.html', 'ops/rotate.html']);
    expect(space.urlOf('ops/rotate.html', 'https://docs.test/manual/ops/rotate.html')).toBe('https://docs.test/manual/ops/rotate.html');
    expect(space.nameOf('https://docs.test/manual/ops/rotate.html', names)).toBe('ops/rotate.html');
    expect(space.nameOf('https://docs.test/manual/', names)).toBe('index.html');
    expect(space.nameOf('https://docs.test/manual/ops/unread.html', names)).toBeNull();
  });
});
