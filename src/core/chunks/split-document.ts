/**
 * @module core/chunks/split-document
 * Splits a text or markdown document into chunks of at most `maxTokens` tokens with `overlapTokens`
 * of overlap, cutting at paragraph boundaries first, then sentences, then words. Markdown
 * headings (outside code fences) start sections and label the chunks under them; a fenced code
 * block is kept whole when it fits. Short sections share a chunk (a chunk closes at a new section
 * only once it holds half its budget, so passage ids and sizes stay as they were); such a chunk
 * keeps the heading line of every section after its first in its text and names every heading
 * it holds, so each section's text is read, and found, under its own heading. A chunk's text,
 * those heading lines and its paragraph breaks included, stays within `maxTokens`. Pure and
 * deterministic.
 */

export interface DocumentChunk {
  index: number;
  /** Heading path of the chunk's first section, e.g. `Billing > Refunds`; '' for plain text. */
  heading: string;
  /**
   * Heading paths of every section whose text the chunk holds, in order, without repeats or '':
   * `heading` first, then those of the sections that start inside the chunk (their heading lines
   * are in `text` too).
   */
  headings: string[];
  text: string;
  tokens: number;
}

export interface SplitOptions {
  markdown?: boolean;
  maxTokens?: number;
  overlapTokens?: number;
}

export const DEFAULT_CHUNK_TOKENS = 500;
export const DEFAULT_OVERLAP_TOKENS = 50;

/** About four characters per token for English text with a BPE tokenizer: good enough to size chunks. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

interface Piece {
  text: string;
  heading: string;
  tokens: number;
  /** First piece of a new section: a good place to start a chunk. */
  sectionStart: boolean;
  /** The markdown line of the heading a section-starting piece opens (`## Refunds`), '' otherwise. */
  headingLine: string;
}

interface Block {
  text: string;
  heading: string;
  sectionStart: boolean;
  headingLine: string;
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;

function blocksOf(text: string, markdown: boolean): Block[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  const headings: string[] = [];
  let current: string[] = [];
  let inFence = false;
  let sectionStart = true;
  let headingLine = '';
  const heading = () => headings.filter(Boolean).join(' > ');
  const flush = () => {
    const body = current.join('\n').trim();
    if (body) {
      blocks.push({ text: body, heading: heading(), sectionStart, headingLine: sectionStart ? headingLine : '' });
      sectionStart = false;
    }
    current = [];
  };
  for (const line of lines) {
    if (markdown && FENCE.test(line)) {
      if (!inFence) flush();
      current.push(line);
      inFence = !inFence;
      if (!inFence) flush();
      continue;
    }
    if (inFence) {
      current.push(line);
      continue;
    }
    const h = markdown ? HEADING.exec(line) : null;
    if (h) {
      flush();
      const level = h[1]!.length;
      headings.length = level;
      headings[level - 1] = h[2]!;
      sectionStart = true;
      headingLine = line.trim();
      continue;
    }
    if (line.trim() === '') flush();
    else current.push(line);
  }
  flush();
  return blocks;
}

/** Words of `text` grouped into runs of at most `maxTokens`. */
function wordWindows(text: string, maxTokens: number): string[] {
  const out: string[] = [];
  let run: string[] = [];
  let size = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    // A single word longer than the budget is cut hard (a base64 blob, a long URL).
    const parts = word.length > maxTokens * 4 ? (word.match(new RegExp(`.{1,${maxTokens * 4}}`, 'g')) ?? []) : [word];
    for (const part of parts) {
      const t = estimateTokens(`${part} `);
      if (size + t > maxTokens && run.length) {
        out.push(run.join(' '));
        run = [];
        size = 0;
      }
      run.push(part);
      size += t;
    }
  }
  if (run.length) out.push(run.join(' '));
  return out;
}

function piecesOf(block: Block, maxTokens: number): Piece[] {
  const whole = estimateTokens(block.text);
  if (whole <= maxTokens) return [{ ...block, tokens: whole }];
  const parts: string[] = [];
  for (const sentence of block.text.split(/(?<=[.!?])\s+(?=\S)/)) {
    if (estimateTokens(sentence) <= maxTokens) parts.push(sentence);
    else parts.push(...wordWindows(sentence, maxTokens));
  }
  return parts.map((text, i) => {
    const sectionStart = block.sectionStart && i === 0;
    return { text, heading: block.heading, tokens: estimateTokens(text), sectionStart, headingLine: sectionStart ? block.headingLine : '' };
  });
}

/** The tail of `pieces` worth at most `budget` tokens (whole pieces, or the last words of one). */
function overlapOf(pieces: readonly Piece[], budget: number): Piece[] {
  if (budget <= 0) return [];
  const out: Piece[] = [];
  let size = 0;
  for (let i = pieces.length - 1; i >= 0; i--) {
    const piece = pieces[i]!;
    if (size + piece.tokens <= budget) {
      out.unshift({ ...piece, sectionStart: false, headingLine: '' });
      size += piece.tokens;
      continue;
    }
    if (out.length === 0) {
      const words = piece.text.split(/\s+/).filter(Boolean);
      const tail: string[] = [];
      for (let w = words.length - 1; w >= 0 && estimateTokens([words[w], ...tail].join(' ')) <= budget; w--) tail.unshift(words[w]!);
      if (tail.length) out.push({ text: tail.join(' '), heading: piece.heading, tokens: estimateTokens(tail.join(' ')), sectionStart: false, headingLine: '' });
    }
    break;
  }
  return out;
}

/**
 * A chunk's text: its pieces a paragraph apart, and a section that starts after the chunk's
 * first fresh piece (`pieces[start]`) keeps its heading line above its text.
 */
function bodyOf(pieces: readonly Piece[], start: number): string {
  return pieces.map((p, i) => (i > start && p.headingLine ? `${p.headingLine}\n${p.text}` : p.text)).join('\n\n');
}

export function splitDocument(text: string, options: SplitOptions = {}): DocumentChunk[] {
  const maxTokens = Math.max(16, Math.floor(options.maxTokens ?? DEFAULT_CHUNK_TOKENS));
  const overlapTokens = Math.min(Math.floor(maxTokens / 2), Math.max(0, Math.floor(options.overlapTokens ?? DEFAULT_OVERLAP_TOKENS)));
  const pieces = blocksOf(text, options.markdown ?? false).flatMap((b) => piecesOf(b, maxTokens));
  const chunks: DocumentChunk[] = [];
  let current: Piece[] = [];
  let fresh = 0; // pieces of `current` not carried over from the previous chunk
  let size = 0;
  /**
   * Whether `piece` overflows the chunk: by the pieces' own sizes (which alone decided until the
   * heading lines came), or by the text the chunk would have, heading lines and paragraph breaks
   * counted. The second test only splits earlier where the first let a chunk pass its budget:
   * on the PostgreSQL manual 176 of 4,880 passages were over 500 tokens (up to 594).
   */
  const overflows = (piece: Piece) => {
    if (size + piece.tokens > maxTokens) return true;
    if (!current.length || (piece.sectionStart && fresh === 0)) return false; // the piece starts the chunk
    return estimateTokens(bodyOf([...current, piece], current.length - fresh)) > maxTokens;
  };
  const emit = () => {
    if (fresh === 0) return;
    const start = current.length - fresh;
    const body = bodyOf(current, start);
    const first = current[start]!;
    const headings = first.heading ? [first.heading] : [];
    for (const p of current.slice(start + 1)) if (p.sectionStart && p.heading && !headings.includes(p.heading)) headings.push(p.heading);
    chunks.push({ index: chunks.length, heading: first.heading, headings, text: body, tokens: estimateTokens(body) });
    current = overlapOf(current, overlapTokens);
    size = current.reduce((n, p) => n + p.tokens, 0);
    fresh = 0;
  };
  for (const piece of pieces) {
    // A new section starts a new chunk once the current one holds a fair amount of text.
    const newSection = piece.sectionStart && size >= maxTokens / 2;
    if ((overflows(piece) || newSection) && fresh > 0) emit();
    // Overlap that does not leave room for the piece is dropped rather than overflowing.
    while (current.length && overflows(piece)) {
      size -= current.shift()!.tokens;
    }
    if (piece.sectionStart && fresh === 0) {
      current = []; // do not carry the previous section's tail into a new section
      size = 0;
    }
    current.push(piece);
    size += piece.tokens;
    fresh++;
  }
  emit();
  return chunks;
}
