import { describe, expect, it } from 'vitest';
import { furnitureThreshold, inboundAnchors, MAX_INBOUND_ANCHORS } from './anchors.js';
import type { LinkAnchor } from './links.js';

const url = (name: string) => `https://docs.test/${name}`;
const nameOf = (u: string) => (u.startsWith('https://docs.test/') ? u.slice('https://docs.test/'.length) : null);
const link = (to: string, text: string, title = ''): LinkAnchor => [url(to), text, title];

describe('inbound anchor text', () => {
  it('gives each page what the other pages call it, most used first, each text once whatever its case', () => {
    const outbound = new Map<string, LinkAnchor[]>([
      ['a.html', [link('config.html', 'DateStyle'), link('config.html', 'TimeZone'), link('a.html', 'this page')]],
      ['b.html', [link('config.html', 'timezone'), link('queries.html', 'Section 7.8', '7.8. WITH Queries')]],
      ['c.html', [link('config.html', 'TimeZone'), link('elsewhere.html', 'Outside')]],
    ]);
    const inbound = inboundAnchors(outbound, (u) => {
      const name = nameOf(u);
      return name === 'elsewhere.html' ? null : name;
    });
    expect(inbound).toEqual(
      new Map([
        ['config.html', ['TimeZone', 'DateStyle']],
        ['queries.html', ['Section 7.8 | 7.8. WITH Queries']],
      ]),
    );
  });

  it('leaves out site furniture: a link text that points at many different pages', () => {
    const pages = ['p1.html', 'p2.html', 'p3.html', 'p4.html', 'p5.html'];
    const outbound = new Map<string, LinkAnchor[]>(
      pages.map((p, i) => [p, [link(pages[(i + 1) % pages.length]!, 'Next', `Page ${(i + 1) % pages.length}`), link('home.html', 'Home')]]),
    );
    expect(furnitureThreshold(pages.length)).toBe(3);
    expect(furnitureThreshold(1168)).toBe(11);
    // "Next" points at 5 pages (above 3): furniture; "Home" points at one page from every page: kept
    expect(inboundAnchors(outbound, nameOf)).toEqual(new Map([['home.html', ['Home']]]));
  });

  it('keeps at most MAX_INBOUND_ANCHORS texts per page', () => {
    const outbound = new Map<string, LinkAnchor[]>([['a.html', Array.from({ length: MAX_INBOUND_ANCHORS + 5 }, (_, i) => link('t.html', `text ${i}`))]]);
    expect(inboundAnchors(outbound, nameOf).get('t.html')).toHaveLength(MAX_INBOUND_ANCHORS);
  });
});
