/**
 * @module core/search/structure-ranking
 * Hybrid search that knows the catalog's shape. For a table search: columns vote for their
 * table, tables named in the question, join neighbours of the best matches and the schema with
 * the most evidence. For a column search: the columns and join keys of the top tables. Each
 * signal is a fused list; gains measured on the schema-linking benchmark's dev questions.
 */
import { RELATION_KINDS, type CatalogEdge } from '../../ports/catalog.js';
import type { CatalogStore, ChunkFilter } from '../../ports/store.js';
import { objectId, parseObjectId } from '../../kernel/ids.js';
import { fuseRankings, RRF_K, TOP_RANK_BONUS, type RankedList } from './rrf.js';
import { expandQuery, type ExpandedQuery } from './expand.js';
import { namedThings } from './named-things.js';
import { columnsOfTables, nameMatches, schemaCoherence, withSupport } from './structure-signals.js';
import { routedOrder, routingMargin, type Routing } from './routing.js';

const isColumn = (id: string) => parseObjectId(id)?.kind === 'column';

export interface Ranked {
  ids: string[];
  scores: Map<string, number>;
}

export interface Retrievers {
  lexical(expanded: ExpandedQuery, filter: ChunkFilter, depth: number): Promise<Ranked>;
  vector(query: string, filter: ChunkFilter, depth: number): Promise<Ranked | null>;
  /** Databases scored by the evidence their tables and columns collect (routing.ts). */
  route(expanded: ExpandedQuery, filter: ChunkFilter): Promise<Routing>;
}

export interface QueryContext {
  expanded: ExpandedQuery;
  query: string;
  filter: ChunkFilter;
  depth: number;
  hasVector: boolean;
}

/** Top fused tables whose join neighbours are added as support. */
const NEIGHBOR_SEEDS = 3;
/** Top fused non-relation results (API operations) whose suppliers are added as support. */
const SUPPLIER_SEEDS = 3;
/** Fused results in which the query's own choice of supplier is looked for. */
const SUPPLIER_POOL = 20;
/** A supplier is a step the request needs, not just a neighbour: its place counts double. */
const SUPPLIER_WEIGHT = 2;
/** Fused results searched for lookups, and how many lookups support a request that names things. */
const LOOKUP_POOL = 60;
const LOOKUPS_KEPT = 2;
const LOOKUP_WEIGHT = 4;
/** A lookup of people, for a request that names a person. */
const PERSON_LOOKUP = /(^|[^a-z])(person|people)([^a-z]|$)/i;
/** Top tables whose columns support a column search. */
const TABLE_SEEDS = 4;
/** Fused candidates whose scores elect the question's schema. */
const SCHEMA_CANDIDATES = 30;
/**
 * Fused candidates ordered by their database's route, the databases kept, and how much a place
 * in that list counts when routing is decisive (scaled by the margin). Pooled over all datasets,
 * dev, 300 questions per file, R@5 / all@5 / MRR / db@1: BIRD + evidence 0.897 / 0.840 / 0.912 /
 * 0.903 → 0.917 / 0.870 / 0.926 / 0.923; Spider 0.851 / 0.790 / 0.721 / 0.647 → 0.851 / 0.803 /
 * 0.741 / 0.690. A fixed weight 3 with one database gained more on BIRD (R@5 0.929) but lost on
 * Spider (0.819), whose short questions often fit several databases.
 */
const ROUTING_POOL = 60;
const ROUTED_DATABASES = 2;
const ROUTING_WEIGHT = 6;
/**
 * Over mixed kinds routing supports more gently (it must not outvote a direct match of another
 * kind). Mixed-kind table R@5 pooled over all datasets, whole dev set: BIRD 0.729 → 0.755, BIRD +
 * evidence 0.845 → 0.869, Spider 0.860 → 0.869 (a fixed weight 3, 150 questions per file, cost
 * Spider 4 points).
 */
const MIXED_ROUTING_WEIGHT = 1.5;

/** `joinEdgeKinds`: edges that join relations like foreign keys (from the registered source kinds). */
/** What structure ranking reads: objects and their edges. */
export type StructureReader = Pick<CatalogStore, 'getObjects' | 'edgesOf' | 'listObjects'>;

export function createStructureRanker(store: StructureReader, retrievers: Retrievers, joinEdgeKinds: ReadonlySet<string>) {
  const { lexical, vector } = retrievers;

  /** Columns by their own lexical and vector searches, fused. */
  async function searchColumns(expanded: ExpandedQuery, query: string, filter: ChunkFilter, depth: number, useVector: boolean) {
    const columnFilter: ChunkFilter = { ...filter, kinds: ['column'] };
    const [lex, vec] = await Promise.all([lexical(expanded, columnFilter, depth), useVector ? vector(query, columnFilter, depth) : Promise.resolve(null)]);
    return fuseRankings([
      { name: 'lexical', ids: lex.ids },
      { name: 'vector', ids: vec?.ids ?? [] },
    ]);
  }

  /**
   * Column evidence for relation results: columns that match the query vote for their table
   * (ranked by each table's best column), so a table whose name says little but whose columns
   * say a lot still ranks. Fused as a third list. With `primary` (a search over every kind) only the columns the
   * search's own lists ranked vote, in their order there; else the columns' own searches find them.
   */
  async function columnEvidence(
    expanded: ExpandedQuery,
    query: string,
    filter: ChunkFilter,
    depth: number,
    useVector: boolean,
    primary: readonly RankedList[] | null,
  ): Promise<string[]> {
    const fused = primary
      ? fuseRankings(primary.map((l) => ({ name: l.name, ids: l.ids.filter(isColumn) })))
      : await searchColumns(expanded, query, filter, depth, useVector);
    const columns = await store.getObjects(fused.map((f) => f.id));
    const parentOf = new Map(columns.map((c) => [c.id, c.parentId]));
    const tables: string[] = [];
    const seen = new Set<string>();
    for (const f of fused) {
      const parent = parentOf.get(f.id);
      if (parent && !seen.has(parent)) {
        seen.add(parent);
        tables.push(parent);
      }
    }
    return tables;
  }

  /** Tables joined by a foreign key to any of `ids`, nearest first; the ids themselves excluded. */
  async function foreignKeyNeighbors(ids: readonly string[]): Promise<string[]> {
    const out: string[] = [];
    const edges = await Promise.all(ids.map((id) => store.edgesOf(id)));
    for (const [i, id] of ids.entries()) {
      const { outgoing, incoming } = edges[i]!;
      const others = [...outgoing, ...incoming].filter((e) => joinEdgeKinds.has(e.kind)).map((e) => (e.fromId === id ? e.toId : e.fromId));
      for (const other of others.sort()) if (!ids.includes(other) && !out.includes(other)) out.push(other);
    }
    return out;
  }

  /**
   * What supplies the inputs of the top results: objects with a join edge INTO them (an
   * operation that yields the id another one takes). A request names its goal, not the step
   * that finds the id: "movies directed by Sofia Coppola" needs `GET /search/person` before
   * `GET /person/{person_id}/movie_credits`. For each input of each top result, the supplier
   * the query itself ranks best (`GET /movie/top_rated` for "the top rated movie"), else the
   * family's first choice (edge `rank` 0: a search, for a request that names things).
   */
  async function suppliers(base: readonly RankedList[]): Promise<RankedList> {
    const fused = fuseRankings(base).map((f) => f.id);
    const position = new Map(fused.slice(0, SUPPLIER_POOL).map((id, i) => [id, i]));
    const seeds = fused.filter((id) => !RELATION_KINDS.includes(parseObjectId(id)?.kind ?? '')).slice(0, SUPPLIER_SEEDS);
    const edges = await Promise.all(seeds.map((id) => store.edgesOf(id)));
    const rankOf = (e: CatalogEdge) => (typeof e.attributes.rank === 'number' ? e.attributes.rank : 0);
    const ids: string[] = [];
    for (const { incoming } of edges) {
      const byInput = new Map<string, CatalogEdge[]>();
      for (const e of incoming) {
        if (!joinEdgeKinds.has(e.kind) || seeds.includes(e.fromId)) continue;
        const input = String(e.attributes.parameter ?? '');
        byInput.set(input, [...(byInput.get(input) ?? []), e]);
      }
      for (const group of byInput.values()) {
        const best = group.sort((a, b) => (position.get(a.fromId) ?? SUPPLIER_POOL + rankOf(a)) - (position.get(b.fromId) ?? SUPPLIER_POOL + rankOf(b)))[0]!;
        if (!ids.includes(best.fromId)) ids.push(best.fromId);
      }
    }
    return { name: 'suppliers', ids, weight: SUPPLIER_WEIGHT };
  }

  /**
   * Lookups (objects marked `lookup`: an API operation that turns a name into ids) for a request
   * that names a particular thing ("the movie The Dark Knight", "Sofia Coppola"): the id is
   * found by name before anything else runs. In the query's own order, a person's lookup first
   * when the name is a person's.
   */
  async function lookups(q: QueryContext, base: readonly RankedList[]): Promise<RankedList[]> {
    const named = namedThings(q.query);
    if (named.names.length === 0) return [];
    const fused = fuseRankings(base)
      .slice(0, LOOKUP_POOL)
      .map((f) => f.id);
    // Lookups rarely share a word with the request ("Sofia Coppola" never says "person"): they
    // are also searched for as lookups of the kind of thing named.
    const asked = await lexical(expandQuery(`search ${named.person ? 'person people ' : ''}${q.query}`), q.filter, LOOKUP_POOL);
    const candidates = [...new Set([...fused, ...asked.ids])];
    const order = new Map(candidates.map((id, i) => [id, i]));
    const found = (await store.getObjects(candidates)).filter((o) => o.attributes.lookup === true);
    const personFirst = (o: { name: string }) => (named.person && PERSON_LOOKUP.test(o.name) ? 0 : 1);
    found.sort((a, b) => personFirst(a) - personFirst(b) || order.get(a.id)! - order.get(b.id)!);
    return [{ name: 'lookups', ids: found.slice(0, LOOKUPS_KEPT).map((o) => o.id), weight: LOOKUP_WEIGHT }];
  }

  /**
   * Signals for ranking relations, on top of the direct lexical and vector lists: columns that
   * vote for their table, tables named outright in the question, and the join neighbours of
   * the best matches (supporting lists never earn the top-rank bonus).
   */
  async function rankRelations(
    expanded: ExpandedQuery,
    query: string,
    filter: ChunkFilter,
    depth: number,
    hasVector: boolean,
    allowed: ReadonlySet<string>,
    base: readonly RankedList[],
    { electSchema = true, primaryColumnsOnly = false }: { electSchema?: boolean; primaryColumnsOnly?: boolean } = {},
  ): Promise<{ lists: RankedList[]; support: RankedList[] }> {
    const lists = [...base];
    const [tables, routing] = await Promise.all([
      columnEvidence(expanded, query, filter, depth * 2, hasVector, primaryColumnsOnly ? base : null),
      retrievers.route(expanded, filter),
    ]);
    const kindOf = new Map((await store.getObjects(tables)).map((o) => [o.id, o.kind]));
    lists.push({ name: 'columns', ids: tables.filter((t) => allowed.has(kindOf.get(t) ?? '')) });
    const fused = fuseRankings(lists, { k: RRF_K, topRankBonus: TOP_RANK_BONUS });
    // Tables the question names outright: +3 R@1 on BIRD, +1 on Spider (dev).
    const support: RankedList[] = [
      {
        name: 'names',
        ids: nameMatches(
          query,
          fused.map((f) => f.id).filter((id) => allowed.has(parseObjectId(id)?.kind ?? '')),
        ),
      },
    ];
    // Questions often need the tables joined to the best match: +4 all@5 on BIRD, +3 on Spider (dev).
    const first = fused.slice(0, NEIGHBOR_SEEDS);
    const neighbors = await foreignKeyNeighbors(first.map((f) => f.id));
    const neighborKinds = new Map((await store.getObjects(neighbors)).map((o) => [o.id, o.kind]));
    support.push({ name: 'neighbors', ids: neighbors.filter((t) => allowed.has(neighborKinds.get(t) ?? '')) });
    // A question's tables live in one database: the candidates of the schema with the most
    // evidence support the ranking (pooled over all datasets: BIRD+evidence all@5 +8, dev).
    if (electSchema) {
      const candidates = withSupport(fused, support).slice(0, SCHEMA_CANDIDATES);
      support.push({ name: 'schema', ids: schemaCoherence(candidates, 1) });
    }
    // Route, then rank: the candidates of the two databases whose tables and columns collect the
    // most evidence for the question (routing.ts), best first, as a supporting list as strong as
    // the routing is decisive (the lead of the first database over the second).
    const pool = withSupport(fused, support)
      .slice(0, ROUTING_POOL)
      .map((f) => f.id);
    const weight = (electSchema ? ROUTING_WEIGHT : MIXED_ROUTING_WEIGHT) * routingMargin(routing);
    support.push({ name: 'routing', ids: routedOrder(pool, routing, ROUTED_DATABASES), weight });
    return { lists, support };
  }

  /** Columns on both ends of the foreign keys (and the joins code declares) that join the given tables to each other. */
  async function joinColumns(tables: readonly string[]): Promise<string[]> {
    const out: string[] = [];
    const edges = await Promise.all(tables.map((t) => store.edgesOf(t)));
    const columnId = (tableId: string, column: string) => {
      const table = parseObjectId(tableId)!;
      return objectId(table.source, 'column', `${table.path}.${column}`);
    };
    for (const { outgoing } of edges) {
      for (const e of outgoing) {
        if (!joinEdgeKinds.has(e.kind) || !tables.includes(e.toId)) continue;
        const from = (e.attributes.columns as string[] | undefined) ?? [];
        const to = (e.attributes.referencedColumns as string[] | undefined) ?? [];
        for (const c of from) if (!out.includes(columnId(e.fromId, c))) out.push(columnId(e.fromId, c));
        for (const c of to) if (!out.includes(columnId(e.toId, c))) out.push(columnId(e.toId, c));
      }
    }
    return out;
  }

  /**
   * Extra lists for a hybrid search asking for `kinds` (none: every kind): primary `lists`
   * (earn the top-rank bonus) and `support` (never lead).
   */
  async function listsFor(kinds: readonly string[], q: QueryContext, base: readonly RankedList[]): Promise<{ lists: RankedList[]; support: RankedList[] }> {
    if (kinds.length === 0) {
      // Over mixed kinds (an agent's first search) the relation signals only support, and the
      // schema election stays out: together they would outvote a direct match of another kind
      // (a glossary term naming the question). Mixed-kind table R@5, pooled over all datasets
      // (dev): BIRD 0.468 → 0.729, BIRD + evidence 0.601 → 0.845, Spider 0.708 → 0.860. Routing
      // supports them at a lower weight (MIXED_ROUTING_WEIGHT).
      const ranked = await rankRelations(q.expanded, q.query, q.filter, q.depth, q.hasVector, new Set(RELATION_KINDS), base, {
        electSchema: false,
        primaryColumnsOnly: true,
      });
      return { lists: [], support: [...ranked.lists.slice(base.length), ...ranked.support, await suppliers(base), ...(await lookups(q, base))] };
    }
    if (kinds.every((k) => !RELATION_KINDS.includes(k) && k !== 'column')) return { lists: [], support: [await suppliers(base), ...(await lookups(q, base))] };
    const wantsRelations = kinds.some((k) => RELATION_KINDS.includes(k)) && !kinds.includes('column');
    const wantsColumns = kinds.length === 1 && kinds[0] === 'column';
    if (wantsRelations) {
      const ranked = await rankRelations(q.expanded, q.query, q.filter, q.depth, q.hasVector, new Set(kinds), base);
      return { lists: ranked.lists.slice(base.length), support: ranked.support };
    }
    if (!wantsColumns) return { lists: [], support: [] };
    // Columns of the tables the question is about come first: rank the relations with the same
    // signals, then let the columns of the top ones support the column ranking.
    const relationFilter = { ...q.filter, kinds: RELATION_KINDS };
    const [relLex, relVec] = await Promise.all([
      lexical(q.expanded, relationFilter, q.depth),
      q.hasVector ? vector(q.query, relationFilter, q.depth) : Promise.resolve(null),
    ]);
    const ranked = await rankRelations(q.expanded, q.query, relationFilter, q.depth, q.hasVector, new Set(RELATION_KINDS), [
      { name: 'lexical', ids: relLex.ids },
      { name: 'vector', ids: relVec?.ids ?? [] },
    ]);
    const topTables = withSupport(fuseRankings(ranked.lists), ranked.support)
      .slice(0, TABLE_SEEDS)
      .map((t) => t.id);
    const candidates = fuseRankings(base).map((f) => f.id);
    const parents = new Map((await store.getObjects(candidates)).map((c) => [c.id, c.parentId ?? '']));
    const lists: RankedList[] = [];
    const support: RankedList[] = [];
    // +9 column recall@10 on BIRD with evidence (dev).
    lists.push({ name: 'tables', ids: columnsOfTables(candidates, parents, topTables) });
    // Queries join on keys the question never mentions: the key columns of the top tables
    // support the ranking (+5 column recall@10 on BIRD with evidence, dev).
    const pages = await Promise.all(topTables.map((t) => store.listObjects({ parentId: t, kinds: ['column'], limit: 500 })));
    support.push({
      name: 'keys',
      ids: pages.flatMap((p) => p.items.filter((c) => c.attributes.isPrimaryKey || typeof c.attributes.references === 'string').map((c) => c.id)),
    });
    // The columns on both ends of the foreign keys joining the top tables (+3, dev).
    lists.push({ name: 'joins', ids: await joinColumns(topTables) });
    support.push({ name: 'names', ids: nameMatches(q.query, candidates) });
    return { lists, support };
  }

  return { listsFor };
}
