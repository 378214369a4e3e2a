/**
 * Test helper: how a Hugr server encodes a list result as Arrow for `/ipc`.
 * - Before v0.3.32 a row travels as JSON text in one utf8 column (`X-Hugr-Table-Info: wrapped`).
 * - From v0.3.32 columns are native (query-engine `types/record_json.go` is the reference the
 *   `/query` rendering must match): `Timestamp` → timestamp[µs, session zone], `DateTime` →
 *   timestamp[µs], `Date` → date32, `Time` → time64[µs], `Interval` → month_day_nano,
 *   `BigInt` → int64, `Int` → int32, `Float` → float64 (or decimal128 when the column is
 *   numeric), `Geometry` → WKB binary named in `X-Hugr-Geometry-Fields`, `H3Cell` → utf8 tagged
 *   `hugr.h3cell`; nested selections become structs and lists.
 * Rows are kept as `/query` renders them; this module turns them back into native values with
 * its own parsing (it shares no code with the decoder under test).
 */
import {
  Binary,
  Bool,
  DateDay,
  Decimal,
  Field,
  Float32,
  Float64,
  Int32,
  Int64,
  IntervalMonthDayNano,
  List,
  RecordBatch,
  Schema,
  Table,
  TimeMicrosecond,
  TimestampMicrosecond,
  Utf8,
  type DataType,
  makeData,
  tableToIPC,
  vectorFromArray,
  Struct,
} from 'apache-arrow';
import wkx from 'wkx';

/** How one column is encoded: a Hugr scalar name, or an override such as `decimal:2`, `float32`. */
export type ColumnKind = string;

export interface ArrowColumn {
  name: string;
  kind: ColumnKind;
}

/** Epoch microseconds of an RFC 3339 text, parsed by hand (nanosecond digits beyond µs dropped). */
function epochMicros(text: string): bigint {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/.exec(text);
  if (!m) throw new Error(`not RFC 3339: ${text}`);
  const [, y, mo, d, h, mi, s, frac = '', zone] = m;
  const utcSeconds = BigInt(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) / 1000);
  const offsetMinutes = zone === 'Z' ? 0 : (zone!.startsWith('-') ? -1 : 1) * (Number(zone!.slice(1, 3)) * 60 + Number(zone!.slice(4, 6)));
  return (utcSeconds - BigInt(offsetMinutes * 60)) * 1_000_000n + BigInt(frac.padEnd(6, '0').slice(0, 6));
}

/** `P1M2DT3H4M5.5S` → [months, days, nanoseconds]. */
function intervalParts(text: string): [number, number, bigint] {
  const m = /^P(?:(-?\d+)M)?(?:(-?\d+)D)?(?:T(-)?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:\.(\d+))?S)?)?$/.exec(text);
  if (!m) throw new Error(`not an ISO 8601 duration: ${text}`);
  const [, months = '0', days = '0', neg, h = '0', mi = '0', s = '0', frac = ''] = m;
  const nanos = ((BigInt(h) * 60n + BigInt(mi)) * 60n + BigInt(s)) * 1_000_000_000n + BigInt(frac.padEnd(9, '0').slice(0, 9) || '0');
  return [Number(months), Number(days), neg ? -nanos : nanos];
}

function decimalUnscaled(value: number | string, scale: number): bigint {
  const [whole, frac = ''] = String(value).split('.');
  const negative = whole!.startsWith('-');
  const digits = BigInt(`${whole!.replace('-', '')}${frac.padEnd(scale, '0').slice(0, scale)}`);
  return negative ? -digits : digits;
}

function words128(v: bigint): number[] {
  const u = BigInt.asUintN(128, v);
  return [0, 1, 2, 3].map((i) => Number((u >> BigInt(32 * i)) & 0xffff_ffffn));
}

const nullBitmap = (values: readonly unknown[]) => {
  const bytes = new Uint8Array(Math.ceil(values.length / 8));
  values.forEach((v, i) => {
    if (v !== null && v !== undefined) bytes[i >> 3]! |= 1 << (i & 7);
  });
  return bytes;
};

function column(
  kind: ColumnKind,
  values: readonly unknown[],
  timezone: string,
): { type: DataType; data: ReturnType<typeof makeData>; metadata?: Map<string, string> } {
  const length = values.length;
  const nulls = values.filter((v) => v === null || v === undefined).length;
  const base = { length, nullCount: nulls, nullBitmap: nullBitmap(values) };
  const decimal = /^decimal:(\d+)$/.exec(kind);
  if (decimal) {
    const scale = Number(decimal[1]);
    const type = new Decimal(scale, 18, 128);
    const words = new Uint32Array(values.flatMap((v) => (v == null ? [0, 0, 0, 0] : words128(decimalUnscaled(v as number | string, scale)))));
    return { type, data: makeData({ type, ...base, data: words }) };
  }
  switch (kind) {
    case 'Timestamp':
    case 'DateTime': {
      const type = new TimestampMicrosecond(kind === 'Timestamp' ? timezone : null);
      return { type, data: makeData({ type, ...base, data: new BigInt64Array(values.map((v) => (v == null ? 0n : epochMicros(String(v))))) }) };
    }
    case 'Date': {
      const type = new DateDay();
      const days = values.map((v) => (v == null ? 0 : Date.parse(`${String(v)}T00:00:00Z`) / 86_400_000));
      return { type, data: makeData({ type, ...base, data: new Int32Array(days) }) };
    }
    case 'Time': {
      const type = new TimeMicrosecond();
      const micros = values.map((v) => {
        if (v == null) return 0n;
        const [h, m, s] = String(v).split(':');
        const [whole, frac = ''] = s!.split('.');
        return ((BigInt(h!) * 60n + BigInt(m!)) * 60n + BigInt(whole!)) * 1_000_000n + BigInt(frac.padEnd(6, '0').slice(0, 6));
      });
      return { type, data: makeData({ type, ...base, data: new BigInt64Array(micros) }) };
    }
    case 'Interval': {
      const type = new IntervalMonthDayNano();
      const ints = new Int32Array(length * 4);
      values.forEach((v, i) => {
        if (v == null) return;
        const [months, days, nanos] = intervalParts(String(v));
        const u = BigInt.asUintN(64, nanos);
        ints.set([months, days, Number(u & 0xffff_ffffn) | 0, Number(u >> 32n) | 0], i * 4);
      });
      return { type, data: makeData({ type, ...base, data: ints }) };
    }
    case 'Geometry': {
      const type = new Binary();
      const blobs = values.map((v) => (v == null ? new Uint8Array() : new Uint8Array(wkx.Geometry.parseGeoJSON(v as object).toWkb())));
      const offsets = new Int32Array(length + 1);
      blobs.forEach((b, i) => (offsets[i + 1] = offsets[i]! + b.length));
      const bytes = new Uint8Array(offsets[length]!);
      blobs.forEach((b, i) => bytes.set(b, offsets[i]!));
      return { type, data: makeData({ type, ...base, valueOffsets: offsets, data: bytes }) };
    }
    case 'H3Cell': {
      const vector = vectorFromArray(
        values.map((v) => (v == null ? null : String(v))),
        new Utf8(),
      );
      return { type: vector.type, data: vector.data[0]!, metadata: new Map([['ARROW:extension:name', 'hugr.h3cell']]) };
    }
    case 'BigInt':
      return typed(
        new Int64(),
        values.map((v) => (v == null ? null : BigInt(v as number))),
      );
    case 'Int':
      return typed(new Int32(), values);
    case 'float32':
      return typed(new Float32(), values);
    case 'Float':
      return typed(new Float64(), values);
    case 'Boolean':
      return typed(new Bool(), values);
    case 'String':
      return typed(new Utf8(), values);
    case 'list:String':
      return typed(new List(new Field('item', new Utf8(), true)), values);
    case 'list:Int':
      return typed(new List(new Field('item', new Int32(), true)), values);
    default: {
      // nested selections (relations, structs) and anything else: let apache-arrow infer
      const vector = vectorFromArray(values as unknown[]);
      return { type: vector.type, data: vector.data[0]! };
    }
  }
}

function typed(type: DataType, values: readonly unknown[]) {
  const vector = vectorFromArray(values as unknown[], type);
  return { type: vector.type, data: vector.data[0]! };
}

/** Native columns (v0.3.32+): one Arrow column per selected field, in selection order. */
export function nativeTable(rows: ReadonlyArray<Record<string, unknown>>, columns: readonly ArrowColumn[], timezone = 'UTC'): Uint8Array {
  const built = columns.map((c) => ({
    c,
    ...column(
      c.kind,
      rows.map((r) => r[c.name] ?? null),
      timezone,
    ),
  }));
  const schema = new Schema(built.map((b) => new Field(b.c.name, b.type, true, b.metadata ?? new Map())));
  const batch = new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length: rows.length, nullCount: 0, children: built.map((b) => b.data) }));
  return tableToIPC(new Table(batch), 'stream');
}

/** Wrapped rows (before v0.3.32): one utf8 column of JSON text. */
export function wrappedTable(rows: ReadonlyArray<unknown>): Uint8Array {
  const data = vectorFromArray(
    rows.map((r) => JSON.stringify(r)),
    new Utf8(),
  );
  return tableToIPC(new Table({ _data: data }), 'stream');
}
