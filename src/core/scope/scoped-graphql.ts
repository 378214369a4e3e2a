/**
 * @module core/scope/scoped-graphql
 * GraphQL discovery and queries as one session sees them: listings read only visible sources
 * (the selection is passed into the service, which never reads the others), a named source or
 * object outside them is FORBIDDEN, and mutations follow the served project's developer tools
 * and need the editor role.
 */
import type { GraphqlDescription, GraphqlQueryInput, GraphqlQueryResult, GraphqlService, GraphqlSourceSelection } from '../graphql/graphql-service.js';
import { operationTypeOf } from '../graphql/operation-type.js';
import type { ProjectService } from '../projects/projects.js';
import type { Caller } from './caller.js';
import { withVisibleSuggestions } from './visible-suggestions.js';
import type { Visibility } from './visibility.js';

type Listing = Pick<GraphqlService, 'listDataSources' | 'listModules' | 'listDataObjects'>;

export interface ScopedGraphql {
  listDataSources(source?: string): ReturnType<Listing['listDataSources']>;
  listModules(options?: { source?: string; parent?: string }): ReturnType<Listing['listModules']>;
  listDataObjects(options: { source?: string; module: string }): ReturnType<Listing['listDataObjects']>;
  describe(ref: string, options?: { fieldsQuery?: string; maxFields?: number }): Promise<GraphqlDescription>;
  /** Runs with the caller's token; `developerTools` comes from the served project. */
  query(input: Omit<GraphqlQueryInput, 'developerTools' | 'project'>): Promise<GraphqlQueryResult>;
}

export function scopedGraphql(
  graphql: GraphqlService,
  deps: { visibility: Visibility; projects: ProjectService; project: string; caller: Caller },
): ScopedGraphql {
  const { visibility } = deps;

  async function select(source: string | undefined): Promise<GraphqlSourceSelection> {
    if (source) await visibility.requireSource(source);
    const within = await visibility.sources();
    return { ...(source ? { source } : {}), ...(within ? { within } : {}) };
  }

  return {
    async listDataSources(source) {
      const { within } = await select(source);
      return graphql.listDataSources(source, within);
    },
    async listModules(options = {}) {
      return graphql.listModules({ ...options, ...(await select(options.source)) });
    },
    async listDataObjects(options) {
      return graphql.listDataObjects({ ...options, ...(await select(options.source)) });
    },
    async describe(ref, options) {
      await visibility.requireRef(ref);
      return withVisibleSuggestions(visibility, () => graphql.describe(ref, options));
    },
    async query(input) {
      await visibility.requireSource(input.source);
      if (!deps.caller.permits('write') && (await operationTypeOf(input.query, input.operationName)) === 'mutation') {
        deps.caller.require('write', 'a GraphQL mutation');
      }
      const developerTools = (await deps.projects.get(deps.project)).settings.developerTools;
      return graphql.query({ ...input, developerTools, project: deps.project });
    },
  };
}
