import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { guardLineLength, requestIdFrom } from './stdio-guard.js';

async function run(chunks: string[], limit: number) {
  const input = new PassThrough();
  const dropped: Array<{ id: unknown; bytes: number }> = [];
  const out = guardLineLength(input, limit, (id, bytes) => dropped.push({ id, bytes }));
  const lines: string[] = [];
  out.on('data', (d: Buffer) => lines.push(d.toString()));
  for (const c of chunks) input.write(c);
  input.end();
  await new Promise((resolve) => out.on('end', resolve));
  return { lines: lines.join(''), dropped };
}

describe('guardLineLength', () => {
  it('passes whole lines split across chunks and drops the one over the limit, with its id', async () => {
    const big = `{"jsonrpc":"2.0","id":7,"method":"x","params":{"q":"${'y'.repeat(100)}"}}`;
    const { lines, dropped } = await run(['{"a":', '1}\n', big.slice(0, 40), big.slice(40), '\n{"b":2}\n'], 50);
    expect(lines).toBe('{"a":1}\n{"b":2}\n');
    expect(dropped).toEqual([{ id: 7, bytes: big.length }]);
  });

  it('reads string and missing ids', () => {
    expect(requestIdFrom('{"jsonrpc":"2.0","id":"abc-1","method"')).toBe('abc-1');
    expect(requestIdFrom('{"jsonrpc":"2.0","method":"notify"')).toBeNull();
    // the SDK writes the id last; a nested "id" in the arguments is not the request's
    expect(requestIdFrom('{"method":"tools/call","params":{"arguments":{"id":99,"q":"', '"}},"jsonrpc":"2.0","id":4}')).toBe(4);
    expect(requestIdFrom('{"method":"tools/call","params":{"arguments":{"id":99,"q":"', '"}}}')).toBeNull();
  });
});
