/**
 * @module adapters/connector/code/orm/name-case
 * Names as ORMs derive them from code: a class or field name in snake case (`UserID`: `user_id`,
 * `HTTPServer`: `http_server`).
 */
export const snake = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
