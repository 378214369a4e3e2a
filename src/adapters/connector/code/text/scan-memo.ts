/**
 * @module adapters/connector/code/text/scan-memo
 * What a scan's readers each read of the same text, read once while the scan runs. The project's
 * readers ask for the same parse of a file several times (an ORM reader's `declared`, its `project`
 * and its `uses`; several ORMs of one language): a reading wrapped here keeps each text's answer
 * while a scan is remembered (`rememberScans`) and forgets them all when it ends, so nothing is
 * kept from one scan to the next. Outside a scan a wrapped reading reads afresh every time.
 *
 * A wrapped reading must depend on its arguments' text alone, and its callers must leave what it
 * gives unchanged: every caller of the scan shares one answer.
 */

type Reading = (...args: never[]) => unknown;

/** What each reading gave, by reading, then by text (and by path, for a reading of a file). */
let remembered: { byReading: Map<Reading, Map<string, unknown>>; users: number } | null = null;

/** Keeps what each text reads to until the function it returns is called (each caller its own; kept while any holds it). */
export function rememberScans(): () => void {
  remembered ??= { byReading: new Map(), users: 0 };
  remembered.users++;
  let released = false;
  return () => {
    if (released || !remembered) return;
    released = true;
    if (--remembered.users === 0) remembered = null;
  };
}

/** The answers kept for `read` while a scan is remembered, else undefined. */
function answersOf<T>(read: Reading): Map<string, T> | undefined {
  if (!remembered) return undefined;
  let answers = remembered.byReading.get(read);
  if (!answers) remembered.byReading.set(read, (answers = new Map()));
  return answers as Map<string, T>;
}

/** `read`, reading each text once while a scan is remembered. */
export function oncePerText<R>(read: (text: string) => R): (text: string) => R {
  return (text) => {
    const answers = answersOf<R>(read);
    if (!answers) return read(text);
    if (answers.has(text)) return answers.get(text)!;
    const answer = read(text);
    answers.set(text, answer);
    return answer;
  };
}

/** `read` of a file whose answer names its path too: each file (its text at its path) read once while a scan is remembered. */
export function oncePerFile<F extends { path: string; text: string }, R>(read: (file: F) => R): (file: F) => R {
  return (file) => {
    const answers = answersOf<Map<string, R>>(read);
    if (!answers) return read(file);
    let byPath = answers.get(file.text);
    if (!byPath) answers.set(file.text, (byPath = new Map()));
    if (byPath.has(file.path)) return byPath.get(file.path)!;
    const answer = read(file);
    byPath.set(file.path, answer);
    return answer;
  };
}
