/**
 * @module adapters/embedder/builtin/wink-stream
 * Reads the bundled wink GloVe JSON (`{…, "words": [...], "vectors": {"the": [..], …}}`, 307 MB)
 * as a stream: the header and the frequency-ordered word list are parsed whole (a few MB), then
 * each `"word": [numbers]` entry is read as it arrives and only the words the cache keeps are
 * quantized. `JSON.parse` of the whole file held about 1 GB for the ~30 s of a first run; this
 * keeps the build near 100 MB.
 */
import { createReadStream, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export interface WinkHeader {
  dimensions: number;
  size?: number;
  /** Words in frequency order. */
  words: string[];
}

const VECTORS_KEY = '],"vectors":{';
const CHUNK = 1 << 20;

/** Thrown when the file is not in the wink layout; the caller turns it into MODEL_NOT_FOUND. */
export class WinkFormatError extends Error {}

/**
 * Streams `source`: calls `onHeader` once with the word list, then `onVector` for every entry
 * whose key `wanted` accepts, with its first `dimensions` components.
 */
export async function streamWink(
  source: string,
  onHeader: (header: WinkHeader) => (word: string) => boolean,
  onVector: (word: string, vector: Float64Array) => void,
  onProgress?: (fraction: number) => void,
  chunkBytes = CHUNK,
): Promise<void> {
  const size = statSync(source).size;
  const stream = createReadStream(source, { highWaterMark: chunkBytes });
  const decoder = new StringDecoder('utf8');
  let text = '';
  let wanted: ((word: string) => boolean) | null = null;
  let header: WinkHeader | null = null;
  let bytesRead = 0;
  let done = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytesRead += chunk.length;
    text += decoder.write(chunk);
    if (!header) {
      const at = text.indexOf(VECTORS_KEY);
      if (at < 0) continue;
      header = parseHeader(text.slice(0, at + 1));
      wanted = onHeader(header);
      text = text.slice(at + VECTORS_KEY.length);
    }
    const consumed = readEntries(text, header.dimensions, wanted!, onVector);
    text = text.slice(consumed.offset);
    done = consumed.closed;
    onProgress?.(bytesRead / Math.max(1, size));
    if (done) break;
  }
  stream.destroy();
  if (!header) throw new WinkFormatError('no "vectors" object after the word list');
  if (!done && !readEntries(text + decoder.end(), header.dimensions, wanted!, onVector).closed)
    throw new WinkFormatError('the file ends inside the vectors object');
}

function parseHeader(prefix: string): WinkHeader {
  let parsed: unknown;
  try {
    parsed = JSON.parse(`${prefix}}`);
  } catch (err) {
    throw new WinkFormatError(`the header is not JSON: ${(err as Error).message}`);
  }
  const h = parsed as Partial<WinkHeader> | null;
  if (!h || typeof h.dimensions !== 'number' || !Array.isArray(h.words)) throw new WinkFormatError('no dimensions or word list');
  return h as WinkHeader;
}

/** Reads the complete entries at the start of `text`; returns where the unread rest begins. */
function readEntries(
  text: string,
  dimensions: number,
  wanted: (word: string) => boolean,
  onVector: (word: string, vector: Float64Array) => void,
): { offset: number; closed: boolean } {
  let at = 0;
  for (;;) {
    while (at < text.length && (text[at] === ',' || text[at] === ' ' || text[at] === '\n')) at++;
    if (at >= text.length) return { offset: at, closed: false };
    if (text[at] === '}') return { offset: at + 1, closed: true };
    if (text[at] !== '"') throw new WinkFormatError(`unexpected '${text[at]}' in the vectors object`);
    const keyEnd = closingQuote(text, at + 1);
    if (keyEnd < 0) return { offset: at, closed: false };
    const open = text.indexOf('[', keyEnd);
    const close = open < 0 ? -1 : text.indexOf(']', open);
    if (close < 0) return { offset: at, closed: false };
    const word = JSON.parse(text.slice(at, keyEnd + 1)) as string;
    if (wanted(word)) {
      const parts = text.slice(open + 1, close).split(',');
      if (parts.length >= dimensions) {
        const vector = new Float64Array(dimensions);
        for (let d = 0; d < dimensions; d++) vector[d] = Number(parts[d]);
        onVector(word, vector);
      }
    }
    at = close + 1;
  }
}

/** Index of the quote ending a JSON string whose body starts at `from`, or -1 when it is not in `text` yet. */
function closingQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}
