/**
 * @module adapters/connector/code/routes/go-frameworks
 * Which HTTP router package a Go file's name stands for, by import path: `router "github.com/gorilla/mux"` makes
 * `router.NewRouter()` gorilla's, `gin2 "github.com/gin-gonic/gin"` makes `gin2.Default()` gin's, a dot import makes
 * the package's names unqualified (`Default()`), a blank import names nothing.
 */

/** The routers the Go reader knows, by the name its rules use. */
export type GoFramework = 'gin' | 'echo' | 'chi' | 'mux' | 'http' | 'fiber' | 'httprouter';

const PATHS: Array<[RegExp, GoFramework]> = [
  [/^github\.com\/gin-gonic\/gin$/, 'gin'],
  [/^github\.com\/labstack\/echo(?:\/v\d+)?$/, 'echo'],
  [/^github\.com\/go-chi\/chi(?:\/v\d+)?$/, 'chi'],
  [/^github\.com\/gorilla\/mux$/, 'mux'],
  [/^net\/http$/, 'http'],
  [/^github\.com\/gofiber\/fiber(?:\/v\d+)?$/, 'fiber'],
  [/^github\.com\/julienschmidt\/httprouter$/, 'httprouter'],
];

const FRAMEWORKS: readonly GoFramework[] = ['gin', 'echo', 'chi', 'mux', 'http', 'fiber', 'httprouter'];

/** A file's names for the routers: each local qualifier's framework, and those dot-imported. */
export interface GoRouterNames {
  qualifiers: ReadonlyMap<string, GoFramework>;
  dotted: readonly GoFramework[];
}

const IMPORT_SPEC = /^[ \t]*(?:import[ \t]+)?([\w.]+[ \t]+)?"([^"\n]+)"/gm;

/** The import specs of a file's import declarations: `import x "p"`, and each line of `import ( … )`. */
function importSpecs(text: string): Array<{ name?: string; path: string }> {
  const out: Array<{ name?: string; path: string }> = [];
  for (const decl of text.matchAll(/^import\s*(\([^)]*\)|[\w.]*\s*"[^"\n]+")/gm)) {
    for (const spec of decl[1]!.replace(/^\(/, '').matchAll(IMPORT_SPEC)) out.push({ ...(spec[1] ? { name: spec[1].trim() } : {}), path: spec[2]! });
  }
  return out;
}

/** The name an import gets when it gives none: its last element, a major version suffix (`/v5`) skipped. */
const defaultName = (path: string): string => {
  const parts = path.split('/');
  return (/^v\d+$/.test(parts.at(-1)!) && parts.length > 1 ? parts.at(-2)! : parts.at(-1)!).replace(/^go-/, '').replace(/[^\w].*$/, '');
};

/**
 * The router names of a Go file. A name no import binds keeps its usual meaning (`gin.`, `chi.`), so a snippet without
 * imports still reads; an import of another package under a router's usual name (`mux "example.com/mux"`) takes it away.
 */
export function goRouterNames(text: string): GoRouterNames {
  const qualifiers = new Map<string, GoFramework>(FRAMEWORKS.map((f) => [f, f]));
  const dotted: GoFramework[] = [];
  for (const { name, path } of importSpecs(text)) {
    const framework = PATHS.find(([p]) => p.test(path))?.[1];
    if (name === '_') continue;
    if (name === '.') {
      if (framework) dotted.push(framework);
      continue;
    }
    const local = name ?? defaultName(path);
    if (framework) qualifiers.set(local, framework);
    else qualifiers.delete(local);
  }
  return { qualifiers, dotted };
}

/** Whether a file may declare routes: it names a router package (`gin.`, an alias's `router.`) or dot-imports one. */
export const mentionsRouter = (text: string, names: GoRouterNames): boolean =>
  names.dotted.length > 0 || [...names.qualifiers.keys()].some((q) => new RegExp(`\\b${q}\\s*\\.`).test(text));

/**
 * A qualified name in the reader's terms: `router.Router` → `mux.Router` when `router` is gorilla/mux; an unqualified one
 * (`Engine`) → the first dot-imported package's for which `known` holds; else as written.
 */
export function canonicalName(written: string, names: GoRouterNames, known: (name: string) => boolean): string {
  const m = /^(\*?)(?:(\w+)\s*\.\s*)?(\w+)$/.exec(written);
  if (!m) return written;
  const [, star, qualifier, name] = m;
  if (qualifier) {
    const framework = names.qualifiers.get(qualifier);
    return framework ? `${star}${framework}.${name}` : written;
  }
  const framework = names.dotted.find((f) => known(`${star}${f}.${name}`));
  return framework ? `${star}${framework}.${name}` : written;
}
