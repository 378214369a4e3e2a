/**
 * @module presentations/mcp/serve
 * `sextant mcp` end to end: opens the engine, builds the logger and authenticator, serves
 * stdio or HTTP until the client leaves or a signal arrives, then closes everything. A daemon
 * child also records its state file while it listens.
 */
import { statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { createOidcAuthentication, openEngine } from '../../app.js';
import type { SextantConfig } from '../../config/load-config.js';
import { createAuthenticator } from '../../core/auth/authenticate.js';
import { localUser } from '../../core/auth/user.js';
import { clearDaemonState, daemonFiles, writeDaemonState } from '../../core/daemon/daemon-state.js';
import type { Engine } from '../../core/engine.js';
import { startHttpServer, type RunningHttpServer } from './http.js';
import { createLogger, type Logger } from './logging.js';
import { mcpOptions } from './options.js';
import { logProgress } from './progress-log.js';
import { createServices } from './server.js';
import { createUiMount } from '../ui/ui-mount.js';
import { serveStdio } from './stdio.js';
import { createScanBridgeMount, startScanBridge } from './scan-bridge.js';
import { SextantError } from '../../kernel/errors.js';
import { registerSecret } from '../../kernel/redact.js';
import { progressFanOut } from '../../kernel/progress.js';
import type { RunningHost } from '../http/host.js';

export interface ServeOptions {
  http: boolean;
  project: string;
  /** Set when started by `--daemon`: write the state file in SEXTANT_HOME while listening. */
  daemonChild?: boolean;
  /** With http: also serve the web UI at /ui. */
  ui?: boolean;
  /** With http (not a daemon child): told the addresses once listening, in place of the line on stderr (`--json`). */
  onListening?: (urls: { url: string; ui: string | null }) => void;
}

function localSubject(): string {
  try {
    return userInfo().username || 'local';
  } catch {
    return 'local';
  }
}

/**
 * Loads the embedder and the vector matrix before the first real query pays for it. A client that
 * leaves before it is done closes the engine under it: that failure is the shutdown, not a fault.
 */
async function warmUp(engine: Engine, logger: Logger, closing: () => boolean = () => false): Promise<void> {
  const started = Date.now();
  try {
    await engine.query('warm up', { limit: 1, noRerank: true });
    logger.info({ event: 'warm', ms: Date.now() - started }, 'search warmed up');
  } catch (err) {
    if (closing()) logger.debug({ event: 'warm', ms: Date.now() - started }, 'warm-up cut short by the shutdown');
    else logger.warn({ err }, 'warm-up query failed; the first search will be slower');
  }
}

/** The workspace root (mcp.workspace_root, --workspace): an existing folder, bound as the `workspace` code source. */
async function bindWorkspace(engine: Engine, config: SextantConfig, logger: Logger): Promise<string | null> {
  const configured = config.get('mcp.workspace_root');
  if (!configured) return null;
  const root = resolve(configured);
  const isFolder = (() => {
    try {
      return statSync(root).isDirectory();
    } catch {
      return false;
    }
  })();
  if (!isFolder)
    throw new SextantError('CONFIG_INVALID', `the workspace root ${root} is not a folder`, {
      hint: 'set SEXTANT_WORKSPACE_ROOT (or --workspace) to the folder of a repository',
    });
  const bound = await engine.workspace.use(root);
  logger.info({ event: 'workspace', source: bound.source, registered: bound.registered }, `workspace root bound as the code source '${bound.source}'`);
  return root;
}

function waitForSignal(): Promise<string> {
  return new Promise((resolve) => {
    const on = (signal: string) => resolve(signal);
    process.once('SIGINT', on);
    process.once('SIGTERM', on);
    process.once('SIGHUP', on);
  });
}

export async function serve(config: SextantConfig, options: ServeOptions): Promise<void> {
  const mcp = mcpOptions(config);
  const logger = createLogger({ level: mcp.logLevel });
  // what the process does on its own (the word-vector cache's first build) goes to the log and to the calls waiting on it
  const background = progressFanOut();
  background.subscribe(logProgress(logger));
  const engine = await openEngine(config, { onProgress: background.emit });
  let bridge: RunningHost | null = null;
  let closing = false;
  try {
    const services = createServices(engine, logger, [], background);
    await engine.projects.get(options.project);
    const workspace = await bindWorkspace(engine, config, logger);
    const token = config.get('mcp.bridge_token');
    // never in a log line or an error text
    registerSecret(token);
    const scanBridge =
      workspace && token ? { token, scan: engine.workspace.scan, logger, scanOptions: { timeoutMs: config.get('mcp.scan_timeout_s') * 1000 } } : null;
    if (!options.http) {
      void warmUp(engine, logger, () => closing);
      if (scanBridge) {
        // a second client on the same config finds the port taken: it serves MCP without a bridge
        bridge = await startScanBridge({ ...scanBridge, port: config.get('mcp.bridge_port') ?? 0 }).catch((err: unknown) => {
          logger.warn({ err }, 'the scan bridge did not start; serving without it');
          return null;
        });
        if (bridge) logger.info({ event: 'bridge', url: `http://127.0.0.1:${bridge.port}/scan` }, 'scan bridge listening');
      }
      const stop = new AbortController();
      void waitForSignal().then(() => stop.abort());
      await serveStdio({ services, project: options.project, user: localUser(localSubject()), sessionTtlMs: mcp.sessionTtlMs, signal: stop.signal });
      return;
    }
    const authenticator = createAuthenticator({ tokens: engine.tokens, oidc: mcp.oidc ? createOidcAuthentication(mcp.oidc) : null });
    await warmUp(engine, logger);
    let running: RunningHttpServer | null = null;
    const ui = options.ui
      ? createUiMount({
          engine,
          authenticator,
          host: mcp.host,
          rateLimitPerMinute: mcp.rateLimitPerMinute,
          sessionTtlMs: mcp.sessionTtlMs,
          logger,
          mcpSessionCount: () => running?.sessionCount() ?? 0,
        })
      : null;
    running = await startHttpServer({
      services,
      host: mcp.host,
      port: mcp.port,
      authenticator,
      allowedOrigins: mcp.allowedOrigins,
      rateLimitPerMinute: mcp.rateLimitPerMinute,
      sessionCaps: mcp.sessionCaps,
      sessionTtlMs: mcp.sessionTtlMs,
      extraMounts: [...(ui ? [ui] : []), ...(scanBridge ? [createScanBridgeMount(scanBridge)] : [])],
    });
    if (options.daemonChild) {
      writeDaemonState(config.home, {
        pid: process.pid,
        url: running.url,
        host: running.host,
        port: running.port,
        startedAt: new Date().toISOString(),
        logFile: daemonFiles(config.home).logFile,
      });
    } else {
      const uiUrl = ui ? running.url.replace(/\/mcp$/, '/ui') : null;
      if (options.onListening) options.onListening({ url: running.url, ui: uiUrl });
      else process.stderr.write(`sextant MCP server on ${running.url}${uiUrl ? ` and the web UI on ${uiUrl}` : ''} (Ctrl-C to stop)\n`);
    }
    const signal = await waitForSignal();
    logger.info({ event: 'stopping', signal }, 'stopping');
    await ui?.close();
    await running.close();
  } finally {
    closing = true;
    await bridge?.close();
    if (options.daemonChild) clearDaemonState(config.home, process.pid);
    await engine.close();
    logger.flush();
  }
}
