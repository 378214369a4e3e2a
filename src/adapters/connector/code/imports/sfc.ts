/**
 * @module adapters/connector/code/imports/sfc
 * Single-file components (`.vue`, `.svelte`, `.astro`): their code is the script blocks, read
 * without a framework compiler. Vue's `<script>` and `<script setup>`, Svelte's instance and module
 * scripts, Astro's `---` frontmatter and the `<script>` tags Astro bundles (not `is:inline` ones)
 * are kept where they stand and everything else is blanked, so the script view has the file's
 * length and lines: the readers of TypeScript (imports, SQL strings, `gql` operations, ORM calls,
 * exports) run on it and report the file's own line numbers. A block in another language
 * (`lang="coffee"`, `type="text/x-template"`, JSON) and HTML comments are left out.
 */
import type { Node } from 'typescript';
import { leadingComment, type CodeSymbol } from '../outline.js';
import { lineAt } from '../text/lines.js';

/** Languages (as list-files names them) whose files are single-file components. */
export const SFC_LANGUAGES: ReadonlySet<string> = new Set(['vue', 'svelte', 'astro']);

export interface ScriptBlock {
  /** Offsets of the block's code in the file: [start, end). */
  start: number;
  end: number;
  /** 1-based line of the block's first character: a script's opening-tag line when its code begins on the next. */
  line: number;
  language: 'typescript' | 'javascript';
  /** `setup` (Vue), `module` (Svelte's `<script module>` or `context="module"`), `frontmatter` (Astro), else `script`. */
  role: 'script' | 'setup' | 'module' | 'frontmatter';
}

export interface ScriptView {
  /** The file with everything outside its script blocks blanked (newlines kept): same length, same lines. */
  text: string;
  /** `typescript` when a block is, else `javascript`. */
  language: 'typescript' | 'javascript';
  blocks: ScriptBlock[];
}

const blank = (text: string) => text.replace(/[^\n]/g, ' ');

/** An opening `<script …>` tag whose attribute values may hold `>` (`generic="T extends Record<K, V>"`). */
const SCRIPT = /<script\b((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const FRONTMATTER = /^(\s*---[ \t]*\r?\n)([\s\S]*?)^---[ \t]*$/m;

function attributes(source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of source.matchAll(ATTRIBUTE)) out.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

/** The block's language, or null when it holds no JavaScript or TypeScript. */
function scriptLanguage(attrs: ReadonlyMap<string, string>): ScriptBlock['language'] | null {
  const type = attrs.get('type')?.toLowerCase();
  if (type && type !== 'module' && !/^(text|application)\/(javascript|ecmascript|typescript|babel)$/.test(type)) return null;
  const lang = attrs.get('lang')?.toLowerCase();
  if (lang === undefined || ['js', 'javascript', 'jsx'].includes(lang)) return type?.endsWith('typescript') ? 'typescript' : 'javascript';
  return ['ts', 'typescript', 'tsx'].includes(lang) ? 'typescript' : null;
}

/** The script blocks of a `.vue`, `.svelte` or `.astro` file, in file order. */
export function scriptBlocks(text: string, language: string): ScriptBlock[] {
  if (!SFC_LANGUAGES.has(language)) return [];
  const blocks: ScriptBlock[] = [];
  let from = 0;
  if (language === 'astro') {
    const front = FRONTMATTER.exec(text);
    if (front && front.index === 0) {
      const start = front[1]!.length;
      blocks.push({ start, end: start + front[2]!.length, line: lineAt(text, start), language: 'typescript', role: 'frontmatter' });
      from = front[0].length;
    }
  }
  // comments blanked in place, so that a commented-out block is no block and offsets stay the file's
  const markup = blank(text.slice(0, from)) + text.slice(from).replace(/<!--[\s\S]*?(?:-->|$)/g, blank);
  for (const m of markup.matchAll(SCRIPT)) {
    const attrs = attributes(m[1]!);
    const scriptLang = scriptLanguage(attrs);
    if (!scriptLang || (language === 'astro' && attrs.has('is:inline'))) continue;
    const start = m.index + m[0].indexOf('>', '<script'.length + m[1]!.length) + 1;
    const role = attrs.has('setup') ? 'setup' : attrs.has('module') || attrs.get('context') === 'module' ? 'module' : 'script';
    blocks.push({ start, end: start + m[2]!.length, line: lineAt(text, start), language: scriptLang, role });
  }
  return blocks;
}

/** The file as its script blocks alone (see the module's description). */
export function scriptView(text: string, language: string): ScriptView {
  const blocks = scriptBlocks(text, language);
  let view = '';
  let at = 0;
  for (const b of blocks) {
    view += blank(text.slice(at, b.start)) + text.slice(b.start, b.end);
    at = b.end;
  }
  view += blank(text.slice(at));
  return { text: view, language: blocks.some((b) => b.language === 'typescript') ? 'typescript' : 'javascript', blocks };
}

/**
 * What a component says about itself: the HTML comment it opens with, else the comment that opens
 * its first script block (Astro's frontmatter, a `<script setup>`).
 */
export function componentComment(text: string, view: ScriptView): string {
  const html = /^\s*<!--([\s\S]*?)-->/.exec(text.replace(/^\uFEFF/, ''));
  // read as a block comment: the same clipping and clean-up as a script's
  if (html) return leadingComment(`/*${html[1]!.replace(/\*\//g, '* /')}*/`, 'javascript');
  const first = view.blocks[0];
  return first ? leadingComment(text.slice(first.start, first.end), first.language) : '';
}

/**
 * A component's symbols: the component itself, named by its file (`UserCard.vue` → `UserCard`)
 * where the name is PascalCase as components' are (a route such as `+page.svelte` or `index.astro`
 * is no named component), then what its scripts export (`exported`: the outline of the script
 * view), less a Svelte instance script's `export let`, which declares a prop, not an export.
 */
export function componentSymbols(path: string, view: ScriptView, exported: readonly CodeSymbol[]): CodeSymbol[] {
  const name = /([^/]+)\.(vue|svelte|astro)$/i.exec(path)?.[1] ?? '';
  const out: CodeSymbol[] = [];
  if (/^[A-Z][A-Za-z0-9_]*$/.test(name)) out.push({ name, kind: 'component', line: view.blocks[0]?.line ?? 1, signature: `component ${name}` });
  const svelteProps = path.endsWith('.svelte') ? view.blocks.filter((b) => b.role === 'script') : [];
  const lineOf = (b: ScriptBlock) => [b.line, b.line + view.text.slice(b.start, b.end).split('\n').length - 1];
  for (const s of exported) {
    if (out.some((o) => o.name === s.name)) continue;
    if (['let', 'var'].includes(s.kind) && svelteProps.some((b) => s.line >= lineOf(b)[0]! && s.line <= lineOf(b)[1]!)) continue;
    out.push(s);
  }
  return out;
}

/** An import of a script block: the specifier as written and dependency-cruiser's words for how (`import`, `type-only`, …). */
export interface ScriptImport {
  module: string;
  kinds: string[];
}

/** The imports of the script view: `import`/`export … from`, `import()` and `require()` with a literal specifier. */
export async function scriptImports(view: ScriptView): Promise<ScriptImport[]> {
  if (!view.blocks.length) return [];
  const { default: ts } = await import('typescript');
  const source = ts.createSourceFile('component.ts', view.text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: ScriptImport[] = [];
  const visit = (node: Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? !!node.importClause?.isTypeOnly : node.isTypeOnly;
      out.push({ module: node.moduleSpecifier.text, kinds: typeOnly ? ['import', 'type-only'] : ['import'] });
    } else if (ts.isCallExpression(node) && node.arguments.length && ts.isStringLiteralLike(node.arguments[0]!)) {
      const dynamic = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      if (dynamic || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
        out.push({ module: node.arguments[0].text, kinds: [dynamic ? 'dynamic-import' : 'require'] });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}
