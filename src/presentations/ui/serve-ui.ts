/**
 * @module presentations/ui/serve-ui
 * `sextant ui` end to end: opens the engine, serves the web UI alone on the HTTP host (the same
 * Host/Origin checks, authentication, rate limits and allowed Origins as `mcp --http`: the
 * `mcp.*` and `auth.*` settings), optionally opens a browser, and closes everything on a signal.
 */
import { spawn } from 'node:child_process';
import { createOidcAuthentication, openEngine } from '../../app.js';
import type { SextantConfig } from '../../config/load-config.js';
import { createAuthenticator } from '../../core/auth/authenticate.js';
import { requireAuthOffLoopback } from '../http/authenticate.js';
import { startHttpHost } from '../http/host.js';
import { createLogger } from '../mcp/logging.js';
import { mcpOptions } from '../mcp/options.js';
import { createUiMount } from './ui-mount.js';

export interface UiServeOptions {
  /** Opens the UI in the desktop's browser once it listens. */
  open: boolean;
  /** Called with the URL once listening (the CLI prints it). */
  onListening(url: string): void;
  /** Resolves when the server should stop (a signal). */
  stopped: Promise<unknown>;
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
}

export async function serveUi(config: SextantConfig, options: UiServeOptions): Promise<void> {
  const settings = mcpOptions(config);
  const host = config.get('ui.host');
  const logger = createLogger({ level: settings.logLevel });
  const engine = await openEngine(config, {
    onProgress: (e) => logger.info({ event: 'progress', phase: e.phase, done: e.done, total: e.total }, e.detail ?? e.phase),
  });
  try {
    const authenticator = createAuthenticator({ tokens: engine.tokens, oidc: settings.oidc ? createOidcAuthentication(settings.oidc) : null });
    await requireAuthOffLoopback(host, authenticator);
    const ui = createUiMount({
      engine,
      authenticator,
      host,
      rateLimitPerMinute: settings.rateLimitPerMinute,
      sessionTtlMs: settings.sessionTtlMs,
      logger,
      ownsRoot: true,
    });
    const running = await startHttpHost({
      host,
      port: config.get('ui.port'),
      allowedOrigins: settings.allowedOrigins,
      logger,
      name: 'sextant',
      health: () => ({ name: 'sextant', ui: true }),
      mounts: [ui],
      notFoundHint: 'the web UI is at /ui',
    });
    const display = host.includes(':') ? `[${host}]` : host;
    const url = `http://${display}:${running.port}/ui`;
    logger.info({ event: 'listening', url }, `web UI listening on ${url}`);
    options.onListening(url);
    if (options.open) openBrowser(url);
    await options.stopped;
    await ui.close();
    await running.close();
  } finally {
    await engine.close();
    logger.flush();
  }
}
