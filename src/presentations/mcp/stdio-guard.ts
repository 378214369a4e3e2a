/**
 * @module presentations/mcp/stdio-guard
 * The MCP SDK's stdio transport closes the whole session when one message outgrows its buffer,
 * with no answer and no log line. This guard sits between stdin and the transport: complete
 * lines pass through; a line over the limit is dropped as it streams (never held whole), and
 * the caller answers it (a JSON-RPC error carrying the request id when the head of the line
 * names one) and logs it, so the session keeps serving.
 */
import { Transform, type Readable } from 'node:stream';

/** Bytes kept from each end of an oversize line to find its request id. */
const EDGE_BYTES = 512;

export type RequestId = string | number | null;

const ID_VALUE = String.raw`("(?:[^"\\]|\\.)*"|-?\d+)`;

/**
 * The `id` of a JSON-RPC request from the two ends of its line: the last key of the object
 * (where the SDK writes it), else a top-level key before `params` (where others do); null when
 * neither names one, since a nested `"id"` inside the arguments must not be mistaken for it.
 */
export function requestIdFrom(head: string, tail = ''): RequestId {
  const last = new RegExp(String.raw`"id"\s*:\s*${ID_VALUE}\s*}\s*$`).exec(tail);
  const paramsAt = head.indexOf('"params"');
  const first = new RegExp(String.raw`"id"\s*:\s*${ID_VALUE}`).exec(paramsAt < 0 ? head : head.slice(0, paramsAt));
  const m = last ?? first;
  if (!m) return null;
  try {
    return JSON.parse(m[1]!) as string | number;
  } catch {
    return null;
  }
}

export function guardLineLength(input: Readable, limitBytes: number, onOversize: (id: RequestId, bytes: number) => void): Readable {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let dropping: { head: Buffer; tail: Buffer; bytes: number } | null = null;

  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let start = 0;
      while (start <= chunk.length) {
        const nl = chunk.indexOf(0x0a, start);
        const end = nl < 0 ? chunk.length : nl;
        const part = chunk.subarray(start, end);
        if (dropping) {
          dropping.bytes += part.length;
          const joined = Buffer.concat([dropping.tail, part]);
          dropping.tail = Buffer.from(joined.subarray(Math.max(0, joined.length - EDGE_BYTES)));
        } else if (pendingBytes + part.length > limitBytes) {
          const seen = Buffer.concat([...pending, part]);
          dropping = {
            head: Buffer.from(seen.subarray(0, EDGE_BYTES)),
            tail: Buffer.from(seen.subarray(Math.max(0, seen.length - EDGE_BYTES))),
            bytes: seen.length,
          };
          pending = [];
          pendingBytes = 0;
        } else if (part.length) {
          pending.push(part);
          pendingBytes += part.length;
        }
        if (nl < 0) break;
        if (dropping) {
          onOversize(requestIdFrom(dropping.head.toString('utf8'), dropping.tail.toString('utf8')), dropping.bytes);
          dropping = null;
        } else {
          this.push(Buffer.concat([...pending, Buffer.from('\n')]));
          pending = [];
          pendingBytes = 0;
        }
        start = nl + 1;
      }
      done();
    },
  });
  input.pipe(guard);
  input.once('end', () => guard.end());
  return guard;
}
