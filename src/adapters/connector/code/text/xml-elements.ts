/**
 * @module adapters/connector/code/text/xml-elements
 * A mapping file's XML as elements, read leniently (a MyBatis mapper, a Hibernate `hbm.xml`, a
 * JPA `orm.xml`, a Doctrine `*.orm.xml`): each element's name, attributes, children and offset; text and CDATA as text
 * with the five predefined entities and numeric references decoded; comments, processing
 * instructions and the DOCTYPE left out. An end tag that closes no open element is skipped, and
 * one that closes an outer element closes the inner ones too, so broken XML still gives its
 * elements. Also the kind of mapping a file's opening declares, read from its head alone.
 */
import { oncePerText } from './scan-memo.js';

export interface XmlElement {
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: XmlNode[];
  /** Offset of the `<` opening the element. */
  at: number;
}

export type XmlNode = XmlElement | string;

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text with its entity and character references decoded (an unknown entity is left as written). */
export const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) =>
    ref[0] === '#'
      ? String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10))
      : (ENTITIES[ref] ?? whole),
  );

/** Markup that is no element (comments, CDATA, the DOCTYPE with its internal subset, processing instructions), or a tag. */
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)|<!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>|<\?[\s\S]*?(?:\?>|$)|<(\/?)([A-Za-z_][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
const ATTRIBUTE = /([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The document's top-level elements (a well-formed file has one, its root): read once per text while a scan is remembered, as the mapping readers (MyBatis, Hibernate and JPA, Doctrine) each read every XML file. */
export const xmlElements = oncePerText((text: string): readonly XmlElement[] => {
  const top: XmlElement = { name: '', attributes: {}, children: [], at: 0 };
  const open: XmlElement[] = [top];
  let last = 0;
  const addText = (raw: string) => {
    if (raw) open.at(-1)!.children.push(raw);
  };
  for (const m of text.matchAll(TOKEN)) {
    addText(decodeXml(text.slice(last, m.index)));
    last = m.index + m[0].length;
    if (m[1] !== undefined) addText(m[1]);
    const name = m[3];
    if (!name) continue;
    if (m[2]) {
      const depth = open.findLastIndex((e) => e.name === name);
      if (depth > 0) open.length = depth;
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of m[4]!.matchAll(ATTRIBUTE)) attributes[a[1]!] = decodeXml(a[2] ?? a[3] ?? '');
    const element: XmlElement = { name, attributes, children: [], at: m.index };
    open.at(-1)!.children.push(element);
    if (!m[5]) open.push(element);
  }
  addText(decodeXml(text.slice(last)));
  return top.children.filter((c): c is XmlElement => typeof c !== 'string');
});

/** The element children of an element, those named `name` when given. */
export const childElements = (element: XmlElement, name?: string): XmlElement[] =>
  element.children.filter((c): c is XmlElement => typeof c !== 'string' && (name === undefined || c.name === name));

/** Every element under `element` (itself excluded), depth first. */
export function descendants(element: XmlElement): XmlElement[] {
  return childElements(element).flatMap((c) => [c, ...descendants(c)]);
}

/** The mappings an XML file can declare, by its root element. */
export type XmlMappingKind = 'mybatis' | 'hibernate' | 'jpa' | 'doctrine';

const ROOTS: Readonly<Record<string, XmlMappingKind>> = {
  mapper: 'mybatis',
  sqlMap: 'mybatis',
  'hibernate-mapping': 'hibernate',
  'entity-mappings': 'jpa',
  'doctrine-mapping': 'doctrine',
};

/**
 * The mapping an XML file declares, from its head (its first bytes: the prolog, comments and
 * DOCTYPE, then the root's opening tag): a MyBatis mapper (root `<mapper namespace="…">`, or the
 * MyBatis mapper DTD; iBATIS 2's `<sqlMap namespace="…">`, or its SQL Map DTD), a Hibernate mapping (`<hibernate-mapping>`), a JPA `orm.xml`
 * (`<entity-mappings>`), a Doctrine `*.orm.xml` (`<doctrine-mapping>`); null for any other XML (a pom.xml, a layout, a Spring context).
 */
export function xmlMappingKind(head: string): XmlMappingKind | null {
  const root = /<([A-Za-z_][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/.exec(
    head.replace(/<!--[\s\S]*?(?:-->|$)|<\?[\s\S]*?(?:\?>|$)|<!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>/g, ' '),
  );
  if (!root) return null;
  const name = root[1]!.replace(/^[\w.-]+:/, '');
  const kind = ROOTS[name];
  if (kind !== 'mybatis') return kind ?? null;
  // iBATIS 2's `<sqlMap namespace>` (or its SQL Map DTD), MyBatis's `<mapper namespace>` (or its mapper DTD)
  if (name === 'sqlMap') return /\bnamespace\s*=/.test(root[2]!) || /sql-map-2\.dtd|DTD SQL Map 2\.0/i.test(head) ? 'mybatis' : null;
  return /\bnamespace\s*=/.test(root[2]!) || head.includes('mybatis-3-mapper.dtd') || /DTD Mapper 3\.0/i.test(head) ? 'mybatis' : null;
}
