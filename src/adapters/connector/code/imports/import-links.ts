/**
 * @module adapters/connector/code/imports/import-links
 * How each language's resolver (lang-imports and the per-language modules) records the edges it
 * finds: one entry per importer and imported file, the kinds of import between them merged.
 */
import type { ImportMap } from './import-graph.js';
import type { CodeSymbol } from '../outline.js';
import type { FactsByLanguage, LanguageFacts, ParsedFile } from './parsed-file.js';

/** Each parsed file of the tree by its workspace-relative path. */
export type Parsed = ReadonlyMap<string, ParsedFile>;

/** Records `from` → `to` with `kind` (a file importing itself is no edge). */
export function link(map: ImportMap, from: string, to: string, kind: string): void {
  if (from === to) return;
  const list = map.get(from) ?? [];
  if (!map.has(from)) map.set(from, list);
  const existing = list.find((i) => i.path === to);
  if (existing) existing.kinds = [...new Set([...existing.kinds, kind])];
  else list.push({ path: to, kinds: [kind] });
}

/** A path under a folder of the tree ('' is its root). */
export const under = (dir: string, rel: string): string => (dir ? `${dir}/${rel}` : rel);

/** Each file's facts of one language's reader (`own`), by path. */
export function factsOf<L extends keyof FactsByLanguage>(parsed: Parsed, language: L): Map<string, FactsByLanguage[L]> {
  const out = new Map<string, FactsByLanguage[L]>();
  for (const [path, file] of parsed) if (file.own?.language === language) out.set(path, file.own.facts as FactsByLanguage[L]);
  return out;
}

/** The parse of a file whose language's resolver reads only its own facts (and its symbols), not the fields every language shares. */
export function withOwnFacts(symbols: CodeSymbol[], syntaxErrors: boolean, own: LanguageFacts, mentions: string[] = []): ParsedFile {
  return { imports: [], symbols, packageName: '', mentions, declares: [], selected: new Map(), syntaxErrors, own };
}
