/**
 * @module presentations/mcp/stdio
 * One MCP session over stdin/stdout. stdout carries only the protocol (logs go to stderr).
 * The session lives as long as the process: a heartbeat keeps it from expiring while idle,
 * and if it is removed anyway (another process ran cleanup) it is reopened under the same id.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { RequestUser } from '../../core/auth/user.js';
import { clientLabel, createSessionServer, type ServerServices } from './server.js';
import { requireInitializeFirst } from './initialize-gate.js';
import { guardLineLength } from './stdio-guard.js';

/** The largest message read from stdin; a longer one is answered with an error and skipped. */
export const MAX_STDIO_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface StdioOptions {
  services: ServerServices;
  project: string;
  user: RequestUser;
  sessionTtlMs: number;
  /** Ends the session as if the client had left (SIGTERM, SIGINT). */
  signal?: AbortSignal;
}

/** Serves until stdin closes or the client disconnects; removes the session's data on the way out. */
export async function serveStdio(options: StdioOptions): Promise<void> {
  const { services, project, user, sessionTtlMs } = options;
  const { engine, logger } = services;
  await engine.sessions.expireIdle().catch(() => []);
  const session = await engine.sessions.open({ project, user, ttlMs: sessionTtlMs });
  const id = session.id;
  let client: string | null = null;
  const reopen = async () => {
    logger.warn({ session: id }, 'session was removed while the client was connected; reopened without its documents');
    await engine.sessions.open({ id, project, user, ttlMs: sessionTtlMs, client });
  };
  const heartbeat = setInterval(
    () => {
      engine.sessions
        .touch(id, sessionTtlMs)
        .then((alive) => (alive ? undefined : reopen()))
        .catch((err: unknown) => logger.warn({ err }, 'session heartbeat failed'));
    },
    Math.max(1000, Math.floor(sessionTtlMs / 3)),
  );
  heartbeat.unref();

  const { server } = await createSessionServer(
    services,
    { session: id, project, user },
    {
      async beforeCall() {
        if (!(await engine.sessions.touch(id))) await reopen();
      },
    },
  );
  const input = guardLineLength(process.stdin, MAX_STDIO_MESSAGE_BYTES, (requestId, bytes) => {
    logger.warn({ event: 'message_too_large', session: id, bytes, requestId }, 'stdin message over the size limit skipped');
    const error = { code: -32600, message: `message of ${bytes} bytes is over the ${MAX_STDIO_MESSAGE_BYTES / 1024 / 1024} MB limit; nothing was run` };
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: requestId, error })}\n`);
  });
  // The guard passes only whole lines of at most the limit, so the SDK's own buffer never overflows.
  const transport = new StdioServerTransport(input, process.stdout, { maxBufferSize: 2 * MAX_STDIO_MESSAGE_BYTES });
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  // the session was opened before the client said who it is: the listing shows it from here on
  server.server.oninitialized = () => {
    client = clientLabel(server.server.getClientVersion());
    if (client) engine.sessions.nameClient(id, client).catch((err: unknown) => logger.warn({ err, session: id }, 'could not record the client name'));
  };
  // The SDK's stdio transport does not watch for end of input: a client that exits closes stdin.
  const onEnd = () => void transport.close();
  process.stdin.once('end', onEnd);
  options.signal?.addEventListener('abort', onEnd, { once: true });
  await server.connect(transport);
  requireInitializeFirst(transport);
  logger.info({ event: 'session_opened', session: id, user: user.subject, project, transport: 'stdio' }, 'stdio session opened');
  await closed;
  process.stdin.off('end', onEnd);
  clearInterval(heartbeat);
  await engine.sessions.close(id).catch(() => false);
  logger.info({ event: 'session_closed', session: id }, 'stdio session closed');
}
