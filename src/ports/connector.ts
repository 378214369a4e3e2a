/**
 * @module ports/connector
 * What a source connector (postgres, graphql, …) offers the core.
 */
import type { SourceSnapshot } from './catalog.js';

/** A registered source as the core hands it to a connector. */
export interface SourceRecord {
  name: string;
  type: string;
  /** Connection string or endpoint URL as the user gave it (may embed a password; always redact). */
  url: string;
  options: SourceOptions;
  createdAt: string;
}

export interface SourceOptions {
  /** Schemas to include; empty means all non-system schemas. */
  schemas?: string[];
  /** Glob patterns (`tmp_*`, `audit.*`) of objects to skip. */
  skipPatterns?: string[];
  /** Name of an environment variable holding the password. */
  passwordEnv?: string;
  [key: string]: unknown;
}

/** One privilege finding from an access check. */
export interface AccessFinding {
  /** Stable code, e.g. `SUPERUSER`, `TABLE_WRITE`, `SCHEMA_CREATE`. */
  code: string;
  /** `fail` findings make the check fail; `info` ones are reported only. */
  severity: 'fail' | 'info';
  message: string;
}

export interface AccessReport {
  ok: boolean;
  role: string;
  findings: AccessFinding[];
}

export interface IntrospectOptions {
  onProgress?: (step: string, done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface Connector {
  readonly type: string;
  /** Checks and normalises a new source's settings; throws SextantError on bad input. */
  validate(source: SourceRecord): void;
  /** Checks the credential's privileges against the read-only policy. */
  checkAccess(source: SourceRecord): Promise<AccessReport>;
  /** Reads the source's metadata. Never row values. */
  introspect(source: SourceRecord, options?: IntrospectOptions): Promise<SourceSnapshot>;
}
