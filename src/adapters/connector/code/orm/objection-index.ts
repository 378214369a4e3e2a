/**
 * @module adapters/connector/code/orm/objection-index
 * Which of the project's Objection.js models a name stands for in a file, when two folders declare
 * a model of one name (an example app in JavaScript and its port to TypeScript): the file's own
 * model, else the one its import or require names, else the only model of that name.
 */
import { posix } from 'node:path';
import { importedFrom, resolveModule } from '../text/imported-from.js';

interface Located {
  name: string;
  path: string;
  /** Where the file declares it. */
  index: number;
}

export interface ModelIndex<M extends Located> {
  /** The distinct names of the models. */
  names: readonly string[];
  /** The model `name` stands for in the file at `at` (of two the file declares, the last declared before it). */
  resolve(file: { path: string; text: string }, name: string, at?: number): M | undefined;
  /** Whether the file declares the model or imports it. */
  near(file: { path: string; text: string }, model: M): boolean;
  /** The model the relative `module` names from `from` (the one named `name` there, else the file's only model), else the only model named `name`. */
  inModule(from: string, module: string, name: string | undefined): M | undefined;
  /** The model the `module` names in the project folder `folder` (the one named `name` there, else the file's only model); none when no file is there. */
  inFolder(folder: string, module: string, name: string | undefined): M | undefined;
}

export function modelIndex<M extends Located>(models: readonly M[], paths: ReadonlySet<string>): ModelIndex<M> {
  const byPath = new Map<string, M[]>();
  const byName = new Map<string, M[]>();
  for (const m of models) {
    byPath.set(m.path, [...(byPath.get(m.path) ?? []), m]);
    byName.set(m.name, [...(byName.get(m.name) ?? []), m]);
  }
  const only = (list: readonly M[] | undefined) => (list?.length === 1 ? list[0] : undefined);
  const exists = (path: string) => paths.has(path);
  const fileModel = (path: string | undefined, name: string | undefined) => {
    const declared = path ? byPath.get(path) : undefined;
    return declared?.find((m) => m.name === name) ?? only(declared);
  };
  return {
    names: [...byName.keys()],
    resolve(file, name, at = 0) {
      const own = byPath.get(file.path)?.filter((m) => m.name === name);
      if (own?.length) return own.filter((m) => m.index < at).at(-1) ?? own[0];
      const module = (byName.get(name)?.length ?? 0) > 1 ? importedFrom(file.text, name) : undefined;
      return (module && fileModel(resolveModule(file.path, module, exists), name)) || only(byName.get(name));
    },
    near(file, model) {
      if (model.path === file.path) return true;
      const module = importedFrom(file.text, model.name);
      return !!module && resolveModule(file.path, module, exists) === model.path;
    },
    inModule(from, module, name) {
      return fileModel(resolveModule(from, module, exists), name) ?? (name ? only(byName.get(name)) : undefined);
    },
    inFolder(folder, module, name) {
      return fileModel(resolveModule(posix.join(folder, 'index'), module, exists), name);
    },
  };
}
