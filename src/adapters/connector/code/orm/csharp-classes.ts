/**
 * @module adapters/connector/code/orm/csharp-classes
 * The classes, records and interfaces of C# text as an ORM reader needs them, read as written: each
 * one's name, the attributes above it (`[Table("blogs")]`), its base types, its body and its
 * properties (`public virtual ICollection<Post> Posts { get; set; }`, `public int Total => …`), each
 * property with its type, its attributes and its offset. Comments are blanked first, so offsets
 * and lines stay where they were; a class nested in another lends its properties to both.
 */
import { blankComments, scriptBlocks } from '../text/script-blocks.js';
import { oncePerText } from '../text/scan-memo.js';

export interface CsharpProperty {
  name: string;
  /** The type as written, without its `?`: `int`, `Blog`, `ICollection<Post>`. */
  type: string;
  /** The attributes above it, as written: `[Key]`, `[ForeignKey("BlogId")]`. */
  attributes: string;
  index: number;
}

export interface CsharpClass {
  name: string;
  kind: 'class' | 'interface' | 'record';
  attributes: string;
  /** The base types and interfaces as written, generic arguments kept: `BaseEntity`, `IEntityTypeConfiguration<Blog>`. */
  bases: string[];
  properties: CsharpProperty[];
  /** Offset of the name; the body from its `{` to its `}`. */
  index: number;
  start: number;
  end: number;
}

const ATTRIBUTES = String.raw`((?:\[[^\]\n]*\][ \t]*\r?\n?[ \t]*)*)`;
const MODIFIER = String.raw`(?:public|internal|protected|private|abstract|sealed|partial|static|file|readonly|unsafe)\s+`;
const CLASS = new RegExp(
  String.raw`^[\uFEFF \t]*${ATTRIBUTES}(?:${MODIFIER})*(class|interface|record(?:\s+class|\s+struct)?)\s+(\w+)\s*(?:<[^>{;]*>)?\s*(?:\([^)]*\))?\s*(?::\s*([^{;]*?))?\s*(?:\bwhere\b[^{;]*)?\{`,
  'gm',
);
/** A property, at a line's start or after a `;`, `{` or `}`: its attributes, modifiers, type and name, then an accessor block or `=>`. Fields and methods do not match. */
const PROPERTY = new RegExp(
  String.raw`(?:^|(?<=[;{}]))[\uFEFF \t]*${ATTRIBUTES}((?:(?:public|internal|protected|private|virtual|override|required|new|sealed|abstract)\s+)*)([\w.]+(?:\s*<[^;{}()=]*?>)?)\s*\??(?:\[\])?\s+(\w+)\s*(?:\{\s*(?:get|set|init|private|protected|internal)\b|=>)`,
  'gm',
);

/** The base types of a `: A, B<C, D>` list, split at the commas outside angle brackets. */
function baseList(written: string | undefined): string[] {
  if (!written) return [];
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of written) {
    if (c === '<') depth++;
    else if (c === '>') depth--;
    if (c === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += c;
  }
  if (current.trim()) out.push(current.trim());
  return out.map((b) => b.replace(/\s+/g, ''));
}

/** The classes, records and interfaces of the text, with their properties. */
export const csharpClasses = oncePerText((text: string): readonly CsharpClass[] => {
  const written = blankComments(text);
  const blocks = scriptBlocks(text);
  const out: CsharpClass[] = [];
  for (const m of written.matchAll(CLASS)) {
    const open = m.index + m[0].length - 1;
    const body = blocks.find((b) => b.start === open) ?? { start: open, end: text.length };
    const properties: CsharpProperty[] = [];
    for (const p of written.slice(body.start + 1, body.end).matchAll(PROPERTY)) {
      if (/\bstatic\b/.test(p[2]!)) continue;
      properties.push({
        name: p[4]!,
        type: p[3]!.replace(/\s+/g, ''),
        attributes: p[1]!,
        index: body.start + 1 + p.index + p[0].search(new RegExp(String.raw`\b${p[4]!}\s*(?:\{|=>)`)),
      });
    }
    out.push({
      name: m[3]!,
      kind: m[2]!.startsWith('record') ? 'record' : (m[2] as 'class' | 'interface'),
      attributes: m[1]!,
      bases: baseList(m[4]),
      properties,
      index: m.index + m[0].search(new RegExp(String.raw`\b${m[2]!}\s+${m[3]!}\b`)) + m[2]!.length + 1,
      start: body.start,
      end: body.end,
    });
  }
  return out;
});

/** The type a generic names as its one argument (`ICollection<Post>` → `Post`, `DbSet<Blog>` → `Blog`), without its namespace. */
export function genericArgument(type: string, generic: RegExp): string | undefined {
  const m = new RegExp(String.raw`^(?:[\w.]*\.)?(?:${generic.source})<(?:[\w.]*\.)?(\w+)\??>$`).exec(type);
  return m?.[1];
}

/** A type's name without namespace and generic arguments: `Acme.BaseEntity<int>` → `BaseEntity`. */
export const bareType = (type: string) => type.replace(/<.*$/, '').replace(/^.*\./, '').replace(/\?$/, '');
