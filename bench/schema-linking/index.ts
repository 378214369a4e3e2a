/**
 * `npm run bench -- schema-linking [--schemas DIR[,DIR…]] [--questions FILE[,FILE…]] [--evidence | --no-evidence]
 *   [--pg DSN [--keep]] [--limit-questions N] [--split dev] [--fresh] [--load-only] [--json]`
 *
 * Schema linking on Spider 1.0 dev + BIRD dev (../shared/bench/schema-linking/README.md): every
 * schema is loaded into ONE PostgreSQL database (one schema per database id, prefixed by dataset),
 * indexed as ONE source through the normal pipeline, and every question is asked of the lexical,
 * vector and hybrid search. Reports table recall@1/3/5/10, all@5, MRR, column recall@10/20 and
 * p50/p95 latency per ranker, beside the README's BM25 floor.
 *
 * Table ranking = a search with `kinds: ['table', 'view']`, limit 10: the README's "top k tables"
 * are the tables the search returns as tables; column hits are not folded into their tables.
 * Column ranking = a search with `kinds: ['column']`, limit 20. Recalls are per-question shares
 * averaged over questions (micro averages are in the JSON). `db@1` is routing accuracy: the first
 * table lies in the question's database.
 *
 * Calibration (pooled over all datasets, hybrid): each database with questions is a source of its
 * own, so every question is also asked without its database; the report compares the top hit's
 * score with and without it (AUC, and the min_score that keeps 95% of the answerable questions).
 */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuiltinCache, openEngine } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { Engine } from '../../src/core/engine.js';
import type { ProgressEvent } from '../../src/kernel/progress.js';
import type { SearchOptions } from '../../src/core/search/types.js';
import { percentile } from '../measure.js';
import { defaultDataDir, defaultPaths, readQuestions, readSchemas, schemasFingerprint, type Question, type QuestionSet } from './dataset.js';
import { loadDatabase, type Catalog, type LoadedDatabase } from './load.js';
import { queryText, rankedKeys, scoreRanking, summarize, TABLE_KINDS, type RankingScore } from './metrics.js';
import { bindRankers, RANKERS, type RankerName, type SearchFn } from './rankers.js';
import { sourcePlan, summarizeCalibration } from './calibration.js';
import { writeFeatures } from './features.js';
import { BM25_FLOOR, FLOOR_NOTE, formatSetting, type RankerResult, type SettingResult } from './report.js';

const TABLE_LIMIT = 10;
const COLUMN_LIMIT = 20;
const TABLE_KS = [1, 3, 5, 10] as const;
const COLUMN_KS = [1, 5, 10, 20] as const;

const USAGE = `usage: npm run bench -- schema-linking [options]
  --schemas DIR[,DIR…]      schema folders (default: bird/schemas, spider/schemas, spider/distractor_schemas)
  --questions FILE[,FILE…]  questions.jsonl files (default: bird/questions.jsonl, spider/questions.jsonl)
  --split NAME              keep databases whose split.json value is NAME (default: dev)
  --evidence                only question + evidence where a dataset has evidence (BIRD)
  --no-evidence             only the question text
                            (default: both settings where a dataset has evidence)
  --limit-questions N       evenly spaced sample of N questions per file (quick sanity run)
  --pooled within|all|both  pool within each dataset, over all datasets, or both (default both)
  --rankers R[,R…]          rankers to ask, of lexical, vector, hybrid (default all three)
  --mixed                   rank tables with a search over every kind (no kinds filter), as an agent's first search does
  --features FILE           write the learned ranker's training data (candidates, features, gold) as JSONL
                            instead of measuring; run with SEXTANT_RANKER=rrf (see bench/train-ranker)
  --misses FILE             write the hybrid table rankings that missed a gold table in the top 5 as JSONL
  --pg DSN                  load into a fresh database ${'sxt_schema_linking'} on this server instead of PGlite
  --keep                    with --pg: keep that database at the end
  --fresh                   rebuild the cached embedded database
  --index DIR               keep the built index in DIR and reuse it on the next run with the same schemas
                            (no loading, no indexing: quick iteration on ranking)
  --no-calibration          skip asking each question against the index without its database
  --load-only               load the schemas and check the gold names; no indexing or search
  --json                    print every result as JSON
default data: ../shared/bench/schema-linking beside the repository`;

interface Args {
  schemas?: string[];
  questions?: string[];
  split: string;
  evidence: 'both' | 'only' | 'none';
  limit?: number;
  pg?: string;
  keep: boolean;
  fresh: boolean;
  loadOnly: boolean;
  json: boolean;
  pooled: 'within' | 'all' | 'both';
  rankers: RankerName[];
  misses?: string;
  features?: string;
  mixed: boolean;
  index?: string;
  calibration: boolean;
}

class UsageError extends Error {}

export function parseArgs(argv: readonly string[]): Args {
  const args: Args = {
    split: 'dev',
    evidence: 'both',
    keep: false,
    fresh: false,
    loadOnly: false,
    json: false,
    pooled: 'both',
    rankers: [...RANKERS],
    mixed: false,
    calibration: true,
  };
  const list = (v: string) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${a} needs a value`);
      return v;
    };
    switch (a) {
      case '--schemas':
        args.schemas = list(value());
        break;
      case '--questions':
        args.questions = list(value());
        break;
      case '--split':
        args.split = value();
        break;
      case '--evidence':
        args.evidence = 'only';
        break;
      case '--no-evidence':
        args.evidence = 'none';
        break;
      case '--limit-questions': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1) throw new UsageError('--limit-questions needs a positive integer');
        args.limit = n;
        break;
      }
      case '--pg':
        args.pg = value();
        break;
      case '--keep':
        args.keep = true;
        break;
      case '--fresh':
        args.fresh = true;
        break;
      case '--load-only':
        args.loadOnly = true;
        break;
      case '--pooled': {
        const v = value();
        if (v !== 'within' && v !== 'all' && v !== 'both') throw new UsageError('--pooled takes within, all or both');
        args.pooled = v;
        break;
      }
      case '--rankers': {
        const names = list(value());
        const unknown = names.filter((n) => !(RANKERS as readonly string[]).includes(n));
        if (unknown.length || !names.length) throw new UsageError(`--rankers takes ${RANKERS.join(', ')}; got ${unknown.join(', ') || 'nothing'}`);
        args.rankers = names as RankerName[];
        break;
      }
      case '--mixed':
        args.mixed = true;
        break;
      case '--index':
        args.index = value();
        break;
      case '--no-calibration':
        args.calibration = false;
        break;
      case '--misses':
        args.misses = value();
        break;
      case '--features':
        args.features = value();
        break;
      case '--json':
        args.json = true;
        break;
      default:
        throw new UsageError(`unknown option ${a}`);
    }
  }
  return args;
}

/** Progress on stderr: one rewritten line on a terminal, a line every few seconds otherwise. */
function progressReporter(): { say(line: string): void; progress(label: string, done: number, total: number): void } {
  const tty = process.stderr.isTTY === true;
  let open = false;
  let lastLabel = '';
  let lastAt = 0;
  const endLine = () => {
    if (open) process.stderr.write('\n');
    open = false;
  };
  return {
    say(line) {
      endLine();
      process.stderr.write(`${line}\n`);
    },
    progress(label, done, total) {
      const now = Date.now();
      const final = done >= total;
      if (tty) {
        process.stderr.write(`\r\x1b[K${label}: ${done}/${total}`);
        open = true;
        if (final) endLine();
      } else if (final || label !== lastLabel || now - lastAt > 5000) {
        process.stderr.write(`${label}: ${done}/${total}\n`);
        lastAt = now;
      }
      lastLabel = label;
    },
  };
}

const DISPLAY: Record<string, string> = { bird: 'BIRD', spider: 'Spider' };

interface Setting {
  key: string;
  label: string;
  dataset: string;
  withEvidence: boolean;
  /** Sources searched: the question's dataset only (comparable with the README's floor), or all. */
  sources: string[];
  questions: Question[];
  /** Pooled over every dataset: the setting whose questions are also asked without their database. */
  all: boolean;
}

function buildSettings(sets: readonly QuestionSet[], evidence: Args['evidence'], sourcesOf: ReadonlyMap<string, string[]>, pooled: Args['pooled']): Setting[] {
  const datasets = [...sourcesOf.keys()];
  const allSources = [...sourcesOf.values()].flat();
  const byDataset = new Map<string, Question[]>();
  for (const s of sets) byDataset.set(s.dataset, [...(byDataset.get(s.dataset) ?? []), ...s.questions]);
  const settings: Setting[] = [];
  for (const [dataset, questions] of byDataset) {
    if (questions.length === 0) continue;
    const name = DISPLAY[dataset] ?? dataset;
    const hasEvidence = questions.some((q) => q.evidence.trim());
    const variants = evidence === 'none' || !hasEvidence ? [false] : evidence === 'only' ? [true] : [false, true];
    for (const withEvidence of variants) {
      const base = `${dataset}|${withEvidence ? 'evidence' : 'question'}`;
      const label = `${name} question${withEvidence ? ' + evidence' : ''}`;
      // The README's floor pools within one dataset; "all" pools every database in one index.
      if (pooled !== 'all')
        settings.push({
          key: base,
          label: `${label}, pooled within ${name}`,
          dataset,
          withEvidence,
          sources: sourcesOf.get(dataset) ?? [],
          questions,
          all: false,
        });
      if (datasets.length > 1 && pooled !== 'within')
        settings.push({ key: `${base}|all`, label: `${label}, pooled over all datasets`, dataset, withEvidence, sources: allSources, questions, all: true });
    }
  }
  return settings;
}

/** Gold names the loaded database lacks: unreachable for any ranker, so worth a warning. */
function goldCoverage(questions: readonly Question[], catalog: Catalog) {
  const missingTables = new Set<string>();
  const missingColumns = new Set<string>();
  let tables = 0;
  let columns = 0;
  for (const q of questions) {
    for (const t of q.goldTables) (tables++, catalog.tables.has(t) || missingTables.add(t));
    for (const c of q.goldColumns) (columns++, catalog.columns.has(c) || missingColumns.add(c));
  }
  return { goldTables: tables, goldColumns: columns, missingTables: [...missingTables].sort(), missingColumns: [...missingColumns].sort() };
}

async function measureSetting(
  setting: Setting,
  rankers: Partial<Record<RankerName, SearchFn>>,
  progress: (label: string, done: number, total: number) => void,
  misses?: (line: object) => void,
  mixed = false,
  /** Calibration: the source holding each question database (asked again without it), or none. */
  sourceOfSchema?: ReadonlyMap<string, string>,
): Promise<SettingResult> {
  const names = Object.keys(rankers) as RankerName[];
  const tableOptions: SearchOptions = { limit: TABLE_LIMIT, ...(mixed ? {} : { kinds: TABLE_KINDS }), sources: setting.sources, noRerank: true };
  const columnOptions: SearchOptions = { limit: COLUMN_LIMIT, kinds: ['column'], sources: setting.sources, noRerank: true };
  const acc = Object.fromEntries(
    names.map((r) => [
      r,
      { tables: [] as Array<{ score: RankingScore; gold: number }>, columns: [] as Array<{ score: RankingScore; gold: number }>, latency: [] as number[] },
    ]),
  ) as Record<RankerName, { tables: Array<{ score: RankingScore; gold: number }>; columns: Array<{ score: RankingScore; gold: number }>; latency: number[] }>;
  const timed = async (fn: SearchFn, q: string, o: SearchOptions, into: number[]) => {
    const t0 = performance.now();
    const result = await fn(q, o);
    into.push(performance.now() - t0);
    return result;
  };
  const calibrate = sourceOfSchema && setting.all && rankers.hybrid ? rankers.hybrid : null;
  const topScores = { answerable: [] as number[], unanswerable: [] as number[] };
  for (const [i, q] of setting.questions.entries()) {
    const text = queryText(q.question, q.evidence, setting.withEvidence);
    const goldTables = new Set(q.goldTables);
    const goldColumns = new Set(q.goldColumns);
    for (const r of names) {
      const a = acc[r];
      const tablesResult = await timed(rankers[r]!, text, tableOptions, a.latency);
      const ranked = rankedKeys(tablesResult.hits, 'table', setting.sources);
      const score = scoreRanking(ranked, goldTables, TABLE_KS);
      a.tables.push({ score, gold: goldTables.size });
      if (calibrate && r === 'hybrid') {
        topScores.answerable.push(tablesResult.hits[0]?.score ?? 0);
        const own = sourceOfSchema!.get(q.schema.toLowerCase());
        const without = await calibrate(text, { ...tableOptions, sources: setting.sources.filter((s) => s !== own) });
        topScores.unanswerable.push(without.hits[0]?.score ?? 0);
      }
      if (misses && r === 'hybrid' && score.all[TABLE_KS.indexOf(5)] === 0)
        misses({ setting: setting.key, id: q.id, question: text, gold: [...goldTables], top: ranked.slice(0, 5), routed: score.routed });
      const columnsResult = await timed(rankers[r]!, text, columnOptions, a.latency);
      a.columns.push({ score: scoreRanking(rankedKeys(columnsResult.hits, 'column', setting.sources), goldColumns, COLUMN_KS), gold: goldColumns.size });
    }
    progress(`asking: ${setting.label}`, i + 1, setting.questions.length);
  }
  const rankerResults = Object.fromEntries(
    names.map((r) => {
      const a = acc[r];
      const result: RankerResult = {
        tables: summarize(a.tables, TABLE_KS),
        columns: summarize(a.columns, COLUMN_KS),
        latencyMs: {
          p50: percentile(a.latency, 50),
          p95: percentile(a.latency, 95),
          mean: a.latency.reduce((s, v) => s + v, 0) / a.latency.length,
          calls: a.latency.length,
        },
      };
      return [r, result];
    }),
  ) as Record<RankerName, RankerResult>;
  return {
    key: setting.key,
    label: setting.label,
    dataset: setting.dataset,
    withEvidence: setting.withEvidence,
    questions: setting.questions.length,
    rankers: rankerResults,
    floor: BM25_FLOOR[setting.key] ?? null,
    ...(calibrate ? { calibration: summarizeCalibration(topScores.answerable, topScores.unanswerable) } : {}),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

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
  const { say, progress } = progressReporter();

  const dataDir = defaultDataDir();
  if ((!args.schemas || !args.questions) && !existsSync(dataDir)) {
    throw new Error(
      `schema-linking dataset not found: expected ${dataDir} (../shared/bench/schema-linking beside the repository), or pass --schemas and --questions`,
    );
  }
  const defaults = defaultPaths(dataDir);
  const schemaDirs = args.schemas ?? defaults.schemas;
  const questionFiles = args.questions ?? defaults.questions;
  const schemas = readSchemas(schemaDirs);
  const bySchema = new Map(schemas.map((s) => [s.schema.toLowerCase(), s]));
  const sets = questionFiles.map((f) => readQuestions(f, args.split, bySchema, args.limit));
  for (const s of sets) {
    if (!s.splitFile) say(`warning: no split.json beside ${s.file}; every question is kept`);
    if (s.unknownDatabase) say(`warning: ${s.unknownDatabase} questions of ${s.file} are on databases not loaded; left out`);
  }
  const questions = sets.flatMap((s) => s.questions);
  const datasets = [...new Set(schemas.map((f) => f.dataset))].sort();
  // Each database with questions is a source of its own, so a question can be asked without it.
  // (every database with questions in the split, sampled or not, so one index serves any sample)
  const withQuestions = questionFiles.flatMap((f) => readQuestions(f, args.split, bySchema).questions.map((q) => q.schema.toLowerCase()));
  const plan = sourcePlan(schemas, new Set(withQuestions));
  const sourcesOf = new Map(datasets.map((d) => [d, [...plan].filter(([, p]) => p.dataset === d).map(([name]) => name)]));
  const sourceOfSchema = new Map([...plan].flatMap(([name, p]) => p.schemas.map((schema) => [schema.toLowerCase(), name] as const)));
  const settings = buildSettings(sets, args.evidence, sourcesOf, args.pooled);
  if (!args.loadOnly && settings.length === 0) throw new Error(`no questions in split '${args.split}' on the loaded databases`);
  say(
    `${schemas.length} schema files, ${questions.length} questions (split ${args.split}${args.limit ? `, ${args.limit} per file` : ''}), ${settings.length} settings`,
  );

  const cacheDir = join(process.env.SEXTANT_HOME || tmpdir(), 'bench', 'schema-linking');
  const home = args.index ?? mkdtempSync(join(tmpdir(), 'sextant-bench-schema-linking-'));
  mkdirSync(home, { recursive: true });
  // --index: a marker beside the index says which schemas (and sources) it was built from.
  const indexMarker = join(home, 'bench-index.json');
  const fingerprint = `${schemasFingerprint(schemas, 1)} ${[...plan.keys()].join(',')}`;
  const reuse = args.index !== undefined && !args.loadOnly && existsSync(indexMarker) && readFileSync(indexMarker, 'utf8').trim() === fingerprint;
  if (args.index !== undefined && !reuse)
    for (const f of ['index.sqlite', 'index.sqlite-wal', 'index.sqlite-shm', 'bench-index.json']) rmSync(join(home, f), { force: true });
  let engine: Engine | null = null;
  let db: LoadedDatabase | null = null;
  try {
    // The engine opens first: a configuration error fails before minutes of loading.
    const config = loadConfig({
      env: {
        ...process.env,
        SEXTANT_HOME: home,
        SEXTANT_CONFIG: join(home, 'no-config.yaml'),
        SEXTANT_MODELS_DIR: process.env.SEXTANT_MODELS_DIR || join(cacheDir, 'models'),
      },
    });
    const onProgress = (e: ProgressEvent) => progress(`indexing: ${e.phase}${e.detail ? ` (${e.detail})` : ''}`, e.done, e.total);
    let rankers: Record<RankerName, SearchFn> | null = null;
    if (!args.loadOnly) {
      engine = await openEngine(config, { onProgress });
      rankers = bindRankers(engine);
    }

    if (reuse && engine && rankers) {
      say(`reusing the index in ${home} (built from the same schemas)`);
      const status = await engine.status();
      const index = {
        ms: 0,
        objects: Object.values(status.index.countsByKind).reduce((n, c) => n + c, 0),
        chunks: status.index.chunks,
        embeddings: config.get('embeddings.provider'),
        vectorCacheMs: 0,
        peakRssMb: 0,
      };
      await askAll({ args, engine, rankers, datasets, settings, sourceOfSchema, progress, dataDir, database: null, index, coverage: null });
      return;
    }
    db = await loadDatabase({ schemas, ...(args.pg ? { pg: args.pg } : {}), keep: args.keep, cacheDir, fresh: args.fresh, say, progress });
    say(
      `${db.loaded ? 'loaded' : 'reopened'} ${db.catalog.schemas.size} schemas, ${db.catalog.tables.size} tables, ${db.catalog.columns.size} columns in ${seconds(db.ms)} (${db.mode}: ${db.location})`,
    );
    if (db.failures.length) {
      for (const f of db.failures) say(`failed to load ${f.file}: ${f.message}`);
      throw new Error(`${db.failures.length} of ${schemas.length} schema files failed to load`);
    }
    const coverage = goldCoverage(questions, db.catalog);
    if (coverage.missingTables.length || coverage.missingColumns.length) {
      say(
        `warning: gold names absent from the database: ${coverage.missingTables.length} tables, ${coverage.missingColumns.length} columns (e.g. ${[...coverage.missingTables, ...coverage.missingColumns].slice(0, 5).join(', ')})`,
      );
    }
    const database = {
      mode: db.mode,
      location: db.location,
      loaded: db.loaded,
      ms: Math.round(db.ms),
      schemas: db.catalog.schemas.size,
      tables: db.catalog.tables.size,
      columns: db.catalog.columns.size,
    };
    if (!engine || !rankers) {
      if (args.json) console.log(JSON.stringify({ dataDir, split: args.split, database, goldCoverage: coverage }, null, 2));
      else
        console.log(
          `${database.loaded ? 'loaded' : 'reopened'} ${database.schemas} schemas (${database.tables} tables, ${database.columns} columns) in ${seconds(db.ms)}; gold names missing: ${coverage.missingTables.length} tables, ${coverage.missingColumns.length} columns`,
        );
      return;
    }

    const provider = config.get('embeddings.provider');
    let vectorCacheMs = 0;
    if (provider === 'builtin') {
      const t = performance.now();
      await ensureBuiltinCache(config, onProgress);
      vectorCacheMs = performance.now() - t;
    }
    // One source per dataset over the same database (its schemas included), so a search can be
    // scoped to one dataset (the README's floor) or run over all of them at once.
    for (const [name, p] of plan) await engine.addSource({ name, url: db.dsn, options: { schemas: p.schemas } });
    const t0 = performance.now();
    const update = await engine.update({ allowExtraPrivileges: true, onProgress });
    const indexMs = performance.now() - t0;
    if (!update.ok || update.reports.length === 0) throw new Error(`indexing failed: ${update.reports.map((r) => r.message).join('; ') || 'no report'}`);
    const report = { objects: update.reports.reduce((n, r) => n + r.objects, 0) };
    const status = await engine.status();
    await db.stop(); // search reads the index only
    db = null;
    const index = {
      ms: Math.round(indexMs),
      objects: report.objects,
      chunks: status.index.chunks,
      embeddings: provider,
      vectorCacheMs: Math.round(vectorCacheMs),
      // the whole bench process so far: the vector-cache build, the embedded database unless --pg, indexing
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    };
    say(`indexed ${index.objects} objects, ${index.chunks} chunks in ${seconds(indexMs)} (embeddings: ${provider})`);
    if (args.index) writeFileSync(indexMarker, `${fingerprint}\n`);
    await askAll({ args, engine, rankers, datasets, settings, sourceOfSchema, progress, dataDir, database, index, coverage });
  } finally {
    await db?.stop().catch(() => undefined);
    await engine?.close().catch(() => undefined);
    if (!args.index) rmSync(home, { recursive: true, force: true });
  }
}

interface IndexReport {
  ms: number;
  objects: number;
  chunks: number;
  embeddings: string;
  vectorCacheMs: number;
  peakRssMb: number;
}

/** Asks every setting's questions and prints the tables (or the JSON). */
async function askAll(ctx: {
  args: Args;
  engine: Engine;
  rankers: Record<RankerName, SearchFn>;
  datasets: string[];
  settings: Setting[];
  sourceOfSchema: ReadonlyMap<string, string>;
  progress: (label: string, done: number, total: number) => void;
  dataDir: string;
  database: { mode: string; loaded: boolean; ms: number; schemas: number; tables: number; columns: number } | null;
  index: IndexReport;
  coverage: ReturnType<typeof goldCoverage> | null;
}): Promise<void> {
  const { args, rankers, settings, progress, dataDir, database, index, coverage } = ctx;
  const datasets = [...new Set(settings.flatMap((s) => s.sources))];
  // Warm-up: the first call of each ranker loads the embedder and prepares statements.
  for (const r of RANKERS) {
    await rankers[r]('warm up', { limit: TABLE_LIMIT, kinds: TABLE_KINDS, sources: datasets, noRerank: true });
    await rankers[r]('warm up', { limit: COLUMN_LIMIT, kinds: ['column'], sources: datasets, noRerank: true });
  }
  if (args.features) {
    const rows = await writeFeatures(args.features, settings, rankers.hybrid, { tables: TABLE_LIMIT, columns: COLUMN_LIMIT }, progress);
    console.log(`wrote ${rows} searches' candidates to ${args.features}`);
    return;
  }
  const results: SettingResult[] = [];
  const asked = Object.fromEntries(args.rankers.map((r) => [r, rankers[r]]));
  const missFile = args.misses;
  if (missFile) writeFileSync(missFile, '');
  const misses = missFile ? (line: object) => appendFileSync(missFile, `${JSON.stringify(line)}\n`) : undefined;
  for (const s of settings) results.push(await measureSetting(s, asked, progress, misses, args.mixed, args.calibration ? ctx.sourceOfSchema : undefined));

  if (args.json) {
    console.log(
      JSON.stringify({ dataDir, split: args.split, limitQuestions: args.limit ?? null, database, index, goldCoverage: coverage, settings: results }, null, 2),
    );
    return;
  }
  console.log(
    `schema linking, split ${args.split}${args.limit ? ` (sample: ${args.limit} questions per file)` : ''}: ${database ? `${database.schemas} schemas, ${database.tables} tables, ${database.columns} columns` : `${index.objects} objects (reused index)`} in one index`,
  );
  if (database)
    console.log(
      `database ${database.loaded ? 'loaded' : 'reopened'} in ${seconds(database.ms)} (${database.mode}); indexed ${index.objects} objects / ${index.chunks} chunks in ${seconds(index.ms)} (embeddings: ${index.embeddings}); peak RSS so far ${index.peakRssMb} MB`,
    );
  console.log('tables: kinds table/view, limit 10; columns: kind column, limit 20; recall = mean per-question share; latency over every call\n');
  for (const r of results) console.log(`${formatSetting(r)}\n`);
  console.log(FLOOR_NOTE);
}
