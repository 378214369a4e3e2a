/**
 * `npm run bench -- documents [--questions FILE] [--html DIR] [--from-folder] [--rankers R,…] [--limit-questions N] [--json]`
 *
 * Document retrieval on the PostgreSQL 15 manual (../shared/bench/doc-retrieval/README.md): the
 * manual's HTML folder is served on loopback and crawled from `index.html` through the normal
 * `source add docs … --follow-links` path (`bookindex.html`, the answer key, is left out by the
 * link pattern), then every index entry is asked of the lexical, vector and hybrid search over
 * documents. Pages are ranked by their best passage. Reports success@1/3/5/10 and MRR at page
 * level, p50/p95 latency, and the ingest: time and CPU time, pages/s, MB/s, passages, peak RSS,
 * index size, and a no-change update's time, beside the README's BM25 reference. `--from-folder`
 * reads the manual's HTML files as a folder source instead (bookindex.html left out of a copy),
 * the path a wiki export or a manual on disk takes. `--features FILE`
 * also writes the hybrid searches' page candidates, the training data of the document ranker.
 */
import { copyFileSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { openEngine } from '../../src/app.js';
import type { Engine } from '../../src/core/engine.js';
import { benchConfig } from '../bench-engine.js';
import { parseObjectId } from '../../src/kernel/ids.js';
import { mb, peakRssSampler, percentile } from '../measure.js';
import { bindRankers, RANKERS, type RankerName, type SearchFn } from '../schema-linking/rankers.js';

const KS = [1, 3, 5, 10] as const;
const LIMIT = 50;
const BM25_REFERENCE = { success: { 1: 0.514, 3: 0.737, 5: 0.824, 10: 0.913 }, mrr: 0.654 };
const TARGETS = { success5: 0.93, mrr: 0.8, ingestSeconds: 15, noChangeSeconds: 1, peakRssMb: 600 };
const DEFAULT_HTML = '/usr/share/doc/postgresql-doc-15/html';

const USAGE = `usage: npm run bench -- documents [options]
  --questions FILE        questions.jsonl (default: ../shared/bench/doc-retrieval/questions.jsonl, the dev queries)
  --html DIR              the manual's HTML folder (default ${DEFAULT_HTML}; apt-get install postgresql-doc-15)
  --from-folder           read the manual's HTML files as a folder source (sextant source add docs DIR), not a crawl
  --rankers R[,R…]        of lexical, vector, hybrid (default all three)
  --limit-questions N     the first N questions (a quick run)
  --features FILE         write the hybrid searches' page candidates and features for train-ranker (run with SEXTANT_RANKER=rrf)
  --json                  one JSON document instead of the table`;

interface Question {
  id: string;
  query: string;
  gold_pages: string[];
}

interface Args {
  questions: string;
  html: string;
  rankers: RankerName[];
  limit: number | null;
  features: string | null;
  fromFolder: boolean;
  json: boolean;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Args {
  const dataDir = join(process.cwd(), '..', 'shared', 'bench', 'doc-retrieval');
  const args: Args = {
    questions: join(dataDir, 'questions.jsonl'),
    html: DEFAULT_HTML,
    rankers: [...RANKERS],
    limit: null,
    features: null,
    fromFolder: false,
    json: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--questions') args.questions = value();
    else if (a === '--html') args.html = value();
    else if (a === '--json') args.json = true;
    else if (a === '--from-folder') args.fromFolder = true;
    else if (a === '--features') args.features = value();
    else if (a === '--limit-questions') args.limit = Number(value());
    else if (a === '--rankers') {
      const names = value().split(',');
      if (names.some((n) => !(RANKERS as readonly string[]).includes(n))) throw new UsageError(`--rankers takes ${RANKERS.join(', ')}`);
      args.rankers = names as RankerName[];
    } else throw new UsageError(`unknown option ${a}`);
  }
  if (!existsSync(args.questions))
    throw new UsageError(`${args.questions} is missing: the benchmark data lives in ../shared/bench/doc-retrieval beside the repository`);
  if (!existsSync(join(args.html, 'index.html')))
    throw new UsageError(`${args.html}/index.html is missing: install the manual with \`apt-get install postgresql-doc-15\` or give --html DIR`);
  return args;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png' };

/**
 * A static server of one folder on loopback, answering as nginx or Apache would: Last-Modified
 * and an ETag from the file's size and mtime, 304 to a matching If-None-Match / If-Modified-Since.
 */
async function serveFolder(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(root, path);
    const stat = file.startsWith(root) && existsSync(file) ? statSync(file) : null;
    if (!stat?.isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const modified = new Date(Math.floor(stat.mtimeMs / 1000) * 1000).toUTCString();
    const since = req.headers['if-modified-since'];
    const fresh = req.headers['if-none-match'] ? req.headers['if-none-match'] === etag : since ? Date.parse(since) >= Date.parse(modified) : false;
    if (fresh) {
      res.writeHead(304, { ETag: etag, 'Last-Modified': modified }).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', ETag: etag, 'Last-Modified': modified });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${address.port}/` };
}

/** A copy of the manual's HTML pages without the answer key (a folder source has no exclusion of its own). */
function copyPages(root: string, into: string): string {
  const dir = join(into, 'html');
  mkdirSync(dir);
  for (const name of readdirSync(root)) if (name.endsWith('.html') && name !== 'bookindex.html') copyFileSync(join(root, name), join(dir, name));
  return dir;
}

function readQuestions(file: string, limit: number | null): Question[] {
  const all = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Question);
  return limit ? all.slice(0, limit) : all;
}

/** Distinct pages in order of their best passage. */
function rankedPages(objectIds: readonly string[]): string[] {
  const pages: string[] = [];
  for (const id of objectIds) {
    const page = (parseObjectId(id)?.path ?? id).split('#')[0]!;
    if (!pages.includes(page)) pages.push(page);
  }
  return pages;
}

/**
 * One line per question for `npm run bench -- train-ranker --targets documents`: the pages the
 * hybrid search's document ranking considers, in fused order, with their features and labels.
 */
async function pageCandidateLines(hybrid: SearchFn, questions: readonly Question[]): Promise<string[]> {
  const lines: string[] = [];
  for (const q of questions) {
    const result = await hybrid(q.query, { limit: 100, kinds: ['document'], noRerank: true, explain: true });
    const candidates = result.hits
      .filter((h) => h.explain?.features)
      .map((h) => {
        const page = rankedPages([h.objectId])[0]!;
        return { key: page, label: q.gold_pages.includes(page) ? 1 : 0, features: h.explain!.features! };
      })
      .sort((a, b) => (b.features['fused.inv'] ?? 0) - (a.features['fused.inv'] ?? 0));
    // every gold page counts: one outside the candidates is a miss (train-ranker's quality)
    const gold = q.gold_pages.length;
    lines.push(`${JSON.stringify({ setting: 'documents', all: false, target: 'documents', id: q.id, database: q.id, gold, candidates })}\n`);
  }
  return lines;
}

export async function run(argv: string[]): Promise<void> {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const say = (s: string) => !args.json && console.log(s);
  const questions = readQuestions(args.questions, args.limit);
  const home = mkdtempSync(join(tmpdir(), 'sextant-bench-docs-'));
  const { server, url } = await serveFolder(args.html);
  let engine: Engine | null = null;
  try {
    const config = await benchConfig(home);
    engine = await openEngine(config);
    if (args.fromFolder) {
      const pages = copyPages(args.html, home);
      await engine.addSource({ name: 'pgdocs', type: 'docs', url: pages, options: {} });
      say(`reading the folder ${pages} (the PostgreSQL 15 manual's pages, bookindex.html left out)…`);
    } else {
      await engine.addSource({
        name: 'pgdocs',
        type: 'docs',
        url: `${url}index.html`,
        options: { followLinks: true, maxDepth: 20, maxDocuments: 5000, linkPattern: '^(?!.*bookindex\\.html)' },
      });
      say(`crawling ${url}index.html (the PostgreSQL 15 manual, bookindex.html left out)…`);
    }
    const rss = peakRssSampler();
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const first = await engine.update({ source: 'pgdocs' });
    const ingestMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const peakRss = rss.stop();
    if (!first.ok) throw new Error(`ingest failed: ${first.reports.map((r) => r.message).join('; ')}`);
    const t1 = performance.now();
    await engine.update({ source: 'pgdocs' });
    const noChangeMs = performance.now() - t1;
    const status = await engine.status();
    const pages = first.reports[0]?.objects ?? 0;
    const documents = (await engine.listObjects({ source: 'pgdocs', kinds: ['document'], limit: 5000 })).items;
    const bytes = documents.reduce((n, o) => n + Number(o.attributes.size ?? 0), 0);
    const anchorTexts = documents.map((o) => (Array.isArray(o.attributes.anchors) ? o.attributes.anchors.length : 0));
    const ingest = {
      pages,
      megabytes: Math.round((bytes / 1e6) * 10) / 10,
      seconds: Math.round(ingestMs / 100) / 10,
      /** CPU time of the process (the loopback server included): comparable when the machine is shared. */
      cpuSeconds: Math.round((cpu.user + cpu.system) / 1e5) / 10,
      pagesPerSecond: Math.round((pages / (ingestMs / 1000)) * 10) / 10,
      megabytesPerSecond: Math.round((bytes / 1e6 / (ingestMs / 1000)) * 100) / 100,
      passages: status.index.chunks,
      /** Pages with inbound anchor text (what other pages' links call them), and the texts they keep. */
      anchoredPages: anchorTexts.filter((n) => n > 0).length,
      anchorTexts: anchorTexts.reduce((a, b) => a + b, 0),
      peakRss: mb(peakRss),
      indexBytes: statSync(config.indexPath).size,
      noChangeSeconds: Math.round(noChangeMs / 10) / 100,
      notes: first.reports[0]?.notes?.slice(0, 5) ?? [],
    };
    say(
      `ingest: ${ingest.pages} pages, ${ingest.megabytes} MB in ${ingest.seconds}s, ${ingest.cpuSeconds} CPU s (${ingest.pagesPerSecond} pages/s, ${ingest.megabytesPerSecond} MB/s), ${ingest.passages} passages, ${ingest.anchoredPages} pages with ${ingest.anchorTexts} anchor texts, peak RSS ${ingest.peakRss}, index ${Math.round(ingest.indexBytes / 1e6)} MB; no-change update ${ingest.noChangeSeconds}s`,
    );
    const bound = bindRankers(engine);
    const results: Record<string, { success: Record<number, number>; mrr: number; p50Ms: number; p95Ms: number }> = {};
    if (args.features) {
      writeFileSync(args.features, (await pageCandidateLines(bound.hybrid, questions)).join(''));
      say(`wrote the page candidates of ${questions.length} hybrid searches to ${args.features}`);
    }
    for (const r of args.rankers) {
      await bound[r]('warm up', { limit: LIMIT, kinds: ['document'], noRerank: true });
      const latencies: number[] = [];
      const hitsAt = KS.map(() => 0);
      let rr = 0;
      for (const q of questions) {
        const t = performance.now();
        const result = await bound[r](q.query, { limit: LIMIT, kinds: ['document'], noRerank: true });
        latencies.push(performance.now() - t);
        const ranked = rankedPages(result.hits.map((h) => h.objectId));
        const first = ranked.findIndex((p) => q.gold_pages.includes(p));
        KS.forEach((k, j) => (hitsAt[j]! += first >= 0 && first < k ? 1 : 0));
        rr += first >= 0 ? 1 / (first + 1) : 0;
      }
      results[r] = {
        success: Object.fromEntries(KS.map((k, j) => [k, hitsAt[j]! / questions.length])),
        mrr: rr / questions.length,
        p50Ms: percentile(latencies, 50),
        p95Ms: percentile(latencies, 95),
      };
    }
    if (args.json) {
      console.log(JSON.stringify({ questions: questions.length, ingest, results, reference: BM25_REFERENCE, targets: TARGETS }, null, 2));
      return;
    }
    const fmt = (n: number) => n.toFixed(3);
    console.log(`\ndocument retrieval, ${questions.length} dev queries; pages ranked by their best passage (kinds document, limit ${LIMIT})\n`);
    console.log('| ranker | s@1 | s@3 | s@5 | s@10 | MRR | p50 ms | p95 ms |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const [name, r] of Object.entries(results))
      console.log(`| ${name} | ${KS.map((k) => fmt(r.success[k]!)).join(' | ')} | ${fmt(r.mrr)} | ${r.p50Ms.toFixed(1)} | ${r.p95Ms.toFixed(1)} |`);
    console.log(`| BM25 reference (README) | ${KS.map((k) => fmt(BM25_REFERENCE.success[k])).join(' | ')} | ${fmt(BM25_REFERENCE.mrr)} | | |`);
    console.log(
      `\ntargets: hybrid s@5 ≥ ${TARGETS.success5}, MRR ≥ ${TARGETS.mrr}; ingest ≤ ${TARGETS.ingestSeconds}s, no-change update ≤ ${TARGETS.noChangeSeconds}s, peak RSS ≤ ${TARGETS.peakRssMb} MB`,
    );
  } finally {
    await engine?.close();
    server.close();
    rmSync(home, { recursive: true, force: true });
  }
}
