/**
 * @module adapters/connector/code/orm/django-receivers
 * The Django model of the row a manager is reached from (`check` in `check.channel_set.add(c)`), read
 * as written: `self` in a model's class, `self.owner` there when the model's `owner` field is a foreign
 * key or a one-to-one field, the model a name was last bound to (`check = Check.objects.get(…)`, `check = Check(…)`,
 * `get_object_or_404(Check, …)`, `check: Check`; a `self.check` bound anywhere in the file), else a name
 * that is the model's own in lower case (`check`, `self.check`). A loop or a comprehension binds its
 * name to the rows it goes over (`for check in Check.objects…`, `for obj in event.content.all()`,
 * `[p.owner for p in projects]` with `projects = Project.objects…`; a pair's place in
 * `for a, b in zip(firsts, seconds)`, a dict's values in `for key, obj in by_id.items()` where `by_id` is
 * `Check.objects.in_bulk(…)` or `{c.pk: c for c in checks}`), and a name bound to another
 * (`row = obj`) is that one's. Another ORM's rows (SQLAlchemy's) are read with their own bindings alone.
 */
import { lineage, type DjangoRelation } from './django-relations.js';
import { pythonClassAround, pythonFunctionStart } from '../text/python-blocks.js';
import { callArgs, topLevelArgs } from '../text/call-reading.js';

/** What a name is bound to, when it names a model: `Check(…)`, `Check.objects…`, `get_object_or_404(Check…`. */
const BOUND_TO = /^\s*(?:([A-Z]\w*)\s*(?:\(|\.\s*objects\b)|get_(?:object|list)_or_404\s*\(\s*([A-Z]\w*)\b)/;

/** How another ORM's rows are told: what a name is bound to (each group a class name), and whether a name in lower case alone tells. */
export interface ReceiverReading {
  boundTo: RegExp;
  byName: boolean;
}

const DJANGO: ReceiverReading = { boundTo: BOUND_TO, byName: true };

/** A related manager's calls that give its model's rows (a query set or a row), not values, counts or a dict. */
const ROWS = /^(all|filter|exclude|order_by|select_related|prefetch_related|distinct|reverse|iterator|get|first|last|latest|earliest|create)$/;

/** How deep a name bound to another name (or to a manager of a row bound in turn) is followed. */
const DEPTH = 4;

/**
 * The class name of the model of the row `receiver` (as written before the manager, `self.check`) at
 * `index` in `text`, among `models` (the project's model class names); undefined when the code does not say
 * (`guess: false`: nor when only the name says it, `check`). `reading`: how the ORM's rows are bound
 * (Django's by default; another's reads only its own bindings, never a manager or another name).
 */
export function receiverModel(
  text: string,
  index: number,
  receiver: string,
  models: ReadonlySet<string>,
  fields: readonly DjangoRelation[],
  { depth = 0, guess = true, reading = DJANGO }: { depth?: number; guess?: boolean; reading?: ReceiverReading } = {},
): string | undefined {
  const parts = receiver.split('.');
  const last = parts.at(-1)!;
  if (parts[0] === 'self' && parts.length <= 2) {
    const cls = pythonClassAround(text, index);
    if (parts.length === 1) return cls && models.has(cls) ? cls : undefined;
    // `self.owner` in a model whose `owner` is a foreign key: the model it points to
    const fk =
      cls && models.has(cls)
        ? fields.find((f) => lineage(cls, fields).includes(f.model) && f.field === last && (f.kind === 'fk' || f.kind === 'o2o'))
        : undefined;
    if (fk) return fk.target;
  }
  // a name, or `self.name`, may be bound to a model where the code says which
  const bound =
    parts.length === 1 || (parts.length === 2 && parts[0] === 'self') ? boundModel(text, index, receiver, models, fields, depth, reading) : undefined;
  if (bound) return models.has(bound) ? bound : undefined;
  if (bound === null || !guess || !reading.byName) return undefined;
  // else a name that is the model's in lower case: `check`, `self.check`, `alert.check`
  const key = last.replace(/_/g, '').toLowerCase();
  return [...models].find((m) => m.toLowerCase() === key);
}

/**
 * The model of the rows a related manager gives, reached from a row of `of` (undefined when the code
 * does not tell): a many-to-many field's other side, or the model whose relation field gives the manager
 * (`content` of `EventPageContent.event = ForeignKey(Event, related_name='content')`), else a `<model>_set`'s model.
 */
export function managerModel(manager: string, of: string | undefined, models: ReadonlySet<string>, fields: readonly DjangoRelation[]): string | undefined {
  const kin = of ? lineage(of, fields) : [];
  const forward = fields.find((f) => f.kind === 'm2m' && kin.includes(f.model) && f.field === manager);
  if (forward) return forward.target;
  const candidates = fields.filter((f) => f.manager === manager);
  const pointing = candidates.filter((f) => kin.includes(f.target));
  const reached = new Set((pointing.length ? pointing : candidates).map((f) => f.model));
  if (reached.size === 1) return [...reached][0];
  if (!candidates.length && manager.endsWith('_set')) return [...models].find((m) => m.toLowerCase() === manager.slice(0, -4));
  return undefined;
}

/**
 * The model of the rows the expression starting `expression` gives (what a name is bound to, or what a loop
 * goes over), `at` where it is written: a model's row or manager (`BOUND_TO`), a related manager's rows
 * (`event.content.all()`), or another name's (`obj`, `projects`).
 */
function rowsOf(
  text: string,
  at: number,
  expression: string,
  models: ReadonlySet<string>,
  fields: readonly DjangoRelation[],
  depth: number,
  reading: ReceiverReading,
): string | undefined {
  // `(` opens an expression written over several lines: `checks = (\n Check.objects…`
  const rest = expression.replace(/^\s*\(/, '');
  const to = reading.boundTo.exec(rest);
  if (to) return to.slice(1).find((g) => g);
  if (reading !== DJANGO) return undefined;
  // another manager of the model's: `EventApplication.object.create(…)`
  const managed = /^\s*([A-Z]\w*)\s*\.\s*\w+\s*\.\s*(\w+)\s*\(/.exec(rest);
  if (managed && models.has(managed[1]!) && ROWS.test(managed[2]!)) return managed[1];
  if (depth >= DEPTH) return undefined;
  const related = /^\s*([a-z_][\w.]*)\s*\.\s*(\w+)\s*\.\s*(\w+)\s*\(/.exec(rest);
  if (related && ROWS.test(related[3]!)) {
    const of = receiverModel(text, at, related[1]!, models, fields, { depth: depth + 1 });
    return managerModel(related[2]!, of, models, fields);
  }
  // another name, alone: `row = obj`, `for p in projects:`, `[p for p in projects]`
  const name = /^[ \t]*((?:self\.)?[a-z_]\w*)[ \t]*(?:\n|$|[:)\]},#]|if\b|for\b)/.exec(rest)?.[1];
  return name ? receiverModel(text, at, name, models, fields, { depth: depth + 1 }) : undefined;
}

/** Where the bracket holding `index` closes (a comprehension's end), else `index` itself. */
function comprehensionEnd(text: string, index: number): number {
  let depth = 0;
  for (let i = index - 1; i >= Math.max(0, index - 1000); i--) {
    if (')]}'.includes(text[i]!)) depth++;
    else if ('([{'.includes(text[i]!) && depth-- === 0) break;
  }
  if (depth >= 0) return index;
  for (let i = index; i < Math.min(text.length, index + 1000); i++) {
    if ('([{'.includes(text[i]!)) depth--;
    else if (')]}'.includes(text[i]!) && ++depth === 0) return i;
  }
  return index;
}

/**
 * The class the name was last bound to before `index` (in the function around it; `self.x` anywhere in
 * the file, when those bindings agree), or by a comprehension around `index`: a class name; `null`
 * when two of `self.x`'s disagree; undefined when none names a class (`check = lookup(…)`) or there is none.
 */
function boundModel(
  text: string,
  index: number,
  receiver: string,
  models: ReadonlySet<string>,
  fields: readonly DjangoRelation[],
  depth: number,
  reading: ReceiverReading,
): string | null | undefined {
  const name = receiver.replace('.', String.raw`\s*\.\s*`);
  const member = receiver.startsWith('self.');
  const start = member ? 0 : pythonFunctionStart(text, index);
  const scope = member ? text : text.slice(start, index);
  const found: Array<{ at: number; model: string | undefined }> = [];
  // a statement binding the name (not a keyword argument, `form=form_obj`), or an annotation
  for (const m of scope.matchAll(new RegExp(String.raw`(?<=^[ \t]*)${name}\s*=(?!=)|(?<![\w.])${name}\s*:\s*['"]?(?=[A-Z])`, 'gm'))) {
    const rest = scope.slice(m.index + m[0].length, m.index + m[0].length + 200);
    const model = m[0].includes(':') ? /^([A-Z]\w*)/.exec(rest)?.[1] : rowsOf(text, start + m.index, rest, models, fields, depth, reading);
    found.push({ at: m.index, model });
  }
  // `for check in …`, and the item of `for i, check in enumerate(…)`
  const loop = new RegExp(String.raw`\bfor\s+(?:${name}\s+in\s+|[a-z_]\w*\s*,\s*${name}\s+in\s+enumerate\s*\(\s*)`, 'g');
  for (const m of scope.matchAll(loop))
    found.push({
      at: m.index,
      model: rowsOf(text, start + m.index, scope.slice(m.index + m[0].length, m.index + m[0].length + 200), models, fields, depth, reading),
    });
  if (reading === DJANGO && !member)
    for (const u of unpacked(scope, receiver))
      found.push({
        at: u.at,
        model:
          u.of === 'rows'
            ? rowsOf(text, start + u.at, u.expression, models, fields, depth, reading)
            : dictRows(text, start + u.at, u.expression, models, fields, depth),
      });
  if (!member) {
    // a comprehension binds its name after the uses, `[p.owner for p in projects]`, in its bracket or one around it
    for (let end = index, level = 0; level < 3; level++) {
      const next = comprehensionEnd(text, end);
      if (next === end) break;
      const comprehension = new RegExp(loop.source).exec(text.slice(index, next));
      if (comprehension) {
        const at = index + comprehension.index + comprehension[0].length;
        return rowsOf(text, at, text.slice(at, at + 200), models, fields, depth, reading);
      }
      end = next + 1;
    }
    return found.sort((a, b) => a.at - b.at).at(-1)?.model;
  }
  const named = new Set(found.map((f) => f.model).filter((m) => m));
  return named.size > 1 ? null : [...named][0];
}

/**
 * Where a loop unpacks `name` from pairs (`scope` being the function's text): the rows of `zip`'s argument
 * at its place (`for a, b in zip(firsts, seconds)`), or the values of a dict (`for key, obj in by_id.items()`,
 * `for obj in by_id.values()`).
 */
function unpacked(scope: string, name: string): Array<{ at: number; of: 'rows' | 'values'; expression: string }> {
  const out: Array<{ at: number; of: 'rows' | 'values'; expression: string }> = [];
  for (const m of scope.matchAll(/\bfor\s+\(?\s*([a-z_]\w*(?:\s*,\s*[a-z_]\w*)+)\s*\)?\s+in\s+zip\s*\(/g)) {
    const place = m[1]!
      .split(',')
      .map((n) => n.trim())
      .indexOf(name);
    const argument = place < 0 ? undefined : topLevelArgs(callArgs(scope, m.index + m[0].length - 1))[place];
    if (argument !== undefined) out.push({ at: m.index, of: 'rows', expression: argument });
  }
  const values = new RegExp(
    String.raw`\bfor\s+(?:\(?\s*[a-z_]\w*\s*,\s*${name}\s*\)?\s+in\s+([a-z_][\w.]*)\s*\.\s*items|${name}\s+in\s+([a-z_][\w.]*)\s*\.\s*values)\s*\(\s*\)`,
    'g',
  );
  for (const m of scope.matchAll(values)) out.push({ at: m.index, of: 'values', expression: m[1] ?? m[2]! });
  return out;
}

/**
 * The model of the rows a dict named `dict` holds as its values, where its last binding before `at` tells:
 * `Check.objects.in_bulk(ids)`, or a comprehension keeping each row (`{c.pk: c for c in checks}`).
 */
function dictRows(text: string, at: number, dict: string, models: ReadonlySet<string>, fields: readonly DjangoRelation[], depth: number): string | undefined {
  const start = pythonFunctionStart(text, at);
  const binding = [...text.slice(start, at).matchAll(new RegExp(String.raw`(?<=^[ \t]*)${dict.replace('.', String.raw`\s*\.\s*`)}\s*=(?!=)\s*`, 'gm'))].at(-1);
  if (!binding) return undefined;
  const rest = text.slice(start + binding.index + binding[0].length, start + binding.index + binding[0].length + 300);
  const bulk = /^([A-Z]\w*)\s*\.\s*\w+\s*(?:\.\s*\w+\s*\([^()]*\)\s*)*\.\s*in_bulk\s*\(/.exec(rest);
  if (bulk) return models.has(bulk[1]!) ? bulk[1] : undefined;
  const kept = /^\{\s*[^:{}]+:\s*([a-z_]\w*)\s+for\s+([a-z_]\w*)\s+in\s+/.exec(rest);
  if (!kept || kept[1] !== kept[2] || depth >= DEPTH) return undefined;
  return rowsOf(text, start + binding.index, rest.slice(kept[0].length), models, fields, depth + 1, DJANGO);
}
