/**
 * @module adapters/connector/code/orm/django-lookups
 * The tables a Django query reaches across relations, read from its lookups as Django resolves them:
 * the keywords of `filter`, `exclude`, `get` and the like, `Q(…)` inside them included
 * (`project__owner__email=…`), the paths `select_related`, `prefetch_related`, `values`, `order_by`,
 * `only` and `defer` name (`'-project__name'`), and those `F('…')` or an aggregate (`Count('comments')`)
 * names. Each step of a path is a relation field of the model reached so far: forward by the field's
 * name, backward by its `related_query_name`, else its `related_name`, else the declaring model's name
 * in lower case. The first step that is none (a column, `in`, `icontains`) ends the path. A step
 * backward along a foreign key joins the declaring model's rows, and one across a many-to-many field
 * (either way) its link rows; the model at the other end is joined only when the path goes on into
 * it (`project__name`, `team__email`), since `project__in=…`, `team__in=[user]` and
 * `values('project')` compare the key columns alone, except where the call asks for the related rows
 * (`select_related`, `prefetch_related`). A model inheriting a concrete one has that one's steps too, and
 * a `GenericRelation` is a step to the rows it names.
 */
import { callArgs } from '../text/call-reading.js';
import { lineage, type DjangoRelations } from './django-relations.js';
import { targetTable } from './django-uses.js';
import type { OrmTableRef } from './orm-reader.js';

type Use = (found: OrmTableRef | null | undefined, index: number, access?: 'read') => void;

/** A manager chain as the ORM reader found it: the model, and each call with where its `(` is. */
export interface DjangoChain {
  model: string;
  calls: ReadonlyArray<{ method: string; open: number }>;
}

/** Calls whose string arguments are paths, each step joined (the related rows are fetched). */
const FETCHES_RELATED = /^(select_related|prefetch_related)$/;
/** Calls whose string arguments are paths of fields (a column of a related model joins its table). */
const PATH_ARGS = /^(values|values_list|order_by|only|defer|distinct)$/;
/** Calls whose keywords are lookups. */
const LOOKUP_KWARGS =
  /^(filter|exclude|get|aget|get_or_create|aget_or_create|update_or_create|aupdate_or_create|annotate|aggregate|alias|first|last|exists|count|delete|update|in_bulk|latest|earliest)$/;
/** Expressions in a call's arguments whose first argument is a path: `F('price')`, `Count('comments')`. */
const PATH_EXPRESSION = /\b(?:F|Count|Sum|Avg|Min|Max|StdDev|Variance|ArrayAgg|StringAgg|OuterRef)\(\s*['"](-?\w+)['"]/g;
/** A keyword argument whose name is a path of two steps or more: `project__owner=…` (not `==`). */
const PATH_KEYWORD = /(?<![\w.'"])([a-z_]\w*(?:__\w+)+)\s*=(?!=)/g;
const QUOTED = /['"](-?\w+)['"]/g;

/** How a path of one model goes to another: forward by a field, backward by its query name. */
interface Step {
  to: string;
  /** The rows the step joins: those holding the key (a backward foreign key's model, a many-to-many's link rows). */
  tables: ReadonlyArray<OrmTableRef | null | undefined>;
  /** The rows at its other end, joined only when the path goes on into them or the call fetches them. */
  far: ReadonlyArray<OrmTableRef | null | undefined>;
}

/** Each model's steps by name: its relation fields, and the other models' fields pointing to it by their query names. */
function stepsOf(relations: DjangoRelations, models: ReadonlyMap<string, OrmTableRef | null>): Map<string, Map<string, Step>> {
  const steps = new Map<string, Map<string, Step>>();
  const add = (model: string, name: string, step: Step) => {
    const own = steps.get(model) ?? steps.set(model, new Map()).get(model)!;
    // two fields answering to one name tell no model
    own.set(name, own.has(name) ? { to: '', tables: [], far: [] } : step);
  };
  for (const f of relations.fields) {
    // a field pointing to a model of Django's own apps (`User`) reaches its table whether or not this file imports it, and one of two sharing a name the one its declaration tells
    const target = targetTable(f, models);
    if (f.kind === 'm2m') {
      add(f.model, f.field, { to: f.target, tables: [f.links], far: [target] });
      if (f.query) add(f.target, f.query, { to: f.model, tables: [f.links], far: [f.table] });
    } else {
      // a generic relation goes back from its rows by its `related_query_name` alone
      if (f.field) add(f.model, f.field, { to: f.target, tables: [], far: [target] });
      if (f.query) add(f.target, f.query, { to: f.model, tables: [f.table], far: [] });
    }
  }
  // a model inheriting a concrete one has its fields too (`Restaurant.objects.filter(owner__name=…)`), its own named first
  for (const f of relations.fields)
    if (f.parent)
      for (const ancestor of lineage(f.model, relations.fields).slice(1))
        for (const [name, step] of steps.get(ancestor) ?? []) {
          const own = steps.get(f.model) ?? steps.set(f.model, new Map()).get(f.model)!;
          if (!own.has(name)) own.set(name, step);
        }
  return steps;
}

/** The tables a path (`project__owner__email`) joins from `model`. */
function walk(
  path: string,
  model: string,
  steps: ReadonlyMap<string, ReadonlyMap<string, Step>>,
  fetchesRelated: boolean,
): Array<OrmTableRef | null | undefined> {
  const out: Array<OrmTableRef | null | undefined> = [];
  const parts = path.replace(/^-/, '').split('__');
  let at = model;
  for (let i = 0; i < parts.length; i++) {
    const step = steps.get(at)?.get(parts[i]!);
    if (!step?.to) break;
    const next = parts[i + 1];
    // a forward key compared as it is (`project__in=…`, `project__id`) reads the key column alone
    const intoIt = next !== undefined && !LOOKUPS.has(next) && !/^(?:id|pk)$/.test(next);
    out.push(...step.tables);
    if (fetchesRelated || intoIt) out.push(...step.far);
    at = step.to;
  }
  return out;
}

/** Django's built-in lookups and transforms: a path step that is one of these compares, it joins nothing. */
const LOOKUPS = new Set(
  (
    'exact iexact contains icontains in gt gte lt lte startswith istartswith endswith iendswith range date year iso_year month day week ' +
    'week_day iso_week_day quarter time hour minute second isnull regex iregex search unaccent trigram_similar contains_by overlap has_key has_keys has_any_keys len'
  ).split(' '),
);

/** The paths one call's arguments name, each with its offset in `text`. */
function pathsOf(text: string, method: string, open: number): Array<{ path: string; at: number; fetchesRelated: boolean }> {
  const args = callArgs(text, open);
  const base = open + 1;
  const out: Array<{ path: string; at: number; fetchesRelated: boolean }> = [];
  const fetchesRelated = FETCHES_RELATED.test(method);
  if (fetchesRelated || PATH_ARGS.test(method)) for (const m of args.matchAll(QUOTED)) out.push({ path: m[1]!, at: base + m.index, fetchesRelated });
  if (LOOKUP_KWARGS.test(method)) for (const m of args.matchAll(PATH_KEYWORD)) out.push({ path: m[1]!, at: base + m.index, fetchesRelated: false });
  for (const m of args.matchAll(PATH_EXPRESSION)) out.push({ path: m[1]!, at: base + m.index, fetchesRelated: false });
  return out;
}

/**
 * The tables the lookups of a file's manager chains (`chains`) and `get_object_or_404(Model, …)` calls
 * join across the project's relation fields (`relations`), as reads; `models` gives the tables by class name.
 */
export function djangoLookups(
  text: string,
  chains: readonly DjangoChain[],
  models: ReadonlyMap<string, OrmTableRef | null>,
  use: Use,
  relations: DjangoRelations | undefined,
): void {
  if (!relations?.fields.length) return;
  const steps = stepsOf(relations, models);
  const read = (model: string, method: string, open: number) => {
    for (const { path, at, fetchesRelated } of pathsOf(text, method, open))
      for (const table of walk(path, model, steps, fetchesRelated)) use(table, at, 'read');
  };
  for (const chain of chains) if (steps.has(chain.model)) for (const call of chain.calls) read(chain.model, call.method, call.open);
  for (const m of text.matchAll(/\bget_(?:object|list)_or_404\s*\(\s*([A-Z]\w*)\s*,/g)) if (steps.has(m[1]!)) read(m[1]!, 'get', m.index + m[0].indexOf('('));
}
