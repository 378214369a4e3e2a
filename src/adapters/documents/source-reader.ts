/**
 * @module adapters/documents/source-reader
 * The document pipeline's adapters as the docs connector asks for them: a source record's
 * location and options become a transport call, and MIME detection and extraction are one
 * converter. Everything is imported on first use, so commands that read no document load none
 * of the extraction libraries.
 */
import type { SourceRecord } from '../../ports/connector.js';
import { realpath } from 'node:fs/promises';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { SextantError } from '../../kernel/errors.js';
import { redactDsn } from '../../kernel/redact.js';
import type { DocumentConverter, DocumentImporter, DocumentLimits, DocumentReader } from '../../ports/documents.js';
import type { DocumentLocation, TransportOptions } from './transport/index.js';

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

function locationOf(source: SourceRecord): DocumentLocation {
  const content = source.options.content;
  if (typeof content === 'string') return { content, name: source.name };
  return SCHEME.test(source.url) ? { url: source.url } : { path: source.url };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

function transportOptions(source: SourceRecord, settings: ReaderSettings, signal?: AbortSignal): TransportOptions {
  const o = source.options;
  const headerEnvs = o.headerEnvs && typeof o.headerEnvs === 'object' ? (o.headerEnvs as Record<string, string>) : undefined;
  const pick = {
    headerEnvs,
    awsProfile: text(o.awsProfile),
    awsRegion: text(o.awsRegion),
    usernameEnv: text(o.usernameEnv),
    passwordEnv: text(o.passwordEnv),
    keyPath: text(o.keyPath),
    hostKey: text(o.hostKey),
    env: settings.env,
    signal,
  };
  return { limits: settings.limits, ...Object.fromEntries(Object.entries(pick).filter(([, v]) => v !== undefined)) };
}

export interface ReaderSettings {
  limits: DocumentLimits;
  /** Where credential variables are read (tests pass their own). */
  env?: NodeJS.ProcessEnv;
}

export function createSourceReader(settings: ReaderSettings): DocumentReader {
  const transport = () => import('./transport/index.js');
  return {
    list: async (source, signal) => (await transport()).listDocuments(locationOf(source), transportOptions(source, settings, signal)),
    fetch: async (source, entry, signal) => (await transport()).fetchDocument(locationOf(source), entry, transportOptions(source, settings, signal)),
    open: async (source, signal) => (await transport()).openDocuments(locationOf(source), transportOptions(source, settings, signal)),
  };
}

export function createDocumentConverter(): DocumentConverter {
  const load = () => import('./index.js');
  return {
    detect: async (input) => (await load()).detectDocumentType({ ...input, explicit: input.explicit ?? null }),
    decodeText: async (bytes) => (await load()).decodeText(bytes),
    extract: async (bytes, type, options) => (await load()).extractDocument(bytes, type, options),
  };
}

/** A path inside the workspace root, symbolic links resolved on both sides; FORBIDDEN otherwise. */
async function insideRoot(path: string, root: string): Promise<string> {
  if (path.split(/[\\/]/).includes('..'))
    throw new SextantError('FORBIDDEN', `'${path}' climbs out with '..'`, { hint: 'give a path inside the workspace root' });
  const realRoot = await realpath(root).catch(() => {
    throw new SextantError('CONFIG_INVALID', `documents.workspace_root ${root} does not exist`);
  });
  const real = await realpath(isAbsolute(path) ? path : resolve(realRoot, path)).catch(() => {
    throw new SextantError('OBJECT_NOT_FOUND', `no file '${path}' in the workspace root`);
  });
  const rel = relative(realRoot, real);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep)[0] === '..')
    throw new SextantError('FORBIDDEN', `'${path}' is outside the workspace root`, { hint: `the workspace root is ${realRoot}` });
  return real;
}

/**
 * An http(s) URL a session may read. One with a user name or password is refused before any
 * request, without repeating it: a session document keeps no credentials.
 */
function sessionUrl(location: string): string {
  if (!/^https?:\/\//i.test(location)) throw new SextantError('USAGE', 'url must be http(s)://', { details: { field: 'url' } });
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    throw new SextantError('USAGE', `'${redactDsn(location)}' is not a valid URL`, { details: { field: 'url' } });
  }
  if (url.username || url.password)
    throw new SextantError('USAGE', 'a URL with a user name or password is not fetched', {
      hint: 'give the URL without them, or save the document and add it by path',
      details: { field: 'url' },
    });
  return location;
}

export function createDocumentImporter(settings: ReaderSettings): DocumentImporter {
  const reader = createSourceReader(settings);
  const converter = createDocumentConverter();
  return {
    async read(location, options) {
      let url: string;
      if ('path' in location) {
        if (!options.workspaceRoot)
          throw new SextantError('FORBIDDEN', 'this server reads no files for sessions', {
            hint: 'the operator sets documents.workspace_root to allow paths inside it',
          });
        url = await insideRoot(location.path, options.workspaceRoot);
      } else {
        url = sessionUrl(location.url);
      }
      const source = { name: '_session', type: 'docs', url, options: {}, createdAt: new Date().toISOString() };
      const [entry] = await reader.list(source, options.signal);
      if (!entry) throw new SextantError('OBJECT_NOT_FOUND', `nothing to read at ${'path' in location ? location.path : location.url}`);
      const document = await reader.fetch(source, entry, options.signal);
      const type = await converter.detect({ contentType: document.contentType, name: document.name, bytes: document.bytes });
      const extracted = await converter.extract(document.bytes, type, { name: document.name, limits: settings.limits });
      return { name: basename(document.name) || 'document', markdown: extracted.markdown };
    },
  };
}
