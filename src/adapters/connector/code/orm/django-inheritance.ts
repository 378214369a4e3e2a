/**
 * @module adapters/connector/code/orm/django-inheritance
 * The Django models a file declares that only another file shows to be models: a class whose body
 * declares nothing of Django's (`class Product(AbstractProduct): pass`, django-oscar's way) inheriting
 * a model of another file. Inheriting an abstract model, it has a table of its own, named by the app
 * label the abstract model's `Meta` gives (a child's `Meta` inherits it), else by the child's app;
 * inheriting a concrete one (multi-table inheritance), it has its own table too, which
 * `djangoRelations` links to the parent's by `<parent>_ptr`; a proxy has its concrete base's. A base is
 * the Django class of its name the child's file declares, else the only one of the files it imports.
 */
import type { ImportMap } from '../imports/import-graph.js';
import { NAME_STRING } from '../text/call-reading.js';
import { lineAt } from '../text/lines.js';
import { pythonClasses } from '../text/python-blocks.js';
import { djangoApp } from './django-relations.js';
import type { OrmTableRef } from './orm-reader.js';

/** A Django class as another file's children need it: abstract (with the app label its `Meta` gives) or mapped to a table. */
interface DjangoClass {
  path: string;
  name: string;
  abstract: boolean;
  appLabel?: string;
  table?: string;
  /** Many-to-many fields without `through`, whose link tables a child has under its own table's name. */
  m2m: string[];
}

interface Candidate {
  path: string;
  name: string;
  bases: string[];
  body: string;
  index: number;
  text: string;
}

const META_OPTION = (option: string) => new RegExp(String.raw`^[ \t]+class\s+Meta\b[^\n]*:[\s\S]*?^[ \t]+${option}\s*=\s*`, 'm');
const ABSTRACT = new RegExp(META_OPTION('abstract').source + 'True\\b', 'm');
const APP_LABEL = new RegExp(META_OPTION('app_label').source + NAME_STRING, 'm');
const DB_TABLE = META_OPTION('db_table');
const PROXY = new RegExp(META_OPTION('proxy').source + 'True\\b', 'm');
const M2M = /^[ \t]+(\w+)\s*=\s*models\.ManyToManyField\s*\(([^)]*)\)?/gm;
/** A Django field, a manager or a `Meta` naming a table: a class body with one of these is read where it is declared (`orm-refs`). */
const OWN_DECLARATIONS = /^[ \t]+\w+\s*=\s*models\.\w*(?:Field|Key)\s*\(/m;

/** The models other files' classes make of classes that declare nothing of Django's, by the path of the file declaring each. */
export function djangoInheritedModels(
  files: ReadonlyArray<{ path: string; text: string; language: string }>,
  declared: ReadonlyMap<string, readonly OrmTableRef[]>,
  imports: ImportMap,
): Map<string, OrmTableRef[]> {
  const out = new Map<string, OrmTableRef[]>();
  const python = files.filter((f) => f.language === 'python' && /\bclass\s/.test(f.text));
  if (!python.some((f) => /\bdjango\.db\b/.test(f.text))) return out;
  // the project's Django classes by name: those mapped where declared, and the abstract ones of files importing Django's models
  const known = new Map<string, DjangoClass[]>();
  const add = (c: DjangoClass) => known.set(c.name, [...(known.get(c.name) ?? []), c]);
  const candidates: Candidate[] = [];
  for (const { path, text } of python) {
    const mapped = new Map((declared.get(path) ?? []).filter((r) => r.via === 'django' && r.model && !r.model.includes('.')).map((r) => [r.model!, r.table]));
    const django = /^\s*(?:from\s+django\.db\s+import\b|import\s+django\.db\b)/m.test(text);
    for (const c of pythonClasses(text)) {
      const bases = c.bases
        .split(',')
        .map((b) => b.trim())
        .filter((b) => /^[A-Za-z_][\w.]*$/.test(b));
      const m2m = [...c.body.matchAll(M2M)].filter((m) => !/\bthrough\s*=/.test(m[2] ?? '')).map((m) => m[1]!);
      const table = mapped.get(c.name);
      if (table) add({ path, name: c.name, abstract: false, table, m2m });
      else if (django && ABSTRACT.test(c.body) && (bases.some((b) => /^(?:models\.)?Model$/.test(b)) || OWN_DECLARATIONS.test(c.body)))
        add({ path, name: c.name, abstract: true, ...appLabel(c.body), m2m });
      else if (bases.length && !mapped.has(c.name) && !/^(?:models\.)?Model$/.test(bases[0]!))
        candidates.push({ path, name: c.name, bases, body: c.body, index: c.index, text });
    }
  }
  // the class a base's name stands for: the child's file's own, else the only one of the files it imports (`forms.Form` is Django's, not a `Form` model)
  const baseOf = (path: string, written: string): DjangoClass | undefined => {
    const all = known.get(written.split('.').at(-1)!) ?? [];
    const own = written.includes('.') ? [] : all.filter((c) => c.path === path);
    if (own.length) return own.length === 1 ? own[0] : undefined;
    const reached = new Set((imports.get(path) ?? []).map((i) => i.path));
    // `models.Benefit`: a class of the module of that name (`offer/models.py`, `offer/models/__init__.py`)
    const module = written.includes('.') ? written.split('.').at(-2)! : undefined;
    const imported = all.filter((c) => reached.has(c.path) && (!module || moduleName(c.path) === module));
    return imported.length === 1 ? imported[0] : undefined;
  };
  // a child may be another child's base: read until no class is added
  for (let added = true; added;) {
    added = false;
    for (const c of candidates) {
      if (known.get(c.name)?.some((k) => k.path === c.path)) continue;
      const parents = c.bases.map((b) => baseOf(c.path, b));
      const first = parents.find((p) => p);
      if (!first || DB_TABLE.test(c.body)) continue;
      const m2m = parents.flatMap((p) => (p?.abstract ? p.m2m : []));
      if (ABSTRACT.test(c.body)) {
        const label = appLabel(c.body).appLabel ?? parents.find((p) => p?.appLabel)?.appLabel;
        add({ path: c.path, name: c.name, abstract: true, ...(label && { appLabel: label }), m2m });
        added = true;
        continue;
      }
      const concrete = parents.find((p) => p && !p.abstract);
      const app = appLabel(c.body).appLabel ?? parents.find((p) => p?.abstract && p.appLabel)?.appLabel ?? djangoApp(c.path);
      const table = PROXY.test(c.body) ? concrete?.table : app ? `${app}_${c.name.toLowerCase()}` : undefined;
      if (!table) continue;
      add({ path: c.path, name: c.name, abstract: false, table, m2m: [] });
      added = true;
      const line = lineAt(c.text, c.index);
      const ref = (name: string, model: string): OrmTableRef => ({ table: name, line, via: 'django', model, access: ['schema'] });
      const refs = [ref(table, c.name), ...m2m.map((field) => ref(`${table}_${field}`, `${c.name}.${field}`))];
      out.set(c.path, [...(out.get(c.path) ?? []), ...refs]);
    }
  }
  return out;
}

function appLabel(body: string): { appLabel?: string } {
  const label = APP_LABEL.exec(body)?.[1];
  return label ? { appLabel: label } : {};
}

/** The module a Python file is imported as, by its last name: `offer/models.py` and `offer/models/__init__.py` are `models`. */
function moduleName(path: string): string | undefined {
  const parts = path.replace(/\.py$/, '').split('/');
  return parts.at(-1) === '__init__' ? parts.at(-2) : parts.at(-1);
}
