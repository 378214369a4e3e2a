/**
 * @module adapters/connector/openapi/resolve-refs
 * External `$ref`s (other files, other URLs) pulled into the document by the maintained
 * resolver (`@apidevtools/swagger-parser`'s bundle), leaving internal `#/…` refs for the model to
 * follow. A spec fetched from a URL may not read local files; credential headers are never sent
 * along to other locations.
 */
import { SextantError } from '../../../kernel/errors.js';
import { redactDsn } from '../../../kernel/redact.js';
import { isObject, type JsonObject } from './parse-spec.js';
import { isSpecUrl } from './read-spec.js';

/** True when a ref outside vendor extensions (`x-…`, never read) names another file or URL. */
function hasExternalRef(value: unknown, depth = 0): boolean {
  if (depth > 200) return false;
  if (Array.isArray(value)) return value.some((v) => hasExternalRef(v, depth + 1));
  if (!isObject(value)) return false;
  if (typeof value.$ref === 'string' && !value.$ref.startsWith('#')) return true;
  for (const key in value) if (!key.startsWith('x-') && hasExternalRef(value[key], depth + 1)) return true;
  return false;
}

function refError(err: unknown, location: string): SextantError {
  const message = err instanceof Error ? err.message : String(err);
  const ref = /"([^"]+)"/.exec(message)?.[1] ?? /pointer (\S+)/.exec(message)?.[1];
  return new SextantError('SPEC_INVALID', `unresolvable $ref${ref ? ` ${ref}` : ''} in ${redactDsn(location)}: ${message.split('\n')[0]}`, {
    hint: 'external refs are read relative to the spec; a spec fetched from a URL cannot name local files',
    ...(ref ? { details: { ref } } : {}),
    cause: err,
  });
}

/** The document without vendor extensions (`x-…`): nothing is read from them, so their refs must not fail an update. */
function withoutExtensions(value: unknown, depth = 0): unknown {
  if (depth > 200) return value;
  if (Array.isArray(value)) return value.map((v) => withoutExtensions(v, depth + 1));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) if (!key.startsWith('x-')) out[key] = withoutExtensions(v, depth + 1);
  return out;
}

/** The document with every external ref inlined (vendor extensions dropped first); unchanged when it has none. */
export async function bundleExternalRefs(raw: JsonObject, location: string): Promise<JsonObject> {
  if (!hasExternalRef(raw)) return raw;
  const doc = withoutExtensions(raw) as JsonObject;
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  try {
    const bundled = await SwaggerParser.bundle(
      location,
      doc as never,
      {
        resolve: { external: true, file: !isSpecUrl(location), http: { timeout: 30_000, redirects: 3 } },
      } as never,
    );
    return bundled as unknown as JsonObject;
  } catch (err) {
    throw refError(err, location);
  }
}
