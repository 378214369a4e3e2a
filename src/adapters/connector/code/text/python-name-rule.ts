/**
 * @module adapters/connector/code/text/python-name-rule
 * A Python function that derives a name from a class's name, evaluated exactly when it is written in a
 * few forms (SQLAlchemy's `@declared_attr def __tablename__(cls)` on a base class): statements that
 * assign or return, over strings and lists of strings, with `cls.__name__`, string literals (f-strings
 * of plain fields too), `+`, `.lower()`, `.upper()`, `.replace(a, b)`, `sep.join(…)`, `re.sub` and
 * `re.split` (a pattern JavaScript reads alike), `inflection.underscore`, a comprehension filtering a
 * list, and a call to a one-parameter function of the same file written the same way. Anything else
 * (a condition, a loop, another library's call) leaves the rule unknown: no name is guessed.
 */

type Value = string | string[];
type Env = ReadonlyMap<string, Value | { cls: string }>;

interface Token {
  kind: 'name' | 'string' | 'op' | 'end';
  text: string;
  /** A string literal's prefix letters, lower case (`f`, `r`, `rb`…). */
  prefix?: string;
}

/** Gives up on an expression outside the forms read. */
class Unknown extends Error {}
const unknown = (): never => {
  throw new Unknown();
};

const TOKEN = /\s*(?:([A-Za-z]{0,2})("""|'''|"|')|([A-Za-z_]\w*)|(\d+)|(\S))/y;

/** The tokens of one statement or expression, string literals' escapes read only when raw or plain. */
function tokens(source: string): Token[] {
  const out: Token[] = [];
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(source);
    if (!m) unknown();
    at = TOKEN.lastIndex;
    if (m![2]) {
      const quote = m![2];
      const end = source.indexOf(quote, at);
      const prefix = (m![1] ?? '').toLowerCase();
      if (end < 0 || /[^rfu]/.test(prefix)) unknown();
      const raw = source.slice(at, end);
      // an escape in a non-raw literal (other than none) is not read
      if (!prefix.includes('r') && raw.includes('\\')) unknown();
      out.push({ kind: 'string', text: raw, prefix });
      at = end + quote.length;
    } else if (m![3]) out.push({ kind: 'name', text: m![3] });
    else if (m![4]) unknown();
    else out.push({ kind: 'op', text: m![5]! });
  }
  out.push({ kind: 'end', text: '' });
  return out;
}

/** A Python regular expression JavaScript reads the same way (no named groups, flags or anchors of Python's own), compiled. */
function pythonRegex(pattern: string): RegExp {
  if (/\(\?P|\(\?[aiLmsux]|\\[AZ]/.test(pattern)) unknown();
  try {
    return new RegExp(pattern, 'g');
  } catch {
    return unknown();
  }
}

/** `re.sub`'s replacement in JavaScript's terms: `\1` and `\g<1>` are groups; any other escape is not read. */
function replacement(written: string): string {
  const out = written.replace(/\$/g, '$$$$').replace(/\\g<(\d+)>|\\(\d)/g, (_, a: string | undefined, b: string | undefined) => `$${a ?? b}`);
  if (out.includes('\\')) unknown();
  return out;
}

/** `re.split`'s pieces, as Python gives them: a match at the start leaves an empty piece first, groups are kept. */
function split(pattern: RegExp, text: string): string[] {
  const out: string[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    out.push(text.slice(last, m.index), ...m.slice(1).map((g) => g ?? unknown()));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

/** inflection's `underscore`: its two substitutions in its order, `-` to `_`, lower case. */
const underscore = (word: string) =>
  word
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();

const str = (v: Value | undefined): string => (typeof v === 'string' ? v : unknown());
const list = (v: Value | undefined): string[] => (Array.isArray(v) ? v : unknown());

/** The key under which `pythonHelpers` notes that the file imports inflection's `underscore` by name (no Python name has a space). */
const INFLECTION_UNDERSCORE = 'inflection underscore';

/** The module-level functions of one parameter a file declares, by name: their parameter and body. */
export type PythonHelpers = ReadonlyMap<string, { param: string; body: string }>;

/** A recursive-descent reading of the expression at `t[i]`, evaluated as read. */
class Reader {
  i = 0;
  constructor(
    private readonly t: Token[],
    private readonly env: Env,
    private readonly helpers: PythonHelpers,
    private readonly depth: number,
  ) {}

  private peek(text: string): boolean {
    return this.t[this.i]!.text === text && this.t[this.i]!.kind !== 'string';
  }
  private take(text: string): void {
    if (!this.peek(text)) unknown();
    this.i++;
  }
  get done(): boolean {
    return this.t[this.i]!.kind === 'end';
  }

  expression(): Value {
    let v = this.postfix();
    while (this.peek('+')) {
      this.i++;
      const right = this.postfix();
      if (typeof v === 'string' && typeof right === 'string') v = v + right;
      else v = [...list(v), ...list(right)];
    }
    return v;
  }

  private args(): Value[] {
    const out: Value[] = [];
    this.take('(');
    while (!this.peek(')')) {
      // a keyword argument (`flags=re.I`, `count=1`) is not read
      if (this.t[this.i]!.kind === 'name' && this.t[this.i + 1]!.text === '=') unknown();
      out.push(this.comprehensionOr(() => this.expression()));
      if (!this.peek(')')) this.take(',');
    }
    this.take(')');
    return out;
  }

  /** `x.lower() for x in names if x` after an expression's start, else the expression itself. */
  private comprehensionOr(read: () => Value): Value {
    const start = this.i;
    // the element is read once the loop's variable is known: skip to `for`
    let depth = 0;
    let j = this.i;
    for (; this.t[j]!.kind !== 'end'; j++) {
      const tok = this.t[j]!;
      if (tok.kind === 'op' && '([{'.includes(tok.text)) depth++;
      if (tok.kind === 'op' && ')]}'.includes(tok.text)) {
        if (depth === 0) break;
        depth--;
      }
      if (depth === 0 && tok.kind === 'op' && tok.text === ',') break;
      if (depth === 0 && tok.kind === 'name' && tok.text === 'for') break;
    }
    if (this.t[j]!.text !== 'for' || this.t[j]!.kind !== 'name') return read();
    this.i = j + 1;
    const variable = this.t[this.i++]!;
    if (variable.kind !== 'name') unknown();
    this.take('in');
    const items = list(this.expression());
    let filter: number | undefined;
    if (this.peek('if')) {
      this.i++;
      filter = this.i;
    }
    const out: string[] = [];
    const end = { at: this.i };
    for (const item of items) {
      const env = new Map(this.env).set(variable.text, item);
      const inner = new Reader(this.t, env, this.helpers, this.depth);
      if (filter !== undefined) {
        inner.i = filter;
        const kept = inner.expression();
        end.at = inner.i;
        if (!kept.length) continue;
      }
      inner.i = start;
      out.push(str(inner.expression()));
      if (inner.i !== j) unknown();
    }
    if (filter !== undefined && !items.length) unknown();
    this.i = end.at;
    return out;
  }

  private postfix(): Value {
    let v: Value | { cls: string } | 'module' = this.atom();
    let name = this.t[this.i - 1]!.kind === 'name' ? this.t[this.i - 1]!.text : undefined;
    for (;;) {
      if (this.peek('.')) {
        this.i++;
        const attr = this.t[this.i++]!;
        if (attr.kind !== 'name') unknown();
        if (typeof v === 'object' && 'cls' in v) {
          if (attr.text !== '__name__') unknown();
          v = v.cls;
          name = undefined;
          continue;
        }
        if (v === 'module') {
          name = `${name}.${attr.text}`;
          continue;
        }
        const self = v;
        const args = this.args();
        v = this.method(self, attr.text, args);
        name = undefined;
      } else if (this.peek('(') && v === 'module' && name !== undefined) {
        v = this.call(name, this.args());
        name = undefined;
      } else break;
    }
    if (typeof v === 'object' && !Array.isArray(v)) unknown();
    return v === 'module' ? unknown() : (v as Value);
  }

  private method(self: Value | { cls: string }, method: string, args: Value[]): Value {
    if (typeof self !== 'string') return unknown();
    if (method === 'lower' && !args.length) return self.toLowerCase();
    if (method === 'upper' && !args.length) return self.toUpperCase();
    if (method === 'replace' && args.length === 2) return self.split(str(args[0])).join(str(args[1]));
    if (method === 'join' && args.length === 1) return list(args[0]).join(self);
    return unknown();
  }

  private call(name: string, args: Value[]): Value {
    if (name === 're.sub' && args.length === 3) return str(args[2]).replace(pythonRegex(str(args[0])), replacement(str(args[1])));
    if (name === 're.split' && args.length === 2) return split(pythonRegex(str(args[0])), str(args[1]));
    if ((name === 'inflection.underscore' || (name === 'underscore' && this.helpers.has(INFLECTION_UNDERSCORE))) && args.length === 1)
      return underscore(str(args[0]));
    const helper = this.helpers.get(name);
    if (helper && args.length === 1 && this.depth < 4) return runBody(helper.body, new Map([[helper.param, args[0]!]]), this.helpers, this.depth + 1);
    return unknown();
  }

  private atom(): Value | { cls: string } | 'module' {
    const tok = this.t[this.i++]!;
    if (tok.kind === 'string') {
      let v = tok.prefix?.includes('f') ? this.fString(tok.text) : tok.text;
      // adjacent literals are one
      while (this.t[this.i]!.kind === 'string') {
        const next = this.t[this.i++]!;
        v += next.prefix?.includes('f') ? this.fString(next.text) : next.text;
      }
      return v;
    }
    if (tok.kind === 'name') {
      const bound = this.env.get(tok.text);
      if (bound !== undefined) return bound;
      if (tok.text === 're' || tok.text === 'inflection' || this.helpers.has(tok.text)) return 'module';
      return tok.text === 'underscore' && this.helpers.has(INFLECTION_UNDERSCORE) ? 'module' : unknown();
    }
    if (tok.text === '(') {
      const v = this.comprehensionOr(() => this.expression());
      this.take(')');
      return v;
    }
    if (tok.text === '[') {
      const v = this.comprehensionOr(() => [str(this.expression())]);
      this.take(']');
      return v;
    }
    return unknown();
  }

  /** An f-string's text with its plain fields (`{cls.__name__.lower()}`, no format spec) filled in. */
  private fString(text: string): string {
    return text.replace(/\{([^{}:!]*)\}|\{|\}/g, (whole, field: string | undefined) => {
      if (field === undefined) return unknown();
      return str(evaluate(field, this.env, this.helpers, this.depth));
    });
  }
}

function evaluate(source: string, env: Env, helpers: PythonHelpers, depth: number): Value {
  const reader = new Reader(tokens(source), env, helpers, depth);
  const v = reader.expression();
  if (!reader.done) unknown();
  return v;
}

/** The statements of a function's body (its lines joined where a bracket stays open), docstring and comments left out. */
function statements(body: string): string[] {
  const out: string[] = [];
  let open = '';
  for (const line of body.split('\n')) {
    const code = line.replace(/#.*$/, '');
    if (!open && !code.trim()) continue;
    open = open ? `${open} ${code.trim()}` : code.trim();
    const depth = [...open].reduce((d, c) => d + ('([{'.includes(c) ? 1 : ')]}'.includes(c) ? -1 : 0), 0);
    if (depth > 0) continue;
    out.push(open);
    open = '';
  }
  if (open) out.push(open);
  // a docstring first
  if (out[0] && /^[rRuU]?("""|''')[\s\S]*\1$|^[rRuU]?(["'])[^\n]*\2$/.test(out[0])) out.shift();
  return out;
}

/** Runs a body of `name = …` and `return …` statements; anything else is not read. */
function runBody(body: string, params: ReadonlyMap<string, Value | { cls: string }>, helpers: PythonHelpers, depth: number): Value {
  const env = new Map(params);
  for (const s of statements(body)) {
    const assigned = /^([A-Za-z_]\w*)\s*(?::\s*\w+\s*)?=(?!=)\s*([\s\S]+)$/.exec(s);
    if (assigned) {
      env.set(assigned[1]!, evaluate(assigned[2]!, env, helpers, depth));
      continue;
    }
    const returned = /^return\s+([\s\S]+)$/.exec(s);
    if (returned) return evaluate(returned[1]!, env, helpers, depth);
    return unknown();
  }
  return unknown();
}

/** The module-level functions of one parameter `text` declares (`def resolve_table_name(name):`), and whether it imports inflection's `underscore` by name. */
export function pythonHelpers(text: string): PythonHelpers {
  const out = new Map<string, { param: string; body: string }>();
  for (const m of text.matchAll(/^def\s+(\w+)\s*\(\s*(\w+)\s*(?::\s*\w+\s*)?\)\s*(?:->\s*\w+\s*)?:[ \t]*\n/gm)) {
    const rest = text.slice(m.index + m[0].length);
    const end = /\n(?=\S)/.exec(rest);
    out.set(m[1]!, { param: m[2]!, body: end ? rest.slice(0, end.index) : rest });
  }
  if (/^from\s+inflection\s+import\s+[^\n]*\bunderscore\b/m.test(text)) out.set(INFLECTION_UNDERSCORE, { param: '', body: '' });
  return out;
}

/**
 * The name a function body derives from a class's name (`param`: its first parameter, the class),
 * evaluated for `className`; undefined when the body is not written in the forms read.
 */
export function evaluateNameRule(body: string, param: string, className: string, helpers: PythonHelpers): string | undefined {
  try {
    const v = runBody(body, new Map([[param, { cls: className }]]), helpers, 0);
    return typeof v === 'string' && v ? v : undefined;
  } catch (e) {
    if (e instanceof Unknown) return undefined;
    throw e;
  }
}
