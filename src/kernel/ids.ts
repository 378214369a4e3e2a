/**
 * @module kernel/ids
 * Object ids (`<source>:<kind>:<path>`) and URIs (`sextant://source/schema.object`).
 */
export function objectId(source: string, kind: string, path: string): string {
  return `${source}:${kind}:${path}`;
}

export interface ParsedId {
  source: string;
  kind: string;
  path: string;
}

export function parseObjectId(id: string): ParsedId | null {
  const m = /^([^:/\s]+):([a-z_]+):(.+)$/.exec(id);
  return m ? { source: m[1]!, kind: m[2]!, path: m[3]! } : null;
}

export type ParsedTarget =
  | { kind: 'source'; source: string }
  | { kind: 'schema'; source: string; schema: string }
  | { kind: 'path'; source: string; path: string }
  | { kind: 'id'; id: string; source: string };

/**
 * Parses `sextant://shop`, `sextant://shop/public`, `sextant://shop/public.orders` or an object id.
 * A one-segment URI path is a schema; a dotted one an object path.
 */
export function parseTarget(target: string): ParsedTarget | null {
  const uri = /^sextant:\/\/([^/\s]+)(?:\/(.*))?$/.exec(target.trim());
  if (uri) {
    const source = uri[1]!;
    const rest = (uri[2] ?? '').replace(/\/+$/, '');
    if (!rest) return { kind: 'source', source };
    if (!rest.includes('.')) return { kind: 'schema', source, schema: rest };
    return { kind: 'path', source, path: rest };
  }
  const id = parseObjectId(target.trim());
  return id ? { kind: 'id', id: target.trim(), source: id.source } : null;
}

export function objectUri(source: string, path: string): string {
  return `sextant://${source}/${path}`;
}
