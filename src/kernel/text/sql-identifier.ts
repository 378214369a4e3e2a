/**
 * @module kernel/text/sql-identifier
 * An identifier as SQL must spell it in PostgreSQL: as is when it folds to itself (lower case
 * letters, digits, `_`, `$`, not a reserved word), else double-quoted (`"CreaionDate"`).
 */

/** Reserved words that cannot stand unquoted as a column or table name (the common ones). */
const RESERVED = new Set(
  'all analyse analyze and any array as asc asymmetric both case cast check collate column constraint create current_catalog current_date current_role current_time current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign from grant group having in initially intersect into lateral leading limit localtime localtimestamp not null offset on only or order placing primary references returning select session_user some symmetric table then to trailing true union unique user using variadic when where window with'.split(
    ' ',
  ),
);

export function needsQuotes(name: string): boolean {
  return !/^[a-z_][a-z0-9_$]*$/.test(name) || RESERVED.has(name);
}

export function sqlIdentifier(name: string): string {
  return needsQuotes(name) ? `"${name.replace(/"/g, '""')}"` : name;
}

/** A dotted path (`Sales.OrderLines`) with each part spelled for SQL. */
export function sqlPath(path: string): string {
  return path.split('.').map(sqlIdentifier).join('.');
}
