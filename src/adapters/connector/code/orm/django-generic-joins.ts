/**
 * @module adapters/connector/code/orm/django-generic-joins
 * The join a Django model's generic foreign key declares: `content_object = GenericForeignKey('content_type',
 * 'object_id')` over `content_type = models.ForeignKey(ContentType, …)` joins the model's table on
 * `content_type_id` (the field's `db_column`, when it names one) to `django_content_type`. Its object id
 * points to a row of whichever model the content type names, so it joins nothing.
 */
import type { DeclaredJoin } from '../../../../ports/code.js';
import { callArgs, NAME_STRING } from '../text/call-reading.js';
import { lineAt } from '../text/lines.js';
import { pythonClasses } from '../text/python-blocks.js';
import type { OrmTableRef } from './orm-reader.js';

const GENERIC_KEY = /^[ \t]+\w+\s*=\s*(?:[\w.]*\.)?GenericForeignKey\s*\(/gm;

/** The joins the generic foreign keys of each Python file's Django models declare, by the file's path (`refs`: each file's ORM refs). */
export function djangoGenericJoins(
  files: ReadonlyArray<{ path: string; text: string; language: string }>,
  refs: ReadonlyMap<string, readonly OrmTableRef[]>,
): Map<string, DeclaredJoin[]> {
  const out = new Map<string, DeclaredJoin[]>();
  for (const { path, text, language } of files) {
    if (language !== 'python' || !/\bGenericForeignKey\s*\(/.test(text)) continue;
    const tables = new Map((refs.get(path) ?? []).filter((r) => r.via === 'django' && r.model).map((r) => [r.model!, r.table]));
    for (const c of pythonClasses(text)) {
      const table = tables.get(c.name);
      if (!table) continue;
      const bodyAt = text.indexOf(c.body, c.index);
      for (const m of c.body.matchAll(GENERIC_KEY)) {
        const args = callArgs(c.body, m.index + m[0].length - 1);
        const field =
          new RegExp(String.raw`\bct_field\s*=\s*${NAME_STRING}`).exec(args)?.[1] ??
          new RegExp(String.raw`^\s*${NAME_STRING}`).exec(args)?.[1] ??
          'content_type';
        // the content type's own field, a foreign key to Django's `ContentType`
        const key = new RegExp(String.raw`^[ \t]+${field}\s*=\s*models\.ForeignKey\s*\(`, 'm').exec(c.body);
        const keyArgs = key ? callArgs(c.body, key.index + key[0].length - 1) : '';
        if (!/^\s*(?:to\s*=\s*)?(?:ContentType\b|['"](?:contenttypes\.)?ContentType['"])/.test(keyArgs)) continue;
        const column = new RegExp(String.raw`\bdb_column\s*=\s*${NAME_STRING}`).exec(keyArgs)?.[1] ?? `${field}_id`;
        const join: DeclaredJoin = {
          table,
          columns: [column],
          references: 'django_content_type',
          referencedColumns: ['id'],
          line: lineAt(text, bodyAt + m.index + m[0].search(/\S/)),
          via: 'django',
        };
        out.set(path, [...(out.get(path) ?? []), join]);
      }
    }
  }
  return out;
}
