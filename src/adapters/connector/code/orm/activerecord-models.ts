/**
 * @module adapters/connector/code/orm/activerecord-models
 * A Rails project's ActiveRecord models, read from all its Ruby files together: a class is a model
 * when its superclass is `ActiveRecord::Base`, `ApplicationRecord` or another model of the project
 * (found by Ruby's constant lookup from where the class is written). An abstract one
 * (`self.abstract_class = true`, `primary_abstract_class`) has no table. A model's table is its
 * `self.table_name`, else an STI subclass's is its parent model's, else Rails' name for it: the
 * class name without its namespace, underscored and pluralized (`Admin::LineItem` → `line_items`),
 * after the singular table of a model it is nested in (`Invoice::Item` → `invoice_items`), and
 * after the `table_name_prefix` of the innermost module around it that defines one (`def
 * self.table_name_prefix` returning a string, or an engine's `isolate_namespace`), else of its own
 * class or an abstract base (`self.table_name_prefix = 'legacy_'`). `self.pluralize_table_names =
 * false` anywhere keeps names singular. Also read: each model's primary key (`self.primary_key`),
 * its scopes and class methods, and its body, where its associations are, with the `included` blocks
 * of the concerns it or its abstract bases include (activerecord-concerns).
 */
import { concernOf, concernsReached, includedModules, type ArConcern, type RubyBody } from './activerecord-concerns.js';
import { constantCandidates, rubyScopes, type RubyScope } from './ruby-blocks.js';
import { projectInflections, railsInflector, type Inflector } from './rails-inflections.js';

export interface ArModel {
  /** Its full name: `Admin::User`. */
  name: string;
  /** The model it inherits from (single-table inheritance), whose associations are its own too. */
  parent?: string | undefined;
  table: string;
  primaryKey: string;
  /** The column other tables reference it by, Rails' default: `Admin::LineItem` → `line_item_id`. */
  foreignKey: string;
  /** Its scopes' names and its other class methods', its abstract bases' and STI parents' too. */
  scopeNames: ReadonlySet<string>;
  classMethods: ReadonlySet<string>;
  /** Where it is declared: the file, its text with comments blanked, its body. */
  path: string;
  text: string;
  index: number;
  body: { start: number; end: number };
  /** Where its associations are written: its body, then the \`included\` blocks of the concerns it includes. */
  bodies: readonly RubyBody[];
  /** Where the scopes it has are written: its body and its abstract bases' and STI parents', and the \`included\` blocks of the concerns they include. */
  scopeBodies: readonly RubyBody[];
  /** The classes and modules of its file, for looking constants up. */
  scopes: readonly RubyScope[];
}

/** One `class` statement of the project, its body's settings read. */
interface ClassDeclaration {
  scope: RubyScope;
  /** The nesting the class statement is written in, innermost first: where its superclass is looked up. */
  outer: string[];
  path: string;
  text: string;
  scopes: readonly RubyScope[];
  tableName?: string | undefined;
  primaryKey?: string | undefined;
  prefix?: string | undefined;
  abstract: boolean;
  scopeNames: string[];
  methods: string[];
  /** The modules it includes, each as the names it may stand for. */
  includes: string[][];
}

const STRING_OR_SYMBOL = String.raw`(?:["']([\w.]*)["']|:(\w+))`;
const setting = (name: string) => new RegExp(String.raw`^[ \t]*self\.${name}\s*=\s*${STRING_OR_SYMBOL}`, 'm');
const TABLE_NAME_PREFIX = new RegExp(String.raw`\bdef\s+self\.table_name_prefix\b(?:\s*\(\s*\))?\s*(?:=\s*)?(?:;|\n)?\s*["']([\w.]*)["']`);

/** The text of a scope's body outside the scopes nested in it (blanked), offsets kept. */
function ownBody(text: string, scope: RubyScope, scopes: readonly RubyScope[]): string {
  let body = text.slice(scope.start, scope.end);
  for (const inner of scopes)
    if (inner !== scope && inner.index > scope.start && inner.end <= scope.end)
      body = body.slice(0, inner.index - scope.start) + ' '.repeat(inner.end - inner.index) + body.slice(inner.end - scope.start);
  return body;
}

/** A class's methods callable on it besides its scopes: `def self.x`, and the `def x` of its `class << self`. */
function classMethodsOf(body: string): string[] {
  const names = [...body.matchAll(/\bdef\s+self\.(\w+[?!]?)/g)].map((m) => m[1]!);
  for (const singleton of body.matchAll(/^([ \t]*)class\s*<<\s*self\b/gm)) {
    const indent = singleton[1]!.length;
    const rest = body.slice(singleton.index + singleton[0].length);
    const close = new RegExp(String.raw`^[ \t]{0,${indent}}end\b`, 'm').exec(rest);
    for (const d of (close ? rest.slice(0, close.index) : rest).matchAll(/\bdef\s+(\w+[?!]?)/g)) names.push(d[1]!);
  }
  return names;
}

interface Declarations {
  classes: ClassDeclaration[];
  /** The `table_name_prefix` of modules, by full name. */
  prefixes: Map<string, string>;
  /** The concerns, by the module's full name. */
  concerns: Map<string, ArConcern>;
  singular: boolean;
  inflector: Inflector;
}

function declarations(files: ReadonlyArray<{ path: string; text: string }>): Declarations {
  const classes: ClassDeclaration[] = [];
  const prefixes = new Map<string, string>();
  const concerns = new Map<string, ArConcern>();
  let singular = false;
  const texts = files.filter((f) => /\b(?:class|module|inflect)\b/.test(f.text));
  const inflector = railsInflector(projectInflections(texts.filter((t) => t.text.includes('Inflector.inflections')).map((t) => t.text)));
  for (const { path, text } of texts) {
    if (/\bpluralize_table_names\s*=\s*false\b/.test(text)) singular = true;
    const scopes = rubyScopes(text);
    for (const scope of scopes) {
      const body = ownBody(text, scope, scopes);
      const nesting = scopes
        .filter((s) => s.start <= scope.index && scope.index < s.end)
        .map((s) => s.name)
        .reverse();
      if (scope.kind === 'module') {
        const concern = concernOf(path, text, body, scope.start, [scope.name, ...nesting]);
        const known = concerns.get(scope.name);
        // a module reopened in two files is one concern
        if (concern && known)
          for (const key of ['included', 'includes', 'scopeNames', 'classMethods'] as const) (known[key] as unknown[]).push(...concern[key]);
        else if (concern) concerns.set(scope.name, concern);
        const prefix =
          TABLE_NAME_PREFIX.exec(body)?.[1] ??
          (/^[ \t]*isolate_namespace\b/m.test(body) ? `${scope.name.split('::').map(inflector.underscore).join('_')}_` : undefined);
        if (prefix !== undefined) prefixes.set(scope.name, prefix);
        continue;
      }
      const outer = nesting;
      const read = (name: string) => {
        const m = setting(name).exec(body);
        return m ? (m[1] ?? m[2]) : undefined;
      };
      classes.push({
        scope,
        outer,
        path,
        text,
        scopes,
        tableName: read('table_name'),
        primaryKey: read('primary_key'),
        prefix: read('table_name_prefix') ?? TABLE_NAME_PREFIX.exec(body)?.[1],
        abstract: /^[ \t]*(?:self\.abstract_class\s*=\s*true\b|primary_abstract_class\b)/m.test(body),
        scopeNames: [...body.matchAll(/^[ \t]*scope\s*\(?\s*:(\w+[?!]?)/gm)].map((m) => m[1]!),
        methods: classMethodsOf(body),
        includes: includedModules(body, [scope.name, ...outer]),
      });
    }
  }
  return { classes, prefixes, concerns, singular, inflector };
}

const ROOTS = new Set(['ActiveRecord::Base']);

/** The project's ActiveRecord models by full name (abstract ones left out), and the project's inflections their names follow; the files' texts with their comments blanked. */
export function activeRecordModels(files: ReadonlyArray<{ path: string; text: string }>): { models: Map<string, ArModel>; inflector: Inflector } {
  const { classes, prefixes, concerns, singular, inflector } = declarations(files);
  // a class reopened elsewhere (`class User` in a concern's file) keeps the settings of every statement
  const byName = new Map<string, ClassDeclaration[]>();
  for (const c of classes) byName.set(c.scope.name, [...(byName.get(c.scope.name) ?? []), c]);
  const first = <K extends keyof ClassDeclaration>(name: string, key: K) => byName.get(name)?.find((c) => c[key] !== undefined && c[key] !== false)?.[key];
  const superclassOf = (name: string): string | undefined => {
    const declared = byName.get(name)?.find((c) => c.scope.superclass);
    if (!declared) return undefined;
    const written = declared.scope.superclass!;
    return constantCandidates(written, declared.outer).find((n) => byName.has(n)) ?? written.replace(/^::/, '');
  };
  // a class's kind: a model, an abstract one, or none; ApplicationRecord stands for Rails' abstract base when the project does not declare it
  const kinds = new Map<string, 'model' | 'abstract' | 'none'>();
  const kindOf = (name: string, seen = new Set<string>()): 'model' | 'abstract' | 'none' => {
    const known = kinds.get(name);
    if (known) return known;
    if (ROOTS.has(name)) return 'abstract';
    if (!byName.has(name)) return name === 'ApplicationRecord' ? 'abstract' : 'none';
    const parent = superclassOf(name);
    if (!parent || seen.has(name)) return 'none';
    const kind = kindOf(parent, seen.add(name)) === 'none' ? 'none' : first(name, 'abstract') ? 'abstract' : 'model';
    kinds.set(name, kind);
    return kind;
  };
  const pluralOf = (word: string) => (singular ? word : inflector.plural(word));
  // the prefix a class's own setting or its abstract bases' give
  const classPrefix = (name: string): string => {
    for (let n: string | undefined = name; n && byName.has(n); n = superclassOf(n)) {
      const own = first(n, 'prefix');
      if (own !== undefined) return own;
    }
    return '';
  };
  const tables = new Map<string, string | undefined>();
  const tableOf = (name: string): string | undefined => {
    if (tables.has(name)) return tables.get(name);
    tables.set(name, undefined);
    let table = first(name, 'tableName');
    const parent = superclassOf(name);
    if (table === undefined && parent && kindOf(parent) === 'model') table = tableOf(parent);
    else if (table === undefined) {
      const parts = name.split('::');
      const enclosing = parts.slice(0, -1).join('::');
      const contained = enclosing && kindOf(enclosing) === 'model' ? tableOf(enclosing) : undefined;
      let prefix: string | undefined;
      for (let n = parts.length - 1; n > 0 && prefix === undefined; n--) {
        const module = parts.slice(0, n).join('::');
        prefix = prefixes.get(module) ?? (kindOf(module) === 'model' ? classPrefix(module) : undefined);
      }
      const head = contained ? `${singular ? contained : inflector.singular(contained)}_` : '';
      table = `${prefix ?? classPrefix(name)}${head}${pluralOf(inflector.underscore(name))}`;
    }
    tables.set(name, table);
    return table;
  };
  const inherited = (name: string, key: 'methods' | 'scopeNames'): string[] => {
    const own = (byName.get(name) ?? []).flatMap((c) => c[key]);
    const parent = superclassOf(name);
    return parent && parent !== name && kindOf(parent) !== 'none' && byName.has(parent) ? [...own, ...inherited(parent, key)] : own;
  };
  // the class and its ancestors of the project, up to the first that is no abstract base (`all`: to the first that is neither a model nor one)
  const ancestors = (name: string, all: boolean): string[] => {
    const out = [name];
    for (let p = superclassOf(name); p && !out.includes(p) && byName.has(p) && (all ? kindOf(p) !== 'none' : kindOf(p) === 'abstract'); p = superclassOf(p))
      out.push(p);
    return out;
  };
  const includedBy = (names: readonly string[]) =>
    concernsReached(
      names.flatMap((n) => (byName.get(n) ?? []).flatMap((c) => c.includes)),
      concerns,
    );
  const primaryKeyOf = (name: string): string => {
    for (let n: string | undefined = name; n && byName.has(n); n = superclassOf(n)) {
      const own = first(n, 'primaryKey');
      if (own !== undefined) return own;
    }
    return 'id';
  };
  const out = new Map<string, ArModel>();
  for (const [name, declared] of byName) {
    if (kindOf(name) !== 'model') continue;
    const table = tableOf(name);
    const at = declared.find((c) => c.scope.superclass) ?? declared[0]!;
    if (!table) continue;
    // the concerns it or its ancestors include; their associations, those it or its abstract bases include (an STI parent's are the parent's, on the same table)
    const included = includedBy(ancestors(name, true));
    const declaring = includedBy(ancestors(name, false));
    const parent = superclassOf(name);
    out.set(name, {
      name,
      ...(parent && kindOf(parent) === 'model' ? { parent } : {}),
      table,
      primaryKey: primaryKeyOf(name),
      foreignKey: `${inflector.underscore(name)}_id`,
      scopeNames: new Set([...inherited(name, 'scopeNames'), ...included.flatMap((c) => c.scopeNames)]),
      classMethods: new Set([...inherited(name, 'methods'), ...included.flatMap((c) => c.classMethods)]),
      path: at.path,
      text: at.text,
      index: at.scope.index,
      body: { start: at.scope.start, end: at.scope.end },
      bodies: [{ path: at.path, text: at.text, start: at.scope.start, end: at.scope.end }, ...declaring.flatMap((c) => c.included)],
      scopeBodies: [
        ...ancestors(name, true).flatMap((n) => (byName.get(n) ?? []).map((c) => ({ path: c.path, text: c.text, start: c.scope.start, end: c.scope.end }))),
        ...included.flatMap((c) => c.included),
      ],
      scopes: at.scopes,
    });
  }
  return { models: out, inflector };
}
