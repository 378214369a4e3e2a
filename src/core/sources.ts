/**
 * @module core/sources
 * Registering, listing and removing sources, and checking their credentials.
 */
import type { AccessReport, Connector, SourceOptions } from '../ports/connector.js';
import type { CatalogStore, StoredSource } from '../ports/store.js';
import type { KindRegistry } from './kinds/registry.js';
import { SextantError } from '../kernel/errors.js';
import { redactDsn } from '../kernel/redact.js';

export interface AddSourceInput {
  name: string;
  url: string;
  /** Inferred from the URL scheme when omitted. */
  type?: string;
  options?: SourceOptions;
}

const NAME = /^[a-z][a-z0-9_-]{0,62}$/;

export function connectorFor(connectors: ReadonlyMap<string, Connector>, type: string): Connector {
  const connector = connectors.get(type);
  if (!connector) {
    throw new SextantError('USAGE', `no connector for source type '${type}'`, { hint: `supported: ${[...connectors.keys()].join(', ')}` });
  }
  return connector;
}

export async function addSource(
  store: CatalogStore,
  connectors: ReadonlyMap<string, Connector>,
  kinds: KindRegistry,
  input: AddSourceInput,
): Promise<StoredSource> {
  if (!NAME.test(input.name)) {
    const shown = input.name.length > 64 ? `${input.name.slice(0, 63)}… (${input.name.length} characters)` : input.name;
    throw new SextantError('USAGE', `invalid source name '${shown}'`, { hint: 'use up to 63 lower-case letters, digits, - and _, starting with a letter' });
  }
  const type = input.type ?? kinds.inferSourceType(input.url);
  if (!type) {
    throw new SextantError('INVALID_DSN', `cannot tell the source type of '${redactDsn(input.url)}'`, {
      hint: `use a postgres:// connection string, or name the type: \`sextant source add <type> <url>\` (${kinds.sourceTypes.map((t) => t.type).join(', ')})`,
    });
  }
  const ofFamily = connectors.has(type) ? [] : kinds.sourceTypes.filter((t) => t.family === type).map((t) => t.type);
  if (ofFamily.length)
    throw new SextantError('USAGE', `'${type}' is a family of sources, not a source type`, {
      hint: `name its type: ${ofFamily.map((t) => `\`sextant source add ${t} <location> --name NAME\``).join(' or ')}`,
    });
  const connector = connectorFor(connectors, type);
  const options = kinds.familyOf(type).options.safeParse(input.options ?? {});
  if (!options.success) {
    const issue = options.error.issues[0];
    const key = issue?.path.join('.') ?? '';
    // `userTokenAs` is `--user-token-as` on the command line
    const flag = /^[a-z]+[A-Z]\w*$/.test(key) ? ` (--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)})` : '';
    throw new SextantError('USAGE', `invalid option ${key}${flag} for a ${type} source: ${issue?.message ?? 'not accepted'}`, {
      details: { field: issue?.path.join('.') ?? '' },
    });
  }
  if (await store.getSource(input.name)) {
    throw new SextantError('SOURCE_EXISTS', `source '${input.name}' already exists`, {
      hint: `pick another --name, or run \`sextant source remove ${input.name}\` first`,
    });
  }
  const record = { name: input.name, type, url: input.url, options: input.options ?? {}, createdAt: new Date().toISOString() };
  connector.validate(record);
  await store.addSource(record);
  const stored = await store.getSource(input.name);
  if (!stored) throw new SextantError('INTERNAL', `source '${input.name}' was not saved`);
  return stored;
}

/**
 * Sources declared in the configuration: registered when missing, brought up to date when their
 * location or options changed (validated by their connector first). A source of another type
 * under the same name is left alone and reported. Removing a declaration removes nothing.
 */
export async function syncDeclaredSources(
  store: CatalogStore,
  connectors: ReadonlyMap<string, Connector>,
  kinds: KindRegistry,
  declared: readonly AddSourceInput[],
): Promise<{ added: string[]; changed: string[] }> {
  const out = { added: [] as string[], changed: [] as string[] };
  for (const input of declared) {
    const existing = await store.getSource(input.name);
    if (!existing) {
      await addSource(store, connectors, kinds, input);
      out.added.push(input.name);
      continue;
    }
    if (existing.type !== input.type) {
      throw new SextantError(
        'CONFIG_INVALID',
        `the config declares '${input.name}' as a ${input.type} source, but '${input.name}' is a ${existing.type} source`,
        {
          hint: 'rename the declaration, or remove the existing source first',
        },
      );
    }
    const record = { ...existing, url: input.url, options: input.options ?? {} };
    connectorFor(connectors, existing.type).validate(record);
    if (record.url !== existing.url || JSON.stringify(record.options) !== JSON.stringify(existing.options)) {
      await store.updateSource(input.name, { url: record.url, options: record.options });
      out.changed.push(input.name);
    }
  }
  return out;
}

export async function requireSource(store: Pick<CatalogStore, 'getSource' | 'listSources'>, name: string): Promise<StoredSource> {
  const source = await store.getSource(name);
  if (!source) {
    const names = (await store.listSources()).map((s) => s.name);
    throw new SextantError(
      'SOURCE_NOT_FOUND',
      `unknown source '${name}'`,
      names.length ? { hint: `known sources: ${names.join(', ')}` } : { remedy: { action: 'add-source' } },
    );
  }
  return source;
}

/** Sources named, or all when none named. */
export async function selectSources(store: CatalogStore, name?: string): Promise<StoredSource[]> {
  if (name) return [await requireSource(store, name)];
  return store.listSources();
}

export interface AccessCheckResult {
  source: string;
  report: AccessReport;
}

export async function checkAccess(store: CatalogStore, connectors: ReadonlyMap<string, Connector>, name?: string): Promise<AccessCheckResult[]> {
  const results: AccessCheckResult[] = [];
  for (const source of await selectSources(store, name)) {
    const report = await connectorFor(connectors, source.type).checkAccess(source);
    results.push({ source: source.name, report });
  }
  return results;
}

/** A source as presentations may show it: password masked. */
export function publicSource(source: StoredSource): StoredSource {
  return { ...source, url: redactDsn(source.url) };
}
