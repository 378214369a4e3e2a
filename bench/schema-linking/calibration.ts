/**
 * Calibration of the schema-linking bench: is the top hit's score a confidence? Every question is
 * asked twice over the pooled index: with every source (answerable: its database is there) and
 * with every source but its own database's (unanswerable: the index has no database for it). A
 * calibrated score separates the two: AUC near 1, and a threshold that keeps 95% of the
 * answerable questions rejects most unanswerable ones.
 */
import type { SchemaFile } from './dataset.js';

/**
 * Sources of the bench index: each database that has questions is a source of its own (so a
 * search can leave exactly that database out), the other databases of a dataset share one source
 * named after the dataset.
 */
export function sourcePlan(schemas: readonly SchemaFile[], questionSchemas: ReadonlySet<string>): Map<string, { dataset: string; schemas: string[] }> {
  const plan = new Map<string, { dataset: string; schemas: string[] }>();
  for (const s of schemas) {
    const name = questionSchemas.has(s.schema.toLowerCase()) ? sourceName(s.schema) : s.dataset;
    const entry = plan.get(name) ?? { dataset: s.dataset, schemas: [] };
    entry.schemas.push(s.schema);
    plan.set(name, entry);
  }
  return plan;
}

/** A source name the engine accepts (lower-case letters, digits, - and _, at most 63, a letter first). */
export function sourceName(schema: string): string {
  const name = schema.toLowerCase().replace(/[^a-z0-9_-]/g, '_');
  return (/^[a-z]/.test(name) ? name : `db_${name}`).slice(0, 63);
}

/** Probability that an answerable score beats an unanswerable one (ties count half). */
export function auc(answerable: readonly number[], unanswerable: readonly number[]): number {
  if (!answerable.length || !unanswerable.length) return NaN;
  const all = [...answerable.map((v) => ({ v, pos: true })), ...unanswerable.map((v) => ({ v, pos: false }))].sort((a, b) => a.v - b.v);
  // rank-sum (Mann-Whitney U) with mid-ranks for ties
  let rankSum = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j < all.length && all[j]!.v === all[i]!.v) j++;
    const midRank = (i + 1 + j) / 2;
    for (let t = i; t < j; t++) if (all[t]!.pos) rankSum += midRank;
    i = j;
  }
  const n1 = answerable.length;
  return (rankSum - (n1 * (n1 + 1)) / 2) / (n1 * unanswerable.length);
}

export interface CalibrationSummary {
  answerable: { n: number; p5: number; p50: number; mean: number };
  unanswerable: { n: number; p50: number; p95: number; mean: number };
  auc: number;
  /** The highest threshold that keeps 95% of the answerable questions' top hits. */
  threshold95: number;
  /** Share of unanswerable questions whose top hit falls below that threshold. */
  rejectedAtThreshold: number;
}

const quantile = (sorted: readonly number[], q: number): number => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
const mean = (v: readonly number[]) => (v.length ? v.reduce((s, x) => s + x, 0) / v.length : NaN);

export function summarizeCalibration(answerable: readonly number[], unanswerable: readonly number[]): CalibrationSummary {
  const a = [...answerable].sort((x, y) => x - y);
  const u = [...unanswerable].sort((x, y) => x - y);
  // keep 95%: the value at the 5th percentile (scores at or above it pass)
  const threshold95 = quantile(a, 0.05);
  return {
    answerable: { n: a.length, p5: threshold95, p50: quantile(a, 0.5), mean: mean(a) },
    unanswerable: { n: u.length, p50: quantile(u, 0.5), p95: quantile(u, 0.95), mean: mean(u) },
    auc: auc(a, u),
    threshold95,
    rejectedAtThreshold: u.length ? u.filter((v) => v < threshold95).length / u.length : NaN,
  };
}
