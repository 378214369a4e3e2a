/**
 * @module adapters/documents/zip
 * Reading an Office file's zip without being bombed. Before any library inflates it, the archive
 * is checked: its entry count (end-of-central-directory record), the uncompressed sizes it
 * declares in total and per entry against their compressed sizes (central directory), and then
 * every entry is inflated in 16 KB steps counting what comes out, so an entry that lies about its
 * size is stopped at its declared size, and the whole at ZIP_CAPS.maxUncompressedBytes.
 */
import { Unzip, UnzipInflate } from 'fflate';
import { documentUnreadable, formatBytes } from './errors.js';

export interface ZipCaps {
  /** Entries in the archive. */
  maxEntries: number;
  /** Uncompressed bytes of all entries together. */
  maxUncompressedBytes: number;
  /** Uncompressed to compressed size of one entry, for entries above RATIO_FLOOR_BYTES (Office XML is 5–30; zeros deflate to about 1000). */
  maxRatio: number;
}

export const ZIP_CAPS: ZipCaps = { maxEntries: 10_000, maxUncompressedBytes: 512 * 1024 * 1024, maxRatio: 200 };
/** Entries below this uncompressed size are not held to the ratio: small repetitive XML compresses well. */
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** Compressed bytes pushed at a time: one push inflates to about 1000 times this at most. */
const PUSH_BYTES = 16 * 1024;

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

interface Declared {
  compressed: number;
  uncompressed: number;
}

export interface ZipContents {
  /** Every entry name, in archive order. */
  names: string[];
  /** The inflated entries `keep` asked for. */
  entries: Map<string, Uint8Array>;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** The central directory's entries (name → declared sizes), or null when there is no end record. */
function centralDirectory(bytes: Uint8Array, bomb: (reason: string) => Error, caps: ZipCaps): Map<string, Declared> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  if (count === 0xffff || count > caps.maxEntries) throw bomb(`${count === 0xffff ? 'over 65,534' : count} entries (limit ${caps.maxEntries})`);
  const declared = new Map<string, Declared>();
  let total = 0;
  let at = view.getUint32(eocd + 16, true);
  const decoder = new TextDecoder();
  for (let n = 0; n < count && at + 46 <= bytes.length && view.getUint32(at, true) === 0x02014b50; n++) {
    const compressed = view.getUint32(at + 20, true);
    const uncompressed = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    total += uncompressed;
    if (total > caps.maxUncompressedBytes) throw bomb(`declares over ${formatBytes(caps.maxUncompressedBytes)} uncompressed (limit)`);
    if (uncompressed > RATIO_FLOOR_BYTES && uncompressed / Math.max(compressed, 1) > caps.maxRatio) {
      throw bomb(`entry ${name} inflates ${formatBytes(compressed)} to ${formatBytes(uncompressed)} (ratio above ${caps.maxRatio}:1)`);
    }
    declared.set(name, { compressed, uncompressed });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return declared;
}

/**
 * Checks an Office zip against the caps and returns its entry names and the entries `keep` wants.
 * Not a zip, an encrypted or legacy binary Office file, or a bomb: DOCUMENT_UNREADABLE.
 */
export function readOfficeZip(bytes: Uint8Array, options: { name: string; label: string; keep?: (entry: string) => boolean; caps?: ZipCaps }): ZipContents {
  const caps = options.caps ?? ZIP_CAPS;
  const bomb = (reason: string): Error => documentUnreadable(options.name, `a zip bomb: ${reason}`);
  if (startsWith(bytes, OLE2)) {
    throw documentUnreadable(options.name, `encrypted (password-protected) or a legacy binary Office file, not a ${options.label}`, {
      hint: 'save it without a password, in the current Office format',
    });
  }
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) throw documentUnreadable(options.name, `not a ${options.label} (not a zip archive)`);
  const declared = centralDirectory(bytes, bomb, caps);
  if (!declared) throw documentUnreadable(options.name, `a damaged ${options.label} (the zip has no central directory)`);

  const names: string[] = [];
  const entries = new Map<string, Uint8Array>();
  let total = 0;
  let stop: Error | null = null;
  const unzip = new Unzip((file) => {
    names.push(file.name);
    if (names.length > caps.maxEntries) stop ??= bomb(`over ${caps.maxEntries} entries`);
    const sizes = declared.get(file.name);
    const keep = options.keep?.(file.name) ?? false;
    const chunks: Uint8Array[] = [];
    let out = 0;
    file.ondata = (err, chunk, final) => {
      if (stop) return;
      if (err) {
        stop = documentUnreadable(options.name, `a damaged ${options.label} (${err.message} in ${file.name})`);
        return;
      }
      out += chunk.length;
      total += chunk.length;
      if (!sizes) stop = documentUnreadable(options.name, `a damaged ${options.label} (entry ${file.name} is missing from the zip directory)`);
      else if (out > sizes.uncompressed) stop = bomb(`entry ${file.name} inflates beyond the size it declares`);
      else if (total > caps.maxUncompressedBytes) stop = bomb(`inflates to over ${formatBytes(caps.maxUncompressedBytes)} (limit)`);
      else if (keep) {
        chunks.push(chunk);
        if (final) entries.set(file.name, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let at = 0; at < bytes.length && !stop; at += PUSH_BYTES) {
    unzip.push(bytes.subarray(at, at + PUSH_BYTES), at + PUSH_BYTES >= bytes.length);
  }
  if (stop) throw stop;
  return { names, entries };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML character data to text: the five entities and numeric references. */
export function xmlText(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return XML_ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export const CORE_PROPERTIES = 'docProps/core.xml';

/** The title in an Office file's core properties (`docProps/core.xml`), or null. */
export function coreTitle(contents: ZipContents): string | null {
  const core = contents.entries.get(CORE_PROPERTIES);
  const title = core ? /<dc:title>([^<]*)<\/dc:title>/.exec(new TextDecoder().decode(core))?.[1] : undefined;
  const text = title ? xmlText(title).replace(/\s+/g, ' ').trim() : '';
  return text || null;
}
