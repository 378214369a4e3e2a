/**
 * @module adapters/connector/code/orm/django-abstracts
 * The abstract Django models a class inherits, declared in its own file or in another (django-oscar's
 * `class Product(AbstractProduct)` in `models.py` over `abstract_models.py`), whose fields, managers
 * and generic foreign keys a concrete child has as its own. A base's name stands for the abstract
 * class of that name its file declares, else the project's only one (of the child's app, when several
 * apps declare one); an abstract class's own abstract bases are followed in turn.
 */
import { pythonClasses } from '../text/python-blocks.js';

export interface AbstractModel {
  path: string;
  name: string;
  body: string;
  bases: string[];
}

/** The abstract classes a class's bases reach, depth first, bases before their children; `complete` when every base was read. */
export type AbstractBases = (path: string, bases: readonly string[]) => { ancestors: AbstractModel[]; complete: boolean };

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
const ABSTRACT = /^[ \t]+abstract\s*=\s*True\b/m;
const MODEL = /^(?:models\.)?Model$/;

/** A class's bases as written, keyword arguments left out. */
export const basesOf = (bases: string) =>
  bases
    .split(',')
    .map((b) => b.trim())
    .filter((b) => b && !/=/.test(b));

/** Reads the project's abstract Django classes once. */
export function djangoAbstracts(files: ReadonlyArray<{ path: string; text: string; language: string }>): AbstractBases {
  const byName = new Map<string, AbstractModel[]>();
  for (const { path, text, language } of files) {
    if (language !== 'python' || !ABSTRACT.test(text)) continue;
    for (const c of pythonClasses(text))
      if (ABSTRACT.test(c.body)) byName.set(c.name, [...(byName.get(c.name) ?? []), { path, name: c.name, body: c.body, bases: basesOf(c.bases) }]);
  }
  const named = (path: string, written: string): AbstractModel | undefined => {
    const all = byName.get(written.split('.').at(-1)!) ?? [];
    const own = all.filter((a) => a.path === path);
    const folder = all.filter((a) => folderOf(a.path) === folderOf(path));
    const found = own.length ? own : all.length > 1 && folder.length ? folder : all;
    return found.length === 1 ? found[0] : undefined;
  };
  const read = (path: string, bases: readonly string[], seen: Set<AbstractModel>): { ancestors: AbstractModel[]; complete: boolean } => {
    const ancestors: AbstractModel[] = [];
    let complete = true;
    for (const b of bases) {
      if (MODEL.test(b)) continue;
      const base = named(path, b);
      if (!base) {
        complete = false;
        continue;
      }
      if (seen.has(base)) continue;
      seen.add(base);
      const above = read(base.path, base.bases, seen);
      complete &&= above.complete;
      ancestors.push(...above.ancestors, base);
    }
    return { ancestors, complete };
  };
  return (path, bases) => read(path, bases, new Set());
}
