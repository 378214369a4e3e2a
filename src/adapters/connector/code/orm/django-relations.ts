/**
 * @module adapters/connector/code/orm/django-relations
 * The relation fields of a project's Django models, read from their declarations as written: each
 * `ForeignKey` and `ManyToManyField` with the model it points to, the reverse manager it gives that
 * model (its `related_name`, else Django's `<model>_set`) and, for a many-to-many field, the table of
 * its link rows (its own, or its `through` model's). A row of the other model reaches this model's rows
 * by the reverse manager (`user.memberships…`, `check.channel_set…`). A model inheriting a concrete
 * model (multi-table inheritance, `class Restaurant(Place)`) has Django's implicit one-to-one field to
 * it, `place_ptr`, back by `place.restaurant`: its rows are in both tables. A `GenericRelation` of
 * contenttypes reaches the rows of the model it names as a reverse foreign key would.
 */
import { callArgs } from '../text/call-reading.js';
import type { OrmTableRef } from './orm-reader.js';
import { pythonClasses } from '../text/python-blocks.js';
import { basesOf, djangoAbstracts } from './django-abstracts.js';

export interface DjangoRelation {
  /** The model declaring the field (its class name), and the field's name. */
  model: string;
  field: string;
  /** `generic`: a `GenericRelation` declared on `target`, read as the reverse of a foreign key of `model`'s rows (its `content_object`). */
  kind: 'fk' | 'o2o' | 'm2m' | 'generic';
  /** The class name of the model it points to (`'self'` is the declaring model; `settings.AUTH_USER_MODEL` is `User`). */
  target: string;
  /** The reverse manager's name: its `related_name`, else `<model in lower case>_set`; none for `'+'` or an abstract base's `%(class)s` pattern. */
  manager?: string;
  /** Whether the manager's name is a `related_name` written (else Django's default). */
  named: boolean;
  /**
   * The name a lookup of the other model takes back to this one (`Project.objects.filter(check__status=…)`):
   * its `related_query_name`, else its `related_name`, else the declaring model's name in lower case;
   * none when the relation is hidden (`'+'`) or the name is an app label's pattern.
   */
  query?: string;
  /** The declaring model's table. */
  table: OrmTableRef;
  /** A many-to-many field's link rows: its own table, or its `through` model's. */
  links?: OrmTableRef;
  /** A foreign key's or one-to-one field's `on_delete` (`CASCADE`, `SET_NULL`, `SET` for `SET(…)`, `PROTECT`, …), as written by name or second argument. */
  onDelete?: string;
  /** The table of the model it points to, where the code says which (`'billing.Invoice'`, or one of its own app's when two apps have an `Invoice`). */
  targetTable?: OrmTableRef;
  /** Multi-table inheritance's link to the concrete model inherited (`place_ptr`): that model's table, where each row has its part. */
  parent?: OrmTableRef;
}

export interface DjangoRelations {
  fields: readonly DjangoRelation[];
  /** The models whose every relation field is read here: none of their bases is another file's class (which may declare more). */
  complete: ReadonlySet<string>;
  /** By model, the managers it declares besides `objects` (`all_objects = models.Manager()`, `live = LiveQuerySet.as_manager()`). */
  managers: ReadonlyMap<string, readonly string[]>;
}

const KINDS: Record<string, DjangoRelation['kind']> = { ForeignKey: 'fk', OneToOneField: 'o2o', ManyToManyField: 'm2m', GenericRelation: 'generic' };
const FIELD =
  /^[ \t]+(\w+)\s*=\s*(?:models\s*\.\s*|(?:contenttypes\s*\.\s*)?(?:fields|generic)\s*\.\s*)?(ForeignKey|OneToOneField|ManyToManyField|GenericRelation)\s*\(/gm;
/** A manager declared in a model's body: `all_objects = models.Manager()`, `published = PublishedManager()`, `live = LiveQuerySet.as_manager()`. */
const MANAGER = /^[ \t]+(\w+)\s*=\s*(?:[\w.]*Manager\s*\(|[\w.]+\s*\.\s*as_manager\s*\(|[\w.]*Manager\s*\.\s*from_queryset\s*\()/gm;

/** The class a relation's first argument (or `to=`) names, with the app label written (`'api.Check'`): `Check`, `"self"`, `settings.AUTH_USER_MODEL`. */
function targetOf(args: string, model: string): { name: string; app?: string } | undefined {
  const first = /^\s*(?:to\s*=\s*)?([\w.]+|['"][\w.]+['"])/.exec(args)?.[1] ?? new RegExp(String.raw`\bto\s*=\s*([\w.]+|['"][\w.]+['"])`).exec(args)?.[1];
  if (!first) return undefined;
  const written = first.replace(/['"]/g, '');
  if (written === 'self') return { name: model };
  if (/^settings\.AUTH_USER_MODEL$/.test(written)) return { name: 'User' };
  const name = written.split('.').at(-1)!;
  const app = /['"]/.test(first) ? written.split('.').at(-2) : undefined;
  return /^[A-Z]\w*$/.test(name) ? { name, ...(app && { app }) } : undefined;
}

/** A Django model file's app: the folder holding `models.py`, or a `models/` package. */
export function djangoApp(path: string): string | undefined {
  const parts = path.split('/');
  return parts.at(-2) === 'models' ? parts.at(-3) : parts.at(-2);
}

/** What a relation field's `on_delete` is: `on_delete=models.CASCADE`, `on_delete=SET(…)`, or its second argument (`ForeignKey(User, models.CASCADE)`). */
function onDeleteOf(args: string): string | undefined {
  const action = String.raw`(?:[\w.]*\.)?(CASCADE|PROTECT|RESTRICT|SET_NULL|SET_DEFAULT|SET|DO_NOTHING)\b`;
  return (
    new RegExp(String.raw`\bon_delete\s*=\s*${action}`).exec(args)?.[1] ??
    new RegExp(String.raw`^\s*(?:[\w.]+|'[^']*'|"[^"]*")\s*,\s*${action}`).exec(args)?.[1]
  );
}

/**
 * A `GenericRelation` (`tags = GenericRelation(TaggedItem)` on `Bookmark`): the rows of the model it names
 * (`TaggedItem`, `table`) whose generic key points to this model's, reached by its manager (`bookmark.tags`)
 * and lookups (`tags__tag`), back by its `related_query_name` alone, and deleted with this model's rows.
 */
function genericRelation(model: string, field: string, args: string, target: string, table: OrmTableRef | null | undefined): DjangoRelation | undefined {
  if (!table) return undefined;
  const back = /\brelated_query_name\s*=\s*['"](\w+)['"]/.exec(args)?.[1] ?? '';
  return { model: target, field: back, kind: 'generic', target: model, manager: field, named: true, query: field, table, onDelete: 'CASCADE' };
}

/** The relation fields of the Django models each Python file declares (`refs`: each file's ORM refs, by path). */
export function djangoRelations(
  texts: ReadonlyArray<{ path: string; text: string; language: string }>,
  refs: ReadonlyMap<string, readonly OrmTableRef[]>,
): DjangoRelations {
  const fields: DjangoRelation[] = [];
  const abstracts = djangoAbstracts(texts);
  const complete = new Set<string>();
  const managers = new Map<string, string[]>();
  // every Django model by class name with its app, for a model declared in another file
  const models = new Map<string, Array<{ ref: OrmTableRef; app: string | undefined }>>();
  for (const [path, list] of refs)
    for (const r of list)
      if (r.via === 'django' && r.model && !r.model.includes('.')) models.set(r.model, [...(models.get(r.model) ?? []), { ref: r, app: djangoApp(path) }]);
  // the model a name means in an app's file: its app's (`'api.Check'`, or one of its own app), else the project's only one
  const modelNamed = (name: string, app: string | undefined, fileApp: string | undefined): OrmTableRef | undefined => {
    const all = models.get(name) ?? [];
    const inApp = all.filter((m) => m.app === (app ?? fileApp));
    const found = app || inApp.length ? inApp : all;
    return found.length === 1 ? found[0]!.ref : undefined;
  };
  for (const { path, text, language } of texts) {
    if (language !== 'python') continue;
    const own = new Map((refs.get(path) ?? []).filter((r) => r.via === 'django' && r.model).map((r) => [r.model!, r]));
    if (!own.size) continue;
    const app = djangoApp(path);
    // a name the file's own model has is that one, unless another app's is written (`'other.Check'`)
    const named = (target: { name: string; app?: string }) =>
      (!target.app || target.app === app ? own.get(target.name) : undefined) ?? modelNamed(target.name, target.app, app);
    const classes = pythonClasses(text);
    // an abstract base's fields are its models'; one of another file may have fields not read here
    const declared = new Map<string, { fields: Array<{ field: string; kind: DjangoRelation['kind']; args: string }>; managers: string[]; complete: boolean }>();
    for (const c of classes) {
      const bases = basesOf(c.bases);
      const abstract = bases.filter((b) => declared.has(b) && /\babstract\s*=\s*True/.test(classes.find((k) => k.name === b)!.body));
      // the abstract bases of another file (django-oscar's `AbstractProduct`), with the fields their bodies declare
      const others = abstracts(
        path,
        bases.filter((b) => !declared.has(b)),
      );
      const fieldsIn = (body: string) =>
        [...body.matchAll(FIELD)].map((m) => ({
          field: m[1]!,
          kind: KINDS[m[2]!]!,
          args: callArgs(body, m.index + m[0].length - 1),
        }));
      const managersIn = (body: string) => [...body.matchAll(MANAGER)].map((m) => m[1]!).filter((n) => n !== 'objects');
      const whole = bases.every((b) => /^(?:models\.)?Model$/.test(b) || declared.get(b)?.complete || others.complete);
      declared.set(c.name, {
        fields: [...others.ancestors.flatMap((a) => fieldsIn(a.body)), ...abstract.flatMap((b) => declared.get(b)!.fields), ...fieldsIn(c.body)],
        managers: [...others.ancestors.flatMap((a) => managersIn(a.body)), ...abstract.flatMap((b) => declared.get(b)!.managers), ...managersIn(c.body)],
        complete: whole,
      });
      const table = own.get(c.name);
      if (!table) continue;
      if (whole) complete.add(c.name);
      // a concrete model inherited (not an abstract base, nor a proxy's): Django links its rows by `<parent>_ptr`
      if (!/^[ \t]+proxy\s*=\s*True\b/m.test(c.body))
        for (const b of bases) {
          const parent = declared.has(b) ? own.get(b) : named({ name: b });
          if (!parent || b === c.name) continue;
          const field = `${b.toLowerCase()}_ptr`;
          fields.push({ model: c.name, field, kind: 'o2o', target: b, named: false, query: c.name.toLowerCase(), table, onDelete: 'CASCADE', parent });
        }
      if (declared.get(c.name)!.managers.length) managers.set(c.name, declared.get(c.name)!.managers);
      for (const f of declared.get(c.name)!.fields) {
        const written = targetOf(f.args, c.name);
        if (!written) continue;
        const target = written.name;
        if (f.kind === 'generic') {
          const generic = genericRelation(c.name, f.field, f.args, target, named(written));
          if (generic) fields.push(generic);
          continue;
        }
        const related = /\brelated_name\s*=\s*['"]([^'"]*)['"]/.exec(f.args)?.[1];
        // `'+'` turns the manager off; `'%(class)s_…'` is an abstract base's pattern
        const ownName = (name: string | undefined) => name?.replace(/%\(class\)s/g, c.name.toLowerCase());
        const manager = related === undefined ? `${c.name.toLowerCase()}_set` : /^[a-z_]\w*$/i.test(related) ? related : undefined;
        const relation: DjangoRelation = { model: c.name, field: f.field, kind: f.kind, target, named: related !== undefined, table };
        const targetTable = named(written);
        if (targetTable) relation.targetTable = targetTable;
        // a one-to-one field's reverse is a row, not a manager
        if (manager && f.kind !== 'o2o') relation.manager = manager;
        const onDelete = f.kind === 'm2m' ? undefined : onDeleteOf(f.args);
        if (onDelete) relation.onDelete = onDelete;
        const query = ownName(
          /\brelated_query_name\s*=\s*['"]([^'"]*)['"]/.exec(f.args)?.[1] ?? (related?.endsWith('+') ? '' : (ownName(related) ?? c.name.toLowerCase())),
        );
        if (query && /^[a-z_]\w*$/i.test(query)) relation.query = query;
        if (f.kind === 'm2m') {
          const through = /\bthrough\s*=\s*(['"]?)([\w.]+)/.exec(f.args);
          const [label, name] = [through?.[1] ? through[2]!.split('.').at(-2) : undefined, through?.[2]!.split('.').at(-1)];
          const links = name ? named({ name, ...(label && { app: label }) }) : own.get(`${c.name}.${f.field}`);
          if (links) relation.links = links;
        }
        fields.push(relation);
      }
    }
  }
  return { fields, complete, managers };
}

/** A model and the concrete models it inherits, nearest first (`Italian`, `Restaurant`, `Place`). */
export function lineage(model: string, fields: readonly DjangoRelation[]): string[] {
  const out = [model];
  for (let i = 0; i < out.length; i++) for (const f of fields) if (f.parent && f.model === out[i] && !out.includes(f.target)) out.push(f.target);
  return out;
}

/** The tables of the concrete models `model` inherits, each holding its part of the rows. */
export function parentTables(model: string, fields: readonly DjangoRelation[]): OrmTableRef[] {
  const models = lineage(model, fields);
  return fields.filter((f) => f.parent && models.includes(f.model)).map((f) => f.parent!);
}
