/**
 * @module adapters/connector/code/text/lines
 * The 1-based line of an offset in a file's text, by an index of the text's line starts built once: the
 * readers of a file ask the line of each match they keep, and slicing and splitting the text before each
 * match made that quadratic in a long file.
 */

/** The line (from 1) of each offset of `text`, by binary search over its line starts. */
export function lineIndex(text: string): (index: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (index) => {
    let [lo, hi] = [0, starts.length - 1];
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** The index of the text last asked about: a reader asks about one text many times in a row. */
let last: { text: string; line: (index: number) => number } | undefined;

/** The line (from 1) of the offset `index` in `text`. */
export function lineAt(text: string, index: number): number {
  if (last?.text !== text) last = { text, line: lineIndex(text) };
  return last.line(index);
}
