/**
 * @module adapters/connector/code/imports/svelte-config
 * The import aliases a SvelteKit project's `svelte.config.js` sets, read from its text without running it: `kit.files.lib`
 * (older SvelteKit's `$lib` folder) and `kit.alias`, as the tsconfig SvelteKit generates maps them (its
 * `.svelte-kit/tsconfig.json`, which nobody commits). Only string literals written in the `kit` object count; a config
 * that builds them otherwise (a call, a variable, a spread) leaves `$lib` at `src/lib` and sets no other alias.
 */
import type { Node } from 'typescript';

/** Where a project's `$lib` is when its config says nothing. */
const DEFAULT_LIB = 'src/lib';

/**
 * A SvelteKit project's aliases as tsconfig `paths`, relative to the project's folder: `$lib` (`kit.files.lib`, else
 * `src/lib`) and each `kit.alias`, a key without `/*` naming the folder and its files (`$utils` and `$utils/*`) or a file
 * (a value with an extension), one with `/*` its files only. `text` is the config's text, undefined when there is none.
 */
export async function svelteKitPaths(text: string | undefined): Promise<Record<string, string[]>> {
  const aliases: Record<string, string> = { $lib: DEFAULT_LIB, ...(text ? await configAliases(text) : {}) };
  const paths: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(aliases)) {
    const [name, target] = [key.replace(/\/\*$/, ''), value.replace(/\/\*$/, '').replace(/^\.\//, '')];
    if (key.endsWith('/*')) paths[key] = [`./${target}/*`];
    else {
      paths[name] = [`./${target}`];
      if (!/\.[^/]+$/.test(target)) paths[`${name}/*`] = [`./${target}/*`];
    }
  }
  return paths;
}

/** The aliases a config's `kit` object writes as string literals: `files.lib` as `$lib`, then `alias`'s entries. */
async function configAliases(text: string): Promise<Record<string, string>> {
  const { default: ts } = await import('typescript');
  const source = ts.createSourceFile('svelte.config.js', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  /** An object literal's properties whose values are string literals, by name; the object a property holds. */
  const strings = (object: Node | undefined) => {
    const out: Record<string, string> = {};
    if (object && ts.isObjectLiteralExpression(object))
      for (const p of object.properties)
        if (ts.isPropertyAssignment(p) && ts.isStringLiteralLike(p.initializer) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)))
          out[p.name.text] = p.initializer.text;
    return out;
  };
  const property = (object: Node | undefined, name: string) => {
    if (!object || !ts.isObjectLiteralExpression(object)) return undefined;
    const found = object.properties.find((p) => ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name);
    return found && ts.isPropertyAssignment(found) ? found.initializer : undefined;
  };
  // the first `kit: { … }` written: `export default { kit: … }` or `const config = { kit: … }`
  let kit: Node | undefined;
  const visit = (node: Node): void => {
    if (kit) return;
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'kit' && ts.isObjectLiteralExpression(node.initializer))
      kit = node.initializer;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  const lib = strings(property(kit, 'files')).lib;
  return { ...(lib ? { $lib: lib } : {}), ...strings(property(kit, 'alias')) };
}
