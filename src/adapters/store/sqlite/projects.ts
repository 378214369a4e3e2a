/**
 * @module adapters/store/sqlite/projects
 * Rows of the `projects` table.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { ProjectRecord } from '../../../ports/store.js';
import { toProject, type ProjectRow } from '../rows.js';

export class ProjectTables {
  readonly #list: Statement<[], ProjectRow>;
  readonly #get: Statement<[string], ProjectRow>;
  readonly #put: Statement<[string, string, string, string]>;

  constructor(db: Database) {
    this.#list = db.prepare('SELECT * FROM projects ORDER BY name');
    this.#get = db.prepare('SELECT * FROM projects WHERE name = ?');
    this.#put = db.prepare(
      `INSERT INTO projects (name, sources, settings, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET sources = excluded.sources, settings = excluded.settings`,
    );
  }

  list(): ProjectRecord[] {
    return this.#list.all().map(toProject);
  }

  get(name: string): ProjectRecord | null {
    const row = this.#get.get(name);
    return row ? toProject(row) : null;
  }

  put(project: ProjectRecord): void {
    this.#put.run(project.name, JSON.stringify(project.sources), JSON.stringify(project.settings), project.createdAt);
  }
}
