/**
 * @module adapters/connector/code/orm/rails-inflections
 * The names Rails derives from class and association names: a word's plural by ActiveSupport's
 * default English inflections (its irregular words, its uncountable ones, its suffix rules, the
 * first that matches from the last defined winning), a class name underscored and an association's
 * name camelized (with the acronyms a project declares), and the join table of two tables. A
 * project's own `inflect.acronym`, `inflect.irregular` and `inflect.uncountable` are added. The
 * `pluralize` package answers otherwise for many words a model is named after (`campus`, `hero`,
 * `schema`, `feedback`, `criterion`), so the plural follows Rails' rules; the singular, used only
 * to guess a class from an association's name, is the package's.
 */
import pluralize from 'pluralize';
import { snake } from './name-case.js';

const IRREGULAR: Readonly<Record<string, string>> = { person: 'people', man: 'men', child: 'children', sex: 'sexes', move: 'moves', zombie: 'zombies' };
const UNCOUNTABLE = new Set(['equipment', 'information', 'rice', 'money', 'species', 'series', 'fish', 'sheep', 'jeans', 'police']);

/** ActiveSupport's plural rules, the first that matches winning (they are tried from the last defined). */
const PLURAL: ReadonlyArray<[RegExp, string]> = [
  [/(quiz)$/i, '$1zes'],
  [/^(oxen)$/i, '$1'],
  [/^(ox)$/i, '$1en'],
  [/^(m|l)ice$/i, '$1ice'],
  [/^(m|l)ouse$/i, '$1ice'],
  [/(matr|vert|ind)(?:ix|ex)$/i, '$1ices'],
  [/(x|ch|ss|sh)$/i, '$1es'],
  [/([^aeiouy]|qu)y$/i, '$1ies'],
  [/(hive)$/i, '$1s'],
  [/(?:([^f])fe|([lr])f)$/i, '$1$2ves'],
  [/sis$/i, 'ses'],
  [/([ti])a$/i, '$1a'],
  [/([ti])um$/i, '$1a'],
  [/(buffal|tomat)o$/i, '$1oes'],
  [/(bu)s$/i, '$1ses'],
  [/(alias|status)$/i, '$1es'],
  [/(octop|vir)i$/i, '$1i'],
  [/(octop|vir)us$/i, '$1i'],
  [/^(ax|test)is$/i, '$1es'],
  [/s$/i, 's'],
  [/$/, 's'],
];

/** The inflections a project adds in `ActiveSupport::Inflector.inflections do |inflect| … end`: acronyms, irregular and uncountable words. */
export interface ProjectInflections {
  acronyms: readonly string[];
  irregular: Readonly<Record<string, string>>;
  uncountable: readonly string[];
}

const QUOTED = /["'](\w+)["']/g;

/** What the project's `inflect.acronym 'GitHub'`, `inflect.irregular 'octopus', 'octopi'`, `inflect.uncountable %w[media]` add (text with comments blanked). */
export function projectInflections(texts: Iterable<string>): ProjectInflections {
  const out = { acronyms: [] as string[], irregular: {} as Record<string, string>, uncountable: [] as string[] };
  for (const text of texts) {
    if (!text.includes('inflect')) continue;
    for (const m of text.matchAll(/\b\w+\.(acronym|irregular|uncountable)\b[ \t(]*([^\n]*)/g)) {
      const args = m[2]!;
      const quoted = [...args.matchAll(QUOTED)].map((q) => q[1]!);
      const listed = /%w[[(]([^\])]*)[\])]/.exec(args)?.[1]?.split(/\s+/).filter(Boolean) ?? [];
      if (m[1] === 'acronym' && quoted[0]) out.acronyms.push(quoted[0]);
      else if (m[1] === 'irregular' && quoted.length === 2) out.irregular[quoted[0]!.toLowerCase()] = quoted[1]!.toLowerCase();
      else if (m[1] === 'uncountable') out.uncountable.push(...quoted, ...listed);
    }
  }
  return out;
}

const NO_INFLECTIONS: ProjectInflections = { acronyms: [], irregular: {}, uncountable: [] };

/** Rails' inflections of names, with the project's own added. */
export interface Inflector {
  /** The plural Rails gives a word (`line_item` → `line_items`, `person` → `people`, `status` → `statuses`); its last word is inflected. */
  plural(word: string): string;
  /** The singular of an association's name (`line_items` → `line_item`). */
  singular(word: string): string;
  /** A class's name as Rails underscores it, its namespace dropped: `Admin::LineItem` → `line_item`, `HTMLPage` → `html_page`, `GitHubUser` → `github_user` with the acronym `GitHub`. */
  underscore(name: string): string;
  /** An association's name as the class Rails looks up: `line_item` → `LineItem`, `admin/user` → `Admin::User`, `github_user` → `GitHubUser` with the acronym `GitHub`. */
  camelize(name: string): string;
}

export function railsInflector(project: ProjectInflections = NO_INFLECTIONS): Inflector {
  const irregular: Record<string, string> = { ...IRREGULAR, ...project.irregular };
  const uncountable = new Set([...UNCOUNTABLE, ...project.uncountable.map((w) => w.toLowerCase())]);
  const acronyms = new Map(project.acronyms.map((a) => [a.toLowerCase(), a]));
  const acronymPattern = project.acronyms.length
    ? new RegExp(String.raw`(?:(?<=([A-Za-z\d]))|\b)(${project.acronyms.join('|')})(?=\b|[^a-z])`, 'g')
    : undefined;
  const lastWord = (word: string) => /[a-z\d]+$/i.exec(word)?.[0] ?? '';
  return {
    plural(word) {
      const last = lastWord(word);
      const head = word.slice(0, word.length - last.length);
      if (uncountable.has(last.toLowerCase())) return word;
      const known = irregular[last.toLowerCase()];
      if (known) return head + known;
      for (const [rule, replacement] of PLURAL) if (rule.test(last)) return head + last.replace(rule, replacement);
      return word;
    },
    singular(word) {
      const last = lastWord(word);
      const known = Object.entries(irregular).find(([, p]) => p === last.toLowerCase());
      return word.slice(0, word.length - last.length) + (known ? known[0] : uncountable.has(last.toLowerCase()) ? last : pluralize.singular(last));
    },
    underscore(name) {
      const last = name.split('::').at(-1)!;
      return snake(
        acronymPattern
          ? last.replace(acronymPattern, (_m, before: string | undefined, acronym: string) => `${before ? '_' : ''}${acronym.toLowerCase()}`)
          : last,
      );
    },
    camelize: (name) =>
      name
        .split('/')
        .map((part) => part.replace(/(?:^|_)([a-z\d]*)/gi, (_m, w: string) => acronyms.get(w.toLowerCase()) ?? w.charAt(0).toUpperCase() + w.slice(1)))
        .join('::'),
  };
}

/** The join table Rails gives two tables: in lexical order, joined by `_`, a common prefix kept once (`music_artists`, `music_records` → `music_artists_records`). */
export function joinTableName(a: string, b: string): string {
  const [first, second] = [a, b].sort();
  const prefix = /^(.*_)/.exec(first!)?.[1];
  // the longest prefix ending in `_` both share, the first keeping something after it
  for (let p = prefix; p; p = /^(.*_)/.exec(p.slice(0, -1))?.[1])
    if (second!.startsWith(p) && first!.length > p.length && second!.length > p.length) return `${first}_${second!.slice(p.length)}`;
  return `${first}_${second}`;
}
