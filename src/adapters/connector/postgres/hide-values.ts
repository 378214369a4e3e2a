/**
 * @module adapters/connector/postgres/hide-values
 * Server messages quote the values they choke on (`invalid input syntax for type integer:
 * "<a row value>"`), which would carry row values, file contents or other sessions' text out
 * of the database. A quoted fragment the user's SQL does not itself contain is replaced by a
 * marker; identifiers and literals the user wrote stay, so the message still says what to fix.
 */
export const HIDDEN_VALUE = '‹value hidden›';

export function hideValues(message: string, sql: string): string {
  const written = sql.toLowerCase();
  return message.replace(/"((?:[^"]|"")*)"|'((?:[^']|'')*)'/g, (whole, dq: string | undefined, sq: string | undefined) => {
    const inner = (dq ?? sq ?? '').replace(/""/g, '"').replace(/''/g, "'");
    return inner !== '' && written.includes(inner.toLowerCase()) ? whole : `"${HIDDEN_VALUE}"`;
  });
}
