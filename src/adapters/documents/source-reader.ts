/**
 * @module adapters/documents/source-reader
 * The document pipeline's adapters as the docs connector asks for them: a source record's
 * location and options become a transport call, and MIME detection and extraction are one
 * converter. Everything is imported on first use, so commands that read no document load none
 * of the extraction libraries.
 */
import type { SourceRecord } from '../../ports/connector.js';
import type { DocumentConverter, DocumentLimits, DocumentReader } from '../../ports/documents.js';
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
