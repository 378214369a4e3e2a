/**
 * @module core/code/onboarding
 * The onboarding planner (seed 003's graph context service and plan tool): loads a code
 * source's import graph from the index, resolves the seed (a path, or the request's topic
 * through hybrid search over code chunks), walks the graph around it and writes a plan. The
 * answer always has the same shape: an unresolved seed or a missing graph gives an empty
 * context with a valid plan and the reason.
 */
import type { CatalogStore } from '../../ports/store.js';
import type { SearchOptions, SearchResult } from '../search/types.js';
import { SextantError } from '../../kernel/errors.js';
import { CODE_FILE_KIND, CODE_SOURCE_TYPE, CODE_SYMBOL_KIND, IMPORT_EDGE_KIND } from '../kinds/code/code-kind.js';
import { buildCodeGraph, type CodeGraph } from './code-graph.js';
import { deterministicPlan, type OnboardingPlan } from './plan-steps.js';
import { normalizeSeedPath, resolveSeedPath, type SeedMatch } from './resolve-seed.js';
import { clampTraversal, traverse, type TraversalConfig, type TraversalDirection, type TraversalStats } from './traverse.js';

export interface OnboardingRequest {
  request: string;
  seedFile?: string;
  depth?: number;
  limit?: number;
  direction?: TraversalDirection;
  /** The code source to plan in (default: the one that matches). */
  source?: string;
  /** Only these sources may be read (a session's visible sources); absent: all. */
  allowedSources?: readonly string[];
}

export interface OnboardingContext {
  /** Workspace-relative path of the seed, or null. */
  seedId: string | null;
  relatedFiles: string[];
  depth: number;
  limit: number;
  direction: TraversalDirection;
  stats: TraversalStats;
  source: string | null;
  resolvedBy: SeedMatch | null;
  /** Why the context is empty, when it is. */
  reason?: string;
}

export interface OnboardingResult {
  plan: OnboardingPlan;
  context: OnboardingContext;
  userSummary: string;
}

export interface OnboardingDeps {
  store: Pick<CatalogStore, 'listSources' | 'sourceObjects' | 'sourceEdges'>;
  search: (query: string, options: SearchOptions) => Promise<SearchResult>;
  changeCounter: () => Promise<number>;
  /** Scans a code source that has no graph yet (one try); absent: no scan. */
  rescan?: (source: string) => Promise<void>;
}

export interface OnboardingService {
  plan(request: OnboardingRequest): Promise<OnboardingResult>;
  /** The import graph of one code source (cached until the index changes). */
  graph(source: string): Promise<CodeGraph>;
}

const EMPTY_STATS: TraversalStats = Object.freeze({ nodesVisited: 0, edgesTraversed: 0, maxDepth: 0 });

/** The file a code chunk belongs to: a symbol's path is `<file>#<name>`. */
export function fileOfPath(path: string): string {
  const hash = path.indexOf('#');
  return hash < 0 ? path : path.slice(0, hash);
}

export function createOnboardingService(deps: OnboardingDeps): OnboardingService {
  const cache = new Map<string, { counter: number; graph: CodeGraph }>();

  async function graph(source: string): Promise<CodeGraph> {
    const counter = await deps.changeCounter();
    const cached = cache.get(source);
    if (cached?.counter === counter) return cached.graph;
    const objects = (await deps.store.sourceObjects(source)).filter((o) => o.kind === CODE_FILE_KIND);
    const pathOf = new Map(objects.map((o) => [o.id, o.path]));
    const edges = (await deps.store.sourceEdges(source))
      .filter((e) => e.kind === IMPORT_EDGE_KIND && pathOf.has(e.fromId) && pathOf.has(e.toId))
      .map((e) => ({ source: pathOf.get(e.fromId)!, target: pathOf.get(e.toId)! }));
    const built = buildCodeGraph([...pathOf.values()], edges);
    cache.set(source, { counter, graph: built });
    return built;
  }

  async function codeSources(wanted: string | undefined, allowed: readonly string[] | undefined): Promise<string[]> {
    const sources = (await deps.store.listSources()).filter((s) => s.type === CODE_SOURCE_TYPE && (!allowed || allowed.includes(s.name))).map((s) => s.name);
    if (wanted) {
      if (!sources.includes(wanted))
        throw new SextantError('SOURCE_NOT_FOUND', `no code source '${wanted}'`, {
          hint: sources.length ? `code sources: ${sources.join(', ')}` : 'add one with `sextant source add code ./dir --name NAME`',
        });
      return [wanted];
    }
    if (!sources.length)
      throw new SextantError('SOURCE_NOT_FOUND', 'no code source to plan in', {
        hint: 'add one with `sextant source add code ./dir --name NAME`, then `sextant update`',
      });
    return sources;
  }

  /** Graphs of the sources, scanning once those that have none yet (seed 003: missing graph → one scan, retry). */
  async function graphs(sources: readonly string[]): Promise<Map<string, CodeGraph>> {
    const out = new Map<string, CodeGraph>();
    for (const source of sources) {
      let g = await graph(source);
      if (!g.nodes.length && deps.rescan) {
        await deps.rescan(source).catch(() => undefined);
        g = await graph(source);
      }
      if (g.nodes.length) out.set(source, g);
    }
    return out;
  }

  async function topicSeed(request: string, sources: readonly string[], known: Map<string, CodeGraph>): Promise<{ source: string; id: string } | null> {
    const result = await deps.search(request, {
      sources: [...known.keys()].filter((s) => sources.includes(s)),
      kinds: [CODE_FILE_KIND, CODE_SYMBOL_KIND],
      limit: 10,
    });
    for (const hit of result.hits) {
      const file = fileOfPath(hit.name);
      if (known.get(hit.source)?.forward && known.get(hit.source)!.nodes.includes(file)) return { source: hit.source, id: file };
    }
    return null;
  }

  async function plan(request: OnboardingRequest): Promise<OnboardingResult> {
    const config: TraversalConfig = clampTraversal(request);
    const sources = await codeSources(request.source, request.allowedSources);
    const known = await graphs(sources);
    const empty = (reason: string, source: string | null): OnboardingResult => {
      const anyGraph = known.values().next().value ?? buildCodeGraph([], []);
      const context: OnboardingContext = { seedId: null, relatedFiles: [], ...config, stats: EMPTY_STATS, source, resolvedBy: null, reason };
      return {
        plan: deterministicPlan(anyGraph, { request: request.request, seed: null, related: [], distance: new Map(), reason }),
        context,
        userSummary: `No starting file: ${reason}.`,
      };
    };
    if (!known.size) return empty(`no code graph yet for ${sources.join(', ')}: run \`sextant update\``, sources[0] ?? null);

    let seed: { source: string; id: string; how: SeedMatch } | null = null;
    if (request.seedFile) {
      const path = normalizeSeedPath(request.seedFile);
      for (const [source, g] of known) {
        const found = resolveSeedPath(path, g.nodes);
        if (found) {
          seed = { source, ...found };
          break;
        }
      }
      if (!seed) return empty(`no file matches the seed '${path}'`, request.source ?? null);
    } else {
      const topic = request.request.trim() ? await topicSeed(request.request, sources, known) : null;
      if (!topic) return empty(`no code file matches "${request.request}"`, request.source ?? null);
      seed = { ...topic, how: 'topic' };
    }
    const g = known.get(seed.source)!;
    const walk = traverse(g, seed.id, config);
    const plan = deterministicPlan(g, { request: request.request, seed: seed.id, how: seed.how, related: walk.relatedFiles, distance: walk.distance });
    const context: OnboardingContext = {
      seedId: seed.id,
      relatedFiles: walk.relatedFiles,
      ...config,
      stats: walk.stats,
      source: seed.source,
      resolvedBy: seed.how,
    };
    const userSummary = `Start with ${seed.id} (${seed.how === 'topic' ? 'matched by topic' : `seed matched: ${seed.how}`}); ${walk.relatedFiles.length} related file${walk.relatedFiles.length === 1 ? '' : 's'} within ${config.depth} import${config.depth === 1 ? '' : 's'} (${config.direction}); ${plan.steps.length} steps.`;
    return { plan, context, userSummary };
  }

  return { plan, graph };
}
