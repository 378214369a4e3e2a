/** Hugr /ipc decoding (HUGR.md §7.2): parts in any order, nested structs, bigint, wrapped and asArray tables, empty tables, errors. */
import { tableFromArrays, tableFromJSON, tableToIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { decodeIpc, splitMultipart } from './ipc.js';

function multipart(parts: Array<{ headers: Record<string, string>; body: Uint8Array | string }>): Uint8Array {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--HUGR\r\n${Object.entries(p.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n')}\r\n\r\n`,
      ),
      Buffer.from(p.body),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from('--HUGR--\r\n'));
  return new Uint8Array(Buffer.concat(chunks));
}

const table = (path: string, body: Uint8Array, info = '') => ({
  headers: {
    'Content-Type': 'application/vnd.apache.arrow.stream',
    'X-Hugr-Format': 'table',
    'X-Hugr-Part-Type': 'data',
    'X-Hugr-Path': path,
    'X-Hugr-Table-Info': info,
  },
  body,
});

describe('decodeIpc', () => {
  it('rebuilds the /query shape from table and object parts in any order', () => {
    const rows = tableToIPC(
      tableFromJSON([
        { id: 1, name: 'Laptop', category: { id: 7, title: 'IT' } },
        { id: 2, name: 'Desk', category: { id: 8, title: 'Office' } },
      ]),
      'stream',
    );
    const big = tableToIPC(tableFromArrays({ n: BigInt64Array.from([9007199254740993n, 5n]) }), 'stream');
    const body = multipart([
      {
        headers: {
          'Content-Type': 'application/json',
          'X-Hugr-Format': 'object',
          'X-Hugr-Part-Type': 'data',
          'X-Hugr-Path': 'data.pg_store.products_aggregation',
        },
        body: '{"_rows_count":5}',
      },
      table('data.pg_store.products', rows),
      table('data.counts', big),
      table('data.function.docs.chunk_text', tableToIPC(tableFromArrays({ v: ['a', 'b'] }), 'stream'), 'asArray'),
      table('data.wrapped', tableToIPC(tableFromArrays({ row: ['{"x":1}', '{"x":2}'] }), 'stream'), 'wrapped'),
      {
        headers: {
          'Content-Type': 'application/vnd.apache.arrow.stream',
          'X-Hugr-Format': 'table',
          'X-Hugr-Part-Type': 'data',
          'X-Hugr-Path': 'data.pg_store.empty',
          'X-Hugr-Empty': 'true',
        },
        body: '',
      },
      {
        headers: { 'Content-Type': 'application/json', 'X-Hugr-Format': 'object', 'X-Hugr-Part-Type': 'extensions', 'X-Hugr-Path': 'extensions' },
        body: '{"stats":{"ms":3}}',
      },
    ]);
    const out = decodeIpc(body, 'multipart/mixed; boundary=HUGR');
    expect(out.data).toEqual({
      pg_store: {
        products_aggregation: { _rows_count: 5 },
        products: [
          { id: 1, name: 'Laptop', category: { id: 7, title: 'IT' } },
          { id: 2, name: 'Desk', category: { id: 8, title: 'Office' } },
        ],
        empty: [],
      },
      counts: [{ n: '9007199254740993' }, { n: 5 }],
      function: { docs: { chunk_text: ['a', 'b'] } },
      wrapped: [{ x: 1 }, { x: 2 }],
    });
    expect(out.extensions).toEqual({ stats: { ms: 3 } });
  });

  it('returns the errors part (plural, and the documented singular) as GraphQL errors', () => {
    for (const type of ['errors', 'error']) {
      const out = decodeIpc(
        multipart([
          { headers: { 'Content-Type': 'application/json', 'X-Hugr-Format': 'object', 'X-Hugr-Part-Type': type }, body: '[{"message":"forbidden"}]' },
        ]),
        'multipart/mixed; boundary=HUGR',
      );
      expect(out).toEqual({ errors: [{ message: 'forbidden' }] });
    }
  });

  it('keeps binary bodies intact even when they contain CRLF and dashes', () => {
    const payload = new Uint8Array([0x0d, 0x0a, 0x2d, 0x2d, 0x48, 0x00, 0xff]);
    const parts = splitMultipart(multipart([{ headers: { A: '1' }, body: payload }]), 'HUGR');
    expect([...parts[0]!.body]).toEqual([...payload]);
  });

  it('refuses an answer that is not multipart', () => {
    expect(() => decodeIpc(new Uint8Array(), 'application/json')).toThrow(/multipart/);
  });
});
