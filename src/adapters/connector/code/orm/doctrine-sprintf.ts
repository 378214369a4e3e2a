/**
 * @module adapters/connector/code/orm/doctrine-sprintf
 * DQL a PHP file builds with `sprintf`: `sprintf('SELECT u FROM %s u WHERE …', User::class)`. Each
 * placeholder right after `FROM`, `JOIN`, `UPDATE` or `DELETE` stands for an entity, given by the
 * argument it takes (`%s` in turn, `%2$s` by position), with the alias written after it. The format
 * must read as DQL or a part of it (it starts with `SELECT`, `UPDATE`, `DELETE`, `FROM` or a `JOIN`).
 */
import { callArgs } from '../text/call-reading.js';
import { splitArgs } from './php-classes.js';

export interface SprintfEntity {
  /** The DQL keyword before the placeholder: `from`, `join`, `update`, `delete`. */
  keyword: string;
  /** The argument as written (`User::class`, `'App\Entity\User'`). */
  written: string;
  alias: string | undefined;
  /** The offset of the `sprintf` call. */
  index: number;
}

/** A placeholder of PHP's format: `%s`, `%1$s`, `%'.10d`…; `%%` is a percent sign. */
const PLACEHOLDER = /%(?:%|(\d+\\?\$)?[-+ 0]*(?:'.)?\d*(?:\.\d+)?[bcdeEfFgGhHosuxX])/g;
/** A format that is DQL, or a part of it: not a message that says "from" (`'%s deleted from %s'`). */
const DQL = /^\s*(?:select|update|delete|from|(?:(?:inner|left)\s+)?join)\b/i;
const KEYWORD = /\b(from|join|update|delete(?:\s+from)?)\s+$/i;
const NOT_ALIAS = /^(?:where|join|inner|left|set|with|order|group|index)$/i;

/** The placeholders of each `sprintf` call whose format is a literal, standing where DQL names an entity. */
export function sprintfEntities(code: string): SprintfEntity[] {
  const out: SprintfEntity[] = [];
  for (const m of code.matchAll(/(?<![\w$>:])\\?sprintf\s*\(/g)) {
    const [format, ...args] = splitArgs(callArgs(code, m.index + m[0].length - 1));
    const literal = format && /^(['"])([\s\S]*)\1$/.exec(format.trim())?.[2];
    if (!literal || !DQL.test(literal)) continue;
    let next = 0;
    for (const p of literal.matchAll(PLACEHOLDER)) {
      if (p[0] === '%%') continue;
      const position = p[1] ? Number.parseInt(p[1], 10) - 1 : next++;
      const keyword = KEYWORD.exec(literal.slice(0, p.index))?.[1];
      const written = args[position]?.trim();
      if (!keyword || !written) continue;
      const alias = /^\s+(?:as\s+)?(\w+)/i.exec(literal.slice(p.index + p[0].length))?.[1];
      out.push({ keyword: keyword.toLowerCase(), written, alias: alias && !NOT_ALIAS.test(alias) ? alias : undefined, index: m.index });
    }
  }
  return out;
}
