/**
 * @module adapters/documents/extract/html-markdown
 * HTML to markdown with `turndown`: ATX headings, fenced code, `-` lists, and every table as a
 * GFM table (first row as header; nested tables flattened into their cell). Links keep their text
 * only and images their alt text: the chunk is for reading and search, and URLs are noise there.
 * Markdown escaping is off for the same reason (`statement_timeout`, not `statement\_timeout`).
 *
 * Tables are our own rule rather than turndown-plugin-gfm's: the plugin keeps any table that
 * holds `<code>`, a list or a heading as raw HTML, which reference manuals are full of.
 */
import TurndownService from 'turndown';
import { markdownTable } from './common.js';

/** The DOM surface the rules use (turndown parses with domino; the types name the browser DOM). */
interface DomNode {
  nodeName: string;
  parentNode: DomNode | null;
  childNodes: ArrayLike<DomNode>;
  textContent: string | null;
  getAttribute?(name: string): string | null;
}

/** The rows of a table, not of tables nested in it. */
function tableRows(table: DomNode): DomNode[] {
  const rows: DomNode[] = [];
  const walk = (node: DomNode): void => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeName === 'TR') rows.push(child);
      else if (child.nodeName !== 'TABLE') walk(child);
    }
  };
  walk(table);
  // Rows in <thead> first, whatever their place in the source.
  return [...rows.filter((r) => r.parentNode?.nodeName === 'THEAD'), ...rows.filter((r) => r.parentNode?.nodeName !== 'THEAD')];
}

/** Elements with nothing to read. */
const REMOVED = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'IFRAME',
  'SVG',
  'svg',
  'CANVAS',
  'BUTTON',
  'SELECT',
  'INPUT',
  'TEXTAREA',
  'HEAD',
  'TITLE',
]);

function createService(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_', hr: '---' });
  service.escape = (text: string) => text;
  service.remove((node) => REMOVED.has(node.nodeName));
  // A cell's markdown is kept for its table's rule; the table lays its cells out itself.
  const cells = new WeakMap<object, string>();
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      cells.set(node, content);
      return '';
    },
  });
  service.addRule('tableRow', { filter: ['tr', 'thead', 'tbody', 'tfoot', 'colgroup', 'col'], replacement: () => '' });
  service.addRule('tableCaption', { filter: ['caption'], replacement: () => '' });
  service.addRule('table', {
    filter: ['table'],
    replacement: (_content, node) => {
      const table = node as unknown as DomNode;
      const rows = tableRows(table)
        .map((tr) =>
          Array.from(tr.childNodes)
            .filter((c) => c.nodeName === 'TD' || c.nodeName === 'TH')
            .flatMap((c) => {
              const span = Math.min(Math.max(Number(c.getAttribute?.('colspan')) || 1, 1), 50);
              return [cells.get(c) ?? '', ...Array<string>(span - 1).fill('')];
            }),
        )
        .filter((cellsOfRow) => cellsOfRow.some((c) => c.trim() !== ''));
      const caption = Array.from(table.childNodes)
        .find((c) => c.nodeName === 'CAPTION')
        ?.textContent?.trim();
      const cellCount = rows.reduce((n, r) => n + r.length, 0);
      // A layout table of one cell is its content.
      if (cellCount <= 1) return `\n\n${rows[0]?.[0] ?? ''}\n\n`;
      return `\n\n${caption ? `${caption}\n\n` : ''}${markdownTable(rows)}\n\n`;
    },
  });
  // `- item` rather than turndown's `-   item`; nested content indented to match.
  service.addRule('listItem', {
    filter: ['li'],
    replacement: (content, node) => {
      const item = node as unknown as DomNode & { nextSibling: unknown };
      const parent = item.parentNode;
      let prefix = '- ';
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute?.('start')) || 1;
        const index = Array.from(parent.childNodes)
          .filter((c) => c.nodeName === 'LI')
          .indexOf(item);
        prefix = `${start + index}. `;
      }
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n/gm, `\n${' '.repeat(prefix.length)}`);
      return prefix + body + (item.nextSibling && !/\n$/.test(body) ? '\n' : '');
    },
  });
  service.addRule('link', { filter: ['a'], replacement: (content) => content });
  service.addRule('image', {
    filter: ['img'],
    replacement: (_content, node) => {
      const alt = (node as unknown as DomNode).getAttribute?.('alt')?.trim();
      return alt ? alt : '';
    },
  });
  return service;
}

let service: TurndownService | null = null;

/**
 * Markdown for an HTML fragment or document, given as text or as a parsed element. An element is
 * converted in place (turndown would first copy it, which costs more than the conversion on a
 * long page): the caller must not read it afterwards.
 */
export function htmlToMarkdown(html: string | object): string {
  service ??= createService();
  if (typeof html !== 'string') Object.defineProperty(html, 'cloneNode', { value: () => html, configurable: true });
  return service
    .turndown(html as string)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
