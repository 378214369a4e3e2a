/**
 * @module core/daemon/daemon-state
 * The background MCP server's state file (`<home>/mcp-daemon.json`: pid, URL, start time) and
 * log (`<home>/mcp-daemon.log`): written by the daemon when it listens, read by `sextant status`
 * and `sextant mcp stop`. A state file whose process is gone is reported as stale.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DaemonState {
  pid: number;
  url: string;
  host: string;
  port: number;
  startedAt: string;
  logFile: string;
}

export type DaemonStatus = ({ running: true } & DaemonState) | { running: false; stale: DaemonState | null; stateFile: string };

export function daemonFiles(home: string): { stateFile: string; logFile: string } {
  return { stateFile: join(home, 'mcp-daemon.json'), logFile: join(home, 'mcp-daemon.log') };
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readDaemonState(home: string): DaemonState | null {
  const { stateFile } = daemonFiles(home);
  if (!existsSync(stateFile)) return null;
  try {
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as Partial<DaemonState>;
    if (typeof state.pid !== 'number' || typeof state.url !== 'string') return null;
    return state as DaemonState;
  } catch {
    return null;
  }
}

export function writeDaemonState(home: string, state: DaemonState): void {
  writeFileSync(daemonFiles(home).stateFile, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

/** Removes the state file if it still names `pid` (a newer daemon's file is left alone). */
export function clearDaemonState(home: string, pid?: number): void {
  const state = readDaemonState(home);
  if (pid !== undefined && state && state.pid !== pid) return;
  rmSync(daemonFiles(home).stateFile, { force: true });
}

/** Whether the background MCP server of this home is running, and where. */
export function daemonStatus(home: string): DaemonStatus {
  const state = readDaemonState(home);
  if (state && isProcessAlive(state.pid)) return { running: true, ...state };
  return { running: false, stale: state, stateFile: daemonFiles(home).stateFile };
}
