/**
 * @module adapters/documents/extract/structured
 * JSON and YAML as structured sections: each top-level key a `##` heading (array items a heading
 * each, named by their `name`/`title`/`id` when they have one), nested values as indented lists.
 * Multi-document YAML gets one `##` section per document, its keys one level down. JSON Lines
 * (one value per line) is read as a list. A top-level string `title` is the document's title.
 */
import { parseAllDocuments } from 'yaml';
import { documentUnreadable } from '../errors.js';
import { defineExtractor, headingText, readText } from './common.js';

/** Lines written at most; a note says when the rest was left out. */
export const MAX_STRUCTURED_LINES = 20_000;
/** Nesting shown; deeper values are summarised. */
const MAX_DEPTH = 12;
/** Characters of one scalar kept. */
const MAX_SCALAR_CHARS = 2000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function scalar(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = 'null';
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'object') text = Array.isArray(value) ? `[${value.length} items]` : '{…}';
  else text = String(value as number | boolean | bigint);
  return text.length > MAX_SCALAR_CHARS ? `${text.slice(0, MAX_SCALAR_CHARS - 1)}…` : text;
}

function isScalar(value: unknown): boolean {
  return typeof value !== 'object' || value === null || value instanceof Date;
}

class Writer {
  readonly lines: string[] = [];
  truncated = false;

  push(line: string): boolean {
    if (this.lines.length >= MAX_STRUCTURED_LINES) {
      this.truncated = true;
      return false;
    }
    this.lines.push(line);
    return true;
  }

  /** A nested value as a markdown list, indented by depth. */
  list(value: unknown, depth: number): void {
    const pad = '  '.repeat(depth);
    if (isScalar(value)) {
      this.push(`${pad}- ${scalarLines(value)}`);
      return;
    }
    if (depth >= MAX_DEPTH) {
      this.push(`${pad}- ${scalar(value)}`);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) {
        if (this.truncated) return;
        if (isScalar(item)) this.push(`${pad}- ${scalarLines(item)}`);
        else if (isRecord(item) && Object.keys(item).length > 0) {
          const [first, ...rest] = Object.entries(item);
          this.entry(first![0], first![1], depth);
          for (const [k, v] of rest) this.entry(k, v, depth + 1);
        } else this.list(item, depth + 1);
      }
      return;
    }
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (this.truncated) return;
      this.entry(k, v, depth);
    }
  }

  private entry(key: string, value: unknown, depth: number): void {
    const prefix = `${'  '.repeat(depth)}- **${key}**:`;
    if (isScalar(value)) this.push(`${prefix} ${scalarLines(value)}`);
    else if (Array.isArray(value) && value.length === 0) this.push(`${prefix} []`);
    else if (isRecord(value) && Object.keys(value).length === 0) this.push(`${prefix} {}`);
    else {
      this.push(prefix);
      this.list(value, depth + 1);
    }
  }

  /** A value under a heading: a scalar as a paragraph, the rest as a list. */
  block(value: unknown): void {
    if (isScalar(value)) this.push(scalar(value));
    else if (Array.isArray(value) && value.length === 0) this.push('[]');
    else if (isRecord(value) && Object.keys(value).length === 0) this.push('{}');
    else this.list(value, 0);
  }

  /** Top-level sections at a heading level. */
  sections(value: unknown, level: number): void {
    const hashes = '#'.repeat(level);
    if (isRecord(value)) {
      for (const [key, v] of Object.entries(value)) {
        if (this.truncated) return;
        this.push(`${hashes} ${headingText(key) || '(empty key)'}`);
        this.push('');
        this.block(v);
        this.push('');
      }
    } else if (Array.isArray(value) && value.some((item) => !isScalar(item))) {
      value.forEach((item, i) => {
        if (this.truncated) return;
        this.push(`${hashes} ${itemHeading(item, i)}`);
        this.push('');
        this.block(item);
        this.push('');
      });
    } else {
      this.block(value);
    }
  }
}

/** A multi-line scalar stays readable inside a list item. */
function scalarLines(value: unknown): string {
  return scalar(value).replace(/\n/g, ' ');
}

function itemHeading(item: unknown, index: number): string {
  if (isRecord(item)) {
    for (const key of ['name', 'title', 'id', 'key']) {
      const v = item[key];
      if ((typeof v === 'string' && v.trim()) || typeof v === 'number') return headingText(`${String(v)}`);
    }
  }
  return `Item ${index + 1}`;
}

function render(documents: readonly unknown[]): string {
  const writer = new Writer();
  if (documents.length === 1) writer.sections(documents[0], 2);
  else
    documents.forEach((doc, i) => {
      if (writer.truncated) return;
      writer.push(`## Document ${i + 1}`);
      writer.push('');
      writer.sections(doc, 3);
      writer.push('');
    });
  const body = writer.lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return writer.truncated ? `${body}\n\n_Only the first ${MAX_STRUCTURED_LINES} lines are shown._` : body;
}

function titleOf(documents: readonly unknown[]): string | null {
  const first = documents[0];
  return isRecord(first) && typeof first.title === 'string' && first.title.trim() ? headingText(first.title) : null;
}

function parseJson(text: string, name: string): Json[] {
  try {
    return [JSON.parse(text) as Json];
  } catch (err) {
    const lines = text.split('\n').filter((l) => l.trim());
    if (lines.length > 1) {
      try {
        return [lines.map((l) => JSON.parse(l) as Json)];
      } catch {
        // not JSON Lines either: report the JSON error
      }
    }
    throw documentUnreadable(name, `not valid JSON (${(err as Error).message})`);
  }
}

export const extractJson = defineExtractor('json', async (bytes, options) => {
  const text = readText(bytes, options);
  if (!text.trim()) return { title: null, markdown: '' };
  const documents = parseJson(text, options.name);
  return { title: titleOf(documents), markdown: render(documents) };
});

export const extractYaml = defineExtractor('yaml', async (bytes, options) => {
  const text = readText(bytes, options);
  const parsed = parseAllDocuments(text, { uniqueKeys: false, prettyErrors: false });
  const docs = Array.isArray(parsed) ? parsed : [parsed];
  const failed = docs.find((d) => d.errors.length > 0);
  if (failed) throw documentUnreadable(options.name, `not valid YAML (${failed.errors[0]!.message.split('\n')[0]})`);
  const documents = docs.map((d) => d.toJS({ maxAliasCount: 100 }) as unknown).filter((d) => d !== null && d !== undefined);
  if (documents.length === 0) return { title: null, markdown: '' };
  return { title: titleOf(documents), markdown: render(documents) };
});
