/**
 * @module core/projects/projects
 * Projects: named workspaces with their sources and settings. `default` always exists: when no
 * row is stored it is served from defaults, and the first change stores it.
 */
import type { CatalogStore, ProjectRecord, ScopeStore } from '../../ports/store.js';
import { SextantError } from '../../kernel/errors.js';
import { requireSource } from '../sources.js';

export const DEFAULT_PROJECT = 'default';

/** Settings a user can change by name (`sextant project set <name> <setting> <value>`). */
export const PROJECT_SETTINGS = Object.freeze(['developer-tools', 'document-urls', 'sources'] as const);
export type ProjectSettingName = (typeof PROJECT_SETTINGS)[number];

const NAME = /^[a-z][a-z0-9_-]{0,62}$/;

export interface ProjectService {
  /** Every project, `default` first. */
  list(): Promise<ProjectRecord[]>;
  /** The project, or PROJECT_NOT_FOUND naming the known ones. */
  get(name: string): Promise<ProjectRecord>;
  create(name: string, options?: { sources?: readonly string[]; developerTools?: boolean }): Promise<ProjectRecord>;
  /** `developer-tools on|off`, or `sources a,b` (empty: every source). */
  set(name: string, setting: string, value: string): Promise<ProjectRecord>;
}

function defaultProject(): ProjectRecord {
  return { name: DEFAULT_PROJECT, sources: [], settings: { developerTools: false }, createdAt: new Date(0).toISOString() };
}

export function parseOnOff(value: string, what: string): boolean {
  const v = value.trim().toLowerCase();
  if (['on', 'true', 'yes', '1', 'enable', 'enabled'].includes(v)) return true;
  if (['off', 'false', 'no', '0', 'disable', 'disabled'].includes(v)) return false;
  throw new SextantError('USAGE', `${what} must be on or off, got '${value}'`);
}

export function createProjectService(store: ScopeStore & CatalogStore): ProjectService {
  async function find(name: string): Promise<ProjectRecord | null> {
    return (await store.getProject(name)) ?? (name === DEFAULT_PROJECT ? defaultProject() : null);
  }

  async function get(name: string): Promise<ProjectRecord> {
    const found = await find(name);
    if (found) return found;
    const names = (await list()).map((p) => p.name);
    const create = NAME.test(name) ? name : null;
    throw new SextantError('PROJECT_NOT_FOUND', `unknown project '${name}'`, {
      // the presentations word the remedy (the CLI names `sextant project create`); the hint, named by none, is the fallback
      hint: `known projects: ${names.join(', ')}`,
      remedy: { action: 'pick-project', projects: names, create },
      details: { projects: names },
    });
  }

  async function list(): Promise<ProjectRecord[]> {
    const stored = await store.listProjects();
    const rest = stored.filter((p) => p.name !== DEFAULT_PROJECT);
    return [stored.find((p) => p.name === DEFAULT_PROJECT) ?? defaultProject(), ...rest];
  }

  async function checkSources(sources: readonly string[]): Promise<string[]> {
    const unique = [...new Set(sources.map((s) => s.trim()).filter(Boolean))].sort();
    for (const source of unique) await requireSource(store, source);
    return unique;
  }

  return {
    list,
    get,
    async create(name, options = {}) {
      if (!NAME.test(name)) {
        throw new SextantError('USAGE', `invalid project name '${name}'`, { hint: 'use lower-case letters, digits, - and _, starting with a letter' });
      }
      if (await find(name))
        throw new SextantError('PROJECT_EXISTS', `project '${name}' already exists`, {
          hint: `pick another name, or change its settings with \`sextant project set ${name} <setting> <value>\``,
        });
      const record: ProjectRecord = {
        name,
        sources: await checkSources(options.sources ?? []),
        settings: { developerTools: options.developerTools ?? false },
        createdAt: new Date().toISOString(),
      };
      await store.putProject(record);
      return record;
    },
    async set(name, setting, value) {
      const project = await get(name);
      let next: ProjectRecord;
      switch (setting) {
        case 'developer-tools':
          next = { ...project, settings: { ...project.settings, developerTools: parseOnOff(value, 'developer-tools') } };
          break;
        case 'document-urls':
          next = { ...project, settings: { ...project.settings, documentUrls: parseOnOff(value, 'document-urls') } };
          break;
        case 'sources':
          next = { ...project, sources: await checkSources(value.split(',')) };
          break;
        default:
          throw new SextantError('USAGE', `unknown project setting '${setting}'`, { hint: `settings: ${PROJECT_SETTINGS.join(', ')}` });
      }
      await store.putProject(next);
      return next;
    },
  };
}
