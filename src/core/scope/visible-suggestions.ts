/**
 * @module core/scope/visible-suggestions
 * "Did you mean" inside the caller's scope: an OBJECT_NOT_FOUND built over the whole index keeps
 * only the suggested ids of sources the session may see, so an unknown id is no enumeration
 * oracle for other projects' objects (issue 11 §5).
 */
import { isSextantError, SextantError } from '../../kernel/errors.js';
import type { Visibility } from './visibility.js';

const sourceOfId = (id: string) => id.slice(0, id.indexOf(':'));

export async function withVisibleSuggestions<T>(visibility: Visibility, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const suggestions = isSextantError(err) && err.code === 'OBJECT_NOT_FOUND' ? err.details?.suggestions : undefined;
    if (!Array.isArray(suggestions)) throw err;
    const visible = await visibility.sources();
    if (!visible) throw err;
    const kept = suggestions.filter((id): id is string => typeof id === 'string' && visible.includes(sourceOfId(id)));
    throw new SextantError('OBJECT_NOT_FOUND', (err as SextantError).message, {
      ...(kept.length ? { hint: `did you mean: ${kept.join(', ')}` } : { hint: 'find the id with a search', remedy: { action: 'find-object' } }),
      details: { ...(err as SextantError).details, suggestions: kept },
    });
  }
}
