import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLargeSpec } from './bench/api-retrieval/large-spec.ts';
import { openEngine } from './src/app.ts';
import { loadConfig } from './src/config/load-config.ts';
const home = mkdtempSync(join(tmpdir(), 'prof-'));
const file = join(home, 'large.json');
writeFileSync(file, JSON.stringify(generateLargeSpec(340)));
const engine = await openEngine(loadConfig({ env: { ...process.env, SEXTANT_HOME: home, SEXTANT_CONFIG: join(home, 'c.yaml'), SEXTANT_MODELS_DIR: '/tmp/bench/api-retrieval/models' } }));
await engine.addSource({ name: 'large', type: 'openapi', url: file });
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const phases: Record<string, number> = {};
  let last = t; let lastPhase = 'start';
  const r = await engine.update({ source: 'large', onProgress: (e) => { const n = performance.now(); phases[lastPhase] = (phases[lastPhase] ?? 0) + (n - last); last = n; lastPhase = e.phase + (e.detail ? ':' + e.detail : ''); } });
  phases[lastPhase] = (phases[lastPhase] ?? 0) + (performance.now() - last);
  console.log(i, r.reports[0]!.status, (performance.now() - t).toFixed(0), 'ms', Object.entries(phases).map(([k, v]) => `${k}=${v.toFixed(0)}`).join(' '));
}
await engine.close();
