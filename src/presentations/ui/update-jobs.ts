/**
 * @module presentations/ui/update-jobs
 * Source updates started from the Sources page, run in the background of this process so the
 * page can follow them: each job keeps its last progress event and its outcome and tells its
 * listeners (the server-sent-event streams) as they come. One job per source at a time; a
 * second click joins the running one. Finished jobs are kept (the newest MAX_JOBS) for their pages.
 */
import { randomUUID } from 'node:crypto';
import type { ScopedEngine } from '../../core/scope/scoped-engine.js';
import type { ProgressEvent, ProgressFn } from '../../kernel/progress.js';
import { isSextantError, SextantError } from '../../kernel/errors.js';
import { redactText } from '../../kernel/redact.js';

const MAX_JOBS = 50;

type UpdateRun = Awaited<ReturnType<ScopedEngine['operations']['updateSource']>>;

export interface UpdateJob {
  id: string;
  source: string;
  owner: string;
  startedAt: string;
  state: 'running' | 'done' | 'failed';
  last: ProgressEvent | null;
  run: UpdateRun | null;
  /** Why the job failed as a whole (its hint is worded for the web where it is shown). */
  error: SextantError | null;
}

export type JobListener = (job: UpdateJob, event: ProgressEvent | null) => void;

export interface UpdateJobs {
  start(owner: string, source: string, run: (onProgress: ProgressFn, signal: AbortSignal) => Promise<UpdateRun>): UpdateJob;
  /** The job, when `owner` started it. */
  get(id: string, owner: string): UpdateJob | null;
  /** Calls `listener` on each progress event and once when the job ends; returns the unsubscribe. */
  follow(job: UpdateJob, listener: JobListener): () => void;
  /** Aborts running jobs (server shutdown). */
  close(): void;
}

export function createUpdateJobs(): UpdateJobs {
  const jobs = new Map<string, UpdateJob>();
  const listeners = new Map<string, Set<JobListener>>();
  const aborts = new Map<string, AbortController>();
  const tell = (job: UpdateJob, event: ProgressEvent | null) => {
    for (const l of listeners.get(job.id) ?? []) l(job, event);
  };
  return {
    start(owner, source, run) {
      const running = [...jobs.values()].find((j) => j.source === source && j.state === 'running');
      if (running) return running;
      const job: UpdateJob = { id: randomUUID(), source, owner, startedAt: new Date().toISOString(), state: 'running', last: null, run: null, error: null };
      jobs.set(job.id, job);
      for (const old of [...jobs.values()].filter((j) => j.state !== 'running').slice(0, Math.max(0, jobs.size - MAX_JOBS))) jobs.delete(old.id);
      const abort = new AbortController();
      aborts.set(job.id, abort);
      const onProgress: ProgressFn = (event) => {
        job.last = event;
        tell(job, event);
      };
      void run(onProgress, abort.signal)
        .then((result) => {
          job.run = result;
          job.state = result.ok ? 'done' : 'failed';
        })
        .catch((err: unknown) => {
          job.state = 'failed';
          job.error = isSextantError(err) ? err : new SextantError('INTERNAL', redactText(err instanceof Error ? err.message : String(err)));
        })
        .finally(() => {
          aborts.delete(job.id);
          tell(job, null);
          listeners.delete(job.id);
        });
      return job;
    },
    get(id, owner) {
      const job = jobs.get(id);
      return job && job.owner === owner ? job : null;
    },
    follow(job, listener) {
      let set = listeners.get(job.id);
      if (!set) listeners.set(job.id, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
    close() {
      for (const a of aborts.values()) a.abort();
    },
  };
}
