/**
 * @module kernel/progress
 * Progress events of long work; presentations render them (bars, JSON lines, nothing).
 */
export interface ProgressEvent {
  source: string;
  phase: 'check' | 'introspect' | 'chunk' | 'embed' | 'entities' | 'write' | 'reembed' | 'model';
  done: number;
  total: number;
  detail?: string;
}

export type ProgressFn = (event: ProgressEvent) => void;

/** One stream of progress events told to whoever listens now (a server's background work, to each call waiting on it). */
export interface ProgressFanOut {
  emit: ProgressFn;
  /** Listens until the returned function is called. */
  subscribe(fn: ProgressFn): () => void;
}

export function progressFanOut(): ProgressFanOut {
  const listeners = new Set<ProgressFn>();
  return {
    emit: (e) => {
      for (const fn of listeners) fn(e);
    },
    subscribe(fn) {
      // a function listening twice is two listeners: wrap it so each unsubscribe removes its own
      const own: ProgressFn = (e) => fn(e);
      listeners.add(own);
      return () => void listeners.delete(own);
    },
  };
}
