/**
 * @module adapters/store/sqlite/tokens
 * Rows of the `tokens` table (hashes only: the store never sees a token).
 */
import type { Database, Statement } from 'better-sqlite3';
import { SextantError } from '../../../kernel/errors.js';
import type { TokenRecord } from '../../../ports/store.js';
import { toToken, type TokenRow } from '../rows.js';

export class TokenTables {
  readonly #insert: Statement<[string, string, string, string, string, string]>;
  readonly #exists: Statement<[string, string, string], number>;
  readonly #list: Statement<[], TokenRow>;
  readonly #byHash: Statement<[string], TokenRow>;
  readonly #remove: Statement<[string, string]>;

  constructor(db: Database) {
    this.#insert = db.prepare('INSERT INTO tokens (id, name, hash, projects, roles, created_at) VALUES (?, ?, ?, ?, ?, ?)');
    this.#exists = db.prepare<[string, string, string], number>('SELECT count(*) FROM tokens WHERE name = ? OR id = ? OR hash = ?').pluck();
    this.#list = db.prepare('SELECT * FROM tokens ORDER BY name');
    this.#byHash = db.prepare('SELECT * FROM tokens WHERE hash = ?');
    this.#remove = db.prepare('DELETE FROM tokens WHERE name = ? OR id = ?');
  }

  add(token: TokenRecord): void {
    if ((this.#exists.get(token.name, token.id, token.hash) ?? 0) > 0) {
      throw new SextantError('USAGE', `a token named '${token.name}' already exists`, { hint: 'pick another --name, or revoke the existing token first' });
    }
    this.#insert.run(token.id, token.name, token.hash, JSON.stringify(token.projects), JSON.stringify(token.roles), token.createdAt);
  }

  list(): TokenRecord[] {
    return this.#list.all().map(toToken);
  }

  findByHash(hash: string): TokenRecord | null {
    const row = this.#byHash.get(hash);
    return row ? toToken(row) : null;
  }

  remove(nameOrId: string): boolean {
    return this.#remove.run(nameOrId, nameOrId).changes > 0;
  }
}
