/**
 * `npm run bench -- context-drafts [--embeddings builtin|none] [--json]`
 *
 * What an LLM-drafted context does to search for the demo's cryptic legacy tables
 * (`billing.inv_ln_itm`, `shop.prd_cat_xref`, `support.tkt_esc_hist`, `support.v_tkt_agt_stats`,
 * `billing.gl_acct_map`). The sample database is loaded into the real PostgreSQL
 * (127.0.0.1:5432, or SEXTANT_BENCH_PG) and indexed through the normal pipeline; each question of
 * `recorded-answers.json` is asked with `kinds: table, view`, and the rank of its table is
 * recorded. Then `context generate` runs through the real OpenAI-compatible client against a
 * loopback server that replays the recorded answers (no live LLM), the drafts are judged and
 * stored like any others, and the same questions are asked again. Reports rank before → after
 * per question, and hit@1, hit@5 and MRR per search mode.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuiltinCache, openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { Engine } from '../../src/core/engine.js';
import { loadSampleSql } from '../../src/demo/sample-database.js';
import { admin, ADMIN } from '../ingest.js';
import { flag } from '../measure.js';

const RECORDED = new URL('./recorded-answers.json', import.meta.url);
const KINDS = ['table', 'view', 'materialized_view'];
const DEPTH = 50;
const MODES = ['lexical', 'hybrid'] as const;
type Mode = (typeof MODES)[number];

interface Recorded {
  answers: Record<string, string>;
  questions: Array<{ q: string; table: string }>;
}

/** A loopback chat-completions server answering each prompt with the recorded answer for its table. */
async function replayServer(answers: Record<string, string>): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let requests = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      requests++;
      const prompt = (JSON.parse(body) as { messages: Array<{ content: string }> }).messages.at(-1)?.content ?? '';
      const table = /Facts about \w+ ([\w.]+):/.exec(prompt)?.[1] ?? '';
      const content = answers[table] ?? JSON.stringify({ skip: 'no recorded answer for this table' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, requests: () => requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** 1-based rank of the table among the relation hits, or null when not in the first DEPTH. */
async function rankOf(engine: Engine, mode: Mode, question: string, table: string): Promise<number | null> {
  const options = { kinds: KINDS, limit: DEPTH };
  const result = mode === 'lexical' ? await engine.search(question, options) : await engine.query(question, options);
  const i = result.hits.findIndex((h) => h.objectId.split(':').slice(2).join(':') === table);
  return i < 0 ? null : i + 1;
}

function summary(ranks: Array<number | null>): { hit1: number; hit5: number; mrr: number } {
  const n = ranks.length || 1;
  return {
    hit1: ranks.filter((r) => r === 1).length / n,
    hit5: ranks.filter((r) => r !== null && r <= 5).length / n,
    mrr: ranks.reduce<number>((sum, r) => sum + (r ? 1 / r : 0), 0) / n,
  };
}

export async function run(argv: string[]): Promise<void> {
  const embeddings = flag(argv, 'embeddings') ?? 'builtin';
  const json = argv.includes('--json');
  const log = (s: string) => !json && console.log(s);
  const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as Recorded;
  const db = `ctxgen_bench_${process.pid}`;
  const home = mkdtempSync(join(tmpdir(), 'sextant-bench-drafts-'));
  const replay = await replayServer(recorded.answers);
  let engine: Engine | null = null;
  try {
    log(`loading the demo database into ${db}…`);
    await admin(`CREATE DATABASE ${db}`);
    const dsn = ADMIN.replace(/\/[^/]*$/, `/${db}`);
    for (const sql of loadSampleSql()) await admin(sql, dsn);
    const config = loadConfig({
      env: {
        ...process.env,
        SEXTANT_HOME: home,
        SEXTANT_CONFIG: join(home, 'none.yaml'),
        SEXTANT_EMBEDDINGS_PROVIDER: embeddings,
        ...(process.env.SEXTANT_MODELS_DIR ? { SEXTANT_MODELS_DIR: process.env.SEXTANT_MODELS_DIR } : {}),
      },
    });
    if (embeddings === 'builtin') await ensureBuiltinCache(config);
    engine = await openEngine(config);
    await engine.addSource({ name: 'demo', url: dsn });
    await engine.update({ source: 'demo', allowExtraPrivileges: true });

    const ask = async () => {
      const ranks: Record<Mode, Array<number | null>> = { lexical: [], hybrid: [] };
      for (const mode of MODES) for (const { q, table } of recorded.questions) ranks[mode].push(await rankOf(engine!, mode, q, table));
      return ranks;
    };
    const before = await ask();
    const t0 = performance.now();
    const report = await engine.generateContexts({ source: 'demo', limit: Object.keys(recorded.answers).length, llm: { url: replay.url, model: 'recorded' } });
    const draftMs = performance.now() - t0;
    const after = await ask();

    const result = {
      embeddings,
      drafts: {
        requests: replay.requests(),
        stored: report.results.filter((r) => r.status === 'stored').map((r) => r.path),
        skipped: report.results.filter((r) => r.status === 'skipped').map((r) => ({ path: r.path, reason: r.reason })),
        ms: Math.round(draftMs),
      },
      questions: recorded.questions.map((q, i) => ({
        ...q,
        lexical: { before: before.lexical[i] ?? null, after: after.lexical[i] ?? null },
        hybrid: { before: before.hybrid[i] ?? null, after: after.hybrid[i] ?? null },
      })),
      summary: Object.fromEntries(MODES.map((m) => [m, { before: summary(before[m]), after: summary(after[m]) }])),
    };
    if (json) {
      console.log(JSON.stringify(result, null, 2));
      return;
    }
    const rank = (r: number | null) => (r === null ? `>${DEPTH}` : String(r));
    log(
      `\ndrafts: ${result.drafts.stored.length} stored, ${result.drafts.skipped.length} skipped, ${result.drafts.requests} requests to the replay server, ${result.drafts.ms} ms`,
    );
    for (const s of result.drafts.skipped) log(`  skipped ${s.path}: ${s.reason}`);
    log(`\nrank of the right table among tables and views (before → after), embeddings ${embeddings}:`);
    log(`${'question'.padEnd(64)} ${'table'.padEnd(26)} ${'lexical'.padEnd(9)} hybrid`);
    for (const q of result.questions) {
      log(
        `${q.q.slice(0, 63).padEnd(64)} ${q.table.padEnd(26)} ${`${rank(q.lexical.before)}→${rank(q.lexical.after)}`.padEnd(9)} ${rank(q.hybrid.before)}→${rank(q.hybrid.after)}`,
      );
    }
    const f = (x: number) => x.toFixed(3);
    log('');
    for (const m of MODES) {
      const { before: b, after: a } = result.summary[m]!;
      log(
        `${m.padEnd(8)} hit@1 ${f(b.hit1)} → ${f(a.hit1)}   hit@5 ${f(b.hit5)} → ${f(a.hit5)}   MRR ${f(b.mrr)} → ${f(a.mrr)}   (${recorded.questions.length} questions)`,
      );
    }
  } finally {
    await engine?.close();
    await replay.close();
    await admin(`DROP DATABASE IF EXISTS ${db}`).catch(() => undefined);
    rmSync(home, { recursive: true, force: true });
  }
}
