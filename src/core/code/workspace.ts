/**
 * @module core/code/workspace
 * The workspace root (seed 003's `CONSTELLATION_WORKSPACE_ROOT`, here `SEXTANT_WORKSPACE_ROOT`
 * or `sextant mcp --workspace DIR`): the folder an agent works in becomes the code source
 * `workspace` of the default project, registered on start and moved when the root changes,
 * so `onboarding_plan` works without `source add code`. A code source the user already added for
 * the same folder serves as the workspace instead: the repository is not indexed twice. `scan()` is what the scan bridge runs:
 * it rescans the workspace and polls for the new graph (500 ms apart, 30 s at most), answering
 * `{status: "ok" | "error", error?, hint?}`; scans asked for while one runs join it. Errors never show
 * the root's absolute path.
 */
import { resolve } from 'node:path';
import type { StoredSource } from '../../ports/store.js';
import { SextantError } from '../../kernel/errors.js';
import { redactText } from '../../kernel/redact.js';
import type { ProjectService } from '../projects/projects.js';
import { DEFAULT_PROJECT } from '../projects/projects.js';
import { CODE_SOURCE_TYPE } from '../kinds/code/code-kind.js';

export const WORKSPACE_SOURCE = 'workspace';

/** Seed 003's scan timeout and polling interval. */
export const SCAN_TIMEOUT_MS = 30_000;
export const SCAN_POLL_MS = 500;

export interface WorkspaceDeps {
  getSource(name: string): Promise<StoredSource | null>;
  listSources(): Promise<StoredSource[]>;
  addSource(input: { name: string; type: string; url: string; options: Record<string, unknown> }): Promise<StoredSource>;
  setSourceUrl(name: string, url: string): Promise<void>;
  projects: ProjectService;
  /** Updates one source; throws when it fails. */
  update(source: string): Promise<unknown>;
  /** Files in the source's import graph as the index has it now. */
  graphFiles(source: string): Promise<number>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface WorkspaceBinding {
  source: string;
  /** `added`: registered now; `moved`: its folder changed; `kept`: already this folder; `reused`: another code source of this folder. */
  registered: 'added' | 'moved' | 'kept' | 'reused';
}

export interface ScanOutcome {
  status: 'ok' | 'error';
  /** What failed (one line). */
  error?: string;
  /** What to do about it, kept apart from `error` (a failed update's hint). */
  hint?: string;
  /** Files in the graph after the scan. */
  files?: number;
  durationMs: number;
}

export interface ScanOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

export interface WorkspaceService {
  /** Makes `root` (an absolute folder) the `workspace` code source of the default project (or the code source already added for it). */
  use(root: string): Promise<WorkspaceBinding>;
  /** The bound root, or null. */
  root(): string | null;
  /** The code source serving the bound root (`workspace`, or the one already added for its folder), or null. */
  source(): string | null;
  /** Rescans the workspace and waits for its graph (seed 003's `POST /scan`). */
  scan(options?: ScanOptions): Promise<ScanOutcome>;
  /** `text` with the root's absolute path replaced by `<workspace>`. */
  relativize(text: string): string;
}

export function createWorkspaceService(deps: WorkspaceDeps): WorkspaceService {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref()));
  const now = deps.now ?? Date.now;
  let bound: string | null = null;
  let boundSource = WORKSPACE_SOURCE;
  let running: Promise<unknown> | null = null;

  const relativize = (text: string) => (bound ? text.split(bound).join('<workspace>') : text);

  async function use(root: string): Promise<WorkspaceBinding> {
    const existing = await deps.getSource(WORKSPACE_SOURCE);
    const sameFolder = existing ? undefined : (await deps.listSources()).find((s) => s.type === CODE_SOURCE_TYPE && resolve(s.url) === resolve(root));
    let registered: WorkspaceBinding['registered'];
    boundSource = sameFolder?.name ?? WORKSPACE_SOURCE;
    if (sameFolder) {
      bound = root;
      registered = 'reused';
    } else if (!existing) {
      const added = await deps.addSource({ name: WORKSPACE_SOURCE, type: CODE_SOURCE_TYPE, url: root, options: {} });
      bound = added.url;
      registered = 'added';
    } else if (existing.type !== CODE_SOURCE_TYPE) {
      throw new SextantError('CONFIG_INVALID', `the source '${WORKSPACE_SOURCE}' exists and is a ${existing.type} source, not the workspace's code`, {
        hint: `rename or remove it (\`sextant source remove ${WORKSPACE_SOURCE}\`) to serve a workspace root`,
      });
    } else if (existing.url !== root) {
      await deps.setSourceUrl(WORKSPACE_SOURCE, root);
      bound = root;
      registered = 'moved';
    } else {
      bound = root;
      registered = 'kept';
    }
    // a default project limited to some sources gets the workspace too (empty means every source)
    const project = await deps.projects.get(DEFAULT_PROJECT);
    if (project.sources.length && !project.sources.includes(boundSource))
      await deps.projects.set(DEFAULT_PROJECT, 'sources', [...project.sources, boundSource].join(','));
    return { source: boundSource, registered };
  }

  async function scan(options: ScanOptions = {}): Promise<ScanOutcome> {
    const started = now();
    if (!bound) return { status: 'error', error: 'no workspace root is set (SEXTANT_WORKSPACE_ROOT or sextant mcp --workspace DIR)', durationMs: 0 };
    const timeoutMs = options.timeoutMs ?? SCAN_TIMEOUT_MS;
    const intervalMs = options.intervalMs ?? SCAN_POLL_MS;
    const job = (running ??= deps.update(boundSource).finally(() => {
      running = null;
    }));
    let finished = false;
    let failure: { message: string; hint?: string } | null = null;
    const watched = job.then(
      () => {
        finished = true;
      },
      (err: unknown) => {
        finished = true;
        failure =
          err instanceof SextantError
            ? { message: err.message, ...(err.hint ? { hint: err.hint } : {}) }
            : { message: err instanceof Error ? err.message : String(err) };
      },
    );
    for (;;) {
      if (finished) {
        if (failure !== null) {
          const { message, hint } = failure;
          return {
            status: 'error',
            error: relativize(redactText(message)),
            ...(hint ? { hint: relativize(redactText(hint)) } : {}),
            durationMs: now() - started,
          };
        }
        const files = await deps.graphFiles(boundSource);
        return files > 0
          ? { status: 'ok', files, durationMs: now() - started }
          : { status: 'error', error: 'the scan finished without an import graph', durationMs: now() - started };
      }
      if (now() - started >= timeoutMs)
        return {
          status: 'error',
          error: `no new graph within ${Math.round(timeoutMs / 1000)} s; the scan goes on in the background`,
          durationMs: now() - started,
        };
      await Promise.race([watched, sleep(Math.min(intervalMs, Math.max(1, timeoutMs - (now() - started))))]);
    }
  }

  return { use, root: () => bound, source: () => (bound ? boundSource : null), scan, relativize };
}
