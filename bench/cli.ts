/**
 * Benchmark runner: `npm run bench -- <name> [options]`. Benchmarks measure; tests assert.
 */
const BENCHES: Record<string, () => Promise<{ run(argv: string[]): Promise<void> }>> = {
  'api-retrieval': () => import('./api-retrieval/index.js'),
  'code-scale': () => import('./code-scale.js'),
  'context-drafts': () => import('./context-drafts/index.js'),
  documents: () => import('./doc-retrieval/index.js'),
  ingest: () => import('./ingest.js'),
  mcp: () => import('./mcp.js'),
  onboarding: () => import('./code-onboarding/index.js'),
  'schema-linking': () => import('./schema-linking/index.js'),
  scale: () => import('./scale.js'),
  team: () => import('./team.js'),
  'train-onboarding': () => import('./train-onboarding/index.js'),
  'train-ranker': () => import('./train-ranker/index.js'),
};

async function main(): Promise<void> {
  const [name, ...rest] = process.argv.slice(2);
  const load = name ? BENCHES[name] : undefined;
  if (!load) {
    console.error(`usage: npm run bench -- <${Object.keys(BENCHES).join('|')}> [options]`);
    process.exitCode = 2;
    return;
  }
  await (await load()).run(rest);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
