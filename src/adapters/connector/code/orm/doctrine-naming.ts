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
 * A project's strategy is set in its Symfony config (`doctrine.orm.naming_strategy`), which a code
 * scan does not read. A table is named by the underscore strategy, with the default one's name as an
 * alternative where the two differ; the columns of a join, which have no alternatives, by the
 * strategy the project's PHP suggests (`namingOf`).
 */

export interface NamingStrategy {
  classToTableName(className: string): string;
  joinColumnName(property: string): string;
  joinTableName(source: string, target: string): string;
  joinKeyColumnName(className: string, referenced?: string): string;
}

const shortName = (className: string) => className.slice(className.lastIndexOf('\\') + 1);

/** Doctrine's `UnderscoreNamingStrategy::underscore` (the number-aware pattern, Doctrine 3's only one), in lower case. */
export const underscore = (name: string) => name.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();

export const DEFAULT_NAMING: NamingStrategy = {
  classToTableName: shortName,
  joinColumnName: (property) => `${property}_id`,
  joinTableName: (source, target) => `${shortName(source)}_${shortName(target)}`.toLowerCase(),
  joinKeyColumnName: (className, referenced) => `${shortName(className)}_${referenced ?? 'id'}`.toLowerCase(),
};

export const UNDERSCORE_NAMING: NamingStrategy = {
  classToTableName: (className) => underscore(shortName(className)),
  joinColumnName: (property) => `${underscore(property)}_id`,
  joinTableName: (source, target) => `${underscore(shortName(source))}_${underscore(shortName(target))}`,
  joinKeyColumnName: (className, referenced) => `${underscore(shortName(className))}_${referenced ?? 'id'}`,
};

/** The table an entity without a name has: the underscore strategy's, and the default one's when it differs (`BlogPost`; the catalog's lookup ignores case). */
export function defaultTableNames(className: string): { table: string; alternatives: string[] } {
  const table = UNDERSCORE_NAMING.classToTableName(className);
  const other = DEFAULT_NAMING.classToTableName(className);
  return { table, alternatives: other.toLowerCase() === table ? [] : [other] };
}

/**
 * The strategy a project's columns are named by: the one its PHP configures (Symfony's PHP config
 * naming `doctrine.orm.naming_strategy.underscore_number_aware` or `…default`, a bootstrap's
 * `setNamingStrategy(new UnderscoreNamingStrategy(…))`); else the underscore one in a Symfony project
 * (a project whose PHP names `Symfony\…` or `Doctrine\Bundle\…`: Symfony's recipe configures it, in
 * YAML the scan does not read); else Doctrine's default.
 */
export function namingOf(texts: Iterable<string>): NamingStrategy {
  let symfony = false;
  for (const text of texts) {
    const configured = /doctrine\.orm\.naming_strategy\.(\w+)|setNamingStrategy\s*\(\s*new\s+\\?(?:[\w\\]*\\)?(\w+)NamingStrategy\b/.exec(text);
    if (configured) return /^underscore/i.test(configured[1] ?? configured[2]!) ? UNDERSCORE_NAMING : DEFAULT_NAMING;
    symfony ||= /\b(?:Symfony|Doctrine\\Bundle)\\/.test(text);
  }
  return symfony ? UNDERSCORE_NAMING : DEFAULT_NAMING;
}
