/**
 * @module adapters/connector/code/orm/activerecord-uses
 * What a Ruby file does with the project's ActiveRecord models, read from the calls made on a
 * model's constant (looked up from where it is written, as Ruby does) and the calls chained after:
 * the finders, calculations, query methods and the model's scopes read (`Order.where(…)`,
 * `Order.find(id)`, `Order.count`, `Order.recent`); `create`, `insert_all`, `update_all`,
 * `delete_all`, `destroy_all`, `find_or_create_by` and the like write, and so does a record's
 * `save`/`update`/`destroy` chained on a finder (`Order.find(id).destroy`, which reads too). A
 * record bound to a name (`order = Order.find(id)`, `@order = Order.new(…)`) writes where the name's
 * `save`, `update`, `destroy`… are called later: in the method, for a local name; in the class,
 * for an instance variable the class binds to that model only. So do the records a block is given
 * (`Order.where(…).find_each do |o| o.touch end`). A model's other class methods link it with no
 * access known, unless the calls chained after them say (`Order.rebuild_totals.where(…)` reads);
 * anything else called on it (`model_name`, `transaction`) does not link it.
 * Through such a record, a controller's `@order` in `OrdersController` (its resource's singular,
 * the model looked up from the controller's namespace, unless the class binds `@order` itself) and
 * the records a block over an association is given, an association of the model reaches the
 * associated model's table: `order.line_items.create(…)`, `order.line_items << item` and assigning
 * an association other than a `belongs_to` (`order.line_items = items`) write it,
 * `@order.line_items.where(…)`, `.find_each` or the association alone read it, `.build` and `.new`
 * link it with no access known; a polymorphic `belongs_to` reaches none. A chain goes on through a
 * step giving one record (`first`, `find(…)`, `find_by(…)`) to its associations:
 * `user.posts.first.comments.create(…)` reads the posts and writes the comments.
 * The associations `joins`, `includes` and the like name (with parentheses or not: `includes
 * :comments, :author`) are read on a chain from a model, and in the model's own file on the calls
 * its class makes on itself without a receiver, in a scope's body or a class method. A scope called
 * on the model (its own, a concern's, an STI parent's) reads what its body loads, and what the
 * model's scopes its body calls load (`scope :visible, -> { active.tagged }`), and an association's scope
 * lambda (`has_many :stories, -> { includes :user }`) what it loads where the association is read.
 * A destroy writes what the model's `dependent:` associations reach (activerecord-dependents).
 */
import type { TableAccess } from '../../../../ports/code.js';
import { associations, option, steps } from './activerecord-joins.js';
import { dependentTables, DESTROYS, type DependentAssociation } from './activerecord-dependents.js';
import { joinTableName } from './rails-inflections.js';
import type { ArModel } from './activerecord-models.js';
import type { Inflector } from './rails-inflections.js';
import type { UseModel } from './orm-reader.js';
import type { OrmTableRef } from './orm-reader.js';
import { blockEnd, blockParameter, constantCandidates, methodAround, nestingAt, rubyScopes, statementEnd, type RubyScope } from './ruby-blocks.js';

const words = (list: string) => new Set(list.split(/\s+/));

/** Methods giving one record, or a value, read at once. */
const RECORD_READS = words(
  'find find_by find_by! first first! last last! take take! second third sole find_sole_by find_or_initialize_by find_by_sql count_by_sql pluck pick ids count sum average minimum maximum calculate exists? any? many? none? empty? find_each find_in_batches in_batches each',
);
/** Methods building a query, which reads unless the chain writes. */
const QUERY_METHODS = words(
  'all where not rewhere create_with order reorder in_order_of limit offset includes preload eager_load joins left_joins left_outer_joins select reselect group having distinct unscoped unscope lock readonly from merge except only extending none strict_loading annotate optimizer_hints',
);
/** Methods writing the table, called on the model or a query. */
const WRITES = words(
  'create create! insert insert! insert_all insert_all! upsert upsert_all update_all update_counters increment_counter decrement_counter reset_counters delete_all delete_by destroy_all destroy_by touch_all find_or_create_by find_or_create_by! create_or_find_by create_or_find_by! update update! delete destroy destroy!',
);
/** A record's methods writing its row. */
const RECORD_WRITES = words(
  'save save! update update! update_attribute update_attributes update_attributes! update_column update_columns destroy destroy! delete touch increment! decrement! toggle!',
);
/** Methods giving the records a block is then given, one by one. */
const EACH = words('each find_each each_with_index map flat_map each_with_object select filter_map');
/** Methods giving one record (or building one), so that the name it is assigned to holds that record. */
const GIVES_RECORD = words(
  'new build find find_by find_by! first first! last last! take take! sole find_sole_by find_or_initialize_by find_or_create_by find_or_create_by! create create! create_or_find_by create_or_find_by!',
);
const DYNAMIC_FINDER = /^find_(?:all_)?by_\w+!?$/;

/** Arguments written without parentheses start so: a symbol, `%i[…]`, an array, a string or a `key:` label. */
const BARE_ARGUMENTS = /^[ \t]+(?=:\w|%[iIwW][[(]|\[|["']|[a-z_]\w*:(?!:))/;

/**
 * Where arguments written without parentheses from `at` end (`includes :comments, :author`): at the
 * line's end unless it ends with a `,`, at a bracket closing one not opened among them (a block's `}`),
 * or before a `do` block or an `if`/`unless` modifier.
 */
function bareArgumentsEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c) && --depth < 0) return i;
    else if (depth === 0 && c === '\n' && !/,\s*$/.test(text.slice(at, i))) return i;
    else if (depth === 0 && /\s/.test(c) && /^\s(?:do|if|unless|while|until)\b/.test(text.slice(i, i + 8))) return i;
  }
  return text.length;
}

/** The methods chained after the one whose name ends at `at`, each with where its call ends (past its arguments, parenthesised or not) and its arguments. */
function chainFrom(text: string, method: string, at: number): Array<{ method: string; end: number; args?: string }> {
  const out: Array<{ method: string; end: number; args?: string }> = [];
  for (let name = method, pos = at; ;) {
    const open = pos;
    if (text[pos] === '(') {
      let depth = 0;
      for (; pos < text.length; pos++) {
        if (text[pos] === '(') depth++;
        else if (text[pos] === ')' && --depth === 0) break;
      }
      pos++;
    } else {
      const bare = BARE_ARGUMENTS.exec(text.slice(pos, pos + 100));
      if (bare) {
        // no call is chained after arguments without parentheses
        const end = bareArgumentsEnd(text, pos + bare[0].length);
        out.push({ method: name, end, args: text.slice(pos + bare[0].length, end) });
        return out;
      }
    }
    out.push({ method: name, end: pos, ...(pos > open ? { args: text.slice(open + 1, pos - 1) } : {}) });
    const next = /^\s*&?\.\s*([a-z_]\w*[?!]?)/.exec(text.slice(pos, pos + 300));
    if (!next) return out;
    name = next[1]!;
    pos += next[0].length;
  }
}

/** What a chain of calls on a model does: a write writes (reading first when a record was found to write it), else a read reads. */
function chainAccess(model: ArModel, methods: readonly string[]): TableAccess[] | undefined {
  const [first] = methods;
  const known = (m: string) => RECORD_READS.has(m) || QUERY_METHODS.has(m) || WRITES.has(m) || DYNAMIC_FINDER.test(m) || model.scopeNames.has(m);
  // a class method of the model's own says nothing of its access, but the calls chained after it may
  if (!first || (!known(first) && !GIVES_RECORD.has(first) && !model.classMethods.has(first))) return undefined;
  const writeAt = methods.findIndex((m, i) => WRITES.has(m) || (i > 0 && RECORD_WRITES.has(m)));
  const read = methods.some((m) => RECORD_READS.has(m) || QUERY_METHODS.has(m) || DYNAMIC_FINDER.test(m) || model.scopeNames.has(m));
  if (writeAt < 0) return read ? ['read'] : [];
  const foundFirst = methods.slice(0, writeAt).some((m) => (RECORD_READS.has(m) || DYNAMIC_FINDER.test(m)) && GIVES_RECORD.has(m));
  return foundFirst ? ['read', 'write'] : ['write'];
}

/** The calls made on `name` in `text` from `start` to `end` (not another object's `x.name`), each with where its method's name ends. */
function callsOn(text: string, name: string, start: number, end: number): Array<{ method: string; index: number; end: number }> {
  const escaped = name.replace(/[@$]/g, '\\$&');
  const calls = text.slice(start, end).matchAll(new RegExp(String.raw`(?<![\w@$.:])${escaped}\s*&?\.\s*([a-z_]\w*[?!]?)`, 'g'));
  return [...calls].map((m) => ({ method: m[1]!, index: start + m.index, end: start + m.index + m[0].length }));
}

/**
 * An association as a record reaches it: the model it reaches (none for a polymorphic `belongs_to` or
 * an unknown class), the models a `through:` one goes along to it (a `has_and_belongs_to_many`, its
 * join table), and whether it is a `belongs_to`.
 */
type Reached = DependentAssociation & {
  /** The body of its scope lambda (`has_many :stories, -> { includes :user }`), run on the associated model. */
  scope?: string;
};

/** The body of the scope lambda an association's options start with: `, -> { includes :user }`, `, -> (x) do … end`, `, lambda { … }`. */
function lambdaBody(options: string): string | undefined {
  const m = /^\s*,\s*(?:->|lambda|proc)\s*(?:\([^)]*\)\s*)?(?:(\{)|do\b)/.exec(options);
  if (!m) return undefined;
  const from = m.index + m[0].length;
  if (!m[1]) return options.slice(from);
  let depth = 1;
  for (let i = from; i < options.length; i++) {
    if (options[i] === '{') depth++;
    else if (options[i] === '}' && --depth === 0) return options.slice(from, i);
  }
  return options.slice(from);
}

/** A model's associations by name, its STI parents' too. */
export function associationTargets(models: ReadonlyMap<string, ArModel>, inflector: Inflector): (model: ArModel) => ReadonlyMap<string, Reached> {
  const known = new Map<ArModel, Map<string, Reached>>();
  const targetsOf = (model: ArModel, depth = 0): Map<string, Reached> => {
    let out = known.get(model);
    if (!out) {
      out = new Map();
      for (const a of associations(model)) {
        if (out.has(a.name)) continue;
        const along = steps(models, inflector, model, a);
        const through: Array<ArModel | OrmTableRef> = along.slice(0, -1).flatMap((s) => (s.target ? [s.target] : []));
        const last = along.at(-1);
        if (last?.target && last.a.macro === 'has_and_belongs_to_many')
          through.push({ table: option(last.a.options, 'join_table') ?? joinTableName(last.owner.table, last.target.table), line: 0, via: 'activerecord' });
        const scope = lambdaBody(a.options);
        const dependent = option(a.options, 'dependent');
        out.set(a.name, {
          model: last?.target,
          through,
          belongsTo: a.macro === 'belongs_to',
          ...(a.macro === 'has_and_belongs_to_many' ? { habtm: true as const } : {}),
          ...(dependent ? { dependent } : {}),
          ...(scope ? { scope } : {}),
        });
      }
      const parent = model.parent ? models.get(model.parent) : undefined;
      if (parent && depth < 10) for (const [name, r] of targetsOf(parent, depth + 1)) if (!out.has(name)) out.set(name, r);
      known.set(model, out);
    }
    return out;
  };
  return (model) => targetsOf(model);
}

/** The ref of a model's table, or a join table's own. */
const tableRef = (m: ArModel | OrmTableRef, refs: ReadonlyMap<string, OrmTableRef>) => ('name' in m ? refs.get(m.name) : m);

/** Query methods whose arguments name associations: `joins(:tags)`, `includes(comments: :author)`. */
const LOADS = words('joins left_joins left_outer_joins includes preload eager_load');

/** The associations an argument list names (`:tags`, `comments: :author`, `[:a, { b: :c }]`), each with the model it is an association of. */
function namedAssociations(args: string, model: ArModel, targetsOf: (model: ArModel) => ReadonlyMap<string, Reached>, depth = 0): Reached[] {
  const out: Reached[] = [];
  if (depth > 4) return out;
  for (const item of topLevel(args)) {
    const m = /^(?::(\w+)|(\w+):(?!:)|:(\w+)\s*=>)\s*([\s\S]*)$/.exec(item);
    const symbols = /^%[iI][[(]([\s\S]*)[\])]$/.exec(item);
    if (symbols) {
      // `%i[dependencies gem_download]`
      out.push(
        ...namedAssociations(
          symbols[1]!
            .trim()
            .split(/\s+/)
            .map((n) => `:${n}`)
            .join(','),
          model,
          targetsOf,
          depth + 1,
        ),
      );
      continue;
    }
    if (!m) {
      // an array or a hash of them
      const inner = /^[[{]([\s\S]*)[\]}]$/.exec(item);
      if (inner) out.push(...namedAssociations(inner[1]!, model, targetsOf, depth + 1));
      continue;
    }
    const reached = targetsOf(model).get((m[1] ?? m[2] ?? m[3])!);
    if (!reached) continue;
    out.push(reached);
    const rest = m[4]!.replace(/^=>\s*/, '');
    if (!m[1] && reached.model && rest) out.push(...namedAssociations(rest.replace(/^[[{]([\s\S]*)[\]}]$/, '$1'), reached.model, targetsOf, depth + 1));
  }
  return out;
}

/** An argument list split at its top-level commas, each part trimmed. */
function topLevel(args: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i <= args.length; i++) {
    const c = args[i];
    if (c === undefined || (c === ',' && depth === 0)) {
      const part = args.slice(from, i).trim();
      if (part) out.push(part);
      from = i + 1;
    } else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
  }
  return out;
}

/**
 * Reads the tables of the associations a chain's `joins(…)`, `includes(…)` and the like name, those
 * they go through, and those their scope lambdas load in turn (`has_many :stories, -> { includes
 * :user }`); a scope of the model's (its own or a concern's) loads what its body names (`Post.tagged`).
 */
function loadedAssociations(
  chain: ReadonlyArray<{ method: string; args?: string | undefined }>,
  model: ArModel,
  targetsOf: (model: ArModel) => ReadonlyMap<string, Reached>,
  refs: ReadonlyMap<string, OrmTableRef>,
  index: number,
  use: UseModel,
  depth = 0,
): void {
  if (depth > 4) return;
  for (const c of chain) {
    for (const r of LOADS.has(c.method) && c.args ? namedAssociations(c.args, model, targetsOf) : []) {
      for (const m of [...r.through, ...(r.model ? [r.model] : [])]) use(tableRef(m, refs), index, 'read');
      if (r.scope && r.model) loadedAssociations(loadCalls(r.scope), r.model, targetsOf, refs, index, use, depth + 1);
    }
    const scoped = scopeLoads(model).get(c.method);
    if (scoped) loadedAssociations(scoped, model, targetsOf, refs, index, use, depth + 1);
  }
}

/** The `joins`, `includes` and the like a scope's or a lambda's body calls (`includes :user`, `where(…).joins(:tags)`), with their arguments. */
function loadCalls(body: string): Call[] {
  return [...body.matchAll(/(?<![\w@$:])(joins|left_joins|left_outer_joins|includes|preload|eager_load)(?=\s*\(|[ \t]+[:%[])/g)].map(
    (m) => chainFrom(body, m[1]!, m.index + m[0].length)[0]!,
  );
}

const scopeLoadsKnown = new WeakMap<ArModel, Map<string, Call[]>>();

/**
 * A model's scopes that load associations (`scope :tagged, -> { joins(:taggings) }`) or call its other
 * scopes (`scope :visible, -> { active.tagged }`, whose loads the caller's are too), by name: those
 * written in its body, its abstract bases' or STI parents', or a concern's `included` block.
 */
function scopeLoads(model: ArModel): ReadonlyMap<string, Call[]> {
  let out = scopeLoadsKnown.get(model);
  if (out) return out;
  out = new Map();
  for (const { text, start, end } of model.scopeBodies)
    for (const m of text.slice(start, end).matchAll(/^[ \t]*scope\s*\(?\s*:(\w+[?!]?)/gm)) {
      const at = start + m.index;
      const body = text.slice(at + m[0].length, statementEnd(text, at));
      const scopes = [...body.matchAll(/(?<![\w@$:])([a-z_]\w*[?!]?)(?!\s*:(?!:))/g)].flatMap((s) =>
        s[1] !== m[1] && model.scopeNames.has(s[1]!) ? [{ method: s[1]!, end: s.index + s[0].length }] : [],
      );
      const calls = [...loadCalls(body), ...scopes];
      if (calls.length) out.set(m[1]!, [...(out.get(m[1]!) ?? []), ...calls]);
    }
  scopeLoadsKnown.set(model, out);
  return out;
}

type Call = { method: string; end: number; args?: string | undefined };

/** The calls made on the records an association reached (its call, its name ending at `end`), up to the next association. */
interface Stretch {
  model: ArModel;
  reached: Reached;
  via: Call;
  calls: Call[];
}

/**
 * A chain split where a step giving one record (`first`, `find(…)`, `find_by(…)`…) is followed by
 * one of that record's associations: `posts.first.comments.create(…)` is `first` on the posts (`own`),
 * then `create` on the comments (`further`).
 */
function alongAssociations(
  model: ArModel,
  chain: readonly Call[],
  targetsOf: (model: ArModel) => ReadonlyMap<string, Reached>,
): { own: Call[]; further: Stretch[] } {
  const own: Call[] = [];
  const further: Stretch[] = [];
  for (const [i, c] of chain.entries()) {
    const current = further.at(-1);
    const calls = current?.calls ?? own;
    const previous = i > 0 ? chain[i - 1]!.method : undefined;
    const reached = previous && (GIVES_RECORD.has(previous) || DYNAMIC_FINDER.test(previous)) ? targetsOf(current?.model ?? model).get(c.method) : undefined;
    if (reached?.model && calls.length) further.push({ model: reached.model, reached, via: c, calls: [] });
    else calls.push(c);
  }
  return { own, further };
}

/** Where the name an assignment at `at` binds holds its value: a local to its method's end or its next assignment; an instance variable in its class. */
function heldFrom(text: string, scopes: readonly RubyScope[], name: string, at: number): { start: number; end: number } {
  const around = name.startsWith('@') ? [...scopes].reverse().find((s) => s.kind === 'class' && s.start <= at && at < s.end) : methodAround(text, at);
  if (name.startsWith('@')) return { start: around?.start ?? 0, end: around?.end ?? text.length };
  const end = around?.end ?? text.length;
  const lineEnd = text.indexOf('\n', at);
  const from = lineEnd < 0 ? end : lineEnd;
  const reassigned = new RegExp(String.raw`(?<![\w@.])${name}\s*=(?![=~>])`).exec(text.slice(from, end));
  return { start: from, end: reassigned ? from + reassigned.index : end };
}

/**
 * Where a model's class itself receives the calls written without a receiver: its scopes' bodies
 * (`scope :tagged, -> { joins(:tags) }`), its class methods (`def self.x`) and its `class << self`.
 */
function ownClassRegions(model: ArModel): Array<{ start: number; end: number }> {
  const { text } = model;
  const body = text.slice(model.body.start, model.body.end);
  const out: Array<{ start: number; end: number }> = [];
  for (const m of body.matchAll(/^([ \t]*)(scope\b|def\s+self\.|class\s*<<\s*self\b)/gm)) {
    const start = model.body.start + m.index + m[1]!.length;
    out.push({ start, end: m[2] === 'scope' ? statementEnd(text, start) : blockEnd(text, model.body.start + m.index) });
  }
  return out;
}

/** Reads the tables of the associations named by the calls a model's class makes on itself without a receiver (or on `self`) in its own file. */
function ownLoads(
  text: string,
  models: ReadonlyMap<string, ArModel>,
  refs: ReadonlyMap<string, OrmTableRef>,
  targetsOf: (model: ArModel) => ReadonlyMap<string, Reached>,
  use: UseModel,
): void {
  for (const model of models.values()) {
    if (model.text !== text) continue;
    for (const region of ownClassRegions(model))
      for (const m of text.slice(region.start, region.end).matchAll(/(?<![\w@$:.]|\.\s*)(?:self\s*\.\s*)?([a-z_]\w*[?!]?)/g)) {
        const at = region.start + m.index;
        if (!QUERY_METHODS.has(m[1]!) && !model.scopeNames.has(m[1]!)) continue;
        const chain = chainFrom(text, m[1]!, at + m[0].length);
        if (chain.some((c) => LOADS.has(c.method))) loadedAssociations(chain, model, targetsOf, refs, at, use);
      }
  }
}

/**
 * What a stretch of calls reached through an association does to the associated table (and the
 * tables a `through:` one goes along), at `index`: assigning it (not a `belongs_to`) or `<<` writes,
 * a chain says, the association alone reads. Gives the bindings of the blocks over its records.
 */
function reachAlong(
  text: string,
  stretch: Stretch,
  index: number,
  refs: ReadonlyMap<string, OrmTableRef>,
  targetsOf: (model: ArModel) => ReadonlyMap<string, Reached>,
  use: UseModel,
): Array<{ name: string; model: string; start: number; end: number }> {
  const { reached, via, calls, model } = stretch;
  const after = text.slice(via.end, via.end + 20);
  // assigning a `belongs_to` (`comment.story = story`) sets the record's own key; another association saves the records assigned
  const assigned = !calls.length && /^\s*=(?![=~>])/.test(after);
  if (assigned && reached.belongsTo) return [];
  const written = !calls.length && (assigned || /^\s*<</.test(after));
  const accesses: TableAccess[] = written
    ? ['write']
    : calls.length
      ? (chainAccess(
          model,
          calls.map((c) => c.method),
        ) ?? ['read'])
      : ['read'];
  // a `through:` association reaches the tables it goes along as it does its own
  for (const reachedModel of [...reached.through, model]) {
    if (!accesses.length) use(tableRef(reachedModel, refs), index);
    for (const access of accesses) use(tableRef(reachedModel, refs), index, access);
  }
  loadedAssociations(calls, model, targetsOf, refs, index, use);
  dependentsDestroyed(calls, model, targetsOf, refs, index, use);
  // reading the records reads what the association's scope lambda loads with them
  if (reached.scope && accesses.includes('read')) loadedAssociations(loadCalls(reached.scope), model, targetsOf, refs, index, use);
  return calls.flatMap((c) => {
    const block = EACH.has(c.method) ? blockParameter(text, c.end) : undefined;
    return block ? [{ name: block.name, model: model.name, start: block.start, end: block.end }] : [];
  });
}

/** Where a chain destroys records of `model` (`destroy`, `destroy_all`, `destroy_by`), writes the tables its `dependent:` associations reach. */
function dependentsDestroyed(
  calls: ReadonlyArray<{ method: string }>,
  model: ArModel,
  targetsOf: (model: ArModel) => ReadonlyMap<string, Reached>,
  refs: ReadonlyMap<string, OrmTableRef>,
  index: number,
  use: UseModel,
): void {
  if (calls.some((c) => DESTROYS.has(c.method))) for (const m of dependentTables(model, targetsOf)) use(tableRef(m, refs), index, 'write');
}

const MODEL_CALL = /(?<![\w:@$.])((?:::)?[A-Z]\w*(?:::[A-Z]\w*)*)\s*\.\s*([a-z_]\w*[?!]?)/g;

/**
 * Calls `use` for each use of the project's models in `text` (its comments blanked), `refs` giving
 * each model's table by the model's full name, `targetsOf` each model's associations.
 */
export function activeRecordUses(
  text: string,
  models: ReadonlyMap<string, ArModel>,
  refs: ReadonlyMap<string, OrmTableRef>,
  inflector: Inflector,
  targetsOf: (model: ArModel) => ReadonlyMap<string, Reached>,
  use: UseModel,
): void {
  const scopes = rubyScopes(text);
  ownLoads(text, models, refs, targetsOf, use);
  const lookup = (written: string, at: number) => constantCandidates(written, nestingAt(scopes, at)).find((n) => models.has(n));
  // the names bound to records, with each's model and where the binding holds; an instance variable bound to two models holds neither
  const bindings: Array<{ name: string; model: string; start: number; end: number }> = [];
  const instanceModels = new Map<string, string | null>();
  for (const m of text.matchAll(MODEL_CALL)) {
    const name = lookup(m[1]!, m.index);
    if (!name) continue;
    const model = models.get(name)!;
    const { own: chain, further } = alongAssociations(model, chainFrom(text, m[2]!, m.index + m[0].length), targetsOf);
    const accesses = chainAccess(
      model,
      chain.map((c) => c.method),
    );
    if (!accesses) continue;
    if (!accesses.length) use(refs.get(name), m.index);
    for (const access of accesses) use(refs.get(name), m.index, access);
    loadedAssociations(chain, model, targetsOf, refs, m.index, use);
    dependentsDestroyed(chain, model, targetsOf, refs, m.index, use);
    // `Post.find(id).comments.create(…)`: the associations of the record found
    for (const stretch of further) {
      bindings.push(...reachAlong(text, stretch, m.index, refs, targetsOf, use));
    }
    // the name assigned holds the record the chain ends with
    const end = further.at(-1);
    const last = (end?.calls ?? chain).at(-1)?.method ?? '';
    const held = end?.model.name ?? name;
    const assigned = /(@?[a-z_]\w*)\s*(?:\|\||&&)?=\s*$/.exec(text.slice(Math.max(0, m.index - 100), m.index));
    if (assigned && (GIVES_RECORD.has(last) || DYNAMIC_FINDER.test(last))) {
      bindings.push({ name: assigned[1]!, model: held, ...heldFrom(text, scopes, assigned[1]!, m.index) });
      if (assigned[1]!.startsWith('@'))
        instanceModels.set(assigned[1]!, instanceModels.has(assigned[1]!) && instanceModels.get(assigned[1]!) !== held ? null : held);
    }
    // the records a block is given: `.find_each do |order|`, `.each { |o| … }`
    for (const c of chain) {
      if (!EACH.has(c.method)) continue;
      const block = blockParameter(text, c.end);
      if (block) bindings.push({ name: block.name, model: name, start: block.start, end: block.end });
    }
  }
  // a controller's record by its resource's name: `@order` in `OrdersController`
  for (const scope of scopes) {
    const resource = scope.kind === 'class' ? /(\w+)Controller$/.exec(scope.name.split('::').at(-1)!)?.[1] : undefined;
    if (!resource) continue;
    const name = `@${inflector.singular(inflector.underscore(resource))}`;
    const model = lookup(inflector.camelize(name.slice(1)), scope.start);
    if (!model || instanceModels.has(name)) continue;
    instanceModels.set(name, model);
    bindings.push({ name, model, start: scope.start, end: scope.end });
  }
  // the bindings grow as blocks over associations bind their records
  for (const b of bindings) {
    if (b.name.startsWith('@') && instanceModels.get(b.name) !== b.model) continue;
    for (const call of callsOn(text, b.name, b.start, b.end)) {
      if (RECORD_WRITES.has(call.method)) use(refs.get(b.model), call.index, 'write');
      else if (call.method === 'reload') use(refs.get(b.model), call.index, 'read');
      dependentsDestroyed([call], models.get(b.model)!, targetsOf, refs, call.index, use);
      const reached = targetsOf(models.get(b.model)!).get(call.method);
      if (!reached?.model) continue;
      const { own, further } = alongAssociations(reached.model, chainFrom(text, call.method, call.end).slice(1), targetsOf);
      for (const stretch of [{ model: reached.model, reached, via: call, calls: own }, ...further]) {
        bindings.push(...reachAlong(text, stretch, call.index, refs, targetsOf, use));
      }
    }
  }
}
