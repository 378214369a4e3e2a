/**
 * @module adapters/connector/code/routes/route-paths
 * Joining a route's path to the prefixes it is mounted under, for every language's route reader.
 */

/** `/a` + `/b/` → `/a/b/`; an empty part adds nothing (two empty parts: empty). */
export const joinParts = (prefix: string, path: string): string =>
  !prefix ? path : !path ? prefix : `${prefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
