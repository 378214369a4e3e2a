/**
 * @module adapters/connector/code/text/python-blocks
 * Python's blocks read by their indentation: the classes a text declares with their bodies, and the
 * function a position is in.
 */

/** Python classes with their bodies (up to the next line at the class's indentation or less). */
export function pythonClasses(text: string): Array<{ name: string; bases: string; body: string; index: number }> {
  const out = [];
  for (const m of text.matchAll(/^([ \t]*)class\s+(\w+)\s*(?:\(([^)]*)\))?\s*:/gm)) {
    const indent = m[1]!.length;
    const rest = text.slice(m.index + m[0].length);
    const end = new RegExp(`\\n[ \\t]{0,${indent}}(?=\\S)`).exec(rest);
    out.push({ name: m[2]!, bases: m[3] ?? '', body: end ? rest.slice(0, end.index) : rest, index: m.index });
  }
  return out;
}

/** Where the Python function whose body holds `index` starts (its `def` line, so its parameters are in), else 0. */
export function pythonFunctionStart(text: string, index: number): number {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0].length;
  let start = 0;
  for (const d of text.slice(0, lineStart).matchAll(/^([ \t]*)(?:async[ \t]+)?def[ \t]/gm)) if (d[1]!.length < indent) start = d.index;
  return start;
}

/** The name of the class whose body holds `index` (in a method of it too), found by the lines indented less above it. */
export function pythonClassAround(text: string, index: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  let limit = /^[ \t]*/.exec(text.slice(lineStart))![0].length;
  const lines = text.slice(0, lineStart).split('\n');
  for (let i = lines.length - 1; i >= 0 && limit > 0; i--) {
    const line = lines[i]!;
    const indent = /^[ \t]*/.exec(line)![0].length;
    if (indent >= limit || !line.trim() || line.trimStart().startsWith('#')) continue;
    const cls = /^[ \t]*class\s+(\w+)/.exec(line);
    if (cls) return cls[1];
    limit = indent;
  }
  return undefined;
}
