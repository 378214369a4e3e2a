/**
 * @module adapters/connector/code/text/imported-from
 * The file a JavaScript or TypeScript file takes a name from, read off its own import or require
 * (`import Person from './models/Person'`, `const { Person } = require('../models/Person')`), for
 * readers that must tell apart two classes of one name in a project.
 */
import { posix } from 'node:path';
import { escapeName } from './call-reading.js';

/** The relative module `name` is imported or required from, as written; none when it comes from a package or nowhere. */
export function importedFrom(text: string, name: string): string | undefined {
  const n = escapeName(name);
  const from = String.raw`['"](\.{1,2}/[^'"]*)['"]`;
  const patterns = [
    String.raw`\bimport\s+${n}\s*(?:,\s*\{[^}]*\}\s*)?from\s*${from}`,
    String.raw`\bimport\s*(?:[\w$]+\s*,\s*)?\{[^}]*(?<![\w$])${n}(?![\w$]|\s+as\b)[^}]*\}\s*from\s*${from}`,
    String.raw`\b(?:const|let|var)\s+${n}\s*=\s*require\s*\(\s*${from}\s*\)`,
    String.raw`\b(?:const|let|var)\s*\{[^}]*(?<![\w$])${n}(?![\w$]|\s*:)[^}]*\}\s*=\s*require\s*\(\s*${from}\s*\)`,
  ];
  for (const p of patterns) {
    const m = new RegExp(p).exec(text);
    if (m) return m[1];
  }
  return undefined;
}

/** The project file a relative module names from `path`: the module as written, else with a script extension, else its folder's index. */
export function resolveModule(path: string, module: string, exists: (path: string) => boolean): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(path), module));
  const stem = base.replace(/\.(?:[cm]?js|jsx)$/, '');
  const tries = [base, ...['.ts', '.js', '.tsx', '.jsx', '.mjs', '.cjs', '/index.ts', '/index.js'].map((ext) => stem + ext)];
  return tries.find(exists);
}
