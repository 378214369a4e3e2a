/** Test helper: the web UI alone on a loopback HTTP host (as `sextant ui` serves it), over a given engine. */
import { createAuthenticator } from '../../src/core/auth/authenticate.js';
import type { Engine } from '../../src/core/engine.js';
import { startHttpHost, type RunningHost } from '../../src/presentations/http/host.js';
import { createUiMount, type UiMount } from '../../src/presentations/ui/ui-mount.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface UiHost {
  ui: UiMount;
  host: RunningHost;
  /** `http://127.0.0.1:<port>`, without `/ui`. */
  base: string;
}

/** `bind`: the address to listen on (127.0.0.1 unless given; `base` still names 127.0.0.1). */
export async function startUiHost(engine: Engine, options: { rateLimitPerMinute?: number; bind?: string } = {}): Promise<UiHost> {
  const bind = options.bind ?? '127.0.0.1';
  const authenticator = createAuthenticator({ tokens: engine.tokens, oidc: null });
  const ui = createUiMount({
    engine,
    authenticator,
    host: bind,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 0,
    sessionTtlMs: 60_000,
    logger: silent,
  });
  const host = await startHttpHost({
    host: bind,
    port: 0,
    allowedOrigins: [],
    logger: silent,
    name: 'sextant',
    health: () => ({}),
    mounts: [ui],
    notFoundHint: 'the web UI is at /ui',
  });
  return { ui, host, base: `http://127.0.0.1:${host.port}` };
}
