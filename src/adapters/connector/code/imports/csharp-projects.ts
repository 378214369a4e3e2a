/**
 * @module adapters/connector/code/imports/csharp-projects
 * The .NET projects of a tree as far as C# name lookup needs them: each folder holding a `.csproj`,
 * the project folders its `<ProjectReference>`s name, and the namespaces every file of it has
 * without writing a `using`: the SDK's implicit usings when `<ImplicitUsings>` is `enable` or
 * `true` (in the project or the nearest `Directory.Build.props` above it) and `<Using Include>`
 * items. The implicit sets are the .NET SDK's: `Microsoft.NET.Sdk` has System, System.IO,
 * System.Linq, …; `Microsoft.NET.Sdk.Web` adds Microsoft.AspNetCore.Builder, …,
 * Microsoft.Extensions.DependencyInjection; `Microsoft.NET.Sdk.Worker` the Microsoft.Extensions ones.
 * Read as text, not evaluated by MSBuild (conditions and imported props other than the nearest
 * `Directory.Build.props` are not followed).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { folderOf } from '../../../../kernel/workspace-path.js';

export interface CsharpProject {
  /** Folders of the projects it references. */
  refs: string[];
  /** Namespaces of its implicit and `<Using Include>` global usings. */
  usings: string[];
}

const SDK_USINGS = ['System', 'System.Collections.Generic', 'System.IO', 'System.Linq', 'System.Net.Http', 'System.Threading', 'System.Threading.Tasks'];
const HOSTING = [
  'Microsoft.Extensions.Configuration',
  'Microsoft.Extensions.DependencyInjection',
  'Microsoft.Extensions.Hosting',
  'Microsoft.Extensions.Logging',
];
const IMPLICIT: Record<string, string[]> = {
  'Microsoft.NET.Sdk.Web': [
    ...SDK_USINGS,
    'System.Net.Http.Json',
    'Microsoft.AspNetCore.Builder',
    'Microsoft.AspNetCore.Hosting',
    'Microsoft.AspNetCore.Http',
    'Microsoft.AspNetCore.Routing',
    ...HOSTING,
  ],
  'Microsoft.NET.Sdk.Worker': [...SDK_USINGS, ...HOSTING],
};

/** `<ImplicitUsings>` as a project or props file sets it: true, false, or null when it says nothing. */
function implicitUsings(text: string): boolean | null {
  const value = /<ImplicitUsings>\s*([^<\s]*)\s*<\/ImplicitUsings>/i.exec(text)?.[1]?.toLowerCase();
  return value === undefined ? null : value === 'enable' || value === 'true';
}

/** `<Using Include="A.B" />` items that open a namespace (not a `Static` or `Alias` one). */
const usingItems = (text: string) =>
  [...text.matchAll(/<Using\s+([^>]*?)\/?>/g)].flatMap((m) => {
    const include = /\bInclude\s*=\s*"([^"]+)"/.exec(m[1]!)?.[1];
    return include && !/\b(?:Static|Alias)\s*=/.test(m[1]!) ? [include] : [];
  });

/** The projects above the given folders, by folder. */
export async function readProjects(root: string, dirs: Iterable<string>): Promise<Map<string, CsharpProject>> {
  const texts = new Map<string, { project: string | null; props: string | null }>();
  for (const start of dirs) {
    for (let dir = start; !texts.has(dir); dir = folderOf(dir)) {
      const names = await readdir(join(root, dir)).catch(() => [] as string[]);
      const read = (name: string | undefined) => (name ? readFile(join(root, dir, name), 'utf8').catch(() => '') : Promise.resolve(null));
      texts.set(dir, { project: await read(names.find((n) => n.endsWith('.csproj'))), props: await read(names.find((n) => n === 'Directory.Build.props')) });
      if (!dir) break;
    }
  }
  const nearestProps = (dir: string): string => {
    for (let d = dir; ; d = folderOf(d)) {
      const props = texts.get(d)?.props;
      if (props) return props;
      if (!d) return '';
    }
  };
  const projects = new Map<string, CsharpProject>();
  for (const [dir, { project }] of texts) {
    if (project === null) continue;
    const props = nearestProps(dir);
    const sdk = /<Project\s[^>]*\bSdk\s*=\s*"([^"]+)"/.exec(project)?.[1] ?? '';
    const implicit = implicitUsings(project) ?? implicitUsings(props) ?? false;
    projects.set(dir, {
      refs: [...project.matchAll(/<ProjectReference\s+Include\s*=\s*"([^"]+)"/g)].map((m) =>
        folderOf(posix.normalize(posix.join(dir, m[1]!.replace(/\\/g, '/'))).replace(/^\.\/?/, '')),
      ),
      usings: [...(implicit ? (IMPLICIT[sdk] ?? SDK_USINGS) : []), ...usingItems(props), ...usingItems(project)],
    });
  }
  return projects;
}
