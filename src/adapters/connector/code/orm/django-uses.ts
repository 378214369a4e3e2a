/**
 * The Django model uses that are not a manager call on the model's name (`Invoice.objects…`):
 * a row built from the model and saved (`invoice = Invoice(…)` then `invoice.save()`), a row whose model
 * the code tells saved or deleted (`for invoice in customer.invoice_set.all(): invoice.save()`), a row fetched by
 * `get_object_or_404(Invoice, …)`, the managers a relation field gives (`customer.invoice_set.filter(…)`,
 * `user.memberships…`, `invoice.lines.add(…)`), and the models of Django's own apps that a file imports
 * (`from django.contrib.auth.models import User`: `auth_user`).
 */
import type { TableAccess } from '../../../../ports/code.js';
import { callArgs, chainAfter } from '../text/call-reading.js';
import { djangoDeleter } from './django-cascades.js';
import { receiverModel } from './django-receivers.js';
import { lineage, type DjangoRelation, type DjangoRelations } from './django-relations.js';
import type { OrmTableRef } from './orm-reader.js';
import { pythonFunctionStart } from '../text/python-blocks.js';

/** Django manager calls that change rows; the others (`filter`, `get`, `all`, `count`, …) read them. */
export const DJANGO_WRITES =
  /^(create|bulk_create|bulk_update|get_or_create|update_or_create|update|delete|acreate|abulk_create|aget_or_create|aupdate_or_create|aupdate|adelete)$/;

/** Django's calls that delete rows (a query set's or a row's), whose cascades write more tables. */
export const DJANGO_DELETES = /^(delete|adelete)$/;

/** A related manager's calls that change rows besides the manager's own: they set or clear the foreign key (or the link rows). */
const RELATED_WRITES = /^(add|set|remove|clear|aadd|aset|aremove|aclear)$/;

/** A manager's calls that read rows (a many-to-many field's name is a common word: only these and the writes count). */
const MANAGER_READS =
  /^(all|filter|exclude|get|count|exists|first|last|values|values_list|order_by|select_related|prefetch_related|distinct|aggregate|annotate|in_bulk|iterator|latest|earliest)$/;

/** The tables of the models Django's own apps declare, by the module that declares them. */
const CONTRIB: Record<string, Record<string, string>> = {
  'django.contrib.auth.models': { User: 'auth_user', Group: 'auth_group', Permission: 'auth_permission' },
  'django.contrib.contenttypes.models': { ContentType: 'django_content_type' },
  'django.contrib.sessions.models': { Session: 'django_session' },
  'django.contrib.sites.models': { Site: 'django_site' },
  'django.contrib.admin.models': { LogEntry: 'django_admin_log' },
  'django.contrib.flatpages.models': { FlatPage: 'django_flatpage' },
  'django.contrib.redirects.models': { Redirect: 'django_redirect' },
};

/** A model of Django's own apps by its class name (`User`: `auth_user`), for a relation that points to one. */
export function contribModel(name: string): OrmTableRef | undefined {
  const table = Object.values(CONTRIB).find((tables) => tables[name])?.[name];
  return table ? { table, line: 0, via: 'django', model: name } : undefined;
}

/** The models of Django's own apps a file imports by name (`from django.contrib.auth.models import User, Group as G`), by the name it uses. */
export function contribModels(text: string): Map<string, OrmTableRef> {
  const out = new Map<string, OrmTableRef>();
  for (const m of text.matchAll(/^[ \t]*from\s+([\w.]+)\s+import\s+(\([^)]*\)|[^\n#]+)/gm)) {
    const tables = CONTRIB[m[1]!];
    if (!tables) continue;
    for (const item of m[2]!.replace(/[()]/g, '').split(',')) {
      const [name, alias] = item.trim().split(/\s+as\s+/);
      const table = name && tables[name];
      if (table) out.set(alias ?? name, { table, line: 0, via: 'django', model: name });
    }
  }
  // `User = get_user_model()` is the project's user model: Django's own unless the settings swap it, which a file does not tell
  if (/^[ \t]*User\s*=\s*get_user_model\(\s*\)/m.test(text) && !out.has('User')) out.set('User', { table: 'auth_user', line: 0, via: 'django', model: 'User' });
  return out;
}

/**
 * The table of the model a relation points to among a file's `models`: the one of that name, else (two
 * models sharing it) the one the relation's declaration tells, else Django's own (`User`).
 */
export function targetTable(f: DjangoRelation, models: ReadonlyMap<string, OrmTableRef | null>): OrmTableRef | null | undefined {
  const found = models.get(f.target);
  return found === null ? (f.targetTable ?? null) : (found ?? contribModel(f.target));
}

type Use = (found: OrmTableRef | null | undefined, index: number, access?: TableAccess) => void;

/** What a manager's call does: a write (`create`, `update`, `delete`, `add`, …), a read, or nothing a manager has (`undefined`). */
function managerAccess(method: string): TableAccess | undefined {
  if (DJANGO_WRITES.test(method) || RELATED_WRITES.test(method)) return 'write';
  return MANAGER_READS.test(method) ? 'read' : undefined;
}

/**
 * A file's uses of the Django models `models` (by class name) other than `Model.objects`: rows it
 * builds and saves (written), rows `get_object_or_404(Model, …)` fetches (read), and the managers the
 * project's relation fields give (`relations`): a foreign key's reverse manager reaches its model's
 * rows, a many-to-many field's its link rows and the other side's.
 */
export function djangoRowUses(text: string, models: ReadonlyMap<string, OrmTableRef | null>, use: Use, relations?: DjangoRelations): void {
  if (!models.size) return;
  const names = [...models.keys()].filter((n) => /^[A-Z]\w*$/.test(n));
  if (!names.length) return;
  // a row built and saved at once, `Check(project=p).save()`, or bound to a name that saves it later
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\w.])(${names.join('|')})\(`, 'g'))) {
    const before = text.slice(text.lastIndexOf('\n', m.index) + 1, m.index);
    if (/^\s*class\s/.test(before)) continue;
    const open = m.index + m[0].length - 1;
    const close = open + callArgs(text, open).length + 1;
    const bound = /([\w.]+)\s*=\s*$/.exec(before)?.[1];
    const saved =
      /^\s*\.\s*save\s*\(/.test(text.slice(close + 1)) ||
      (bound && new RegExp(String.raw`(?<![\w.])${bound.replace(/\./g, '\\.')}\s*\.\s*save\s*\(`).test(text.slice(close)));
    if (saved) use(models.get(m[1]!), m.index, 'write');
  }
  const deleted = djangoDeleter(models, use, relations);
  // a query set bound to a name and written later in the same function: `q = Flip.objects.filter(…)`, `q = q.filter(…)`, `q.update(…)`
  for (const { model, index, method } of querySetWrites(text, names, relations?.managers))
    if (DJANGO_DELETES.test(method)) deleted(model, index);
    else use(models.get(model), index, 'write');
  // Django's shortcuts fetch rows of the model they are given: `get_object_or_404(Member, project=p)`
  for (const m of text.matchAll(new RegExp(String.raw`\bget_(?:object|list)_or_404\s*\(\s*(${names.join('|')})\s*[,)]`, 'g')))
    use(models.get(m[1]!), m.index, 'read');
  // only the tables of the models given: a file's own models are declared there already
  const given = new Set([...models.values()].filter((r) => r));
  const useGiven: Use = (found, index, access) => {
    if (found && given.has(found)) use(found, index, access);
  };
  const fields = relations?.fields ?? [];
  rowWrites(text, models, use, fields, deleted);
  // a many-to-many field's manager, `crate.shelves.add(shelf)`, in a file that names the model declaring the field
  const classes = modelClasses(models, fields);
  for (const f of fields) {
    if (f.kind !== 'm2m' || !f.links) continue;
    const named = new RegExp(String.raw`(?<![\w.])${f.model}\b`).test(text);
    for (const m of text.matchAll(new RegExp(String.raw`((?<![\w.)\]])[A-Za-z_][\w.]*)?\s*\.\s*${f.field}\s*\.\s*(\w+)\s*\(`, 'g'))) {
      // or the row's model is told by the code: `for obj in event.content.all():` then `obj.coaches.all()`
      const of = named || !m[1] ? undefined : receiverModel(text, m.index, m[1].replace(/\s+/g, ''), classes, fields);
      if (!named && !(of && lineage(of, fields).includes(f.model))) continue;
      const index = m.index + (m[1]?.length ?? 0);
      linkRows(f.links, targetTable(f, models), m[2]!, index, useGiven);
      // `crate.shelves.all().delete()` deletes the shelves themselves
      if (deletesLater(text, m.index + m[0].length - 1)) deleted(f.target, index);
    }
  }
  reverseManagers(text, models, useGiven, fields, relations?.complete ?? new Set(), deleted);
  relatedRows(text, models, use, fields, deleted);
}

/** Whether a call chained after the call whose `(` is at `open` deletes rows: `.all().delete()`. */
const deletesLater = (text: string, open: number) => chainAfter(text, open).some((c) => DJANGO_DELETES.test(c.method));

/**
 * Rows a row's own `save()` writes, and those its `delete()` deletes, where the code tells its model
 * (`self` in a model's method, a name bound to `Check.objects.get(…)`, `get_object_or_404(Check, …)` or
 * a loop over a query set, `check: Check`; `receiverModel`).
 */
function rowWrites(
  text: string,
  models: ReadonlyMap<string, OrmTableRef | null>,
  use: Use,
  fields: readonly DjangoRelation[],
  deleted: (model: string, index: number) => void,
): void {
  const classes = modelClasses(models, fields);
  for (const m of text.matchAll(/(?<![\w.)\]])([a-z_][\w.]*?)\s*\.\s*(a?delete|a?save)\s*\(/g)) {
    // a saved row's model is the one the code tells, not its name's: `form.save()` saves no `Form`
    const deletes = DJANGO_DELETES.test(m[2]!);
    const model = receiverModel(text, m.index, m[1]!, classes, fields, { guess: deletes });
    if (!model) continue;
    if (deletes) deleted(model, m.index);
    else use(models.get(model), m.index, 'write');
  }
}

/** The project's model class names: those the relation fields name, and those given. */
function modelClasses(models: ReadonlyMap<string, OrmTableRef | null>, fields: readonly DjangoRelation[]): Set<string> {
  const classes = new Set(fields.flatMap((f) => [f.model, f.target]));
  for (const name of models.keys()) if (/^[A-Z]\w*$/.test(name)) classes.add(name);
  return classes;
}

/**
 * Rows reached through a relation field of a row whose model the code tells (`check.project.name`,
 * `self.owner.email`, `request.user.profile`): a forward foreign key or one-to-one field reads its
 * model's table, a one-to-one field's way back (its query name) the declaring model's. An assignment
 * (`check.project = p`) sets the key column alone, and a call (`row.refresh()`) is no field.
 */
function relatedRows(
  text: string,
  models: ReadonlyMap<string, OrmTableRef | null>,
  use: Use,
  fields: readonly DjangoRelation[],
  deleted: (model: string, index: number) => void,
): void {
  const forward = new Map<string, DjangoRelation[]>();
  const backward = new Map<string, DjangoRelation[]>();
  for (const f of fields) {
    // a generic relation's way back is a lookup's name alone, no attribute
    if (f.kind === 'm2m' || f.kind === 'generic') continue;
    forward.set(f.field, [...(forward.get(f.field) ?? []), f]);
    if (f.kind === 'o2o' && f.query) backward.set(f.query, [...(backward.get(f.query) ?? []), f]);
  }
  const names = [...new Set([...forward.keys(), ...backward.keys()])];
  if (!names.length) return;
  const classes = modelClasses(models, fields);
  const pattern = new RegExp(String.raw`((?<![\w.)\]])[A-Za-z_][\w.]*)\s*\.\s*(${names.join('|')})\b(?!\s*(?:\(|=(?!=)))`, 'g');
  for (const m of text.matchAll(pattern)) {
    const [, receiver, name] = m as unknown as [string, string, string];
    const of = receiverModel(text, m.index, receiver.replace(/\s+/g, ''), classes, fields);
    if (!of) continue;
    const at = m.index + receiver.length;
    // the row reached is saved or deleted then and there: `request.user.profile.save()`
    const after = /^\s*\.\s*(save|delete|asave|adelete)\s*\(/.exec(text.slice(m.index + m[0].length))?.[1];
    const access = after ? 'write' : 'read';
    const kin = lineage(of, fields);
    const field = forward.get(name)?.find((f) => kin.includes(f.model));
    if (field) use(targetTable(field, models), at, access);
    const back = backward.get(name)?.find((f) => kin.includes(f.target));
    if (back) use(back.table, at, access);
    const reached = field?.target ?? back?.model;
    if (reached && after && DJANGO_DELETES.test(after)) deleted(reached, at);
  }
}

/** A many-to-many manager's call: `add`/`set`/`remove`/`clear` write the link rows; the others read (or write) the link rows and the other side's. */
function linkRows(links: OrmTableRef | undefined, other: OrmTableRef | null | undefined, method: string, index: number, use: Use): void {
  const access = managerAccess(method);
  if (!access) return;
  use(links, index, access);
  if (!RELATED_WRITES.test(method)) use(other, index, access);
}

/**
 * The reverse managers: `project.check_set.count()` (Django's name, `<model>_set`, followed at any
 * mention) and `user.memberships.exists()` (a `related_name`, only at a manager's call). A name several
 * fields give (`channel_set` is `Channel.project`'s and `Channel.checks`') is the field pointing to the
 * receiver's model (`receiverModel`); when the code does not tell, only what they share is linked (the
 * declaring model's rows), never a many-to-many field's link rows.
 */
function reverseManagers(
  text: string,
  models: ReadonlyMap<string, OrmTableRef | null>,
  use: Use,
  fields: readonly DjangoRelation[],
  complete: ReadonlySet<string>,
  deleted: (model: string, index: number) => void,
): void {
  const classes = modelClasses(models, fields);
  // the models named in lower case, for a `_set` whose model declares no relation read here (Django's own, or one of another file's base)
  const lower = new Map<string, OrmTableRef | null>();
  for (const [name, ref] of models) lower.set(name.toLowerCase(), lower.has(name.toLowerCase()) ? null : ref);
  const managers = new Map<string, DjangoRelation[]>();
  for (const f of fields) if (f.manager) managers.set(f.manager, [...(managers.get(f.manager) ?? []), f]);
  const named = [...managers.keys()].filter((n) => !n.endsWith('_set'));
  const pattern = String.raw`((?<![\w.)\]])[A-Za-z_][\w.]*)?\s*\.\s*(\w+_set|${named.length ? named.join('|') : '(?!)'})\b(?:\s*\.\s*(\w+)\s*(\()?)?`;
  for (const m of text.matchAll(new RegExp(pattern, 'g'))) {
    const [, receiver, manager, method, call] = m as unknown as [string, string | undefined, string, string | undefined, string | undefined];
    const at = m.index + (receiver?.length ?? 0);
    const candidates = managers.get(manager) ?? [];
    const isDefault = manager.endsWith('_set');
    // a related name is a manager only where a manager's method is called on it
    if (!isDefault && !(method && call && managerAccess(method))) continue;
    // `project.check_set.all().delete()`: the manager's rows are deleted (a manager has no `delete` of its own)
    const deletes = call !== undefined && deletesLater(text, m.index + m[0].length - 1);
    const access = deletes ? 'write' : method ? (managerAccess(method) ?? (isDefault ? 'read' : undefined)) : undefined;
    if (!candidates.length) {
      const model = isDefault ? lower.get(manager.slice(0, -4)) : undefined;
      use(model, at, access);
      if (deletes && model?.model) deleted(model.model, at);
      continue;
    }
    const of = receiver ? receiverModel(text, m.index, receiver.replace(/\s+/g, ''), classes, fields) : undefined;
    const kin = of ? lineage(of, fields) : [];
    const pointing = candidates.filter((f) => kin.includes(f.target));
    // one field alone gives the name, and its model has no field unread: it is that field's
    const sole = candidates.length === 1 && (candidates[0]!.named || complete.has(candidates[0]!.model)) ? candidates : [];
    const field = pointing.length === 1 ? pointing[0] : sole[0];
    if (field) {
      if (field.kind !== 'm2m') use(field.table, at, access);
      else if (method && !RELATED_WRITES.test(method)) {
        use(field.table, at, access);
        use(field.links, at, access);
      } else if (method) use(field.links, at, access);
      else {
        use(field.table, at);
        use(field.links, at);
      }
      if (deletes) deleted(field.model, at);
    } else if (new Set(candidates.map((f) => f.table)).size === 1) {
      use(candidates[0]!.table, at, access);
      if (deletes) deleted(candidates[0]!.model, at);
    }
  }
}

/**
 * The writes a query set bound to a name makes (`n, _ = q.delete()`, `q.update(status="down")`): the
 * model of the name's binding before the call in the function around it, past the bindings that
 * narrow the same name (`q = q.filter(…)`); none when it was last bound to anything else, or to
 * values, a count or a dict (`row = Order.objects.values(…).first()`).
 */
function querySetWrites(
  text: string,
  names: readonly string[],
  managers: ReadonlyMap<string, readonly string[]> = new Map(),
): Array<{ model: string; index: number; method: string }> {
  const out: Array<{ model: string; index: number; method: string }> = [];
  const models = new Set(names);
  for (const m of text.matchAll(/(?<![\w.])([a-z_]\w*)\s*\.\s*(\w+)\s*\(/g)) {
    if (!DJANGO_WRITES.test(m[2]!) || m[1] === 'self') continue;
    const scope = text.slice(pythonFunctionStart(text, m.index), m.index);
    const bindings = [...scope.matchAll(new RegExp(String.raw`^[ \t]*${m[1]}\s*=(?!=)\s*([^\n]*)`, 'gm'))].reverse();
    for (const b of bindings) {
      const rhs = b[1]!;
      if (new RegExp(String.raw`^${m[1]}\s*\.`).test(rhs)) continue;
      const bound = /^([A-Z]\w*)\s*\.\s*(\w+)\b/.exec(rhs);
      // a dict or a number is no query set: `row = Order.objects.values(…).first()`, then `row.update(…)`
      if (/\.\s*(?:values|values_list|aggregate|count|exists|in_bulk)\s*\(/.test(rhs)) break;
      if (bound && models.has(bound[1]!) && (bound[2] === 'objects' || managers.get(bound[1]!)?.includes(bound[2]!)))
        out.push({ model: bound[1]!, index: m.index, method: m[2]! });
      break;
    }
  }
  return out;
}
