/**
 * @module adapters/connector/code/text/module-strings
 * The string a name holds where its own file says so once, for Python and JavaScript (Java's and Kotlin's
 * constants, read across the project, are string-constants.ts'): a module-level Python assignment
 * (`USER_ID = 'users.id'`) or a JavaScript `const`/`let`/`var` (`const FK = 'author_id'`), given one literal.
 */

/** A Python string literal, its quote in group 1 and its text in group 2. */
export const PY_STRING = String.raw`(?:[rRuU]?)(["'])((?:\\.|(?!\1)[^\\\n])*)\1`;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The string a module-level Python name holds when the file assigns it one literal once (`API_PREFIX = "/api"`). */
export function pythonConstant(text: string, name: string): string | undefined {
  const found = [...text.matchAll(new RegExp(String.raw`^${escaped(name)}\s*(?::\s*str\s*)?=\s*${PY_STRING}\s*(?:#.*)?$`, 'gm'))];
  return found.length === 1 ? found[0]![2] : undefined;
}

/**
 * The string a JavaScript constant holds when the file declares it with one literal once (`const FK = 'author_id'`);
 * `value`, a pattern the literal's text must match (no interpolation, one line).
 */
export function jsConstant(text: string, name: string, value = String.raw`[^"'\`$\n]*`): string | undefined {
  const found = [...text.matchAll(new RegExp(String.raw`\b(?:const|let|var)\s+${escaped(name)}\s*(?::\s*string\s*)?=\s*(["'\`])(${value})\1`, 'g'))];
  return found.length === 1 ? found[0]![2] : undefined;
}
