/**
 * @module adapters/documents/errors
 * The one error every document stage raises for bad input: `DOCUMENT_UNREADABLE`, naming the
 * document and the reason, so an update can report it and go on with the other documents.
 */
import { SextantError } from '../../kernel/errors.js';

export function documentUnreadable(name: string, reason: string, options: { hint?: string; cause?: unknown } = {}): SextantError {
  return new SextantError('DOCUMENT_UNREADABLE', `Document '${name}' is unreadable: ${reason}`, {
    ...(options.hint === undefined ? {} : { hint: options.hint }),
    ...(options.cause === undefined ? {} : { cause: options.cause }),
    details: { document: name, reason },
  });
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** `12.3 MB`, `512 KB`, `80 B`: sizes in messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
