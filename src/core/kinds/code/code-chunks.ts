/**
 * @module core/kinds/code/code-chunks
 * Chunk texts of code: a file's chunk holds its path (folder and file names are the words a
 * topic is asked in), its leading comment, the names it exports and, for the lexical index only,
 * the words its body uses as often as it uses them (the connector's bounded `words`: BM25 needs
 * the counts, a file that keeps naming a topic is about it) and the words its doc comments say
 * once (`docWords`: `over()`'s "window functions"; other words said once stay out, a one-off
 * identifier says little); a symbol's chunk its name,
 * declaration, file and what its doc comment says first. The embedder reads no body words. The lexical fields also spell out the
 * code abbreviations their words hold (`wsLink` → websocket; kernel/text/abbreviations.ts), a
 * body word's as often as the body says it.
 */
import type { CatalogObject } from '../../../ports/catalog.js';
import type { ChunkFields } from '../../../ports/source-kind.js';
import { CODE_ABBREVIATIONS, fullFormIn, fullForms } from '../../../kernel/text/abbreviations.js';
import { splitText } from '../../../kernel/text/identifiers.js';
import { singular } from '../../../kernel/text/inflect.js';
import { codeFileText } from './code-file.js';

/** A stored count is trusted only this far (the connector caps its counts lower). */
const MAX_REPEAT = 100;

const words = (path: string) =>
  path
    .replace(/\.[a-z0-9]+$/i, '')
    .split(/[/._-]+/)
    .filter(Boolean)
    .join(' ');

/** Each word repeated as often as the file uses it: the term frequencies BM25 reads. */
export function repeatedWords(words: unknown): string {
  if (!words || typeof words !== 'object') return '';
  const out: string[] = [];
  for (const [word, count] of Object.entries(words as Record<string, unknown>)) {
    if (typeof count === 'number' && count > 0) for (let i = 0; i < Math.min(count, MAX_REPEAT); i++) out.push(word);
  }
  return out.join(' ');
}

/** A code word's full form, the word's or its singular's (`params` → parameter). */
const fullForm = (word: string) => fullFormIn(CODE_ABBREVIATIONS, word) ?? fullFormIn(CODE_ABBREVIATIONS, singular(word));

/** `text` followed by the full forms of the abbreviations among its words (`wsLink` → `wsLink websocket`). */
function spelledOut(text: string): string {
  const extra = fullForms(splitText(text), fullForm);
  return extra.length ? `${text} ${extra.join(' ')}` : text;
}

/** The full forms of a file's abbreviations: a body word's as often as the body says it, a name's or doc word's at least once. */
function spelledOutWords(bag: Record<string, number>, named: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [word, count] of Object.entries(bag)) {
    const full = fullForm(word);
    if (full) out[full] = (out[full] ?? 0) + count;
  }
  for (const full of fullForms(named, fullForm)) out[full] ??= 1;
  return out;
}

export function codeFileChunk(object: CatalogObject, context: string): ChunkFields {
  const { symbols, language, words: bag, docWords } = codeFileText(object);
  return {
    nameText: spelledOut(`${object.path} ${words(object.path)}`),
    comment: object.comment ?? '',
    definition: [symbols.join(' '), repeatedWords(bag), docWords.join(' '), repeatedWords(spelledOutWords(bag, [...splitText(symbols.join(' ')), ...docWords]))]
      .filter(Boolean)
      .join(' '),
    context,
    textParts: [`${language} file ${words(object.path)}`, object.comment ?? '', symbols.length ? `Exports ${symbols.join(', ')}` : ''].filter(Boolean),
  };
}

export function codeSymbolChunk(object: CatalogObject, context: string): ChunkFields {
  const file = String(object.attributes.file ?? object.path.split('#')[0]);
  const kind = String(object.attributes.symbolKind ?? 'symbol');
  return {
    nameText: spelledOut(object.name),
    comment: [object.comment, `${kind} in ${file}`].filter(Boolean).join(' '),
    definition: spelledOut(object.definition ?? ''),
    context,
    textParts: [`${kind} ${object.name} in ${words(file)}`, object.definition ?? '', object.comment ?? ''].filter(Boolean),
  };
}
