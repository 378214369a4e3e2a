/**
 * @module adapters/connector/code/text/annotated-class
 * The class an annotation (Java, Kotlin) or decorator (TypeScript) stands on: past the other
 * annotations after it, however long their arguments (Broadleaf's entities carry a dozen, nested:
 * `@AdminPresentationMergeOverrides({ @AdminPresentationMergeOverride(…) })`), the modifiers and
 * the comments, the `class Name` they decorate. None when other code comes first: the annotation
 * was on a member or a function.
 */
import { closingBracket } from './brackets.js';

/** Words that may stand between a class's annotations and `class`. */
const MODIFIERS = new Set([
  'public',
  'protected',
  'private',
  'internal',
  'abstract',
  'final',
  'open',
  'sealed',
  'data',
  'static',
  'strictfp',
  'export',
  'default',
  'declare',
]);

/** The class an annotation matched by `annotation` stands on, with the match, where it is, and the text between them. */
export interface AnnotatedClass {
  match: RegExpMatchArray & { index: number };
  /** The class's name. */
  name: string;
  /** The annotations, modifiers and comments between the match and `class`. */
  between: string;
  /** Just past the class's name. */
  end: number;
}

/** TypeScript's `@Entity(…)` decorator (TypeORM's, MikroORM's), its arguments (up to two levels of parentheses) the first group. */
export const ENTITY_DECORATOR = /@Entity\s*\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)/g;

/** Each match of `annotation` (a global pattern) that stands on a class, with that class. */
export function annotatedClasses(text: string, annotation: RegExp): AnnotatedClass[] {
  const out: AnnotatedClass[] = [];
  for (const m of text.matchAll(annotation)) {
    const from = m.index + m[0].length;
    const found = classAfter(text, from);
    if (found) out.push({ match: m as AnnotatedClass['match'], name: found.name, between: text.slice(from, found.at), end: found.end });
  }
  return out;
}

/** The `class Name` that `from` leads to past annotations, modifiers and comments, or none. */
function classAfter(text: string, from: number): { name: string; at: number; end: number } | undefined {
  let i = from;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith('//', i)) {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? text.length : eol + 1;
      continue;
    }
    if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return undefined;
      i = close + 2;
      continue;
    }
    if (text[i] === '@') {
      const name = /^@[\w$.]+\s*/.exec(text.slice(i, i + 200));
      if (!name) return undefined;
      i += name[0].length;
      if (text[i] === '(') {
        const close = closingBracket(text, i);
        if (close < 0) return undefined;
        i = close + 1;
      }
      continue;
    }
    const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, i + 40))?.[0];
    if (!word) return undefined;
    if (word === 'class') {
      const name = /^class\s+([A-Za-z_$][\w$]*)/.exec(text.slice(i, i + 200));
      return name ? { name: name[1]!, at: i, end: i + name[0].length } : undefined;
    }
    if (!MODIFIERS.has(word)) return undefined;
    i += word.length;
  }
}
