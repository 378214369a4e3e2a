/**
 * The Django model uses that are not a manager call on the model's name (`Invoice.objects…`):
 * a row built from the model and saved (`invoice = Invoice(…)` then `invoice.save()`), a related
 * manager named after the model (`customer.invoice_set.filter(…)`), and the models of Django's own
 * apps that a file imports (`from django.contrib.auth.models import User`: `auth_user`).
 */
import type { TableAccess } from '../../../ports/code.js';
import { callArgs } from './call-reading.js';
import type { OrmTableRef } from './orm-refs.js';

/** Django manager calls that change rows; the others (`filter`, `get`, `all`, `count`, …) read them. */
export const DJANGO_WRITES =
  /^(create|bulk_create|bulk_update|get_or_create|update_or_create|update|delete|acreate|abulk_create|aget_or_create|aupdate_or_create|aupdate|adelete)$/;

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

type Use = (found: OrmTableRef | null | undefined, index: number, access?: TableAccess) => void;

/**
 * A file's uses of the Django models `models` (by class name) other than `Model.objects`: rows it
 * builds and saves (written), and related managers `<model in lower case>_set` (read, or written by
 * `create`, `update`, `delete`, `add`, `set`, `remove`, `clear`).
 */
export function djangoRowUses(
  text: string,
  models: ReadonlyMap<string, OrmTableRef | null>,
  use: Use,
  related: ReadonlyMap<string, OrmTableRef | null> = new Map(),
): void {
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
  // a many-to-many field's manager, `crate.shelves.add(shelf)`, reaches its table, in a file that names the model declaring the field
  for (const [key, ref] of models) {
    const [owner, field] = key.split('.');
    if (!field || !new RegExp(String.raw`(?<![\w.])${owner}\b`).test(text)) continue;
    managerCalls(text, field, ref, use);
  }
  // a related manager the model's field names (`related_name='memberships'`): `user.memberships.exists()`
  for (const [name, ref] of related) managerCalls(text, name, ref, use);
  // a related manager: `project.check_set.count()`, `check.channel_set.add(c)`
  const lower = new Map<string, OrmTableRef | null>();
  for (const [name, ref] of models) lower.set(name.toLowerCase(), lower.has(name.toLowerCase()) ? null : ref);
  for (const m of text.matchAll(/\.\s*([a-z]\w*)_set\b(?:\s*\.\s*(\w+))?/g)) {
    const found = lower.get(m[1]!);
    if (!found) continue;
    const method = m[2];
    use(found, m.index, method && (DJANGO_WRITES.test(method) || RELATED_WRITES.test(method)) ? 'write' : method ? 'read' : undefined);
  }
}

/** The calls of a manager reached by an attribute `name` (`x.tags.add(…)`): its writes, and the reads only a manager has. */
function managerCalls(text: string, name: string, ref: OrmTableRef | null, use: Use): void {
  if (!ref) return;
  for (const m of text.matchAll(new RegExp(String.raw`\.\s*${name}\s*\.\s*(\w+)\s*\(`, 'g'))) {
    const method = m[1]!;
    if (DJANGO_WRITES.test(method) || RELATED_WRITES.test(method)) use(ref, m.index, 'write');
    else if (MANAGER_READS.test(method)) use(ref, m.index, 'read');
  }
}
