/**
 * @module config/write-config
 * Sets dotted keys in the YAML config file, keeping the rest of the file (comments included).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseDocument } from 'yaml';

export function setConfigValues(file: string, values: Record<string, unknown>): void {
  const doc = parseDocument(existsSync(file) ? readFileSync(file, 'utf8') : '');
  if (doc.contents === null) doc.contents = doc.createNode({}) as unknown as typeof doc.contents;
  for (const [key, value] of Object.entries(values)) {
    const path = key.split('.');
    if (value === null || value === undefined) doc.deleteIn(path);
    else doc.setIn(path, value);
  }
  // The config can hold secrets (llm.api_key): private folder and file.
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, doc.toString(), { mode: 0o600 });
}
