/**
 * @module core/search/structure-signals
 * Pure ranking signals from the catalog's structure, fused as supporting lists: tables named in
 * the question, columns of the top tables, the schema with the most evidence. Supporting lists
 * add 1/(k + rank) like any list but never the top-rank bonus.
 */
import { splitText } from '../../kernel/text/identifiers.js';
import { singular } from '../../kernel/text/inflect.js';
import { RRF_K, type FusedResult, type RankedList } from './rrf.js';

/**
 * Relations whose whole name appears in the question (`documents` in "How many documents do we
 * have?", `order line` in "…per order line"), among the candidates, longest names first: a
 * direct naming is the strongest evidence a question gives. Words are compared singular.
 */
export function nameMatches(query: string, candidateIds: readonly string[]): string[] {
  const words = new Set(splitText(query).map(singular));
  const scored: Array<{ id: string; size: number; rank: number }> = [];
  candidateIds.forEach((id, rank) => {
    const path = id.split(':').slice(2).join(':');
    const name = path.slice(path.lastIndexOf('.') + 1);
    const parts = splitText(name).map(singular);
    if (parts.length > 0 && parts.every((p) => words.has(p))) scored.push({ id, size: parts.length, rank });
  });
  return scored.sort((a, b) => b.size - a.size || a.rank - b.rank).map((s) => s.id);
}

/**
 * A question's tables live in one database: schemas ranked by the summed scores of their
 * candidates, and the candidates of the best `schemas` schemas in that order.
 */
export function schemaCoherence(fused: readonly FusedResult[], schemas: number): string[] {
  const schemaOf = (id: string) => {
    const path = id.split(':').slice(2).join(':');
    return path.slice(0, path.indexOf('.'));
  };
  const totals = new Map<string, number>();
  for (const f of fused) totals.set(schemaOf(f.id), (totals.get(schemaOf(f.id)) ?? 0) + f.score);
  const best = [...totals]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, schemas)
    .map(([name]) => name);
  return best.flatMap((schema) => fused.filter((f) => schemaOf(f.id) === schema).map((f) => f.id));
}

/** Candidate columns whose table is among `tables`, by table rank, then by candidate rank. */
export function columnsOfTables(candidates: readonly string[], parentOf: ReadonlyMap<string, string>, tables: readonly string[]): string[] {
  const tableRank = new Map(tables.map((t, i) => [t, i]));
  return candidates
    .map((id, rank) => ({ id, rank, table: tableRank.get(parentOf.get(id) ?? '') }))
    .filter((c): c is { id: string; rank: number; table: number } => c.table !== undefined)
    .sort((a, b) => a.table - b.table || a.rank - b.rank)
    .map((c) => c.id);
}

/**
 * Adds supporting lists (column votes, join neighbours) to a fusion: each contributes
 * 1/(k + rank) like any list but earns no top-rank bonus, so support can lift a result
 * without taking first place from a direct match. Deterministic: score, then id.
 */
export function withSupport(fused: FusedResult[], support: readonly RankedList[], k = RRF_K): FusedResult[] {
  if (support.length === 0) return fused;
  const byId = new Map(fused.map((f) => [f.id, { ...f, ranks: { ...f.ranks }, contributions: { ...f.contributions } }]));
  const primaryNames = fused[0] ? Object.keys(fused[0].ranks) : [];
  for (const list of support) {
    list.ids.forEach((id, i) => {
      let entry = byId.get(id);
      if (!entry) {
        entry = {
          id,
          score: 0,
          ranks: Object.fromEntries(primaryNames.map((n) => [n, null])),
          contributions: Object.fromEntries(primaryNames.map((n) => [n, 0])),
          bonus: 0,
        };
        byId.set(id, entry);
      }
      if (entry.ranks[list.name] != null) return;
      entry.ranks[list.name] = i + 1;
      const contribution = (list.weight ?? 1) / (k + i + 1);
      entry.contributions[list.name] = contribution;
      entry.score += contribution;
    });
  }
  return [...byId.values()].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
