import { readFileSync, readdirSync } from 'node:fs';
const f = readdirSync('/tmp/big').find((x) => x.endsWith('.cpuprofile'))!;
const p = JSON.parse(readFileSync('/tmp/big/' + f, 'utf8'));
const byId = new Map(p.nodes.map((n: any) => [n.id, n]));
const self = new Map<number, number>();
const dt = p.timeDeltas; for (let i = 0; i < p.samples.length; i++) self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + dt[i]);
const parent = new Map<number, number>(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const total = new Map<string, number>();
for (const [id, t] of self) { const seen = new Set<string>(); let cur: any = id; while (cur !== undefined) { const n: any = byId.get(cur); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; if (!seen.has(key)) { seen.add(key); total.set(key, (total.get(key) ?? 0) + t); } cur = parent.get(cur); } }
const selfBy = new Map<string, number>(); for (const [id, t] of self) { const n: any = byId.get(id); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; selfBy.set(key, (selfBy.get(key) ?? 0) + t); }
console.log('TOTAL (inclusive) ms'); for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log((v / 1000).toFixed(0).padStart(6), k);
console.log('SELF ms'); for (const [k, v] of [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log((v / 1000).toFixed(0).padStart(6), k);
