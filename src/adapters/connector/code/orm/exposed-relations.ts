/**
 * @module adapters/connector/code/orm/exposed-relations
 * The relations a JetBrains Exposed DAO entity declares by delegated properties, each reaching
 * another entity's table: `var city by City referencedOn Users.city` (and `optionalReferencedOn`,
 * `backReferencedOn`, `optionalBackReferencedOn`), `val users by User referrersOn Users.city` (and
 * `optionalReferrersOn`), written infix or as a call (`User.referrersOn(Users.city)`); and a
 * many-to-many through an intermediate table, `var actors by Actor via StarWarsFilmActors` or
 * `by Film.via(FilmRelations.parent, FilmRelations.child)`, whose rows Exposed reads to give the
 * property and replaces when it is assigned.
 */

export interface ExposedRelation {
  property: string;
  /** The other entity's class, as written. */
  target: string;
  /** The intermediate table object of a `via`, as written. */
  via?: string;
}

const REFERENCES = String.raw`(?:optional)?(?:Back)?ReferencedOn|(?:optional)?[Rr]eferrersOn|referencedOn|backReferencedOn`;
const RELATION = new RegExp(
  String.raw`\b(?:val|var)\s+(\w+)(?:\s*:[^=\n]*?)?\s+by\s+(?:\w+\.)*([A-Z]\w*)\s*(?:(?:\.\s*)?(?:${REFERENCES})\b|\s+via\s+(?:\w+\.)*([A-Z]\w*)|\.\s*via\s*\(\s*(?:\w+\.)*?([A-Z]\w*)\s*\.)`,
  'g',
);

/** The relations an entity class's body declares. */
export function exposedRelations(body: string): ExposedRelation[] {
  return [...body.matchAll(RELATION)].map((m) => {
    const via = m[3] ?? m[4];
    return { property: m[1]!, target: m[2]!, ...(via ? { via } : {}) };
  });
}
