/**
 * @module adapters/connector/code/orm/exposed-lambdas
 * Exposed DAO relations read along a chain whose entity is known, into Kotlin lambdas:
 * `user.posts.forEach { it.comments }`, `users.map { u -> u.city }`, `User.all().forEach { it.city }`,
 * `Film.findById(id)?.let { it.actors }`. A chain starts at a name bound to an entity or to a
 * collection of them (`val users = User.all()`, a parameter `users: List<User>`, a loop's
 * `for (u in users)`) or at an entity class's finder; each relation property read on the way reads
 * the other entity's table (and a `via`'s intermediate table) and gives the chain that entity; a
 * lambda an element function takes (`forEach`, `map`, `let`, …) holds it in its parameter (`it`, or
 * the one it names). Filters, sorts and picks (`filter`, `first`, `orderBy`, `toList`) keep the
 * chain's entity; any other call ends the chain.
 */
import { closingBracket } from '../text/brackets.js';
import type { Block } from '../text/script-blocks.js';
import type { OrmTableRef, UseModel } from './orm-reader.js';

/** The tables a relation property reaches: the other entity's, and a `via`'s intermediate table. */
export interface RelationView {
  target: OrmTableRef | null | undefined;
  via?: OrmTableRef | null | undefined;
  /** The other entity, whose relations a chain reads on. */
  entity?: EntityView | null | undefined;
}

/** An entity class as a file sees it: its table, and its relation properties by name. */
export interface EntityView {
  ref: OrmTableRef;
  relation(property: string): RelationView | undefined;
}

/** A name holding an entity, or a collection of them, from `start` to `end`. */
export interface HeldEntity {
  name: string;
  entity: EntityView;
  start: number;
  end: number;
}

/** The calls whose lambda's parameter is the receiver, or one of its elements. */
const ELEMENT_LAMBDAS =
  /^(?:forEach|forEachIndexed|onEach|map|mapIndexed|mapNotNull|flatMap|filter|filterNot|first|firstOrNull|last|lastOrNull|find|single|singleOrNull|any|all|none|count|sumOf|sortedBy|sortedByDescending|groupBy|associate|associateBy|associateWith|distinctBy|partition|maxBy|minBy|maxByOrNull|minByOrNull|joinToString|let|also|takeIf|takeUnless)$/;
/** The calls giving the receiver's entity again (a collection of it, or one of its elements). */
const KEEPS_ENTITY =
  /^(?:filter|filterNot|sortedBy|sortedByDescending|distinctBy|onEach|also|takeIf|takeUnless|first|firstOrNull|last|lastOrNull|find|single|singleOrNull|maxBy|minBy|maxByOrNull|minByOrNull|orderBy|limit|offset|toList|toSet|toMutableList|asSequence|distinct|reversed|take|drop|notForUpdate|forUpdate|with|load|getOrNull|elementAt)$/;
/** The finders of an entity class giving its entities. */
export const ENTITY_FINDERS = /^(?:all|find|findById|findByIdOrNull|findSingleBy|wrapRow|wrapRows|forIds|forEntityIds|get)$/;
/** A type holding several entities: `users: List<User>`, `SizedIterable<User>`. */
const COLLECTION_TYPE = String.raw`(?:List|MutableList|Iterable|Collection|Set|MutableSet|Sequence|SizedIterable|SizedCollection|Array)`;

/** Where the bracket or parenthesis opened at `open` closes (the code's end when nothing closes it). */
export function closing(code: string, open: number): number {
  const close = closingBracket(code, open);
  return close < 0 ? code.length : close;
}

/** Reads the chain after `at` (past an expression holding `entity`): its relation properties, into the lambdas it passes. */
function follow(code: string, blocks: readonly Block[], at: number, entity: EntityView, use: UseModel, depth: number): void {
  let [view, pos] = [entity, at];
  for (let step = 0; step < 16; step++) {
    const m = /^\s*[!?]*\.\s*([A-Za-z_]\w*)\s*/.exec(code.slice(pos, pos + 200));
    if (!m) return;
    const name = m[1]!;
    const after = pos + m[0].length;
    if (code[after] === '(' || code[after] === '{') {
      let end = code[after] === '(' ? closing(code, after) + 1 : after;
      const lambda = /^\s*\{/.exec(code.slice(end));
      const block = lambda && blocks.find((b) => b.start === end + lambda[0].length - 1);
      if (block) {
        if (ELEMENT_LAMBDAS.test(name)) lambdaUses(code, blocks, block, /Indexed$/.test(name), view, use, depth + 1);
        end = block.end + 1;
      }
      if (!KEEPS_ENTITY.test(name)) return;
      pos = end;
      continue;
    }
    // an assignment writes, which the bound entity's readers tell apart
    if (/^=(?!=)/.test(code.slice(after, after + 2))) return;
    const relation = view.relation(name);
    if (!relation) return;
    use(relation.target, pos, 'read');
    if (relation.via) use(relation.via, pos, 'read');
    if (!relation.entity) return;
    [view, pos] = [relation.entity, after];
  }
}

/** The uses of a lambda's parameter holding `entity`, the blocks of lambdas nested in it that take their own `it` left out. */
function lambdaUses(code: string, blocks: readonly Block[], block: Block, indexed: boolean, entity: EntityView, use: UseModel, depth: number): void {
  if (depth > 6) return;
  const params = /^\{\s*(\w+)(?:\s*:\s*[\w.<>?]+)?\s*(?:,\s*(\w+)(?:\s*:\s*[\w.<>?]+)?\s*)?->/.exec(code.slice(block.start, block.end));
  const name = params ? (indexed ? params[2] : params[2] ? undefined : params[1]) : 'it';
  if (!name) return;
  const inner =
    name === 'it' ? blocks.filter((b) => b.start > block.start && b.end < block.end && !/^\{\s*[\w\s,:.<>?]*->/.test(code.slice(b.start, b.end))) : [];
  const lambdas = inner.filter(
    (b) =>
      /[\w)]\s*$/.test(code.slice(Math.max(0, b.start - 40), b.start)) &&
      !/\b(?:if|for|while|when|else|try|finally|do|catch)\s*(?:\([^()]*\))?\s*$/.test(code.slice(Math.max(0, b.start - 200), b.start)),
  );
  held(code, blocks, { name, entity, start: block.start, end: block.end }, use, depth, lambdas);
}

/** Reads the chains after each use of a held name in its scope (outside `skip`). */
function held(code: string, blocks: readonly Block[], h: HeldEntity, use: UseModel, depth: number, skip: readonly Block[] = []): void {
  for (const m of code.slice(h.start, h.end).matchAll(new RegExp(String.raw`(?<![\w$.])${h.name}(?=\s*[!?]*\.)`, 'g'))) {
    const at = h.start + m.index;
    if (!skip.some((b) => b.start < at && at < b.end)) follow(code, blocks, at + h.name.length, h.entity, use, depth);
  }
}

/** The collections of entities bound to names: `val users = User.all()`, a parameter `users: List<User>`. */
export function heldCollections(
  code: string,
  blocks: readonly Block[],
  entity: (name: string) => EntityView | null | undefined,
  functionBody: (at: number) => Block,
): HeldEntity[] {
  const out: HeldEntity[] = [];
  for (const m of code.matchAll(/\b(?:val|var)\s+(\w+)\s*(?::[^=\n]+)?=\s*(?:\w+\.)*([A-Z]\w*)\s*\.\s*(all|find|wrapRows|forIds|forEntityIds)\s*[({]/g)) {
    const found = entity(m[2]!);
    const around = blocks.filter((b) => b.start < m.index && m.index < b.end).sort((a, b) => a.end - a.start - (b.end - b.start))[0];
    if (found) out.push({ name: m[1]!, entity: found, start: m.index, end: around?.end ?? code.length });
  }
  for (const m of code.matchAll(
    new RegExp(String.raw`[(,]\s*(\w+)\s*:\s*${COLLECTION_TYPE}\s*<\s*(?:out\s+)?(?:\w+\.)*([A-Z]\w*)\??\s*>\??\s*(?=[,)=])`, 'g'),
  )) {
    const found = entity(m[2]!);
    if (found) out.push({ name: m[1]!, entity: found, start: m.index, end: functionBody(m.index).end });
  }
  return out;
}

/**
 * The relations read along the chains of `holders` (names holding an entity or a collection of
 * them), of the loops over them, and of an entity class's finders (`User.all().forEach { it.city }`).
 */
export function lambdaRelationUses(
  code: string,
  blocks: readonly Block[],
  holders: readonly HeldEntity[],
  entity: (name: string) => EntityView | null | undefined,
  use: UseModel,
): void {
  const all = [...holders];
  // `for (u in users) { u.city }`
  for (const h of holders)
    for (const m of code.slice(h.start, h.end).matchAll(new RegExp(String.raw`\bfor\s*\(\s*(\w+)\s+in\s+${h.name}\s*\)\s*\{`, 'g'))) {
      const block = blocks.find((b) => b.start === h.start + m.index + m[0].length - 1);
      if (block) all.push({ name: m[1]!, entity: h.entity, start: block.start, end: block.end });
    }
  for (const h of all) held(code, blocks, h, use, 0);
  for (const m of code.matchAll(/(?<![\w$.])([A-Z]\w*)\s*(?:\.\s*(\w+)\s*)?[([{]/g)) {
    const finder = m[2] ? ENTITY_FINDERS.test(m[2]) : m[0].endsWith('[');
    const found = finder ? entity(m[1]!) : undefined;
    if (!found) continue;
    const open = m.index + m[0].length - 1;
    const end = code[open] === '{' ? (blocks.find((b) => b.start === open)?.end ?? open) : closing(code, open);
    follow(code, blocks, end + 1, found, use, 0);
  }
}
