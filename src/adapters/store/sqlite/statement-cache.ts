/**
 * @module adapters/store/sqlite/statement-cache
 * Prepared statements keyed by SQL text, for queries whose shape depends on the filter given.
 */
import type { Database, Statement } from 'better-sqlite3';

/** Prepares each distinct SQL text once per connection. Shapes are few (filter present or not). */
export class StatementCache {
  readonly #db: Database;
  readonly #statements = new Map<string, Statement>();

  constructor(db: Database) {
    this.#db = db;
  }

  get<Row>(sql: string): Statement<unknown[], Row> {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement as Statement<unknown[], Row>;
  }
}
