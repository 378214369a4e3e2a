/**
 * @module adapters/connector/code/snake-case
 * A class or property name in snake case as most ORMs derive a table or column from it (`UserRole`,
 * `user_role`; `HTTPServer`, `http_server`). Its own module so that the join readers need not import
 * orm-refs, which imports the ORM readers that use them.
 */
export const snake = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
