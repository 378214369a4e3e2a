/**
 * @module adapters/connector/documents/link-space
 * Where a source's documents stand for the links between them: the URL a document's relative
 * links resolve against, and which of the source's documents a resolved link names. A crawl's
 * pages stand at their own URLs; the documents of a listing (a folder, an S3 prefix, an FTP or
 * SFTP directory) at their names under a fixed root, so `../guide/setup.md` from `ops/a.md` names
 * `guide/setup.md` whatever the location, and a link climbing out of the source names nothing.
 */
import { httpName } from '../../../kernel/document-names.js';

export interface LinkSpace {
  /** The URL the links of the document named `name`, read at `origin`, resolve against. */
  urlOf(name: string, origin: string): string;
  /** The document among `names` that a normalised link URL points at; null when none does. */
  nameOf(url: string, names: ReadonlySet<string>): string | null;
}

/** A crawl: each page at the URL it was read from; a link names the page its URL is named as (kernel/document-names). */
export function crawlSpace(root: string): LinkSpace {
  return {
    urlOf: (name, origin) => (/^https?:\/\//i.test(origin) ? origin : new URL(name, root).toString()),
    nameOf: (url, names) => {
      const name = httpName(root, url);
      return names.has(name) ? name : null;
    },
  };
}

/**
 * The root listed documents stand under. Its host is reserved (RFC 2606) and its first segment
 * keeps a link that climbs above the source (`../../x.md`) from landing back on a document.
 */
const LISTED_ROOT = 'https://listing.invalid/~source/';

/** What a link to a folder (`guide/`) or to a name without extension (`setup`) means in exported wikis and static sites. */
const FOLDER_PAGES = ['index.html', 'index.htm', 'index.md', 'README.md'];
const EXTENSIONS = ['.md', '.html', '.htm'];

function candidates(path: string): string[] {
  if (path === '' || path.endsWith('/')) return FOLDER_PAGES.map((page) => path + page);
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.') ? [path] : [path, ...EXTENSIONS.map((extension) => path + extension)];
}

/**
 * A listing: a document's links resolve against its name under {@link LISTED_ROOT}; a link names
 * the document at its path (query and fragment dropped), else the folder's index page or the
 * name with a page extension when the link gives none.
 */
export function listingSpace(): LinkSpace {
  return {
    urlOf: (name) => LISTED_ROOT + name.split('/').map(encodeURIComponent).join('/'),
    nameOf: (url, names) => {
      if (!url.startsWith(LISTED_ROOT)) return null;
      let path = new URL(url).pathname.slice(new URL(LISTED_ROOT).pathname.length);
      try {
        path = decodeURIComponent(path);
      } catch {
        return null;
      }
      return candidates(path).find((name) => names.has(name)) ?? null;
    },
  };
}
