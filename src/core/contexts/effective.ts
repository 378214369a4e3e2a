/**
 * @module core/contexts/effective
 * Context inheritance: source → schema → object → the object's children.
 * A column's effective context includes its table's; a table's includes its schema's and source's.
 */
import type { CatalogObject, ContextRecord } from '../../ports/catalog.js';

/** Schema name of an object path (`public.orders.id` → `public`). */
export function schemaOf(object: Pick<CatalogObject, 'kind' | 'path'>): string {
  if (object.kind === 'schema') return object.path;
  const dot = object.path.indexOf('.');
  return dot < 0 ? object.path : object.path.slice(0, dot);
}

/** How an inferred context reads wherever contexts are shown: `get`, `describe`, MCP, search. */
export const INFERRED_MARK = '(inferred)';

/** A context's text as it is shown, marked when a model drafted it. */
export function shownContextText(context: Pick<ContextRecord, 'text' | 'origin'>): string {
  return context.origin === 'inferred' ? `${INFERRED_MARK} ${context.text}` : context.text;
}

/**
 * Effective context text of every object: inherited contexts from the most general to the most
 * specific, one per line, duplicates dropped. Objects without any context get ''.
 * `marked: false` leaves out the "(inferred)" mark: the text chunks are indexed with, so that the
 * word "inferred" does not make drafted objects match queries.
 */
export function resolveEffectiveContexts(
  objects: readonly CatalogObject[],
  contexts: readonly ContextRecord[],
  { marked = true }: { marked?: boolean } = {},
): Map<string, string> {
  const sourceTexts: string[] = [];
  const bySchema = new Map<string, string[]>();
  const byObject = new Map<string, string[]>();
  const push = (map: Map<string, string[]>, key: string, text: string) => {
    const list = map.get(key);
    if (list) list.push(text);
    else map.set(key, [text]);
  };
  for (const c of [...contexts].sort((a, b) => a.id - b.id)) {
    const text = marked ? shownContextText(c) : c.text;
    if (c.targetKind === 'source') sourceTexts.push(text);
    else if (c.targetKind === 'schema') push(bySchema, c.target, text);
    else push(byObject, c.target, text);
  }

  const byId = new Map(objects.map((o) => [o.id, o]));
  const result = new Map<string, string>();
  for (const object of objects) {
    const chain: string[] = [];
    for (let cur: CatalogObject | undefined = object; cur; cur = cur.parentId ? byId.get(cur.parentId) : undefined) {
      chain.push(cur.id);
    }
    const texts = [...sourceTexts, ...(bySchema.get(schemaOf(object)) ?? [])];
    for (const id of chain.reverse()) texts.push(...(byObject.get(id) ?? []));
    result.set(object.id, [...new Set(texts)].join('\n'));
  }
  return result;
}
