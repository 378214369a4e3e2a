/**
 * @module presentations/mcp/initialize-gate
 * The SDK server answers tools/call before initialize; over stdio nothing else orders the
 * messages (issue 11 §8: tools answered before initialize). Set on a connected transport, this
 * answers every request but initialize and ping with -32600 until initialize has come through.
 * Over HTTP the session id that every later request needs exists only after initialize.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

export function requireInitializeFirst(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) throw new Error('connect the server to the transport before gating it');
  let initialized = false;
  transport.onmessage = (message, extra) => {
    if (!initialized && isJSONRPCRequest(message) && message.method !== 'ping') {
      if (message.method !== 'initialize') {
        const error = { code: ErrorCode.InvalidRequest, message: `${message.method} before initialize; send initialize first` };
        void transport.send({ jsonrpc: '2.0', id: message.id, error }).catch(() => undefined);
        return;
      }
      initialized = true;
    }
    deliver(message, extra);
  };
}
