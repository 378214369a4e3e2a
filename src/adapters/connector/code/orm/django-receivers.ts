/**
 * @module adapters/connector/code/orm/django-receivers
 * The Django model of the row a manager is reached from (`check` in `check.channel_set.add(c)`), read
 * as written: `self` in a model's class, `self.owner` there when the model's `owner` field is a foreign
 * key or a one-to-one field, the model a name was last bound to (`check = Check.objects.get(…)`, `check = Check(…)`,
 * `get_object_or_404(Check, …)`, `check: Check`, `for check in Check.objects…`; a `self.check` bound
 * anywhere in the file), else a name that is the model's own in lower case (`check`, `self.check`).
 * Another ORM's rows (SQLAlchemy's) are read the same way with their own bindings.
 */
import type { DjangoRelation } from './django-relations.js';
import { pythonClassAround, pythonFunctionStart } from '../text/python-blocks.js';

/** What a name is bound to, when it names a model: `Check(…)`, `Check.objects…`, `get_object_or_404(Check…`. */
const BOUND_TO = /^\s*(?:([A-Z]\w*)\s*(?:\(|\.\s*objects\b)|get_(?:object|list)_or_404\s*\(\s*([A-Z]\w*)\b)/;

/** How another ORM's rows are told: what a name is bound to (each group a class name), and whether a name in lower case alone tells. */
export interface ReceiverReading {
  boundTo: RegExp;
  byName: boolean;
}

const DJANGO: ReceiverReading = { boundTo: BOUND_TO, byName: true };

/**
 * The class name of the model of the row `receiver` (as written before the manager, `self.check`) at
 * `index` in `text`, among `models` (the project's model class names); undefined when the code does not say.
 * `reading`: how the ORM's rows are bound (Django's by default).
 */
export function receiverModel(
  text: string,
  index: number,
  receiver: string,
  models: ReadonlySet<string>,
  fields: readonly DjangoRelation[],
  reading: ReceiverReading = DJANGO,
): string | undefined {
  const parts = receiver.split('.');
  const last = parts.at(-1)!;
  if (parts[0] === 'self' && parts.length <= 2) {
    const cls = pythonClassAround(text, index);
    if (parts.length === 1) return cls && models.has(cls) ? cls : undefined;
    // `self.owner` in a model whose `owner` is a foreign key: the model it points to
    const fk = cls && models.has(cls) ? fields.find((f) => f.model === cls && f.field === last && f.kind !== 'm2m') : undefined;
    if (fk) return fk.target;
  }
  // a name, or `self.name`, may be bound to a model where the code says which
  const bound = parts.length === 1 || (parts.length === 2 && parts[0] === 'self') ? boundModel(text, index, receiver, reading.boundTo) : undefined;
  if (bound) return models.has(bound) ? bound : undefined;
  if (bound === null || !reading.byName) return undefined;
  // else a name that is the model's in lower case: `check`, `self.check`, `alert.check`
  const key = last.replace(/_/g, '').toLowerCase();
  return [...models].find((m) => m.toLowerCase() === key);
}

/**
 * The class the name was last bound to before `index` (in the function around it; `self.x` anywhere in
 * the file, when those bindings agree): a class name; `null` when two of `self.x`'s disagree; undefined
 * when none names a class (`check = lookup(…)`) or there is none.
 */
function boundModel(text: string, index: number, receiver: string, boundTo: RegExp): string | null | undefined {
  const name = receiver.replace('.', String.raw`\s*\.\s*`);
  const member = receiver.startsWith('self.');
  const scope = member ? text : text.slice(pythonFunctionStart(text, index), index);
  const found: Array<{ at: number; model: string | undefined }> = [];
  for (const m of scope.matchAll(new RegExp(String.raw`(?<![\w.])${name}\s*(?:=(?!=)|:\s*['"]?(?=[A-Z]))`, 'g'))) {
    const rest = scope.slice(m.index + m[0].length, m.index + m[0].length + 200);
    const to = m[0].includes(':') ? /^([A-Z]\w*)/.exec(rest) : boundTo.exec(rest);
    found.push({ at: m.index, model: to?.slice(1).find((g) => g) });
  }
  for (const m of scope.matchAll(new RegExp(String.raw`\bfor\s+${name}\s+in\s+([A-Z]\w*)\s*\.\s*objects\b`, 'g'))) found.push({ at: m.index, model: m[1] });
  if (!member) return found.sort((a, b) => a.at - b.at).at(-1)?.model;
  const named = new Set(found.map((f) => f.model).filter((m) => m));
  return named.size > 1 ? null : [...named][0];
}
