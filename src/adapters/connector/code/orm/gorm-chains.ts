/**
 * @module adapters/connector/code/orm/gorm-chains
 * What a GORM chain reaches beyond the model it is given: the calls before a call in its chain, the
 * model a chain held by a name is about (`tx := db.Model(&User{})`, then `tx.Where(…).Find(&out)`
 * in the same function, `tx = tx.Where(…)` keeping it), and the tables a model's associations
 * reach by their field's name: `Preload("Orders.Items")`, `Joins("Company")` read each table on the
 * path, and association mode (`db.Model(&u).Association("Languages")`) reads with `Find`/`Count`
 * and writes with `Append`/`Replace`/`Delete`/`Clear` the table holding the association's key, or
 * its `many2many` join table.
 */
import type { TableAccess } from '../../../../ports/code.js';
import { callArgs, chainAfter, escapeName } from '../text/call-reading.js';
import { scriptBlocks } from '../text/script-blocks.js';

/** An association of a model: its field's type, and the table a change to it writes (the join table, or the one holding the key). */
export interface Association {
  target: string;
  joinTable?: string | undefined;
  keyTable: string;
}

/** A call of a chain: its method, and its `(`. */
type Call = { method: string; open: number };

/**
 * The calls made before the `.` at `dot` in the same chain, first call first, and where the chain
 * starts: `db.Model(&u).Where(…)` before `.Find` gives `Model`, `Where`, starting at `db`.
 */
export function chainBefore(text: string, dot: number): { calls: Call[]; start: number } {
  const calls: Call[] = [];
  let at = dot;
  for (;;) {
    let end = at;
    while (end > 0 && /\s/.test(text[end - 1]!)) end--;
    if (text[end - 1] !== ')') break;
    let depth = 0;
    let open = end - 1;
    for (; open >= 0; open--) {
      if (text[open] === ')') depth++;
      else if (text[open] === '(' && --depth === 0) break;
    }
    const name = /([A-Za-z_]\w*)\s*$/.exec(text.slice(Math.max(0, open - 100), open));
    if (open < 0 || !name) break;
    const nameStart = open - name[0].length;
    const before = /\.\s*$/.exec(text.slice(Math.max(0, nameStart - 20), nameStart));
    calls.unshift({ method: name[1]!, open });
    if (!before) return { calls, start: nameStart };
    at = nameStart - before[0].length;
  }
  // the chain's receiver: `db`, `global.GVA_DB`, `r.db`
  const receiver = /[\w.]*$/.exec(text.slice(Math.max(0, at - 200), at))![0];
  return { calls, start: at - receiver.length };
}

/** A name holding a chain about a model, from where it is assigned to where the function ends or it is assigned another value. */
export interface HeldChain {
  name: string;
  type: string;
  from: number;
  to: number;
}

/**
 * The names the file assigns a chain about a model to (`tx := db.Model(&User{})`), given the chains
 * `typed` found (each chain's model and where the chain starts).
 */
export function heldChains(text: string, typed: ReadonlyArray<{ type: string; start: number; end: number }>): HeldChain[] {
  const blocks = scriptBlocks(text);
  const out: HeldChain[] = [];
  for (const { type, start, end } of typed) {
    const name = /(?:^|[^\w.])([a-z_]\w*)\s*:?=\s*$/.exec(text.slice(Math.max(0, start - 100), start))?.[1];
    if (!name) continue;
    // the function holding it: the outermost block around it
    let to = text.length;
    for (const b of blocks) if (b.start < start && start < b.end && (to === text.length || b.end > to)) to = b.end;
    const other = new RegExp(String.raw`(?:^|[^\w.])${escapeName(name)}\s*:?=(?!=)(?!\s*${escapeName(name)}\b)`, 'g');
    other.lastIndex = end;
    const next = other.exec(text);
    out.push({ name, type, from: end, to: next && next.index < to ? next.index : to });
  }
  return out;
}

/** The calls made later on a held chain's name (each with the calls chained after it): `tx.Where(…).Find(&out)`. */
export function laterChains(text: string, held: HeldChain): Array<{ index: number; calls: Call[] }> {
  const scope = text.slice(held.from, held.to);
  const out: Array<{ index: number; calls: Call[] }> = [];
  for (const m of scope.matchAll(new RegExp(String.raw`(?:^|[^\w.])${escapeName(held.name)}\s*\.\s*([A-Z]\w*)\s*\(`, 'g'))) {
    const open = held.from + m.index + m[0].length - 1;
    out.push({ index: held.from + m.index, calls: [{ method: m[1]!, open }, ...chainAfter(text, open)] });
  }
  return out;
}

const ASSOCIATION_WRITES = /^(?:Append|Replace|Delete|Clear)$/;
const ASSOCIATION_READS = /^(?:Find|Count)$/;

/**
 * The tables a chain reaches through its model's associations, each with what it does: `calls`, the
 * chain's calls; `model`, its model when known, else each association name is looked up across the
 * models (kept when all that have it lead to one model).
 */
export function associationUses(
  text: string,
  calls: readonly Call[],
  model: string | undefined,
  associations: ReadonlyMap<string, ReadonlyMap<string, Association>>,
): Array<{ model: string; table?: string; open: number; access: TableAccess }> {
  const byName = (from: string | undefined, field: string): Association | undefined => {
    if (from) return associations.get(from)?.get(field);
    const found = [...associations.values()].flatMap((fields) => (fields.has(field) ? [fields.get(field)!] : []));
    return found.length && found.every((a) => a.target === found[0]!.target && a.joinTable === found[0]!.joinTable) ? found[0] : undefined;
  };
  const out: Array<{ model: string; table?: string; open: number; access: TableAccess }> = [];
  calls.forEach((call, i) => {
    const path = /^\s*"([A-Z]\w*(?:\.[A-Z]\w*)*)"/.exec(callArgs(text, call.open))?.[1];
    if (!path) return;
    if (call.method === 'Preload' || call.method === 'Joins' || call.method === 'InnerJoins') {
      let from = model;
      for (const field of path.split('.')) {
        const a = byName(from, field);
        if (!a) return;
        out.push({ model: a.target, open: call.open, access: 'read' });
        if (a.joinTable && call.method === 'Preload') out.push({ model: a.target, table: a.joinTable, open: call.open, access: 'read' });
        from = a.target;
      }
    } else if (call.method === 'Association') {
      const a = byName(model, path);
      const next = calls[i + 1]?.method ?? '';
      if (!a) return;
      if (ASSOCIATION_WRITES.test(next)) out.push({ model: a.target, table: a.joinTable ?? a.keyTable, open: call.open, access: 'write' });
      else if (ASSOCIATION_READS.test(next)) {
        out.push({ model: a.target, open: call.open, access: 'read' });
        if (a.joinTable) out.push({ model: a.target, table: a.joinTable, open: call.open, access: 'read' });
      }
    }
  });
  return out;
}
