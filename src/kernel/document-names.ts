/**
 * @module kernel/document-names
 * The one naming rule for documents read over http(s), shared by the http transport (a single
 * URL) and the crawler (every page it reaches): a document is named by its place relative to the
 * source's location, so its id stays the same whichever way it was read.
 */
import { redactQuerySecrets } from './redact.js';

/**
 * A document's name relative to the location: `https://wiki/docs/start.html` from root
 * `https://wiki/docs/` is `start.html`; a page of the same site outside the root's folder keeps
 * its absolute path (`/about.html`), another site its host (`//other.example/a.html`). A folder URL
 * is named `index.html`; the query stays (`page?id=2`), the fragment does not. A credential in
 * the query (`start.html?access_token=…`) is masked in the name (`start.html?access_token=***`)
 * by the rule output is masked with (isSecretQueryParam): names are ids, stored, searched and
 * printed, so a name is printed as it is stored, and a paging token (`list?pageToken=2`) is kept
 * in both.
 */
export function httpName(root: string, url: string): string {
  const base = new URL(root);
  const target = new URL(url);
  const dir = base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1);
  let path: string;
  if (target.origin !== base.origin) path = `//${target.host}${target.pathname}`;
  else path = target.pathname.startsWith(dir) ? target.pathname.slice(dir.length) : target.pathname;
  if (path === '' || path.endsWith('/')) path += 'index.html';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape stays as written
  }
  return decoded + redactQuerySecrets(target.search);
}
