/**
 * @module core/kinds/registry
 * The source kinds the engine was built with (`app.ts` lists them), asked by generic code:
 * which family serves a source type, what a URL's type is, which object kinds are chunked,
 * listed, path-resolvable or updatable alone, and which edges join like foreign keys.
 */
import type { CatalogObject, ObjectKind } from '../../ports/catalog.js';
import type { SourceKind } from '../../ports/source-kind.js';
import type { ZodType } from 'zod';
import { SextantError } from '../../kernel/errors.js';

/** One object kind with its family, as `engine.kinds()` shows it. */
export interface KindInfo {
  kind: ObjectKind;
  family: string;
  label: string;
  chunked: boolean;
  singleElementUpdate: boolean;
  pathResolvable: boolean;
  listed: boolean;
  passages: boolean;
}

export interface SourceTypeInfo {
  type: string;
  family: string;
  description: string;
  /** The options a source of this type accepts. */
  options: ZodType;
}

/** What presentations may know about the registered kinds (read-only). */
export interface KindCatalog {
  readonly objectKinds: readonly KindInfo[];
  readonly sourceTypes: readonly SourceTypeInfo[];
}

export type KindFlag = 'chunked' | 'singleElementUpdate' | 'pathResolvable' | 'listed' | 'passages';

export interface KindRegistry extends KindCatalog {
  /** The family serving a source type; a USAGE error naming the supported types otherwise. */
  familyOf(sourceType: string): SourceKind;
  /** The source type a URL names (first family, first type that claims it), or null. */
  inferSourceType(url: string): string | null;
  /** Kinds in registration order, each once, that have the flag. */
  kindsWith(flag: KindFlag): readonly string[];
  /** The family that declares an object kind (the first, in registration order), or undefined. */
  familyOfKind(kind: string): SourceKind | undefined;
  /** Edge kinds that join objects like foreign keys (structure ranking). */
  readonly joinEdgeKinds: ReadonlySet<string>;
  /** Object kinds whose vector places count other than 1 in hybrid fusion (ObjectKindSpec.vectorWeight). */
  readonly vectorWeights: ReadonlyMap<string, number>;
  /** Object kinds that may be generated, each with how to tell (ObjectKindSpec.generated). */
  readonly generatedTests: ReadonlyMap<string, (object: CatalogObject) => boolean>;
  /** Object kinds that may be test code, each with how to tell from an object's path (ObjectKindSpec.testCode). */
  readonly testCodeTests: ReadonlyMap<string, (path: string) => boolean>;
  /** The kind an id alias stands for (ObjectKindSpec.idAliases), or the kind itself. */
  canonicalKind(kind: string): string;
}

export function createKindRegistry(kinds: readonly SourceKind[]): KindRegistry {
  const byType = new Map<string, SourceKind>();
  for (const family of kinds) {
    for (const { type } of family.sourceTypes) {
      const taken = byType.get(type);
      if (taken) throw new SextantError('INTERNAL', `source type '${type}' is served by both '${taken.family}' and '${family.family}'`);
      byType.set(type, family);
    }
  }
  const objectKinds: KindInfo[] = kinds.flatMap((family) =>
    family.objectKinds.map((k) => ({
      kind: k.kind,
      family: family.family,
      label: k.label,
      chunked: k.chunked,
      singleElementUpdate: k.singleElementUpdate ?? false,
      pathResolvable: k.pathResolvable ?? false,
      listed: k.listed ?? false,
      passages: k.passages ?? false,
    })),
  );
  const aliases = kindAliases(kinds);
  const sourceTypes: SourceTypeInfo[] = kinds.flatMap((family) =>
    family.sourceTypes.map((t) => ({ type: t.type, family: family.family, description: t.description, options: family.options })),
  );
  return Object.freeze({
    objectKinds: Object.freeze(objectKinds),
    sourceTypes: Object.freeze(sourceTypes),
    joinEdgeKinds: new Set(kinds.flatMap((family) => family.joinEdgeKinds ?? [])),
    vectorWeights: new Map(
      kinds.flatMap((family) =>
        family.objectKinds.flatMap((k) => (k.vectorWeight !== undefined && k.vectorWeight !== 1 ? [[k.kind, k.vectorWeight] as const] : [])),
      ),
    ),
    generatedTests: new Map(kinds.flatMap((family) => family.objectKinds.flatMap((k) => (k.generated ? [[k.kind, k.generated] as const] : [])))),
    testCodeTests: new Map(kinds.flatMap((family) => family.objectKinds.flatMap((k) => (k.testCode ? [[k.kind, k.testCode] as const] : [])))),
    familyOf(sourceType: string): SourceKind {
      const family = byType.get(sourceType);
      if (!family)
        throw new SextantError('USAGE', `no source kind serves source type '${sourceType}'`, { hint: `supported: ${[...byType.keys()].join(', ')}` });
      return family;
    },
    inferSourceType(url: string): string | null {
      for (const family of kinds) for (const t of family.sourceTypes) if (t.matchesUrl?.(url)) return t.type;
      return null;
    },
    familyOfKind(kind: string): SourceKind | undefined {
      return kinds.find((family) => family.objectKinds.some((k) => k.kind === kind));
    },
    kindsWith(flag: KindFlag): readonly string[] {
      return [...new Set(objectKinds.filter((k) => k[flag]).map((k) => k.kind))];
    },
    canonicalKind(kind: string): string {
      return aliases.get(kind) ?? kind;
    },
  });
}

/** alias → kind; an alias that is itself a kind, or that two kinds claim, is a wiring mistake. */
function kindAliases(kinds: readonly SourceKind[]): ReadonlyMap<string, string> {
  const declared = new Set(kinds.flatMap((family) => family.objectKinds.map((k) => k.kind)));
  const aliases = new Map<string, string>();
  for (const spec of kinds.flatMap((family) => family.objectKinds)) {
    for (const alias of spec.idAliases ?? []) {
      const taken = aliases.get(alias);
      if (declared.has(alias) || (taken && taken !== spec.kind)) {
        throw new SextantError('INTERNAL', `kind alias '${alias}' of '${spec.kind}' is already ${taken ? `an alias of '${taken}'` : 'a kind'}`);
      }
      aliases.set(alias, spec.kind);
    }
  }
  return aliases;
}
