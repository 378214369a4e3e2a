/**
 * @module adapters/connector/code/orm/django-generic-joins
 * The join a Django model's generic foreign key declares: `content_object = GenericForeignKey('content_type',
 * 'object_id')` over `content_type = models.ForeignKey(ContentType, …)` joins the model's table on
 * `content_type_id` (the field's `db_column`, when it names one) to `django_content_type`. Its object id
 * points to a row of whichever model the content type names, so it joins nothing. A generic key an
 * abstract model declares, in its file or another (django-abstracts), joins each concrete child's table.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { callArgs, NAME_STRING } from '../text/call-reading.js';
import { lineAt } from '../text/lines.js';
import { pythonClasses } from '../text/python-blocks.js';
import type { OrmTableRef } from './orm-reader.js';
import { basesOf, djangoAbstracts } from './django-abstracts.js';

const GENERIC_KEY = /^[ \t]+\w+\s*=\s*(?:[\w.]*\.)?GenericForeignKey\s*\(/gm;

/** The column of a generic key's content type (`args`, the `GenericForeignKey`'s), a foreign key to Django's `ContentType` one of `bodies` declares. */
function contentTypeColumn(args: string, bodies: readonly string[]): string | undefined {
  const field =
    new RegExp(String.raw`\bct_field\s*=\s*${NAME_STRING}`).exec(args)?.[1] ?? new RegExp(String.raw`^\s*${NAME_STRING}`).exec(args)?.[1] ?? 'content_type';
  for (const body of bodies) {
    const key = new RegExp(String.raw`^[ \t]+${field}\s*=\s*models\.ForeignKey\s*\(`, 'm').exec(body);
    if (!key) continue;
    const keyArgs = callArgs(body, key.index + key[0].length - 1);
    if (!/^\s*(?:to\s*=\s*)?(?:ContentType\b|['"](?:contenttypes\.)?ContentType['"])/.test(keyArgs)) return undefined;
    return new RegExp(String.raw`\bdb_column\s*=\s*${NAME_STRING}`).exec(keyArgs)?.[1] ?? `${field}_id`;
  }
  return undefined;
}

/** The joins the generic foreign keys of each Python file's Django models declare, by the file's path (`refs`: each file's ORM refs). */
export function djangoGenericJoins(
  files: ReadonlyArray<{ path: string; text: string; language: string }>,
  refs: ReadonlyMap<string, readonly OrmTableRef[]>,
): Map<string, DeclaredJoin[]> {
  const out = new Map<string, DeclaredJoin[]>();
  if (!files.some((f) => f.language === 'python' && /\bGenericForeignKey\s*\(/.test(f.text))) return out;
  const abstracts = djangoAbstracts(files);
  for (const { path, text, language } of files) {
    if (language !== 'python') continue;
    const tables = new Map((refs.get(path) ?? []).filter((r) => r.via === 'django' && r.model).map((r) => [r.model!, r.table]));
    if (!tables.size) continue;
    for (const c of pythonClasses(text)) {
      const table = tables.get(c.name);
      if (!table) continue;
      // its own body's, at their line, and those of the abstract models it inherits, at its declaration
      const bodyAt = text.indexOf(c.body, c.index);
      const inherited = abstracts(path, basesOf(c.bases)).ancestors.map((a) => a.body);
      for (const body of [c.body, ...inherited])
        for (const m of body.matchAll(GENERIC_KEY)) {
          const column = contentTypeColumn(callArgs(body, m.index + m[0].length - 1), [c.body, ...inherited]);
          if (!column) continue;
          const at = body === c.body ? bodyAt + m.index + m[0].search(/\S/) : c.index;
          const join: DeclaredJoin = {
            table,
            columns: [column],
            references: 'django_content_type',
            referencedColumns: ['id'],
            line: lineAt(text, at),
            via: 'django',
          };
          out.set(path, [...(out.get(path) ?? []), join]);
        }
    }
  }
  return out;
}
