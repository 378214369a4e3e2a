/**
 * @module presentations/mcp/adopt-transport
 * Lets a server answer a session another server opened. The SDK's Streamable HTTP transport
 * accepts requests only after it has answered `initialize` itself, and has no public way to
 * start from a session id that already exists (modelcontextprotocol/typescript-sdk#1658 and
 * #1882, open on 1.x through 1.32.2). With the sessions in a shared store any server may get a
 * session's next request, so a fresh transport is marked as initialized with that id: it then
 * checks `Mcp-Session-Id` against it like the transport that ran `initialize`. Reaches into SDK
 * internals on purpose and only here (as ./answered-json-streams.ts does); if their shape changes
 * this reports false and the request is answered "session not found", so the client starts a new
 * session rather than failing (test/e2e/team-store.test.ts catches it).
 */
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

interface InnerTransport {
  _initialized?: unknown;
  sessionId?: unknown;
}

/** Marks a transport that has not seen `initialize` as serving session `id`; false when the SDK's shape is not the known one. */
export function adoptSessionId(transport: StreamableHTTPServerTransport, id: string): boolean {
  const inner = (transport as unknown as { _webStandardTransport?: InnerTransport })._webStandardTransport;
  if (!inner || inner._initialized !== false || inner.sessionId !== undefined) return false;
  inner._initialized = true;
  inner.sessionId = id;
  return transport.sessionId === id;
}
