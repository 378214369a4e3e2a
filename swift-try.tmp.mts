import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { languageImports } from './src/adapters/connector/code/lang-imports.ts';
import { parseFile, type ParsedFile } from './src/adapters/connector/code/tree-sitter.ts';
const dir = process.argv[2]!;
const paths = execSync(`cd ${dir} && git ls-files '*.swift'`).toString().trim().split('\n');
const parsed = new Map<string, ParsedFile>();
let symbols = 0;
for (const p of paths) { const r = await parseFile(readFileSync(`${dir}/${p}`, 'utf8'), 'swift'); if (r) { parsed.set(p, r); symbols += r.symbols.length; } }
const t = Date.now();
const map = await languageImports(dir, parsed, new Set(paths));
const edges = [...map].flatMap(([f, l]) => l.map((i) => `${f} -> ${i.path} (${i.kinds})`));
console.log('files', paths.length, 'symbols', symbols, 'edges', edges.length, 'kinds', JSON.stringify(edges.reduce((a: any, e) => { const k = e.slice(e.lastIndexOf('(')); a[k] = (a[k] ?? 0) + 1; return a; }, {})), 'ms', Date.now() - t);
console.log('files with no edge out', paths.filter((p) => !map.get(p)?.length).length);
if (process.env.SHOW) for (const e of edges.sort(() => Math.random() - 0.5).slice(0, Number(process.env.SHOW))) console.log(' ', e);
