/**
 * @module config/load-config
 * Resolves settings once: CLI flags > environment (SEXTANT_*) > YAML file > defaults,
 * remembering where each value came from. The only module that reads process.env.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { SextantError } from '../kernel/errors.js';
import { redactDsn } from '../kernel/redact.js';
import { closest } from '../kernel/suggest.js';
import { SETTINGS, type SettingKey, type SettingSpec, type SettingValue } from './settings.js';

export type Origin = 'flag' | 'env' | 'file' | 'default';

export interface ResolvedSetting {
  key: string;
  value: unknown;
  origin: Origin;
  /** Where exactly: `--flag`, env var name, file path. */
  from: string;
  secret: boolean;
}

export interface SextantConfig {
  home: string;
  indexPath: string;
  modelsDir: string;
  configFile: string;
  settings: Readonly<Record<string, ResolvedSetting>>;
  /** The value of a setting, typed from the settings table: `get('mcp.port')` is a number; null only for keys without a default. */
  get<K extends SettingKey>(key: K): SettingValue<K>;
}

export interface LoadOptions {
  env?: NodeJS.ProcessEnv;
  /** Dotted keys given on the command line. */
  flags?: Record<string, unknown>;
  configFile?: string;
  /** The file was named by the user (`--config`): its absence is an error, not "no settings". */
  requireConfigFile?: boolean;
}

export function defaultConfigFile(env: NodeJS.ProcessEnv): string {
  if (env.SEXTANT_CONFIG) return env.SEXTANT_CONFIG;
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'sextant', 'config.yaml');
}

function defaultHome(env: NodeJS.ProcessEnv): string {
  const cache = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'sextant');
}

/** Replaces `${VAR}` in every string of a parsed YAML value. */
function substituteEnv(value: unknown, env: NodeJS.ProcessEnv, file: string): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name: string) => {
      const v = env[name];
      if (v === undefined) {
        throw new SextantError('CONFIG_INVALID', `${file} refers to \${${name}}, which is not set`, { hint: `export ${name} or remove it from the file` });
      }
      return v;
    });
  }
  if (Array.isArray(value)) return value.map((v) => substituteEnv(v, env, file));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteEnv(v, env, file)]));
  }
  return value;
}

function lookup(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function readConfigFile(file: string, env: NodeJS.ProcessEnv, explicit: boolean): unknown {
  if (!existsSync(file)) {
    if (explicit) throw new SextantError('CONFIG_INVALID', `config file ${file} does not exist`, { hint: 'check the --config path, or leave it out' });
    return {};
  }
  let parsed: unknown;
  try {
    parsed = parseYaml(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new SextantError('CONFIG_INVALID', `${file} is not valid YAML: ${(err as Error).message.split('\n')[0]}`, { hint: 'fix the file or move it away' });
  }
  parsed ??= {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new SextantError(
      'CONFIG_INVALID',
      `${file} must hold a mapping of settings (key: value), not ${Array.isArray(parsed) ? 'a list' : `a ${typeof parsed}`}`,
      {
        hint: 'write settings as `embeddings:\n  provider: builtin` (`sextant config` lists them)',
      },
    );
  }
  const tree = parsed as Record<string, unknown>;
  // `documents:` may be the list of declared document sources itself (seed 004's DocumentConfig list)
  if (Array.isArray(tree.documents)) tree.documents = { sources: tree.documents };
  rejectUnknownKeys(tree, file);
  return substituteEnv(tree, env, file);
}

/** Every leaf of the file must be a known setting: a misspelt key would silently do nothing. */
function rejectUnknownKeys(tree: object, file: string): void {
  const known: string[] = SETTINGS.map((s) => s.key);
  const prefixes = new Set(known.flatMap((k) => k.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'))));
  const walk = (node: unknown, path: string): void => {
    if (path && known.includes(path)) return;
    if (path && !prefixes.has(path)) {
      const near = closest(path, known, 3);
      throw new SextantError('CONFIG_INVALID', `${file}: unknown setting '${path}'${near.length ? `; did you mean ${near.join(', ')}?` : ''}`, {
        hint: '`sextant config` lists every setting',
      });
    }
    if (node && typeof node === 'object' && !Array.isArray(node)) for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(tree, '');
}

function validate(spec: SettingSpec, raw: unknown, where: string): unknown {
  const result = spec.schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]?.message ?? 'invalid value';
    throw new SextantError('CONFIG_INVALID', `${spec.key} from ${where}: ${issue}`, { hint: `expected: ${spec.description}` });
  }
  return result.data;
}

export function loadConfig(options: LoadOptions = {}): SextantConfig {
  const env = options.env ?? process.env;
  const configFile = options.configFile ?? defaultConfigFile(env);
  const fileTree = readConfigFile(configFile, env, options.requireConfigFile === true);
  const flags = options.flags ?? {};
  const settings: Record<string, ResolvedSetting> = {};

  for (const spec of SETTINGS) {
    const secret = Boolean(spec.secret);
    const flag = flags[spec.key];
    const fromEnv = env[spec.env];
    const fromFile = lookup(fileTree, spec.key);
    let resolved: ResolvedSetting;
    if (flag !== undefined && flag !== null) {
      resolved = { key: spec.key, value: validate(spec, flag, 'command line'), origin: 'flag', from: 'command line', secret };
    } else if (fromEnv !== undefined && fromEnv !== '') {
      resolved = { key: spec.key, value: validate(spec, fromEnv, spec.env), origin: 'env', from: spec.env, secret };
    } else if (fromFile !== undefined && fromFile !== null) {
      resolved = { key: spec.key, value: validate(spec, fromFile, configFile), origin: 'file', from: configFile, secret };
    } else {
      resolved = { key: spec.key, value: spec.default, origin: 'default', from: 'default', secret };
    }
    settings[spec.key] = resolved;
  }

  const homeSetting = settings.home!;
  if (homeSetting.value === null) homeSetting.value = defaultHome(env);
  const home = String(homeSetting.value);
  Object.freeze(settings);
  return Object.freeze({
    home,
    indexPath: join(home, 'index.sqlite'),
    modelsDir: String(settings['models.dir']?.value ?? join(home, 'models')),
    configFile,
    settings,
    get<K extends SettingKey>(key: K): SettingValue<K> {
      return (settings[key]?.value ?? null) as SettingValue<K>;
    },
  });
}

/** Printable view of the effective configuration, secrets masked. */
export function describeConfig(config: SextantConfig): Array<{ key: string; value: unknown; origin: Origin; from: string }> {
  return Object.values(config.settings).map((s) => ({
    key: s.key,
    value: s.secret && s.value !== null ? '***' : typeof s.value === 'string' ? redactDsn(s.value) : s.value,
    origin: s.origin,
    from: s.from,
  }));
}
