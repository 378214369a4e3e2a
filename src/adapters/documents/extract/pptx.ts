/**
 * @module adapters/documents/extract/pptx
 * PowerPoint presentations, read from their OOXML after the zip bomb check: one `## Slide N`
 * section per slide in presentation order (`## Slide N: <title>` when the slide has a title
 * placeholder), its text boxes as paragraphs (bullets as list items, by level), its tables as GFM
 * tables, and its speaker notes. The title is the core properties' title, else the first slide title.
 */
import { documentUnreadable } from '../errors.js';
import { CORE_PROPERTIES, coreTitle, readOfficeZip, xmlText, type ZipContents } from '../zip.js';
import { defineExtractor, headingText, joinBlocks, markdownTable } from './common.js';

const decoder = new TextDecoder();

function entryText(zip: ZipContents, name: string): string | null {
  const bytes = zip.entries.get(name);
  return bytes ? decoder.decode(bytes) : null;
}

/** `rId` → target path under `base` from a relationships part. */
function relationships(xml: string | null, base: string): Map<string, { target: string; type: string }> {
  const map = new Map<string, { target: string; type: string }>();
  for (const m of (xml ?? '').matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = /\bId="([^"]+)"/.exec(m[1]!)?.[1];
    const target = /\bTarget="([^"]+)"/.exec(m[1]!)?.[1];
    const type = /\bType="([^"]+)"/.exec(m[1]!)?.[1] ?? '';
    if (id && target) map.set(id, { target: resolvePath(base, xmlText(target)), type });
  }
  return map;
}

function resolvePath(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').filter(Boolean);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** Slide parts in presentation order: `sldIdLst` through the presentation's relationships, else by number. */
function slideOrder(zip: ZipContents): string[] {
  const rels = relationships(entryText(zip, 'ppt/_rels/presentation.xml.rels'), 'ppt');
  const listed = [...(entryText(zip, 'ppt/presentation.xml') ?? '').matchAll(/<p:sldId\b[^>]*\br:id="([^"]+)"/g)]
    .map((m) => rels.get(m[1]!)?.target)
    .filter((t): t is string => t !== undefined && zip.entries.has(t));
  if (listed.length > 0) return listed;
  const number = (name: string): number => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);
  return zip.names.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).sort((a, b) => number(a) - number(b));
}

/** The text of each `<a:p>` paragraph in an XML fragment, with its bullet level (null: not a bullet). */
function paragraphs(xml: string): { text: string; bullet: number | null }[] {
  return [...xml.matchAll(/<a:p(?:\s[^>]*)?>([\s\S]*?)<\/a:p>/g)]
    .map((m) => {
      const body = m[1]!;
      const text = [...body.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>|<a:br\b[^>]*\/>/g)].map((t) => (t[1] === undefined ? ' ' : xmlText(t[1]))).join('');
      const props = /<a:pPr\b([^>]*)(?:\/>|>([\s\S]*?)<\/a:pPr>)/.exec(body);
      const level = Number(/\blvl="(\d+)"/.exec(props?.[1] ?? '')?.[1] ?? 0);
      const bulleted = /<a:bu(Char|AutoNum)\b/.test(props?.[2] ?? '');
      return { text: text.replace(/\s+/g, ' ').trim(), bullet: bulleted ? level : null };
    })
    .filter((p) => p.text.length > 0);
}

function shapeMarkdown(shape: string): string {
  return paragraphs(shape)
    .map((p) => (p.bullet === null ? p.text : `${'  '.repeat(p.bullet)}- ${p.text}`))
    .join('\n')
    .replace(/^([^\n-][^\n]*)\n(?=[^\n-])/gm, '$1\n\n');
}

function tableMarkdown(table: string): string {
  const rows = [...table.matchAll(/<a:tr\b[^>]*>([\s\S]*?)<\/a:tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<a:tc\b[^>]*>([\s\S]*?)<\/a:tc>/g)].map((cell) =>
      paragraphs(cell[1]!)
        .map((p) => p.text)
        .join(' '),
    ),
  );
  return markdownTable(rows.filter((r) => r.some((c) => c !== '')));
}

function slideMarkdown(xml: string): { title: string | null; body: string } {
  let title: string | null = null;
  const blocks: string[] = [];
  for (const m of xml.matchAll(/<p:sp\b[^>]*>([\s\S]*?)<\/p:sp>|<a:tbl\b[^>]*>([\s\S]*?)<\/a:tbl>/g)) {
    if (m[2] !== undefined) {
      blocks.push(tableMarkdown(m[2]));
      continue;
    }
    const shape = m[1]!;
    if (title === null && /<p:ph\b[^>]*\btype="(title|ctrTitle)"/.test(shape)) {
      title =
        headingText(
          paragraphs(shape)
            .map((p) => p.text)
            .join(' '),
        ) || null;
      continue;
    }
    blocks.push(shapeMarkdown(shape));
  }
  return { title, body: joinBlocks(blocks) };
}

function notesOf(zip: ZipContents, slide: string): string {
  const base = slide.slice(0, slide.lastIndexOf('/'));
  const rels = relationships(entryText(zip, `${base}/_rels/${slide.slice(base.length + 1)}.rels`), base);
  const notes = [...rels.values()].find((r) => r.type.endsWith('/notesSlide'));
  const xml = notes ? entryText(zip, notes.target) : null;
  if (!xml) return '';
  // The notes page repeats the slide image and number in placeholders; the body placeholder holds the notes.
  const text = [...xml.matchAll(/<p:sp\b[^>]*>([\s\S]*?)<\/p:sp>/g)]
    .filter((m) => /<p:ph\b[^>]*\btype="body"/.test(m[1]!))
    .map((m) =>
      paragraphs(m[1]!)
        .map((p) => p.text)
        .join(' '),
    )
    .join(' ')
    .trim();
  return text ? `Notes: ${text}` : '';
}

const WANTED =
  /^(ppt\/presentation\.xml|ppt\/_rels\/presentation\.xml\.rels|ppt\/slides\/slide\d+\.xml|ppt\/slides\/_rels\/slide\d+\.xml\.rels|ppt\/notesSlides\/notesSlide\d+\.xml)$/;

export const extractPptx = defineExtractor('pptx', async (bytes, options) => {
  const zip = readOfficeZip(bytes, { name: options.name, label: 'pptx', keep: (entry) => entry === CORE_PROPERTIES || WANTED.test(entry) });
  if (!zip.entries.has('ppt/presentation.xml')) throw documentUnreadable(options.name, 'not a pptx (the zip has no ppt/presentation.xml)');
  const sections: string[] = [];
  let firstTitle: string | null = null;
  slideOrder(zip).forEach((slide, i) => {
    const { title, body } = slideMarkdown(entryText(zip, slide)!);
    firstTitle ??= title;
    const heading = `## Slide ${i + 1}${title ? `: ${title}` : ''}`;
    sections.push(joinBlocks([heading, body, notesOf(zip, slide)]));
  });
  return { title: coreTitle(zip) ?? firstTitle, markdown: sections.join('\n\n'), parts: sections.length };
});
