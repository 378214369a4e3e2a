/**
 * @module adapters/documents/encoding
 * Text bytes to a string: UTF-8 (with or without BOM), UTF-16 LE/BE (BOM, or the NUL pattern of
 * ASCII text without one), and Windows-1252 (the WHATWG "latin1") when the bytes are not valid
 * UTF-8. Binary data given as text is recognised by its share of control bytes.
 */

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Bytes looked at for the UTF-16 and binary guesses. */
const SAMPLE_BYTES = 64 * 1024;
/** Share of control bytes (NUL and C0 controls other than tab, newlines, form feed and escape) above which bytes are binary. */
const BINARY_CONTROL_SHARE = 0.05;

function utf16WithoutBom(bytes: Uint8Array): TextEncoding | null {
  const length = Math.min(bytes.length, SAMPLE_BYTES) & ~1;
  if (length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const half = length / 2;
  if (oddZeros / half > 0.3 && evenZeros / half < 0.02) return 'utf-16le';
  if (evenZeros / half > 0.3 && oddZeros / half < 0.02) return 'utf-16be';
  return null;
}

function bomEncoding(bytes: Uint8Array): TextEncoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** Windows-1252's characters for 0x80–0x9F (Node's decoder gives the C1 controls of ISO-8859-1 there); undefined bytes stay as they are. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** Decodes text bytes, saying which encoding it took. A BOM is dropped. */
export function decodeTextWithEncoding(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  const declared = bomEncoding(bytes) ?? utf16WithoutBom(bytes);
  if (declared) return { text: new TextDecoder(declared).decode(bytes), encoding: declared };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/** Text bytes to a string: UTF-8, UTF-16 (BOM or NUL pattern), else Windows-1252 (Latin-1). */
export function decodeText(bytes: Uint8Array): string {
  return decodeTextWithEncoding(bytes).text;
}

export function detectTextEncoding(bytes: Uint8Array): TextEncoding {
  return decodeTextWithEncoding(bytes).encoding;
}

/**
 * Share of control bytes in the first 64 KB, UTF-16 text excepted (its NULs are half of every
 * ASCII character). Text has next to none; random or compressed bytes about a tenth.
 */
export function controlByteShare(bytes: Uint8Array): number {
  if (bytes.length === 0 || bomEncoding(bytes)?.startsWith('utf-16') || utf16WithoutBom(bytes)) return 0;
  const length = Math.min(bytes.length, SAMPLE_BYTES);
  let controls = 0;
  for (let i = 0; i < length; i++) {
    const b = bytes[i]!;
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1b) || b === 0x7f) controls++;
  }
  return controls / length;
}

/** True when the bytes are binary data rather than text in any encoding above. */
export function looksBinary(bytes: Uint8Array): boolean {
  return controlByteShare(bytes) > BINARY_CONTROL_SHARE;
}
