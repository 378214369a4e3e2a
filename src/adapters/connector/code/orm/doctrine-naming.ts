/**
 * @module adapters/connector/code/orm/doctrine-naming
 * The names Doctrine ORM gives what an entity's mapping does not name, by its two naming strategies:
 * - `DefaultNamingStrategy` (Doctrine's own default): a table is the class's short name as written
 *   (`BlogPost`), a join column the property's name and `_id` (`author_id`), a join table both
 *   classes' short names joined by `_` in lower case (`blogpost_tag`), a join table's key column
 *   the class's in lower case and `_id`;
 * - `UnderscoreNamingStrategy` (Symfony's recipe configures `underscore_number_aware`): the same in
 *   snake case, `_` put before each capital following a small letter or a digit (`BlogPost`,
 *   `blog_post`; `blogPost_id` becomes `blog_post_id`).
 * A project's strategy is set in its Symfony config (`doctrine.orm.naming_strategy`, doctrine-config).
 * A table is named first by the strategy the project's Symfony config sets, else by the underscore
 * one, with the other strategies' names as alternatives where they differ; the columns of a join,
 * which have no alternatives, by the strategy the project configures, else the one its PHP suggests
 * (`namingOf`).
 */

export interface NamingStrategy {
  classToTableName(className: string): string;
  joinColumnName(property: string): string;
  joinTableName(source: string, target: string): string;
  joinKeyColumnName(className: string, referenced?: string): string;
}

const shortName = (className: string) => className.slice(className.lastIndexOf('\\') + 1);

/**
 * Doctrine's `UnderscoreNamingStrategy::underscore`, in lower case: number aware (Doctrine 3's only
 * pattern), `Address2Line` is `address2_line`; else Doctrine 2's default pattern, `address2line`.
 */
export const underscore = (name: string, numberAware = true) => name.replace(numberAware ? /(?<=[a-z0-9])([A-Z])/g : /(?<=[a-z])([A-Z])/g, '_$1').toLowerCase();

export const DEFAULT_NAMING: NamingStrategy = {
  classToTableName: shortName,
  joinColumnName: (property) => `${property}_id`,
  joinTableName: (source, target) => `${shortName(source)}_${shortName(target)}`.toLowerCase(),
  joinKeyColumnName: (className, referenced) => `${shortName(className)}_${referenced ?? 'id'}`.toLowerCase(),
};

const underscoreNaming = (numberAware: boolean): NamingStrategy => {
  const snake = (name: string) => underscore(name, numberAware);
  return {
    classToTableName: (className) => snake(shortName(className)),
    joinColumnName: (property) => `${snake(property)}_id`,
    joinTableName: (source, target) => `${snake(shortName(source))}_${snake(shortName(target))}`,
    joinKeyColumnName: (className, referenced) => `${snake(shortName(className))}_${referenced ?? 'id'}`,
  };
};

export const UNDERSCORE_NAMING: NamingStrategy = underscoreNaming(true);
/** Doctrine 2's `UnderscoreNamingStrategy` made without `$numberAware` (DoctrineBundle's `…naming_strategy.underscore` service). */
export const UNDERSCORE_LEGACY_NAMING: NamingStrategy = underscoreNaming(false);

/**
 * The names each strategy gives (`name`), `preferred`'s first, then the underscore and the default
 * strategy's where they differ (the catalog's lookup ignores case).
 */
export function namesBy(name: (strategy: NamingStrategy) => string, preferred: NamingStrategy = UNDERSCORE_NAMING): { table: string; alternatives: string[] } {
  const [table, ...others] = [preferred, UNDERSCORE_NAMING, DEFAULT_NAMING].map(name) as [string, ...string[]];
  const seen = new Set([table.toLowerCase()]);
  const alternatives = others.filter((other) => !seen.has(other.toLowerCase()) && seen.add(other.toLowerCase()));
  return { table, alternatives };
}

/** The table an entity without a name has: `preferred`'s name (the project's configured strategy, else the underscore one), then the others' (`BlogPost`). */
export const defaultTableNames = (className: string, preferred?: NamingStrategy) => namesBy((s) => s.classToTableName(className), preferred);

/**
 * The strategy a project's columns are named by: the one its Symfony YAML config sets (`configured`,
 * doctrine-config); else the one its PHP configures (Symfony's PHP config
 * naming `doctrine.orm.naming_strategy.underscore_number_aware` or `…default`, a bootstrap's
 * `setNamingStrategy(new UnderscoreNamingStrategy(…))`); else the underscore one in a Symfony project
 * (a project whose PHP names `Symfony\…` or `Doctrine\Bundle\…`, whose config is not found: Symfony's
 * recipe configures it); else Doctrine's default.
 */
export function namingOf(texts: Iterable<string>, configured?: NamingStrategy): NamingStrategy {
  if (configured) return configured;
  let symfony = false;
  for (const text of texts) {
    const named = /doctrine\.orm\.naming_strategy\.(\w+)|setNamingStrategy\s*\(\s*new\s+\\?(?:[\w\\]*\\)?(\w+)NamingStrategy\b/.exec(text);
    if (named) return /^underscore/i.test(named[1] ?? named[2]!) ? UNDERSCORE_NAMING : DEFAULT_NAMING;
    symfony ||= /\b(?:Symfony|Doctrine\\Bundle)\\/.test(text);
  }
  return symfony ? UNDERSCORE_NAMING : DEFAULT_NAMING;
}
