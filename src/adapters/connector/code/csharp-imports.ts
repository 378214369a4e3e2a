/**
 * @module adapters/connector/code/csharp-imports
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
 * - A type declared `partial` in several files: a mention links each of them, and each part links
 *   the others (`partial`).
 * - Projects: a file belongs to the nearest folder above it with a `.csproj`; it sees the types
 *   of its project and of the projects its `<ProjectReference>`s reach (transitively), and its
 *   project's `global using`s. A tree without project files is one project.
 * An attribute `[Route]` mentions `RouteAttribute` as well. Types of the framework or of NuGet
 * packages are declared by no file of the tree: no edge.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { folderOf } from '../../../kernel/workspace-path.js';
import type { CsharpFacts } from './csharp-reader.js';
import type { ParsedFile } from './tree-sitter.js';

type Link = (from: string, to: string, kind: string) => void;

/** Each folder with a project file → the folders of the projects it references. */
async function projects(root: string, dirs: Iterable<string>): Promise<Map<string, string[]>> {
  const seen = new Map<string, string[] | null>();
  for (const start of dirs) {
    for (let dir = start; !seen.has(dir); dir = folderOf(dir)) {
      const names = await readdir(join(root, dir)).catch(() => [] as string[]);
      const project = names.find((n) => n.endsWith('.csproj'));
      const text = project ? await readFile(join(root, dir, project), 'utf8').catch(() => '') : null;
      seen.set(
        dir,
        text === null
          ? null
          : [...text.matchAll(/<ProjectReference\s+Include\s*=\s*"([^"]+)"/g)].map((m) =>
              folderOf(posix.normalize(posix.join(dir, m[1]!.replace(/\\/g, '/'))).replace(/^\.\/?/, '')),
            ),
      );
      if (!dir) break;
    }
  }
  return new Map([...seen].filter((e): e is [string, string[]] => !!e[1]));
}

/** A project's folder and the folders of every project it references, directly or not. */
function reach(project: string, refs: ReadonlyMap<string, string[]>): Set<string> {
  const out = new Set([project]);
  for (const p of out) for (const r of refs.get(p) ?? []) out.add(r);
  return out;
}

/** `A.B.C` → A.B.C, A.B, A (the namespaces a type of `A.B.C` sees without a `using`). */
function enclosing(namespace: string): string[] {
  const parts = namespace ? namespace.split('.') : [];
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('.'));
}

export async function csharpImports(root: string, parsed: ReadonlyMap<string, ParsedFile>, link: Link): Promise<void> {
  const facts = new Map([...parsed].flatMap(([f, p]) => (f.endsWith('.cs') && p.csharp ? [[f, p.csharp] as const] : [])));
  if (!facts.size) return;
  const refs = await projects(root, new Set([...facts.keys()].map(folderOf)));
  const projectOf = (file: string): string | null => {
    for (let dir = folderOf(file); ; dir = folderOf(dir)) {
      if (refs.has(dir)) return dir;
      if (!dir) return null;
    }
  };
  const project = new Map([...facts.keys()].map((f) => [f, projectOf(f)]));
  const declared = new Map<string, string[]>();
  const globalUsings = new Map<string | null, CsharpFacts['usings']>();
  for (const [file, f] of facts) {
    for (const t of f.types) declared.set(`${t.namespace}|${t.name}`, [...new Set([...(declared.get(`${t.namespace}|${t.name}`) ?? []), file])]);
    const p = project.get(file)!;
    globalUsings.set(p, [...(globalUsings.get(p) ?? []), ...f.usings.filter((u) => u.global)]);
  }
  const reaches = new Map([...refs.keys()].map((p) => [p, reach(p, refs)]));

  for (const [file, f] of facts) {
    const own = project.get(file)!;
    const visible = own === null ? null : reaches.get(own)!;
    const lookup = (namespace: string, name: string): string[] =>
      (declared.get(`${namespace}|${name}`) ?? []).filter((d) => {
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
    const usings = [...f.usings.filter((u) => !u.global), ...(globalUsings.get(own) ?? [])];
    const aliases = new Map(usings.flatMap((u) => (u.alias ? [[u.alias, u.target] as const] : [])));
    const opened = usings.filter((u) => !u.alias && !u.static).map((u) => u.target);
    const chains = f.namespaces.map(enclosing);
    const ownTypes = new Set(f.types.map((t) => `${t.namespace}|${t.name}`));

    for (const name of parsed.get(file)!.mentions) {
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
