/**
 * @module adapters/connector/code/imports/csharp-imports
 * C# type references resolved to the files declaring the types, by the language's lookup rules.
 * A namespace is no file: `using Acme.Data;` makes the namespace's types visible, so the file links
 * the files of that namespace declaring a type it mentions (edge `using`), as a Go import links the
 * files declaring the names it selects.
 *
 * - A name is looked up first in the file's own namespace and the namespaces around it
 *   (`namespace Acme.Web.Api` sees `Acme.Web.Api`, `Acme.Web`, `Acme` without a `using`; edge
 *   `same-namespace`): the innermost that declares it wins, as C# takes it. Else in the namespaces
 *   of its `using`s, of the project's `global using`s, and the global namespace.
 * - `using static A.B.C;` links `C`'s files (`using-static`); an alias `using Ord = A.B.Order;`
 *   links `Order`'s files where `Ord` is mentioned, and `using Db = A.Data;` makes `Db.Store` read
 *   as `A.Data.Store`.
 * - A dotted name in code (`Acme.Data.Repo`, `Data.Repo` inside `namespace Acme`, `global::…`)
 *   links the type it names (`qualified`).
 * - An extension method (`static … M(this T x)` in a static class) is brought in by name the same
 *   way: a file calling `app.InitialiseDatabaseAsync()` with a `using` of its namespace links the
 *   file declaring it.
 * - A type declared `partial` in several files: a mention links each of them, and each part links
 *   the others (`partial`).
 * - Projects (csharp-projects): a file belongs to the nearest folder above it with a `.csproj`; it
 *   sees the types of its project and of the projects its `<ProjectReference>`s reach
 *   (transitively), its project's `global using`s, and the SDK's implicit usings and `<Using>`
 *   items (a Web project's `Program.cs` calls `builder.AddApplicationServices()`, declared in
 *   `namespace Microsoft.Extensions.DependencyInjection`). A tree without project files is one project.
 * An attribute `[Route]` mentions `RouteAttribute` as well. Types of the framework or of NuGet
 * packages are declared by no file of the tree: no edge.
 */
import { folderOf } from '../../../../kernel/workspace-path.js';
import { factsOf } from './import-links.js';
import { readProjects, type CsharpProject } from './csharp-projects.js';
import type { CsharpFacts, CsharpUsing } from './csharp-reader.js';
import type { ParsedFile } from './parsed-file.js';

type Link = (from: string, to: string, kind: string) => void;

/** A project's folder and the folders of every project it references, directly or not. */
function reach(project: string, projects: ReadonlyMap<string, CsharpProject>): Set<string> {
  const out = new Set([project]);
  for (const p of out) for (const r of projects.get(p)?.refs ?? []) out.add(r);
  return out;
}

/** `A.B.C` → A.B.C, A.B, A (the namespaces a type of `A.B.C` sees without a `using`). */
function enclosing(namespace: string): string[] {
  const parts = namespace ? namespace.split('.') : [];
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('.'));
}

export async function csharpImports(root: string, parsed: ReadonlyMap<string, ParsedFile>, link: Link): Promise<void> {
  const facts = factsOf(parsed, 'csharp');
  if (!facts.size) return;
  const refs = await readProjects(root, new Set([...facts.keys()].map(folderOf)));
  const projectOf = (file: string): string | null => {
    for (let dir = folderOf(file); ; dir = folderOf(dir)) {
      if (refs.has(dir)) return dir;
      if (!dir) return null;
    }
  };
  const project = new Map([...facts.keys()].map((f) => [f, projectOf(f)]));
  const declared = new Map<string, string[]>();
  const extensions = new Map<string, string[]>();
  const globalUsings = new Map<string | null, CsharpFacts['usings']>();
  for (const [file, f] of facts) {
    for (const t of f.types) declared.set(`${t.namespace}|${t.name}`, [...new Set([...(declared.get(`${t.namespace}|${t.name}`) ?? []), file])]);
    for (const e of f.extensions) extensions.set(`${e.namespace}|${e.name}`, [...new Set([...(extensions.get(`${e.namespace}|${e.name}`) ?? []), file])]);
    const p = project.get(file)!;
    globalUsings.set(p, [...(globalUsings.get(p) ?? []), ...f.usings.filter((u) => u.global)]);
  }
  const reaches = new Map([...refs.keys()].map((p) => [p, reach(p, refs)]));

  for (const [file, f] of facts) {
    const own = project.get(file)!;
    const visible = own === null ? null : reaches.get(own)!;
    const lookup = (namespace: string, name: string, among: ReadonlyMap<string, string[]> = declared): string[] =>
      (among.get(`${namespace}|${name}`) ?? []).filter((d) => {
        const p = project.get(d)!;
        return !visible || p === null || visible.has(p);
      });
    /** The files of the type a dotted name names: the longest namespace prefix that declares its next segment. */
    const typeFiles = (segments: readonly string[], from = 1): string[] => {
      for (let k = segments.length - 1; k >= from; k--) {
        const files = lookup(segments.slice(0, k).join('.'), segments[k]!);
        if (files.length) return files;
      }
      return [];
    };
    const implicit: CsharpUsing[] = (own === null ? [] : refs.get(own)!.usings).map((target) => ({ target, static: false, global: true }));
    const usings = [...f.usings.filter((u) => !u.global), ...(globalUsings.get(own) ?? []), ...implicit];
    const aliases = new Map(usings.flatMap((u) => (u.alias ? [[u.alias, u.target] as const] : [])));
    const opened = usings.filter((u) => !u.alias && !u.static).map((u) => u.target);
    const chains = f.namespaces.map(enclosing);
    const ownTypes = new Set(f.types.map((t) => `${t.namespace}|${t.name}`));

    for (const name of parsed.get(file)!.mentions) {
      // an extension method called by name (`app.InitialiseDatabaseAsync()`): the namespaces around the file and its usings bring it in
      for (const ns of new Set(chains.flat())) for (const d of lookup(ns, name, extensions)) link(file, d, 'same-namespace');
      for (const ns of opened) for (const d of lookup(ns, name, extensions)) link(file, d, 'using');
      let found = false;
      for (const chain of chains) {
        for (const ns of chain) {
          const files = lookup(ns, name);
          if (!files.length) continue;
          found = true;
          // the file's own type: its other parts are linked as `partial`
          if (!ownTypes.has(`${ns}|${name}`)) for (const d of files) link(file, d, 'same-namespace');
          break;
        }
      }
      if (found) continue;
      for (const ns of opened) for (const d of lookup(ns, name)) link(file, d, 'using');
      for (const d of lookup('', name)) link(file, d, 'same-namespace');
      const alias = aliases.get(name);
      if (alias) for (const d of typeFiles(alias.split('.'))) link(file, d, 'using');
    }
    for (const u of usings) if (u.static) for (const d of typeFiles(u.target.split('.'))) link(file, d, 'using-static');
    for (const q of f.qualified) {
      const segments = q.split('.');
      const alias = aliases.get(segments[0]!);
      // a name written relative to an enclosing namespace, or whole; the type is one of the written segments
      const candidates = alias
        ? [{ segments: [...alias.split('.'), ...segments.slice(1)], from: 1 }]
        : [...[...new Set(chains.flat())].map((ns) => ({ segments: [...ns.split('.'), ...segments], from: ns.split('.').length })), { segments, from: 1 }];
      for (const c of candidates) {
        const files = typeFiles(c.segments, c.from);
        for (const d of files) link(file, d, 'qualified');
        if (files.length) break;
      }
    }
    for (const t of f.types) if (t.partial) for (const d of lookup(t.namespace, t.name)) link(file, d, 'partial');
  }
}
