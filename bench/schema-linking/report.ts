/** Readable tables of the schema-linking results, with the README's BM25 floor beside them. */
import type { CalibrationSummary } from './calibration.js';
import type { RankingSummary } from './metrics.js';
import { RANKERS, type RankerName } from './rankers.js';

export interface Floor {
  recall1: number;
  recall5: number;
  recall10: number;
  all5: number;
  mrr: number;
}

/**
 * "Reference: plain BM25 over one document per table" of the dataset README (dev split). Its table
 * rows pool within one dataset (BIRD's 75 tables or Spider's 876), its column rows search one
 * database at a time: both are easier than the all-datasets pool measured here.
 */
export const BM25_FLOOR: Record<string, { tables?: Floor; columns?: Floor }> = {
  'bird|question': { tables: { recall1: 0.472, recall5: 0.846, recall10: 0.886, all5: 0.711, mrr: 0.884 } },
  'bird|evidence': {
    tables: { recall1: 0.509, recall5: 0.9, recall10: 0.962, all5: 0.79, mrr: 0.931 },
    columns: { recall1: 0.228, recall5: 0.624, recall10: 0.789, all5: 0.199, mrr: 0.922 },
  },
  'spider|question': {
    tables: { recall1: 0.496, recall5: 0.793, recall10: 0.85, all5: 0.709, mrr: 0.752 },
    columns: { recall1: 0.408, recall5: 0.784, recall10: 0.897, all5: 0.525, mrr: 0.92 },
  },
};

export interface RankerResult {
  tables: RankingSummary;
  columns: RankingSummary;
  /** Over every call of this ranker in the setting (table and column queries). */
  latencyMs: { p50: number; p95: number; mean: number; calls: number };
}

export interface SettingResult {
  key: string;
  label: string;
  dataset: string;
  withEvidence: boolean;
  questions: number;
  rankers: Partial<Record<RankerName, RankerResult>>;
  floor: { tables?: Floor; columns?: Floor } | null;
  /** Hybrid top-hit scores with and without the question's database in the index. */
  calibration?: CalibrationSummary;
}

const f3 = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : v.toFixed(3));
const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(1) : v.toFixed(0));

function grid(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatSetting(s: SettingResult): string {
  const header = ['ranker', 'R@1', 'R@3', 'R@5', 'R@10', 'all@5', 'MRR', 'db@1', 'colR@10', 'colR@20', 'p50 ms', 'p95 ms'];
  const asked = RANKERS.filter((r) => s.rankers[r]);
  const rows = asked.map((r) => {
    const x = s.rankers[r]!;
    return [
      r,
      f3(x.tables.recall[1]),
      f3(x.tables.recall[3]),
      f3(x.tables.recall[5]),
      f3(x.tables.recall[10]),
      f3(x.tables.all[5]),
      f3(x.tables.mrr),
      f3(x.tables.routing),
      f3(x.columns.recall[10]),
      f3(x.columns.recall[20]),
      ms(x.latencyMs.p50),
      ms(x.latencyMs.p95),
    ];
  });
  const t = s.floor?.tables;
  const c = s.floor?.columns;
  if (t || c) rows.push(['BM25 floor*', f3(t?.recall1), '–', f3(t?.recall5), f3(t?.recall10), f3(t?.all5), f3(t?.mrr), '–', f3(c?.recall10), '–', '–', '–']);

  const colHeader = ['columns', 'R@1', 'R@5', 'R@10', 'R@20', 'all@5', 'all@20', 'MRR'];
  const colRows = asked.map((r) => {
    const x = s.rankers[r]!.columns;
    return [r, f3(x.recall[1]), f3(x.recall[5]), f3(x.recall[10]), f3(x.recall[20]), f3(x.all[5]), f3(x.all[20]), f3(x.mrr)];
  });
  if (c) colRows.push(['BM25 floor*', f3(c.recall1), f3(c.recall5), f3(c.recall10), '–', f3(c.all5), '–', f3(c.mrr)]);

  const anyRanker = s.rankers[asked[0]!]!;
  return [
    `${s.label} — ${s.questions} questions (${anyRanker.tables.questions} with gold tables, ${anyRanker.columns.questions} with gold columns)`,
    grid(header, rows),
    '',
    grid(colHeader, colRows),
    ...(s.calibration ? ['', formatCalibration(s.calibration)] : []),
  ].join('\n');
}

export const FLOOR_NOTE =
  "* BM25 floor: the dataset README's plain BM25 over one document per table, pooled within one dataset (tables) or per database (columns); the rows above search every database at once.";

/** The hybrid top-hit score with the question's database in the index and without it. */
export function formatCalibration(c: CalibrationSummary): string {
  return [
    'calibration (hybrid top table score)',
    grid(
      ['index', 'questions', 'p5', 'p50', 'p95', 'mean'],
      [
        ['with its database', String(c.answerable.n), f3(c.answerable.p5), f3(c.answerable.p50), '–', f3(c.answerable.mean)],
        ['without it', String(c.unanswerable.n), '–', f3(c.unanswerable.p50), f3(c.unanswerable.p95), f3(c.unanswerable.mean)],
      ],
    ),
    `AUC ${f3(c.auc)}; min_score ${f3(c.threshold95)} keeps 95% of answerable questions and rejects ${f3(c.rejectedAtThreshold)} of unanswerable ones`,
  ].join('\n');
}
