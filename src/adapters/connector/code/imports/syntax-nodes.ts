/**
 * @module adapters/connector/code/imports/syntax-nodes
 * Small readers of web-tree-sitter nodes that every language's reader shares.
 */
import type { Node } from 'web-tree-sitter';

/** A node's named children (none for a missing node). */
export const named = (n: Node | null | undefined): Node[] => (n ? (n.namedChildren.filter(Boolean) as Node[]) : []);

/** Every descendant of one of `types`, in document order. */
export const all = (n: Node, types: string[]): Node[] => n.descendantsOfType(types).filter(Boolean) as Node[];

/** The node's first line, counted from 1. */
export const lineOf = (n: Node): number => n.startPosition.row + 1;

/** The declaration's text up to its body, on one line. */
export function signature(text: string, node: Node, body: Node | null): string {
  const header = text
    .slice(node.startIndex, body ? body.startIndex : node.endIndex)
    .replace(/\s+/g, ' ')
    .replace(/\s*[:{;]?\s*$/, '');
  // without a body node the declaration runs on (`type Store struct{ … }`, `type ID = int`); a header that ends at its body keeps default arguments
  return (body ? header : header.split(/\s*(?:\{|=(?!=))/)[0]!).slice(0, 200);
}
