/**
 * @module presentations/ui/pages/login
 * The sign-in page, for a server that needs a credential (not loopback, or tokens configured):
 * browsers send no Authorization header when following links, so the token typed here is kept
 * with the browser session on the server (never in a cookie) and sent on its behalf.
 */
import { html } from 'hono/html';
import { errorLine, href, shell, type Html } from '../layout.js';

/** `next`: the UI page to return to once signed in (already checked by the caller: a path under /ui). */
export function loginPage(csrf: string, error: string | null, next: string | null = null): Html {
  return shell(
    null,
    'Sign in',
    'login',
    html`<h1>Sign in</h1>
      <p>This Sextant server needs a credential. Paste the access token an administrator gave you, or an OIDC access token.</p>
      ${error ? errorLine(error, null, 'login-error') : ''}
      <form method="post" action="${href('login')}">
        <input type="hidden" name="_csrf" value="${csrf}" />
        ${next ? html`<input type="hidden" name="next" value="${next}" />` : ''}
        <label for="token">Access token</label>
        <input id="token" name="token" type="password" autocomplete="current-password" required />
        <p><button type="submit">Sign in</button></p>
      </form>`,
  );
}
