/**
 * @module adapters/connector/code/orm/prisma-relations
 * The other models a Prisma query reads through its relation fields: `include: { author: true }`,
 * `select: { posts: { select: … } }`, a nested filter `where: { team: { members: { some: … } } }` and
 * `_count`, each field looked up on the model the object stands for, from the project's `.prisma`
 * files. The object is a Prisma Client call's argument, or one whose type names its model: a literal
 * typed `Prisma.PostWhereInput`, or the first argument of the file's own function whose first
 * parameter is typed `Prisma.PostFindManyArgs` (a wrapper that hands its criteria to the client).
 * Writes are not read here: a nested `data: { author: { connect: … } }` is left out.
 */
import { scriptBlocks, type Block } from '../text/script-blocks.js';

/** Model → relation field → the model it leads to. */
export type PrismaRelations = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** A relation a query reads: the model, at the offset of the field naming it. */
export interface RelationRead {
  model: string;
  index: number;
}

const MODEL = /^\s*model\s+(\w+)\s*\{([\s\S]*?)^\s*\}/gm;

/** The relation fields of the models in the project's `.prisma` texts (a field whose type is another model). */
export function prismaRelations(texts: readonly string[]): PrismaRelations {
  const bodies = texts.flatMap((text) => [...text.matchAll(MODEL)].map((m) => ({ model: m[1]!, body: m[2]! })));
  const models = new Set(bodies.map((b) => b.model));
  const out = new Map<string, Map<string, string>>();
  for (const { model, body } of bodies) {
    const fields = out.get(model) ?? out.set(model, new Map()).get(model)!;
    for (const f of body.matchAll(/^[ \t]*(\w+)[ \t]+(\w+)(?:\[\]|\?)?(?=[ \t\n@]|$)/gm)) if (models.has(f[2]!)) fields.set(f[1]!, f[2]!);
  }
  return out;
}

/** Keys under which an object still stands for the same model (a filter's or a selection's own words). */
const SAME_MODEL = new Set(['include', 'select', 'where', 'some', 'every', 'none', 'is', 'isNot', 'AND', 'OR', 'NOT', '_count', 'orderBy']);

/** Prisma's generated argument types that name their model: `PostFindManyArgs`, `PostWhereInput`, `PostInclude`. */
const MODEL_TYPE = String.raw`(?:Prisma\s*\.\s*)?([A-Z]\w*?)(?:FindManyArgs|FindFirstArgs|FindFirstOrThrowArgs|FindUniqueArgs|FindUniqueOrThrowArgs|CountArgs|WhereInput|WhereUniqueInput|Include|Select|OrderByWithRelationInput)\b`;

/** The blocks directly inside `outer` (not inside another of them), in order. */
function children(sorted: readonly Block[], outer: Block): Block[] {
  const out: Block[] = [];
  for (const b of sorted) {
    if (b.start <= outer.start || b.end >= outer.end) continue;
    if (out.length && b.start < out.at(-1)!.end) continue;
    out.push(b);
  }
  return out;
}

/** Reads of an object literal (`block`) standing for `model`, and of the objects it nests, by the relation fields they name. */
function walk(text: string, sorted: readonly Block[], block: Block, model: string, relations: PrismaRelations, out: RelationRead[]): void {
  const fields = relations.get(model);
  if (!fields) return;
  const inner = children(sorted, block);
  let at = block.start + 1;
  let level = '';
  for (const child of inner) {
    level += text.slice(at, child.start + 1) + ' '.repeat(child.end - child.start - 1);
    at = child.end;
    const key = /([A-Za-z_]\w*)\s*:\s*$/.exec(text.slice(block.start + 1, child.start));
    const name = key?.[1];
    const related = name ? fields.get(name) : undefined;
    if (related) {
      out.push({ model: related, index: block.start + 1 + key!.index });
      walk(text, sorted, child, related, relations, out);
    } else if (!name || SAME_MODEL.has(name)) {
      // an element of `OR: [{ … }]` or a spread `...(flag && { include: … })` stands for the same model
      walk(text, sorted, child, model, relations, out);
    }
  }
  level += text.slice(at, block.end);
  // `author: true` at this level
  for (const m of level.matchAll(/(?<![\w$.])([A-Za-z_]\w*)\s*:\s*true\b/g)) {
    const related = fields.get(m[1]!);
    if (related) out.push({ model: related, index: block.start + 1 + m.index });
  }
}

/** The object literal opening at `open` (its `{`), as a block. */
const objectAt = (sorted: readonly Block[], open: number) => sorted.find((b) => b.start === open);

/**
 * The relation reads of a file's Prisma queries: each client call's argument (`calls`: the model and the
 * offset of its `(`), literals typed with a model's argument type, and the first argument of calls to the
 * file's own functions that take one.
 */
export function prismaRelationReads(text: string, calls: ReadonlyArray<{ model: string; open: number }>, relations: PrismaRelations): RelationRead[] {
  if (!relations.size) return [];
  const sorted = [...scriptBlocks(text)].sort((a, b) => a.start - b.start);
  const out: RelationRead[] = [];
  const from = (model: string, open: number) => {
    const at = /^\s*\{/.exec(text.slice(open + 1, open + 200));
    const block = at && objectAt(sorted, open + 1 + at[0].length - 1);
    if (block) walk(text, sorted, block, model, relations, out);
  };
  for (const { model, open } of calls) from(model, open);
  // `const where: Prisma.PostWhereInput = {`
  for (const m of text.matchAll(new RegExp(String.raw`:\s*${MODEL_TYPE}\s*=\s*\{`, 'g'))) {
    const block = objectAt(sorted, m.index + m[0].length - 1);
    if (block && relations.has(m[1]!)) walk(text, sorted, block, m[1]!, relations, out);
  }
  // `function getPosts(criteria: Prisma.PostFindManyArgs, …)`, then `getPosts({ include: … })`
  const wrappers = new Map<string, string>();
  const declared = String.raw`\bfunction\s+([A-Za-z_$][\w$]*)\s*(?:<[^>]*>)?\s*\(|\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?\(`;
  for (const m of text.matchAll(new RegExp(String.raw`(?:${declared})\s*\w+\s*\??\s*:\s*${MODEL_TYPE}`, 'g')))
    if (relations.has(m[3]!)) wrappers.set((m[1] ?? m[2])!, m[3]!);
  for (const [name, model] of wrappers)
    for (const m of text.matchAll(new RegExp(String.raw`(?<![\w$.])${name.replace(/\$/g, '\\$')}\s*\(`, 'g'))) from(model, m.index + m[0].length - 1);
  return out;
}
