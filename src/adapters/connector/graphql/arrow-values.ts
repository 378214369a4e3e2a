/**
 * @module adapters/connector/graphql/arrow-values
 * Arrow cells → the JSON values Hugr's `/query` gives for the same data (query-engine
 * `types/record_json.go`), so `format: arrow` and `format: json` answer alike:
 * timestamps RFC 3339 with nanoseconds trimmed (`Z` when the offset is zero, naive ones as UTC),
 * dates `YYYY-MM-DD`, times `15:04:05.000000000`, intervals ISO 8601 durations, decimals exact
 * (as strings: a JSON number would lose digits here), NaN/±Inf as null, float32 in its shortest
 * form, binary as base64, geometry as GeoJSON (WKB by `X-Hugr-Geometry-Fields` or a
 * `geoarrow.wkb` extension, text by `hugr.geojson`), H3 cells as their hex string.
 */
import { type Field, type Table, type Vector, DataType, Type } from 'apache-arrow';
import wkx from 'wkx';

/** Per-field geometry format from `X-Hugr-Geometry-Fields` (`{"path": {"srid": "4326", "format": "WKB"}}`). */
export type GeometryFields = Record<string, { format?: string; srid?: string }>;

export function parseGeometryFields(header: string | undefined): GeometryFields {
  if (!header) return {};
  try {
    const parsed = JSON.parse(header) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as GeometryFields) : {};
  } catch {
    return {};
  }
}

const EXTENSION = 'ARROW:extension:name';
const NANOS_PER_UNIT = [1_000_000_000n, 1_000_000n, 1_000n, 1n]; // TimeUnit SECOND, MILLISECOND, MICROSECOND, NANOSECOND

interface Cell {
  vector: Vector;
  row: number;
}

/** The chunk holding a row and the row's index in it. */
function chunkOf(vector: Vector, row: number): { data: Vector['data'][number]; index: number } {
  let index = row;
  for (const data of vector.data) {
    if (index < data.length) return { data, index };
    index -= data.length;
  }
  throw new RangeError(`row ${row} is past the column's end`);
}

/** A 64-bit integer cell read from its buffer (the getters round timestamps to float milliseconds). */
function int64At({ vector, row }: Cell): bigint {
  const { data, index } = chunkOf(vector, row);
  const values = data.values as unknown;
  if (values instanceof BigInt64Array) return values[index]!;
  if (values instanceof Int32Array) return BigInt(values[2 * index]! >>> 0) + (BigInt(values[2 * index + 1]!) << 32n);
  return BigInt(Math.trunc(Number(vector.get(row))));
}

function trimFraction(nanos: bigint): string {
  if (nanos === 0n) return '';
  return `.${nanos.toString().padStart(9, '0').replace(/0+$/, '')}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Offset of an IANA zone at an instant, in minutes east of UTC. */
function zoneOffsetMinutes(timeZone: string, epochMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(epochMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

function offsetOf(timeZone: string, epochMs: number): number {
  const fixed = /^([+-])(\d{2}):?(\d{2})$/.exec(timeZone);
  if (fixed) return (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3]));
  if (/^(utc|etc\/utc|z|zulu|gmt)$/i.test(timeZone)) return 0;
  return zoneOffsetMinutes(timeZone, epochMs);
}

export function formatTimestamp(epochNanos: bigint, timeZone: string | null): string {
  const seconds = epochNanos >= 0n ? epochNanos / 1_000_000_000n : -((-epochNanos + 999_999_999n) / 1_000_000_000n);
  const fraction = epochNanos - seconds * 1_000_000_000n;
  const epochMs = Number(seconds) * 1000;
  const offset = timeZone ? offsetOf(timeZone, epochMs) : 0;
  const local = new Date(epochMs + offset * 60_000);
  const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${trimFraction(fraction)}`;
  const zone = offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${date}T${time}${zone}`;
}

function formatDate(epochMs: number): string {
  const d = new Date(epochMs);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function formatTimeOfDay(nanos: bigint): string {
  const day = 86_400n * 1_000_000_000n;
  const n = ((nanos % day) + day) % day;
  const totalSeconds = Number(n / 1_000_000_000n);
  const frac = (n % 1_000_000_000n).toString().padStart(9, '0');
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)}.${frac}`;
}

/** ISO 8601 duration as Hugr writes it: zero parts skipped, `PT0S` for nothing, time normalised to H/M/S. */
export function isoDuration(months: number, days: number, nanos: bigint): string {
  if (months === 0 && days === 0 && nanos === 0n) return 'PT0S';
  let out = 'P';
  if (months !== 0) out += `${months}M`;
  if (days !== 0) out += `${days}D`;
  if (nanos !== 0n) {
    out += 'T';
    let n = nanos;
    if (n < 0n) {
      out += '-';
      n = -n;
    }
    const hour = 3_600_000_000_000n;
    const minute = 60_000_000_000n;
    const hours = n / hour;
    n %= hour;
    const minutes = n / minute;
    n %= minute;
    const secs = n / 1_000_000_000n;
    const frac = n % 1_000_000_000n;
    if (hours !== 0n) out += `${hours}H`;
    if (minutes !== 0n) out += `${minutes}M`;
    if (secs !== 0n || frac !== 0n) out += `${secs}${trimFraction(frac)}S`;
  }
  return out;
}

/** A two's-complement little-endian integer of 32-bit words. */
function wordsToBigInt(words: Uint32Array): bigint {
  let value = 0n;
  for (let i = words.length - 1; i >= 0; i--) value = (value << 32n) | BigInt(words[i]!);
  const bits = BigInt(words.length * 32);
  return words[words.length - 1]! & 0x8000_0000 ? value - (1n << bits) : value;
}

export function formatDecimal(unscaled: bigint, scale: number): string {
  const negative = unscaled < 0n;
  let digits = (negative ? -unscaled : unscaled).toString();
  if (scale <= 0) return `${negative ? '-' : ''}${digits}${'0'.repeat(-scale)}`;
  if (digits.length <= scale) digits = '0'.repeat(scale - digits.length + 1) + digits;
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

function shortestFloat32(v: number): number {
  for (let p = 1; p <= 9; p++) {
    const candidate = Number(v.toPrecision(p));
    if (Math.fround(candidate) === v) return candidate;
  }
  return v;
}

function geometryFromWkb(bytes: Uint8Array): unknown {
  return wkx.Geometry.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).toGeoJSON();
}

function jsonText(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}

function h3Text(v: unknown): unknown {
  if (typeof v === 'bigint') return BigInt.asUintN(64, v).toString(16);
  return v;
}

/** One decoded cell. `path` is the dotted field path within the row (geometry lookups). */
function cellValue(cell: Cell, field: Field, path: string, geometry: GeometryFields): unknown {
  const { vector, row } = cell;
  if (!vector.isValid(row)) return null;
  const extension = field.metadata.get(EXTENSION);
  const type = field.type as DataType;
  const geo = geometry[path];
  if (extension === 'hugr.h3cell' || geo?.format === 'H3Cell') return h3Text(vector.get(row));
  if (extension === 'hugr.geojson' || geo?.format === 'GeoJSON' || geo?.format === 'GeoJSONString') {
    const raw = vector.get(row) as unknown;
    if (!(raw instanceof Uint8Array)) return typeof raw === 'string' ? jsonText(raw) : raw;
    const text = Buffer.from(raw).toString('utf8');
    return /^\s*[{[]/.test(text) ? jsonText(text) : geometryFromWkb(raw);
  }
  if ((extension === 'geoarrow.wkb' || geo?.format === 'WKB') && DataType.isBinary(type)) return geometryFromWkb(vector.get(row) as Uint8Array);

  switch (type.typeId) {
    case Type.Timestamp: {
      const t = type as DataType<Type.Timestamp> & { unit: number; timezone?: string | null };
      return formatTimestamp(int64At(cell) * NANOS_PER_UNIT[t.unit]!, t.timezone || null);
    }
    case Type.Date:
      return formatDate(Number(vector.get(row)));
    case Type.Time: {
      const t = type as DataType<Type.Time> & { unit: number };
      return formatTimeOfDay(BigInt(vector.get(row) as number | bigint) * NANOS_PER_UNIT[t.unit]!);
    }
    case Type.Interval: {
      const t = type as DataType<Type.Interval> & { unit: number };
      const v = vector.get(row) as Int32Array;
      if (t.unit === 0) return isoDuration(v[0]! * 12 + v[1]!, 0, 0n); // YEAR_MONTH: [years, months]
      if (t.unit === 1) return isoDuration(0, v[0]!, BigInt(v[1]!) * 1_000_000n); // DAY_TIME: [days, ms]
      return isoDuration(v[0]!, v[1]!, BigInt(v[2]! >>> 0) + (BigInt(v[3]!) << 32n)); // MONTH_DAY_NANO
    }
    case Type.Duration: {
      const t = type as DataType<Type.Duration> & { unit: number };
      return isoDuration(0, 0, int64At(cell) * NANOS_PER_UNIT[t.unit]!);
    }
    case Type.Decimal: {
      const t = type as DataType<Type.Decimal> & { scale: number };
      return formatDecimal(wordsToBigInt(vector.get(row) as Uint32Array), t.scale);
    }
    case Type.Float: {
      const v = Number(vector.get(row));
      if (!Number.isFinite(v)) return null;
      return (type as DataType<Type.Float> & { precision: number }).precision === 1 ? shortestFloat32(v) : v;
    }
    case Type.Int: {
      const v = vector.get(row) as number | bigint;
      if (typeof v !== 'bigint') return v;
      return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
    }
    case Type.Binary:
    case Type.LargeBinary:
    case Type.FixedSizeBinary:
      return Buffer.from(vector.get(row) as Uint8Array).toString('base64');
    case Type.Struct: {
      const out: Record<string, unknown> = {};
      (type as DataType<Type.Struct>).children.forEach((child, j) => {
        out[child.name] = cellValue({ vector: vector.getChildAt(j)!, row }, child, path ? `${path}.${child.name}` : child.name, geometry);
      });
      return out;
    }
    case Type.List:
    case Type.LargeList:
    case Type.FixedSizeList: {
      const items = vector.get(row) as Vector;
      const child = (type as DataType<Type.List>).children[0]!;
      // a list adds no path segment: "objects.geom" is geom inside each element of objects
      return Array.from({ length: items.length }, (_, k) => cellValue({ vector: items, row: k }, child, path, geometry));
    }
    case Type.Map: {
      const entries = vector.get(row) as Iterable<[unknown, unknown]>;
      const out: Record<string, unknown> = {};
      for (const [k, v] of entries) out[String(k)] = looseValue(v);
      return out;
    }
    case Type.Dictionary:
      return looseValue(vector.get(row));
    default:
      return looseValue(vector.get(row));
  }
}

/** Values without type information (map items, dictionaries): JSON-friendly, bigints exact. */
export function looseValue(v: unknown): unknown {
  if (typeof v === 'bigint') return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  if (typeof v === 'object') {
    const o = v as { toJSON?: () => unknown };
    const json = typeof o.toJSON === 'function' ? o.toJSON() : v;
    if (Array.isArray(json)) return json.map(looseValue);
    if (json && typeof json === 'object') return Object.fromEntries(Object.entries(json as Record<string, unknown>).map(([k, x]) => [k, looseValue(x)]));
    return json;
  }
  return v;
}

/** Rows of a table as plain objects, at most `maxRows` of them. */
export function tableRows(table: Table, geometry: GeometryFields, maxRows = Infinity): Array<Record<string, unknown>> {
  const fields = table.schema.fields;
  const columns = fields.map((f, j) => table.getChildAt(j)!);
  const count = Math.min(table.numRows, maxRows);
  const rows: Array<Record<string, unknown>> = [];
  for (let row = 0; row < count; row++) {
    const out: Record<string, unknown> = {};
    fields.forEach((field, j) => {
      out[field.name] = cellValue({ vector: columns[j]!, row }, field, field.name, geometry);
    });
    rows.push(out);
  }
  return rows;
}
