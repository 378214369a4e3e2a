/**
 * @module core/code/symbol-references
 * Who uses whose exports, by name: the code scan keeps, per file, the whole identifiers its body
 * mentions that some file of the tree exports (`references`). A file uses another when it
 * mentions one of its exports, whether it imports it directly or through a re-export (kysely's
 * index.ts). Each name weighs by how few files mention it, ln((N + 1) / (mentions + 1)), so a
 * rare export shared says more than `sql` or `Kysely`. Pure.
 */

/** Exports and mentions of a tree's files, indexed both ways. */
export interface ReferenceIndex {
  files: number;
  /** Each file's mentioned names. */
  mentions: ReadonlyMap<string, ReadonlySet<string>>;
  /** The files exporting each name, and each name in lower case to the exported spellings. */
  exporters: ReadonlyMap<string, readonly string[]>;
  byLowerCase: ReadonlyMap<string, readonly string[]>;
  /** How many files mention each name. */
  mentionCount: ReadonlyMap<string, number>;
  /** Per file, the files it uses and the files using it (by any shared export). */
  uses: ReadonlyMap<string, ReadonlySet<string>>;
  usedBy: ReadonlyMap<string, ReadonlySet<string>>;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => (map.get(key) ?? map.set(key, []).get(key)!).push(value);
const add = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => (map.get(key) ?? map.set(key, new Set()).get(key)!).add(value);

export function referenceIndex(symbols: ReadonlyMap<string, readonly string[]>, references: ReadonlyMap<string, readonly string[]>): ReferenceIndex {
  const exporters = new Map<string, string[]>();
  for (const [file, names] of symbols) for (const name of new Set(names)) push(exporters, name, file);
  const byLowerCase = new Map<string, string[]>();
  for (const name of exporters.keys()) push(byLowerCase, name.toLowerCase(), name);
  const mentions = new Map([...references].map(([file, names]) => [file, new Set(names)] as const));
  const mentionCount = new Map<string, number>();
  const uses = new Map<string, Set<string>>();
  const usedBy = new Map<string, Set<string>>();
  for (const [file, names] of mentions) {
    for (const name of names) {
      mentionCount.set(name, (mentionCount.get(name) ?? 0) + 1);
      for (const target of exporters.get(name) ?? []) {
        if (target === file) continue;
        add(uses, file, target);
        add(usedBy, target, file);
      }
    }
  }
  return { files: Math.max(symbols.size, references.size), mentions, exporters, byLowerCase, mentionCount, uses, usedBy };
}

/** A name's weight: ln((N + 1) / (files mentioning it + 1)). */
export const nameWeight = (index: ReferenceIndex, name: string) => Math.log((index.files + 1) / ((index.mentionCount.get(name) ?? 0) + 1));

/** The weighted share of `names` that `file` mentions (0..1; 0 without names). */
export function mentionedShare(index: ReferenceIndex, names: readonly string[], file: string): number {
  const mentioned = index.mentions.get(file);
  if (!mentioned || !names.length) return 0;
  let hit = 0;
  let total = 0;
  for (const name of new Set(names)) {
    const w = nameWeight(index, name);
    total += w;
    if (mentioned.has(name)) hit += w;
  }
  return total ? hit / total : 0;
}

/**
 * Files two steps from `seed` over the uses links (either direction), each scored by the
 * intermediate files it goes through, a busy intermediate counting less: Σ 1 / ln(2 + its links).
 */
export function referenceWalk(index: ReferenceIndex, seed: string): Map<string, number> {
  const linked = (file: string) => new Set([...(index.uses.get(file) ?? []), ...(index.usedBy.get(file) ?? [])]);
  const out = new Map<string, number>();
  for (const middle of linked(seed)) {
    const next = linked(middle);
    const weight = 1 / Math.log(2 + next.size);
    for (const file of next) if (file !== seed) out.set(file, (out.get(file) ?? 0) + weight);
  }
  return out;
}

/**
 * The exported names a request means: its identifiers as written (`requestIdentifiers`) and its
 * plain words that spell an export in any case ("add the returning method" → `returning`), each
 * in the spellings the tree exports. Words shorter than `minLength` are left out.
 */
export function requestNames(index: ReferenceIndex, identifiers: readonly string[], words: readonly string[], minLength = 4): string[] {
  const out = new Set<string>();
  for (const token of [...identifiers, ...words.filter((w) => w.length >= minLength)])
    for (const name of index.byLowerCase.get(token.toLowerCase()) ?? []) out.add(name);
  return [...out];
}

/** The weighted share of `names` that `file` exports (0..1). */
export function exportedShare(index: ReferenceIndex, names: readonly string[], file: string): number {
  let hit = 0;
  let total = 0;
  for (const name of names) {
    const w = nameWeight(index, name);
    total += w;
    if (index.exporters.get(name)?.includes(file)) hit += w;
  }
  return total ? hit / total : 0;
}

/** The weighted cosine of two files' mentioned names: files using the same rare exports (analogous builders, one node's visitors). */
export function sharedMentions(index: ReferenceIndex, a: string, b: string): number {
  const x = index.mentions.get(a);
  const y = index.mentions.get(b);
  if (!x?.size || !y?.size) return 0;
  const norm = (names: ReadonlySet<string>) => Math.sqrt([...names].reduce((s, n) => s + nameWeight(index, n) ** 2, 0));
  let dot = 0;
  for (const name of x) if (y.has(name)) dot += nameWeight(index, name) ** 2;
  return dot ? dot / (norm(x) * norm(y)) : 0;
}
