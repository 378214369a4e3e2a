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
