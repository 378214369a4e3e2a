/**
 * @module core/scope/scoped-glossary
 * The glossary as one session sees it: every read and write bound to the served project (whose
 * sources the glossary service already confines term SQL to); writes and SQL tests need the editor role.
 */
import type { Glossary } from '../glossary/index.js';
import type { Caller } from './caller.js';

type WithoutProject<F> = F extends (project: string, ...rest: infer A) => infer R ? (...rest: A) => R : never;

type TermCall = 'list' | 'find' | 'get' | 'lookup' | 'create' | 'update' | 'remove' | 'history' | 'testSql' | 'relatedTerms' | 'matchingClusters' | 'clusters';

export type ScopedGlossary = { readonly [K in TermCall]: WithoutProject<Glossary[K]> };

export function scopedGlossary(glossary: Glossary, project: string, caller: Caller): ScopedGlossary {
  const write =
    <A extends unknown[], R>(action: string, run: (...rest: A) => Promise<R>) =>
    async (...rest: A): Promise<R> => {
      caller.require('write', action);
      return run(...rest);
    };
  return {
    list: (...rest) => glossary.list(project, ...rest),
    find: (...rest) => glossary.find(project, ...rest),
    get: (...rest) => glossary.get(project, ...rest),
    lookup: (...rest) => glossary.lookup(project, ...rest),
    history: (...rest) => glossary.history(project, ...rest),
    // It runs the SQL (read-only, screened) on the source: as much an editor's act as creating the term.
    testSql: write('testing glossary SQL', (...rest: Parameters<ScopedGlossary['testSql']>) => glossary.testSql(project, ...rest)),
    create: write('creating a glossary term', (...rest: Parameters<ScopedGlossary['create']>) => glossary.create(project, ...rest)),
    update: write('updating a glossary term', (...rest: Parameters<ScopedGlossary['update']>) => glossary.update(project, ...rest)),
    remove: write('deleting a glossary term', (...rest: Parameters<ScopedGlossary['remove']>) => glossary.remove(project, ...rest)),
    relatedTerms: (...rest) => glossary.relatedTerms(project, ...rest),
    matchingClusters: (...rest) => glossary.matchingClusters(project, ...rest),
    clusters: (...rest) => glossary.clusters(project, ...rest),
  };
}
