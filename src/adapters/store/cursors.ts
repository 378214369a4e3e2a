/**
 * @module adapters/store/cursors
 * Opaque page cursors, the same in every store: base64url of the last object id of a page, and
 * of the last entity's (name, semantic type). A cursor that did not come from us is USAGE.
 */
import { SextantError } from '../../kernel/errors.js';

export function encodeCursor(lastId: string): string {
  return Buffer.from(lastId, 'utf8').toString('base64url');
}

/** The last id of the previous page; a cursor that did not come from us is a usage error. */
export function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (id === '' || encodeCursor(id) !== cursor) {
    throw new SextantError('USAGE', `invalid cursor ${JSON.stringify(cursor)}`, { hint: 'pass the nextCursor of a previous page unchanged' });
  }
  return id;
}

export function encodeEntityCursor(name: string, semanticType: string): string {
  return Buffer.from(JSON.stringify([name, semanticType]), 'utf8').toString('base64url');
}

export function decodeEntityCursor(cursor: string): [string, string] {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = null;
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'string' ||
    typeof value[1] !== 'string' ||
    encodeEntityCursor(value[0], value[1]) !== cursor
  ) {
    throw new SextantError('USAGE', `invalid cursor ${JSON.stringify(cursor)}`, { hint: 'pass the nextCursor of a previous page unchanged' });
  }
  return [value[0], value[1]];
}
