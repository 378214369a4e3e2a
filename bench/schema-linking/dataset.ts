/**
 * The schema-linking dataset on disk: schema DDL files, questions and their split.
 * See ../shared/bench/schema-linking/README.md (relative to the repository root).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { columnKey, tableKey } from './metrics.js';

export interface SchemaFile {
  /** `bird`, `spider`: the folder above the schema folder. */
  dataset: string;
  dbId: string;
  /** PostgreSQL schema the file loads into: `<dataset>_<db_id>` (two datasets share db_ids). */
  schema: string;
  file: string;
  sql: string;
}

export interface Question {
  id: string;
  dataset: string;
  dbId: string;
  schema: string;
  question: string;
  evidence: string;
  difficulty?: string;
  /** Lower-case keys `<schema>.<table>` and `<schema>.<table>.<column>` (see metrics.ts). */
  goldTables: string[];
  goldColumns: string[];
}

/** The folder above `path` names its dataset: `bird/schemas` and `bird/questions.jsonl` are `bird`. */
export function datasetOf(path: string): string {
  return basename(dirname(resolve(path)));
}

export function schemaName(dataset: string, dbId: string): string {
  return `${dataset}_${dbId}`;
}

/** The folder holding package.json, walking up from this module. */
export function repoRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${from}`);
    dir = up;
  }
}

/** `../shared/bench/schema-linking` beside the repository. */
export function defaultDataDir(): string {
  return resolve(repoRoot(), '..', 'shared', 'bench', 'schema-linking');
}

export function defaultPaths(dataDir: string): { schemas: string[]; questions: string[] } {
  return {
    schemas: ['bird/schemas', 'spider/schemas', 'spider/distractor_schemas'].map((p) => join(dataDir, p)),
    questions: ['bird/questions.jsonl', 'spider/questions.jsonl'].map((p) => join(dataDir, p)),
  };
}

const MAX_IDENTIFIER_BYTES = 63;

/** Reads every `*.sql` of the folders; refuses two files that would load into the same schema. */
export function readSchemas(dirs: readonly string[]): SchemaFile[] {
  const out: SchemaFile[] = [];
  const bySchema = new Map<string, string>();
  for (const dir of dirs) {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`schema folder not found: ${dir}`);
    const dataset = datasetOf(dir);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    if (files.length === 0) throw new Error(`no .sql files in ${dir}`);
    for (const f of files) {
      const dbId = f.slice(0, -'.sql'.length);
      const schema = schemaName(dataset, dbId);
      const file = join(dir, f);
      if (Buffer.byteLength(schema) > MAX_IDENTIFIER_BYTES)
        throw new Error(`schema name ${schema} (from ${file}) is longer than PostgreSQL's ${MAX_IDENTIFIER_BYTES} bytes`);
      const other = bySchema.get(schema.toLowerCase());
      if (other) throw new Error(`${file} and ${other} would both load into schema ${schema}`);
      bySchema.set(schema.toLowerCase(), file);
      out.push({ dataset, dbId, schema, file, sql: readFileSync(file, 'utf8') });
    }
  }
  return out;
}

/** A short hash of what is loaded, so a cached embedded database is reused only for the same files. */
export function schemasFingerprint(schemas: readonly SchemaFile[], loaderVersion: number): string {
  const h = createHash('sha256').update(`loader ${loaderVersion}\n`);
  for (const s of [...schemas].sort((a, b) => a.schema.localeCompare(b.schema))) {
    h.update(`${s.schema}\n${createHash('sha256').update(s.sql).digest('hex')}\n`);
  }
  return h.digest('hex').slice(0, 16);
}

interface RawQuestion {
  id: string;
  db_id: string;
  question: string;
  evidence?: string;
  gold_tables: string[];
  gold_columns: string[];
  difficulty?: string;
}

export interface QuestionSet {
  file: string;
  dataset: string;
  /** Questions kept: in the split, on a loaded database, after --limit-questions. */
  questions: Question[];
  /** Questions of the file in the split. */
  inSplit: number;
  /** Questions in the split whose database was not loaded (dropped). */
  unknownDatabase: number;
  /** split.json beside the file, or null when there is none (every question is kept). */
  splitFile: string | null;
}

/** Evenly spaced sample of n items (deterministic, spread over every database of the file). */
export function sample<T>(items: readonly T[], n: number | undefined): T[] {
  if (n === undefined || n >= items.length) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]!);
}

/**
 * Reads one questions.jsonl. Only databases whose split.json value (in the same folder) equals
 * `split` are kept; the held-out archive is never read.
 */
export function readQuestions(file: string, split: string, loaded: ReadonlyMap<string, SchemaFile>, limit?: number): QuestionSet {
  if (!existsSync(file)) throw new Error(`questions file not found: ${file}`);
  const dataset = datasetOf(file);
  const splitPath = join(dirname(file), 'split.json');
  const splitMap = existsSync(splitPath) ? ((JSON.parse(readFileSync(splitPath, 'utf8')) as { split: Record<string, string> }).split ?? {}) : null;
  const raw = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line, i) => {
      try {
        return JSON.parse(line) as RawQuestion;
      } catch {
        throw new Error(`${file}:${i + 1}: not JSON`);
      }
    });
  const inSplit = raw.filter((q) => !splitMap || splitMap[q.db_id] === split);
  let unknownDatabase = 0;
  const questions: Question[] = [];
  for (const q of inSplit) {
    const schema = schemaName(dataset, q.db_id);
    if (!loaded.has(schema.toLowerCase())) {
      unknownDatabase++;
      continue;
    }
    questions.push({
      id: q.id,
      dataset,
      dbId: q.db_id,
      schema,
      question: q.question,
      evidence: q.evidence ?? '',
      ...(q.difficulty ? { difficulty: q.difficulty } : {}),
      goldTables: [...new Set(q.gold_tables.map((t) => tableKey(schema, t)))],
      goldColumns: [
        ...new Set(
          q.gold_columns.map((c) => {
            const dot = c.indexOf('.');
            if (dot <= 0) throw new Error(`${file}: question ${q.id}: gold column '${c}' is not table.column`);
            return columnKey(schema, c.slice(0, dot), c.slice(dot + 1));
          }),
        ),
      ],
    });
  }
  return { file, dataset, questions: sample(questions, limit), inSplit: inSplit.length, unknownDatabase, splitFile: splitMap ? splitPath : null };
}
