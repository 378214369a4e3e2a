/**
 * @module presentations/mcp/answered-json-streams
 * Works around a leak of the SDK's Streamable HTTP transport in JSON-response mode
 * (modelcontextprotocol/typescript-sdk#2559, open on 1.x through 1.32.2): every answered POST
 * leaves its entry in the transport's stream map until the session closes, and with it the
 * resolved Response and its body (issue 11 §2: RSS grew with every call of a long session until
 * the heap died). After each request the session's answered entries are dropped: those of a JSON
 * response (they carry `resolveJson`) that no request id maps to any more. The SDK sets both maps
 * together and clears the request ids the moment it answers, so a pending request is never
 * dropped. Reaches into SDK internals on purpose and only here; if their shape changes this does
 * nothing (test/mcp/memory.test.ts then tells whether the SDK still leaks).
 */
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

interface StreamEntry {
  resolveJson?: unknown;
}

interface StreamMaps {
  _streamMapping?: unknown;
  _requestToStreamMapping?: unknown;
}

function streamMapsOf(transport: StreamableHTTPServerTransport): { streams: Map<string, StreamEntry>; requests: Map<unknown, string> } | null {
  const inner = (transport as unknown as { _webStandardTransport?: StreamMaps })._webStandardTransport;
  const streams = inner?._streamMapping;
  const requests = inner?._requestToStreamMapping;
  return streams instanceof Map && requests instanceof Map ? { streams, requests } : null;
}

/** Drops the stream entries of JSON responses already sent; returns how many. */
export function releaseAnsweredJsonStreams(transport: StreamableHTTPServerTransport): number {
  const maps = streamMapsOf(transport);
  if (!maps) return 0;
  const pending = new Set(maps.requests.values());
  let released = 0;
  for (const [streamId, entry] of maps.streams) {
    if (entry.resolveJson !== undefined && !pending.has(streamId)) {
      maps.streams.delete(streamId);
      released++;
    }
  }
  return released;
}
