/**
 * @module presentations/ui/assets
 * The UI's static files, served from this process (no CDN, no outside request): htmx from its
 * npm package, the stylesheet and the small client script. Read once, cached for an hour.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CLIENT_JS } from './client-script.js';
import { STYLE_CSS } from './style.js';

export interface Asset {
  type: string;
  body: Buffer;
}

const require = createRequire(import.meta.url);
let htmx: Buffer | null = null;

export function asset(name: string): Asset | null {
  if (name === 'htmx.min.js') return { type: 'text/javascript; charset=utf-8', body: (htmx ??= readFileSync(require.resolve('htmx.org/dist/htmx.min.js'))) };
  if (name === 'ui.js') return { type: 'text/javascript; charset=utf-8', body: Buffer.from(CLIENT_JS) };
  if (name === 'style.css') return { type: 'text/css; charset=utf-8', body: Buffer.from(STYLE_CSS) };
  return null;
}
