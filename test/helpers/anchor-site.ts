/**
 * Test helper: a small site of HTML and markdown files in nested folders that link to one another
 * (relative links, fragments and queries, a link to a folder and to a name without extension, to
 * a name with a space and a letter outside ASCII, a link out of the site, a "Next" on most pages), with the inbound anchor text each file has on a
 * first read of a source holding them, and a change of one link text.
 */
import type { CatalogObject } from '../../src/ports/catalog.js';

const page = (title: string, body: string) => `<html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${body}</p></main></body></html>`;

export const ANCHOR_SITE: Readonly<Record<string, string>> = {
  'index.html': page(
    'Home',
    '<a href="guide/setup.html">Installing the server</a>, <a href="ref/config.html#work-mem" title="Configuration">memory settings</a>, ' +
      '<a href="https://example.com/">Elsewhere</a>, <a href="guide/setup.html">Next</a>',
  ),
  'guide/setup.html': page(
    'Setup',
    '<a href="../ref/config.html?lang=en">the configuration reference</a>, <a href="../index.html">Home</a>, <a href="tuning.md">Next</a>, ' +
      '<a href="../notes/release notes é.md">what changed</a>',
  ),
  'guide/tuning.md':
    '# Tuning\n\nRaise [work_mem](../ref/config.html#work-mem), go [back to setup](setup "Setup") or [to the start](../), ' +
    'never [out](../../../etc/passwd.md). [Next](../ref/config.html)\n',
  'ref/config.html': page('Configuration', '<a href="../guide/tuning.md">tuning advice</a>, <a href="#top">top</a>, <a href="../notes/a.md">Next</a>'),
  'notes/a.md': '# A\n\n[Next](b.md)\n',
  'notes/b.md': '# B\n\n[Next](c.md)\n',
  'notes/c.md': '# C\n\nThe last page, and [the release notes](release%20notes%20%C3%A9.md).\n',
  'notes/release notes é.md': '# Release notes\n\nNothing yet.\n',
};

/** Each file's inbound anchors on a first read. */
export const FIRST_ANCHORS: Readonly<Record<string, string[] | undefined>> = {
  'guide/setup.html': ['Installing the server', 'back to setup | Setup'],
  // the markdown file's link names it by its path without extension; "../" is the folder's index
  'guide/tuning.md': ['tuning advice'],
  'index.html': ['Home', 'to the start'],
  // fragment and query dropped; the link to its own #top says nothing; "Next" points at six files: furniture
  'ref/config.html': ['memory settings | Configuration', 'the configuration reference', 'work_mem'],
  'notes/a.md': undefined,
  'notes/b.md': undefined,
  'notes/c.md': undefined,
  // a name with a space and a letter outside ASCII, linked to percent-encoded and as written
  'notes/release notes é.md': ['the release notes', 'what changed'],
};

/** The files of the site, by name. */
export const SITE_FILES = Object.keys(ANCHOR_SITE).sort();

/** ref/config.html with its link to guide/tuning.md saying something else: guide/tuning.md's one inbound anchor then. */
export const CHANGED_LINK = {
  name: 'ref/config.html',
  text: ANCHOR_SITE['ref/config.html']!.replace('tuning advice', 'advice on memory tuning'),
  target: 'guide/tuning.md',
  anchors: ['advice on memory tuning'],
};

/** The inbound anchors of each object, by name. */
export const anchorsByName = (objects: readonly CatalogObject[]) => Object.fromEntries(objects.map((o) => [o.name, o.attributes.anchors]));

/** The documents of the source the object named `name` links to. */
export const linksTo = (objects: readonly CatalogObject[], name: string) => objects.find((o) => o.name === name)!.attributes.linksTo;

/** guide/setup.html removed after {@link CHANGED_LINK}: what it said of the others is gone with it. */
export const REMOVED_FILE = {
  name: 'guide/setup.html',
  anchors: {
    'guide/tuning.md': ['advice on memory tuning'],
    'index.html': ['to the start'],
    'ref/config.html': ['memory settings | Configuration', 'work_mem'],
    'notes/a.md': undefined,
    'notes/b.md': undefined,
    'notes/c.md': undefined,
    'notes/release notes é.md': ['the release notes'],
  } as Readonly<Record<string, string[] | undefined>>,
  /** What guide/tuning.md links to then. */
  tuningLinksTo: ['ref/config.html', 'index.html'],
};
