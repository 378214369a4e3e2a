/**
 * @module adapters/connector/code/text/call-reading
 * Calls in JavaScript or TypeScript text (Java's and Kotlin's too, where their syntax is the same),
 * read as written: the arguments of a call, the calls chained after it, the name its result is
 * assigned to and the calls made later on that name or on each element of the array it holds, and the
 * body of the function a parameter belongs to. Offsets are into the text given, so a caller can
 * blank comments first and keep its lines.
 */
import { blockAround, type Block } from './script-blocks.js';

/** A table's name with its schema's, when one is given: `schema.table`. */
export const qualify = (schema: string | undefined, table: string) => (schema ? `${schema}.${table}` : table);

/** A name written as a string literal, the name its group 1: `'users'`, `"store.bins"`. */
export const NAME_STRING = String.raw`['"\`]([\w$.-]+)['"\`]`;

/** The arguments of the call whose `(` is at `open`, up to its matching `)` (strings not read). */
export function callArgs(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** A call's arguments split at their top-level commas, strings and brackets kept whole. */
export function topLevelArgs(args: string): string[] {
  const out: string[] = [];
  let [depth, start, quote] = [0, 0, ''];
  for (let i = 0; i < args.length; i++) {
    const c = args[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (`"'\``.includes(c)) quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && !depth) {
      out.push(args.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(args.slice(start).trim());
  return out;
}

/** The top-level properties of an object literal's text (`{ a: 1, 'b': f(x) }`), by name, their values as written. */
export function objectProperties(object: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of topLevelArgs(object.trim().replace(/^\{/, '').replace(/\}$/, ''))) {
    const m = /^\s*['"]?([\w$]+)['"]?\s*:\s*([\s\S]*)$/.exec(part);
    if (m) out.set(m[1]!, m[2]!.trim());
  }
  return out;
}

/**
 * The calls chained after the call whose `(` is at `open`, each with its own `(`: `.where(…).getMany()` gives `where`, `getMany`.
 * `next` matches one chained call (its method, group 1) at the start of the text: PHP's `->where(` in place of `.where(`.
 */
export function chainAfter(
  text: string,
  open: number,
  next = /^\s*[!?]?\.\s*([A-Za-z_$][\w$]*)\s*(?:<[^<>()]*>\s*)?\(/,
): Array<{ method: string; open: number }> {
  const calls: Array<{ method: string; open: number }> = [];
  for (let at = open; ;) {
    const close = at + callArgs(text, at).length + 1;
    const m = next.exec(text.slice(close + 1, close + 400));
    if (!m) return calls;
    at = close + m[0].length;
    calls.push({ method: m[1]!, open: at });
  }
}

/** A name to put in a regular expression: `$` escaped (the only character a name has that a pattern reads). */
export const escapeName = (name: string) => name.replace(/\$/g, '\\$');

/**
 * The name an expression starting at `start` is assigned to (`const qb = await this.repo…`, `repo: Repository<E> = …`),
 * past the receiver it starts with: `this.`, `dataSource.`, `this.entity` of `this.entityManager`.
 */
export function assignedTo(text: string, start: number): string | undefined {
  return /(?<![\w$])([A-Za-z_$][\w$]*)\s*(?::[^=;\n]*)?=\s*(?:await\s+)?[\w$.]*$/.exec(text.slice(Math.max(0, start - 200), start))?.[1];
}

/**
 * The name an expression starting at `start` is assigned to, with the text from `open` to `end` where
 * it holds: up to the name's next assignment.
 */
function heldName(text: string, start: number, open: number, end: number): { name: string; scope: string } | undefined {
  const name = assignedTo(text, start);
  return name ? held(text, name, open, end) : undefined;
}

/** `name` with the text from `open` to `end` where it holds: up to its next assignment. */
function held(text: string, name: string, open: number, end: number): { name: string; scope: string } {
  const after = text.slice(open, end);
  const reassigned = new RegExp(String.raw`(?:^|[^\w$.])${escapeName(name)}\s*=(?!=)`).exec(after);
  return { name, scope: reassigned ? after.slice(0, reassigned.index) : after };
}

/**
 * The array an expression starting at `start` gives, as a pattern for where the code reaches it, with
 * the text from `open` to `end` where it holds: the name the expression is assigned to; with `property`,
 * that property of what it gives, destructured (`const { rows } = …`, `const { count, rows: users } = …`)
 * or reached on the name (`result.rows`).
 */
function heldArray(text: string, start: number, open: number, end: number, property?: string): { array: string; scope: string } | undefined {
  if (property) {
    const destructured = /\{([^{}=;]*)\}\s*(?::[^=;\n]*)?=\s*(?:await\s+)?[\w$.]*$/.exec(text.slice(Math.max(0, start - 200), start));
    if (destructured) {
      const entry = new RegExp(String.raw`(?:^|,)\s*${escapeName(property)}\s*(?::\s*([A-Za-z_$][\w$]*)\s*)?(?:,|$)`).exec(destructured[1]!);
      if (!entry) return undefined;
      const { name, scope } = held(text, entry[1] ?? property, open, end);
      return { array: escapeName(name), scope };
    }
  }
  const found = heldName(text, start, open, end);
  if (!found) return undefined;
  const array = property ? String.raw`${escapeName(found.name)}\s*[!?]?\.\s*${escapeName(property)}` : escapeName(found.name);
  return { array, scope: found.scope };
}

/** The methods called on `name` in `scope` (at `offset` in the text), each with its `(` in the text: `qb.getMany()`, `row.save()`. */
export function callsOn(scope: string, name: string, offset: number): Array<{ method: string; open: number }> {
  return callsMatching(scope, escapeName(name), offset);
}

/** The methods called on what `pattern` matches in `scope` (at `offset` in the text), each with its `(` in the text. */
function callsMatching(scope: string, pattern: string, offset: number): Array<{ method: string; open: number }> {
  const calls = scope.matchAll(new RegExp(String.raw`(?:^|[^\w$.])${pattern}\s*[!?]?\.\s*([\w$]+)\s*(?:<[^<>()]*>\s*)?\(`, 'g'));
  return [...calls].map((m) => ({ method: m[1]!, open: offset + m.index + m[0].length - 1 }));
}

/**
 * The calls made later on the name an expression is assigned to (`const qb = repo.createQueryBuilder(…)`,
 * starting at `start`), up to the name's next assignment or `end`: `qb.andWhere(…)`, `qb.getMany()`.
 */
export function laterCalls(text: string, start: number, open: number, end = text.length): string[] {
  const held = heldName(text, start, open, end);
  if (!held) return [];
  return callsOn(held.scope, held.name, open).flatMap((c) => [c.method, ...chainAfter(text, c.open).map((d) => d.method)]);
}

/** The array methods whose first argument is a callback given each element: `rows.forEach((r) => …)`. */
const EACH_ELEMENT = /^(?:forEach|map|flatMap|filter|find|some|every)$/;

/**
 * The calls made on each element of the array an expression gives (`const rows = await Order.findAll(…)`,
 * starting at `start`; with `property`, the array is that property of what it gives, `const { rows } =
 * await Order.findAndCountAll(…)`), up to the array's next assignment or `end`: in the body of
 * `for (const r of rows)` and in a callback given to `rows.forEach`, `rows.map` and the like; without
 * `property`, in the body of a loop over the expression itself, `for (const r of await Order.findAll())`.
 */
export function elementCalls(text: string, blocks: readonly Block[], start: number, open: number, end: number, property?: string): string[] {
  const over = property ? null : new RegExp(String.raw`${LOOP_HEAD}(?:await\s+)?[\w$.]*$`).exec(text.slice(Math.max(0, start - 200), start));
  if (over) {
    const close = open + callArgs(text, open).length + 1;
    const after = /^\s*\)\s*/.exec(text.slice(close + 1));
    return after ? loopCalls(text, blocks, over[1]!, close + 1 + after[0].length, end) : [];
  }
  const held = heldArray(text, start, open, end, property);
  if (!held) return [];
  const { array, scope } = held;
  const calls: string[] = [];
  for (const m of scope.matchAll(new RegExp(String.raw`${LOOP_HEAD}${array}\s*\)\s*`, 'g')))
    calls.push(...loopCalls(text, blocks, m[1]!, open + m.index + m[0].length, end));
  for (const c of callsMatching(scope, array, open)) {
    if (!EACH_ELEMENT.test(c.method)) continue;
    const args = callArgs(text, c.open);
    const element = /^\s*(?:async\s+)?(?:function\b[\w$\s]*)?\(?\s*([A-Za-z_$][\w$]*)/.exec(args)?.[1];
    if (element) calls.push(...callsOn(args, element, c.open + 1).map((d) => d.method));
  }
  return calls;
}

/** A for…of loop up to what it loops over, its element's name the group: `for (const r of `, `for await (let r of `. */
const LOOP_HEAD = String.raw`\bfor\s*(?:await\s*)?\(\s*(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s+of\s+`;

/** The methods called on a loop's `element` in its body starting at `at`: a block, else the one statement (up to `end` at the most). */
function loopCalls(text: string, blocks: readonly Block[], element: string, at: number, end: number): string[] {
  const statement = text.indexOf(';', at);
  const body = blocks.find((b) => b.start === at) ?? { start: at, end: statement < 0 ? end : Math.min(statement, end) };
  return callsOn(text.slice(body.start, body.end), element, body.start).map((c) => c.method);
}

/** The body of the function whose parameter is at `at`: the next block, unless a `;` comes first (an arrow function without one). */
export function functionBody(text: string, blocks: readonly Block[], at: number): Block {
  let next: Block | undefined;
  for (const b of blocks) if (b.start > at && (!next || b.start < next.start)) next = b;
  return next && !text.slice(at, next.start).includes(';') ? next : blockAround(blocks, at, text.length);
}
