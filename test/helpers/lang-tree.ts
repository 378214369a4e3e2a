/** Test helper: a tree written to a temp folder, its files parsed with tree-sitter and their imports resolved (lang-imports). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { languageImports } from '../../src/adapters/connector/code/imports/lang-imports.js';
import { languageOf } from '../../src/adapters/connector/code/list-files.js';
import type { ParsedFile } from '../../src/adapters/connector/code/imports/parsed-file.js';
import { parseFile } from '../../src/adapters/connector/code/imports/tree-sitter.js';
import { writeFiles } from './code-repo.js';

export interface ResolvedTree {
  /** Each import as `from → to (kind, …)`, sorted. */
  edges: string[];
  parsed: Map<string, ParsedFile>;
}

/** Writes `files` under a fresh temp folder, parses the code files and resolves their imports; the folder is removed after. */
export async function resolveTree(files: Record<string, string>): Promise<ResolvedTree> {
  const root = mkdtempSync(join(tmpdir(), 'sextant-lang-tree-'));
  try {
    writeFiles(root, files);
    const parsed = new Map<string, ParsedFile>();
    for (const [path, text] of Object.entries(files)) {
      const language = languageOf(path);
      const result = language ? await parseFile(text, language) : null;
      if (result) parsed.set(path, result);
    }
    const map = await languageImports(root, parsed, new Set(Object.keys(files).filter((p) => languageOf(p))));
    const edges = [...map].flatMap(([from, list]) => list.map((i) => `${from} → ${i.path} (${i.kinds.join(', ')})`)).sort();
    return { edges, parsed };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
