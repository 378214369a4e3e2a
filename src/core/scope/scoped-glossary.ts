/**
 * @module core/scope/scoped-glossary
 * The glossary as one session sees it: every read and write bound to the served project (whose
 * sources the glossary service already confines term SQL to).
 */
import type { Glossary } from '../glossary/index.js';

type WithoutProject<F> = F extends (project: string, ...rest: infer A) => infer R ? (...rest: A) => R : never;

type TermCall = 'list' | 'find' | 'create' | 'update' | 'remove' | 'relatedTerms' | 'matchingClusters';

export type ScopedGlossary = { readonly [K in TermCall]: WithoutProject<Glossary[K]> };

export function scopedGlossary(glossary: Glossary, project: string): ScopedGlossary {
  return {
    list: (...rest) => glossary.list(project, ...rest),
    find: (...rest) => glossary.find(project, ...rest),
    create: (...rest) => glossary.create(project, ...rest),
    update: (...rest) => glossary.update(project, ...rest),
    remove: (...rest) => glossary.remove(project, ...rest),
    relatedTerms: (...rest) => glossary.relatedTerms(project, ...rest),
    matchingClusters: (...rest) => glossary.matchingClusters(project, ...rest),
  };
}
