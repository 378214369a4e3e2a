/**
 * @module adapters/connector/code/orm/doctrine-config
 * The naming strategy a Symfony project configures for Doctrine, read from its YAML config
 * (`config/packages/doctrine.yaml`, a Symfony 2–3 `app/config/config.yml`):
 * `doctrine.orm.naming_strategy`, or that of the default entity manager under
 * `doctrine.orm.entity_managers` (`default_entity_manager`, else `default`, else the first). The
 * base config is read before an environment's (`when@prod:`, `config/packages/prod/`). A config
 * with an `orm` section naming none takes DoctrineBundle's default, `doctrine.orm.naming_strategy.default`
 * (its `Configuration::getOrmEntityManagersNode`). Of DoctrineBundle's services (`config/orm.xml`),
 * `…underscore_number_aware` is `UnderscoreNamingStrategy(CASE_LOWER, true)`; `…underscore` is
 * made without arguments, number aware only from Doctrine ORM 3 on (3 dropped the other pattern),
 * which the project's composer.json tells by its `doctrine/orm` requirement.
 */
import { parse } from 'yaml';
import { DEFAULT_NAMING, UNDERSCORE_LEGACY_NAMING, UNDERSCORE_NAMING, type NamingStrategy } from './doctrine-naming.js';
import type { ConfigText } from './orm-reader.js';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A config that sets one environment's values only. */
const ENVIRONMENT = /(?:^|\/)config\/packages\/[\w-]+\/|\/config_\w+\.ya?ml$/;

/** The `doctrine.orm` sections of a parsed config: its own, then each environment's (`when@prod`). */
function ormSections(root: Node): Node[] {
  const out: Node[] = [];
  const take = (node: unknown) => {
    const orm = isNode(node) && isNode(node.doctrine) ? node.doctrine.orm : undefined;
    if (isNode(orm)) out.push(orm);
  };
  take(root);
  for (const [key, value] of Object.entries(root)) if (key.startsWith('when@')) take(value);
  return out;
}

/** The naming strategy service an `orm` section names: its own, or its default entity manager's. */
function strategyOf(orm: Node): string | undefined {
  if (typeof orm.naming_strategy === 'string') return orm.naming_strategy;
  const managers = isNode(orm.entity_managers) ? orm.entity_managers : undefined;
  if (!managers) return undefined;
  const name = typeof orm.default_entity_manager === 'string' ? orm.default_entity_manager : 'default';
  const manager = managers[name] ?? Object.values(managers)[0];
  return isNode(manager) && typeof manager.naming_strategy === 'string' ? manager.naming_strategy : undefined;
}

/** Whether the project's composer.json requires Doctrine ORM 2 only (`^2.8`, `~2.7 || ^2.10`). */
function requiresOrm2(configs: readonly ConfigText[]): boolean {
  const composer = configs.find((c) => c.path === 'composer.json');
  let required: unknown;
  try {
    required = composer && (JSON.parse(composer.text) as { require?: Record<string, unknown> }).require?.['doctrine/orm'];
  } catch {
    return false;
  }
  if (typeof required !== 'string') return false;
  const majors = required.split('|').flatMap((alternative) => {
    const m = /^\s*([~^]|=|v)?\s*(\d+)/.exec(alternative);
    return m ? [Number(m[2])] : alternative.trim() ? [Number.NaN] : [];
  });
  return majors.length > 0 && majors.every((major) => major === 2);
}

/** The strategy of a service id, for DoctrineBundle's own services (a project's own service: none). */
function strategyNamed(service: string, configs: readonly ConfigText[]): NamingStrategy | undefined {
  const m = /^doctrine\.orm\.naming_strategy\.(default|underscore|underscore_number_aware)$/.exec(service.replace(/^@/, ''));
  if (!m) return undefined;
  if (m[1] === 'default') return DEFAULT_NAMING;
  return m[1] === 'underscore' && requiresOrm2(configs) ? UNDERSCORE_LEGACY_NAMING : UNDERSCORE_NAMING;
}

/** The naming strategy the project's Symfony YAML configures for Doctrine ORM; none without such a config, or for a strategy of its own. */
export function configuredNaming(configs: readonly ConfigText[]): NamingStrategy | undefined {
  const yaml = configs.filter((c) => /\.ya?ml$/.test(c.path) && /^\s*doctrine\s*:/m.test(c.text));
  const ordered = [...yaml.filter((c) => !ENVIRONMENT.test(c.path)), ...yaml.filter((c) => ENVIRONMENT.test(c.path))];
  let sections = 0;
  for (const config of ordered) {
    let root: unknown;
    try {
      root = parse(config.text, { logLevel: 'silent', uniqueKeys: false });
    } catch {
      continue;
    }
    if (!isNode(root)) continue;
    for (const orm of ormSections(root)) {
      sections++;
      const service = strategyOf(orm);
      if (service) return strategyNamed(service, configs);
    }
  }
  return sections ? DEFAULT_NAMING : undefined;
}
