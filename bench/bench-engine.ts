/** The engine a benchmark measures: its own index in `home`, no user config, the builtin word vectors cached once for every bench run. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuiltinCache, openEngine } from '../src/app.js';
import { loadConfig, type SextantConfig } from '../src/config/load-config.js';
import type { Engine } from '../src/core/engine.js';

/** The config of a bench's own index in `home` (the builtin word-vector cache built first when it is the provider). */
export async function benchConfig(home: string): Promise<SextantConfig> {
  const config = loadConfig({
    env: {
      ...process.env,
      SEXTANT_HOME: home,
      SEXTANT_CONFIG: join(home, 'no-config.yaml'),
      SEXTANT_MODELS_DIR: process.env.SEXTANT_MODELS_DIR || join(tmpdir(), 'sextant-bench-models'),
    },
  });
  if (config.get('embeddings.provider') === 'builtin') await ensureBuiltinCache(config);
  return config;
}

export async function openBenchEngine(home: string): Promise<Engine> {
  return openEngine(await benchConfig(home));
}
