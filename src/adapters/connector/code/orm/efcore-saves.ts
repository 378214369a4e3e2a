/**
 * @module adapters/connector/code/efcore-saves
 * What an Entity Framework Core context saves of the entities it tracks, read as written:
 * - the entity a context's `Add(…)`, `AddRange(…)`, `Update(…)`, `Remove(…)`, `Attach(…)` or
 *   `Entry(…)` is given: a `new Order(…)`, a `new[] { new Order(…) }` or `new List<Order>()`,
 *   or a name the file declares with its type (`Order order`, `List<Order> orders`,
 *   `IEnumerable<Order> orders`, `Order[] orders`), makes with `new Order(…)` or assigns from a
 *   `DbSet`'s query (`var order = await _db.Orders.FindAsync(id)`);
 * - `Entry(order).State = …` and `Entry(order).CurrentValues.SetValues(…)` write;
 * - a tracked entity changed then saved: a name assigned from a `DbSet`'s query (or a `foreach`
 *   over one), one of whose properties is assigned (`order.Status = …`) in the block that calls
 *   `SaveChanges` (or `SaveChangesAsync`), writes at that assignment.
 */
import { callArgs, escapeName, topLevelArgs } from '../text/call-reading.js';
import { blockAround, scriptBlocks } from '../text/script-blocks.js';

/** The class a generic collection or array holds, or the class itself: `List<Order>` → `Order`, `Order[]` → `Order`. */
const TYPE = String.raw`(?:[\w.]*\.)?(?:\w+\s*<\s*(?:[\w.]*\.)?(\w+)\s*\??>|(\w+)(?:\[\])?)\??`;

/** The `DbSet` a name is assigned from, `x = await _db.Orders…`, or the entity of `_db.Set<Order>()`: the set's name or the entity's, as `{ set }` or `{ entity }`. */
function assignedFrom(text: string, name: string, receiver: string): { set?: string; entity?: string } | undefined {
  const m = new RegExp(String.raw`(?<![\w.])${escapeName(name)}\s*=\s*(?:await\s+)?${receiver}(\w+)\b\s*(?:<\s*(?:[\w.]*\.)?(\w+)\s*>)?`).exec(text);
  if (!m) return undefined;
  return m[1] === 'Set' && m[2] ? { entity: m[2] } : { set: m[1]! };
}

/**
 * The classes the value a call is given as its first argument may be, most likely first: the
 * one it is made of (`new Order(…)`), the types a name is declared with, the `DbSet` it was
 * queried from.
 */
export function argumentTypes(text: string, args: string, receiver: string | undefined): Array<{ set?: string; entity?: string }> {
  const first = topLevelArgs(args)[0] ?? '';
  const created =
    /^new\s*\[\s*\]\s*\{\s*new\s+(?:[\w.]*\.)?(\w+)/.exec(first) ??
    /^new\s+(?:[\w.]*\.)?\w+\s*<\s*(?:[\w.]*\.)?(\w+)\s*>\s*[({]/.exec(first) ??
    /^new\s+(?:[\w.]*\.)?(\w+)\s*[({]/.exec(first);
  if (created) return [{ entity: created[1]! }];
  const name = /^(\w+)$/.exec(first)?.[1];
  if (!name) return [];
  const out: Array<{ set?: string; entity?: string }> = [];
  for (const typed of text.matchAll(new RegExp(String.raw`(?<![\w.])${TYPE}\s+${escapeName(name)}\s*[;,)=]`, 'g')))
    out.push({ entity: (typed[1] ?? typed[2])! });
  const made = new RegExp(String.raw`(?<![\w.])${escapeName(name)}\s*=\s*(?:await\s+)?new\s+(?:[\w.]*\.)?(\w+)\s*[({]`).exec(text)?.[1];
  if (made) out.push({ entity: made });
  const queried = receiver ? assignedFrom(text, name, receiver) : undefined;
  if (queried) out.push(queried);
  return out;
}

/** A change a context saves: of the entity its `set` or `entity` names, at `index` (a change may come with several guesses, the likeliest first). */
export interface SavedChange {
  set?: string;
  entity?: string;
  index: number;
}

/** The changes a file's code makes to tracked entities of the contexts `receiver` matches: `Entry(x).State = …`, and properties assigned on what a query gave before `SaveChanges`. */
export function trackedChanges(text: string, receiver: string): SavedChange[] {
  const out: SavedChange[] = [];
  const changes = String.raw`\s*\.\s*(?:State\s*=(?!=)|CurrentValues\s*\.\s*SetValues\s*\(|Property\b[^;]*\.\s*IsModified\s*=(?!=))`;
  // `Entry(x).State = …`, or `var entry = Entry(x); … entry.CurrentValues.SetValues(…)`
  for (const m of text.matchAll(new RegExp(String.raw`(?:(\w+)\s*=\s*)?${receiver}Entry\s*(?:<[^<>()]*>\s*)?\(`, 'g'))) {
    const open = m.index + m[0].length - 1;
    const args = callArgs(text, open);
    const after = text.slice(open + args.length + 2);
    const changed = m[1] ? new RegExp(String.raw`(?<![\w.])${escapeName(m[1])}${changes}`).test(after) : new RegExp(String.raw`^${changes}`).test(after);
    if (!changed) continue;
    for (const given of argumentTypes(text, args, receiver)) out.push({ ...given, index: open });
  }
  if (!/\bSaveChanges(?:Async)?\s*\(/.test(text)) return out;
  const blocks = scriptBlocks(text);
  // names holding what a DbSet's query gave, with the block they are in
  const held: Array<{ name: string; set?: string; entity?: string; start: number; end: number }> = [];
  const hold = (name: string, from: { set?: string; entity?: string }, index: number) => {
    const block = blockAround(blocks, index, text.length);
    held.push({ name, ...from, start: index, end: block.end });
  };
  for (const m of text.matchAll(
    new RegExp(String.raw`(?<![\w.])(?:var|[\w.]+\??)\s+(\w+)\s*=\s*(?:await\s+)?${receiver}(\w+)\b\s*(?:<\s*(?:[\w.]*\.)?(\w+)\s*>)?`, 'g'),
  ))
    hold(m[1]!, m[2] === 'Set' && m[3] ? { entity: m[3] } : { set: m[2]! }, m.index);
  for (const m of text.matchAll(/\bforeach\s*\(\s*(?:var|[\w.]+)\s+(\w+)\s+in\s+(?:await\s+)?([^)]*)\)/g)) {
    const source = m[2]!.trim();
    const queried = new RegExp(String.raw`^${receiver}(\w+)\b\s*(?:<\s*(?:[\w.]*\.)?(\w+)\s*>)?`).exec(source);
    const list = !queried && /^\w+$/.test(source) ? held.find((h) => h.name === source && h.start < m.index && m.index < h.end) : undefined;
    const from = queried ? (queried[1] === 'Set' && queried[2] ? { entity: queried[2] } : { set: queried[1]! }) : list;
    if (from) hold(m[1]!, { ...(from.set ? { set: from.set } : {}), ...(from.entity ? { entity: from.entity } : {}) }, m.index + m[0].length);
  }
  for (const h of held) {
    const scope = text.slice(h.start, h.end);
    if (!/\bSaveChanges(?:Async)?\s*\(/.test(scope)) continue;
    const assigned = new RegExp(String.raw`(?<![\w.])${escapeName(h.name)}\s*[!?]?\.\s*\w+\s*(?:[-+*/%&|^]|\?\?)?=(?![=>])`, 'g');
    for (const a of scope.matchAll(assigned))
      out.push({ ...(h.set ? { set: h.set } : {}), ...(h.entity ? { entity: h.entity } : {}), index: h.start + a.index });
  }
  return out;
}
