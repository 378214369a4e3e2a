/**
 * @module core/code/identifier-match
 * A request's identifiers (words in backticks, camelCase, PascalCase, snake_case: "add
 * `returning` for mysql", "add ref method to ExpressionBuilder") matched against the symbols each
 * file exports: a symbol spelled the same (any case) counts whole, a symbol holding the
 * identifier as its leading or trailing words (`onConflict` in `OnConflictNode`) counts half,
 * each identifier weighted by how few files match it; and how many of a list of symbols a
 * file's body words spell out. Pure.
 */
import { splitIdentifier } from '../../kernel/text/identifiers.js';

/** Identifiers shorter than this say little (`as`, `on`, `by`). */
const MIN_LENGTH = 3;

/** The identifiers a request names: backticked words, calls (`stream()`) and tokens with inner capitals or underscores, as written, each once whatever its case. */
export function requestIdentifiers(request: string): string[] {
  const quoted = [...request.matchAll(/`([^`]+)`/g)].flatMap((m) => m[1]!.match(/[A-Za-z_$][\w$]*/g) ?? []);
  const shaped = (request.match(/[A-Za-z_$][\w$]*/g) ?? []).filter((t) => /[a-z][A-Z]|[A-Z][a-z]+[A-Z]|_/.test(t));
  const called = [...request.matchAll(/([A-Za-z_$][\w$]*)\(\)/g)].map((m) => m[1]!);
  const byCase = new Map([...quoted, ...shaped, ...called].filter((t) => t.length >= MIN_LENGTH).map((t) => [t.toLowerCase(), t] as const));
  return [...byCase.values()];
}

/** An identifier's words (`$` dropped: `$if` is `if`). */
const wordsOf = (identifier: string) => splitIdentifier(identifier.replace(/\$/g, ''));

/** 1 when `symbol` is `identifier`, 0.5 when its words start or end with the identifier's words, else 0. */
function symbolMatch(identifier: string, identifierWords: readonly string[], symbol: string): number {
  if (symbol.toLowerCase() === identifier.toLowerCase()) return 1;
  const words = splitIdentifier(symbol);
  const n = identifierWords.length;
  if (!n || words.length <= n) return 0;
  const at = (start: number) => identifierWords.every((w, i) => words[start + i] === w);
  return at(0) || at(words.length - n) ? 0.5 : 0;
}

/**
 * Each file's match of `identifiers` against its exported symbols (0..1): the matched share of
 * the identifiers' weight, an identifier weighing ln((N + 1) / (files it matches + 1)), and only
 * identifiers some file matches counting. Files matching nothing are left out.
 */
export function identifierScores(identifiers: readonly string[], symbols: ReadonlyMap<string, readonly string[]>): Map<string, number> {
  const perIdentifier = identifiers.map((id) => {
    const words = wordsOf(id);
    const matches = new Map<string, number>();
    for (const [file, names] of symbols) {
      const best = names.reduce((m, s) => Math.max(m, symbolMatch(id, words, s)), 0);
      if (best) matches.set(file, best);
    }
    return { matches, weight: Math.log((symbols.size + 1) / (matches.size + 1)) };
  });
  const total = perIdentifier.reduce((s, p) => s + (p.matches.size ? p.weight : 0), 0);
  const out = new Map<string, number>();
  if (!total) return out;
  for (const { matches, weight } of perIdentifier) for (const [file, m] of matches) out.set(file, (out.get(file) ?? 0) + (m * weight) / total);
  return out;
}

/**
 * The share of `symbols` a file's body words hold all the words of (0..1; 0 without symbols): a
 * file that names `SelectQueryNode` uses `select`, `query` and `node`. Approximate, since the
 * words may come from different identifiers, but it needs only the scan's word bags, and reaches
 * files that use a symbol through a re-export (kysely's index.ts) where no import edge does.
 */
export function symbolsUsed(symbols: readonly string[], words: { has(word: string): boolean } | undefined): number {
  if (!symbols.length || !words) return 0;
  return (
    symbols.filter((s) => {
      const parts = wordsOf(s);
      return parts.length > 0 && parts.every((w) => words.has(w));
    }).length / symbols.length
  );
}
