/**
 * The `related_name`s a project's Django models give their foreign keys and many-to-many fields
 * (`user = models.ForeignKey(User, related_name='memberships')` in `Member`): the manager a row of
 * the other model reaches this model's rows by (`user.memberships.filter(…)` reads `Member`'s table;
 * a many-to-many field's, its own table).
 */
import { callArgs, NAME_STRING } from './call-reading.js';
import { pythonClasses, type OrmTableRef } from './orm-refs.js';

/** By related name, the model whose rows it reaches; a name two models give is none (`null`). */
export type DjangoRelatedNames = ReadonlyMap<string, OrmTableRef | null>;

/** The related names of the Django models each Python file declares (`refs`: each file's ORM refs, by path). */
export function djangoRelatedNames(
  texts: ReadonlyArray<{ path: string; text: string; language: string }>,
  refs: ReadonlyMap<string, readonly OrmTableRef[]>,
): DjangoRelatedNames {
  const out = new Map<string, OrmTableRef | null>();
  for (const { path, text, language } of texts) {
    if (language !== 'python' || !text.includes('related_name')) continue;
    const models = new Map((refs.get(path) ?? []).filter((r) => r.via === 'django' && r.model).map((r) => [r.model!, r]));
    if (!models.size) continue;
    for (const c of pythonClasses(text)) {
      const model = models.get(c.name);
      if (!model) continue;
      // a one-to-one field's related name is a row, not a manager: only foreign keys and many-to-many fields
      for (const m of c.body.matchAll(/^[ \t]+(\w+)\s*=\s*models\.(ForeignKey|ManyToManyField)\s*\(/gm)) {
        const name = new RegExp(String.raw`\brelated_name\s*=\s*${NAME_STRING}`).exec(callArgs(c.body, m.index + m[0].length - 1))?.[1];
        // `'+'` turns the manager off; `'%(class)s_…'` is an abstract base's pattern
        if (!name || !/^[a-z_]\w*$/i.test(name)) continue;
        // a many-to-many field's manager reaches the field's own table (none known for one `through` a model: left out)
        const reached = m[2] === 'ManyToManyField' ? models.get(`${c.name}.${m[1]}`) : model;
        if (reached) out.set(name, out.has(name) && out.get(name)?.table !== reached.table ? null : reached);
      }
    }
  }
  return out;
}
