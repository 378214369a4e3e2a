/**
 * @module adapters/connector/code/queries/mybatis-xml
 * A MyBatis mapper's statements as SQL the SQL reader (sql-refs) reads: each `<select>`,
 * `<insert>`, `<update>` and `<delete>` (and iBATIS's `<statement>`) at the line of its tag, with
 * `<include refid>` replaced by the mapper's `<sql>` fragment (fragments including fragments, a
 * cycle read once), the dynamic tags read through (`<if>`, `<foreach>`, each `<when>` and
 * `<otherwise>` of a `<choose>`, `<bind>` and `<selectKey>` left out), `<where>`, `<set>` and
 * `<trim>` as MyBatis writes them (the prefix, the leading `AND`/`OR` or trailing comma dropped),
 * `#{…}` and `${…}` as parameters and MySQL's backquoted names as quoted ones. A `<choose>`'s
 * branches are alternatives: the statement is read once per branch (a choose nested in a branch
 * too), so each names its tables and still parses. Also the mapper's `namespace`, the interface its statements implement.
 * An iBATIS 2 `<sqlMap>` is read the same way, with its `<procedure>` too: its conditional tags
 * (`<isNotNull>`, `<isEqual>`…) and `<iterate>` keep their body after their `prepend`, `<dynamic
 * prepend="WHERE">` drops the first one's, and `#id#`, `#id:VARCHAR#` and `$column$` are parameters.
 * Annotated mappers (`@Select("<script>…</script>")`) reuse the same reading (scriptSql).
 */
import { childElements, xmlElements, type XmlElement, type XmlNode } from '../text/xml-elements.js';

export interface MapperStatement {
  /** The statement's `id`: the interface method it implements. */
  id: string;
  /** select, insert, update, delete (statement for iBATIS's generic one). */
  kind: string;
  /** The SQL of each reading of its `<choose>` branches (one when it has none). */
  sql: string[];
  /** Offset of its tag. */
  at: number;
}

const STATEMENTS = new Set(['select', 'insert', 'update', 'delete', 'statement', 'procedure']);
/** iBATIS 2's conditional tags: their body, after their `prepend`, when the condition holds. */
const IBATIS_CONDITIONS = new Set([
  'isNull',
  'isNotNull',
  'isEmpty',
  'isNotEmpty',
  'isEqual',
  'isNotEqual',
  'isGreaterThan',
  'isGreaterEqual',
  'isLessThan',
  'isLessEqual',
  'isPropertyAvailable',
  'isNotPropertyAvailable',
  'isParameterPresent',
  'isNotParameterPresent',
]);
/** Dynamic tags that are no text of the statement. */
const LEFT_OUT = new Set(['bind', 'selectKey', 'property']);
/** Readings a statement's `<choose>`s give at most: each choose multiplies them. */
const MAX_READINGS = 8;

/** The mapper root of a file's text (`<mapper>`, or iBATIS's `<sqlMap>`), or null. */
function mapperRoot(text: string): XmlElement | null {
  return xmlElements(text).find((e) => e.name === 'mapper' || e.name === 'sqlMap') ?? null;
}

/** The interface a mapper's statements implement (`namespace="org.shop.mapper.OrderMapper"`), or null. */
export function mapperNamespace(text: string): string | null {
  const ns = /<mapper\b[^>]*?\bnamespace\s*=\s*["']\s*([\w$.]+)\s*["']/.exec(text)?.[1];
  return ns ?? null;
}

/** The `namespace` of a mapper or of an iBATIS sqlMap, or null: the prefix code names its statements by. */
export const mapperRootNamespace = (text: string): string | null => mapperRoot(text)?.attributes.namespace?.trim() || null;

/** `prefixOverrides="AND |OR "` as its alternatives, upper case, trimmed. */
const overrides = (value: string | undefined) =>
  (value ?? '')
    .split('|')
    .map((o) => o.trim().toUpperCase())
    .filter(Boolean);

/** `<trim>`'s rule: the prefix, the body without a leading and a trailing override, the suffix; nothing when the body is empty. */
function trimmed(body: string, prefix: string, suffix: string, leading: string[], trailing: string[]): string {
  let inner = body.trim();
  // a word override (`AND`) only as a whole word: `ANDROID_ID = …` keeps its letters
  const whole = (o: string, next: string | undefined) => !/\w$/.test(o) || !/\w/.test(next ?? '');
  const lead = leading.find((o) => inner.toUpperCase().startsWith(o) && whole(o, inner[o.length]));
  if (lead) inner = inner.slice(lead.length).trimStart();
  const trail = trailing.find((o) => inner.toUpperCase().endsWith(o) && (!/^\w/.test(o) || !/\w/.test(inner.at(-o.length - 1) ?? '')));
  if (trail) inner = inner.slice(0, inner.length - trail.length).trimEnd();
  return inner ? ` ${prefix} ${inner} ${suffix} ` : ' ';
}

/** Reads a statement's nodes to text, one `<choose>` branch per reading (`choice` picks them, by the choose). */
class Flattener {
  /** Each choose this reading met (those inside a branch not taken are not), with its branch count. */
  readonly met = new Map<XmlElement, number>();
  private readonly including = new Set<string>();

  constructor(
    private readonly fragments: ReadonlyMap<string, XmlElement>,
    private readonly choice: (choose: XmlElement) => number,
  ) {}

  nodes(nodes: readonly XmlNode[]): string {
    return nodes.map((n) => (typeof n === 'string' ? n : this.element(n))).join('');
  }

  private element(e: XmlElement): string {
    const a = e.attributes;
    if (LEFT_OUT.has(e.name)) return ' ';
    switch (e.name) {
      case 'include': {
        const refid = a.refid ?? '';
        const fragment = this.fragments.get(refid) ?? this.fragments.get(refid.split('.').at(-1)!);
        if (!fragment || this.including.has(refid)) return ' ';
        this.including.add(refid);
        const text = this.nodes(fragment.children);
        this.including.delete(refid);
        return ` ${text} `;
      }
      case 'where':
        return trimmed(this.nodes(e.children), 'WHERE', '', ['AND', 'OR'], []);
      case 'set':
        return trimmed(this.nodes(e.children), 'SET', '', [','], [',']);
      case 'trim':
        return trimmed(this.nodes(e.children), a.prefix ?? '', a.suffix ?? '', overrides(a.prefixOverrides), overrides(a.suffixOverrides));
      case 'foreach':
        return ` ${a.open ?? ''}${this.nodes(e.children)}${a.close ?? ''} `;
      // iBATIS 2: `<dynamic prepend="WHERE">` drops the `prepend` of the first tag in it; `<iterate>` reads one element
      case 'dynamic': {
        const body = this.dropping(true, e.children);
        return body.trim() ? ` ${a.prepend ?? ''} ${body} ` : ' ';
      }
      case 'iterate':
        return ` ${this.prepend(a.prepend)} ${a.open ?? ''}${this.dropping(a.removeFirstPrepend === 'true', e.children)}${a.close ?? ''} `;
      case 'choose': {
        const options = childElements(e).filter((c) => c.name === 'when' || c.name === 'otherwise');
        this.met.set(e, options.length);
        const picked = options[this.choice(e)];
        return picked ? ` ${this.nodes(picked.children)} ` : ' ';
      }
      default:
        // <if>, <when>, <otherwise>: their text is the statement's; iBATIS's <isNotNull>…: after its prepend
        if (!IBATIS_CONDITIONS.has(e.name)) return ` ${this.nodes(e.children)} `;
        return ` ${this.prepend(a.prepend)} ${this.dropping(a.removeFirstPrepend === 'true', e.children)} `;
    }
  }

  /** Whether the next iBATIS tag's `prepend` is dropped: the first in a `<dynamic>`, or in a tag that says `removeFirstPrepend`. */
  private dropNext = false;

  /** An iBATIS tag's prepend, unless it is the first of a `<dynamic>`'s. */
  private prepend(value: string | undefined): string {
    if (!this.dropNext) return value ?? '';
    this.dropNext = false;
    return '';
  }

  /** The nodes' text, the first iBATIS tag's prepend among them dropped when `drop`. */
  private dropping(drop: boolean, nodes: readonly XmlNode[]): string {
    const outer = this.dropNext;
    this.dropNext = drop;
    const text = this.nodes(nodes);
    this.dropNext = outer;
    return text;
  }
}

/** `#{id}`, `${column}` (and iBATIS's `#id#`, `#id:VARCHAR#`, `$column$`) as parameters; backquoted names as quoted ones; blank runs as one space. */
const asSql = (text: string) =>
  text
    .replace(/\$[\w.[\]]+\$/g, '$$1')
    .replace(/[#$]\{[^}]*\}/g, '$1')
    .replace(/#[\w.[\]:=,]+#/g, '$1')
    .replace(/`([^`]*)`/g, '"$1"')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Each reading of a statement's nodes, as MyBatis runs it: one branch of each `<choose>` it meets,
 * a choose inside a branch met only when that branch is taken. The first reading takes every
 * choose's first branch; each further one takes a branch no reading took yet, of a choose a
 * reading met, the others as in that reading: so every branch, nested ones too, is read once
 * (at most MAX_READINGS readings).
 */
function readings(nodes: readonly XmlNode[], fragments: ReadonlyMap<string, XmlElement>): string[] {
  const out: string[] = [];
  const taken = new Map<XmlElement, Set<number>>();
  const pending: Array<ReadonlyMap<XmlElement, number>> = [new Map()];
  for (let picks = pending.shift(); picks && out.length < MAX_READINGS; picks = pending.shift()) {
    const flat = new Flattener(fragments, (e) => picks.get(e) ?? 0);
    out.push(asSql(flat.nodes(nodes)));
    for (const [choose, count] of flat.met) {
      const branch = picks.get(choose) ?? 0;
      const seen = taken.get(choose) ?? taken.set(choose, new Set()).get(choose)!;
      if (seen.has(branch)) continue;
      seen.add(branch);
      // the choose's other branches, each read once, the other chooses as this reading took them
      const chosen = new Map([...flat.met.keys()].map((c) => [c, picks.get(c) ?? 0]));
      for (let other = 0; other < count; other++)
        if (other !== branch && !seen.has(other) && !pending.some((p) => p.get(choose) === other)) pending.push(new Map([...chosen, [choose, other]]));
    }
  }
  return [...new Set(out)].filter(Boolean);
}

/** The `<sql id>` fragments of a mapper, by id. */
function fragmentsOf(root: XmlElement): Map<string, XmlElement> {
  return new Map(childElements(root, 'sql').map((f) => [f.attributes.id ?? '', f]));
}

/** A mapper file's statements with their SQL; none when the text is no mapper. */
export function mapperStatements(text: string): MapperStatement[] {
  const root = mapperRoot(text);
  if (!root) return [];
  const fragments = fragmentsOf(root);
  return childElements(root)
    .filter((e) => STATEMENTS.has(e.name))
    .map((e) => ({ id: e.attributes.id ?? '', kind: e.name, sql: readings(e.children, fragments), at: e.at }));
}

/** The SQL of an annotation's `<script>…</script>` (MyBatis's dynamic SQL in an annotation), read as a mapper statement is. */
export function scriptSql(script: string): string[] {
  const root = xmlElements(script).find((e) => e.name === 'script');
  return root ? readings(root.children, new Map()) : [asSql(script)];
}

/** A MyBatis statement annotation's opening, up to its first string (`@Select(`, `@Update(value = {`, Kotlin's `[` or `arrayOf(`). */
const ANNOTATION = /@(?:Select|Insert|Update|Delete)\s*\(\s*(?:value\s*=\s*)?(?:\{|\[|arrayOf\s*\()?/g;
/** One string of an annotation's value and what follows it (`,` between an array's strings, `+` between joined ones). */
const NEXT_STRING = /\s*(?:"""([\s\S]*?)"""|"((?:\\.|[^"\\\n])*)")\s*[,+]?/y;
const JAVA_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r' };

/**
 * The statements of a Java or Kotlin mapper's annotations (`@Select("…")`, `@Update({"…", "…"})`,
 * `@Insert("<script>…</script>")`), each at its first string: an array's strings joined by a space
 * as MyBatis joins them, a `<script>` read as a mapper statement is.
 */
export function annotationStatements(text: string): Array<{ sql: string[]; at: number }> {
  const out = [];
  for (const m of text.matchAll(ANNOTATION)) {
    const parts: string[] = [];
    let at = -1;
    NEXT_STRING.lastIndex = m.index + m[0].length;
    for (let s = NEXT_STRING.exec(text); s; s = NEXT_STRING.exec(text)) {
      if (at < 0) at = s.index + s[0].indexOf('"');
      parts.push(s[1] ?? s[2]!.replace(/\\(.)/g, (_, c: string) => JAVA_ESCAPES[c] ?? c));
    }
    const sql = parts.join(' ').trim();
    if (sql) out.push({ sql: /^<script>/i.test(sql) ? scriptSql(sql) : [asSql(sql)], at });
  }
  return out;
}

/** The SQL runs of a file for sql-refs: a mapper XML's statements (each reading at its tag), a Java or Kotlin mapper's annotations. */
export function mybatisRuns(text: string, language: string): Array<{ sql: string; at: number }> {
  const statements = language === 'xml' ? mapperStatements(text) : language === 'java' || language === 'kotlin' ? annotationStatements(text) : [];
  return statements.flatMap((s) => s.sql.map((sql) => ({ sql, at: s.at })));
}
