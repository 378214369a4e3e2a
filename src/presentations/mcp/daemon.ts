/**
 * @module presentations/mcp/daemon
 * `sextant mcp --http --daemon` starts a detached copy of `sextant mcp --http` with its output
 * in `<home>/mcp-daemon.log`, and returns once it listens (its state file names its pid);
 * `sextant mcp stop` signals it and waits for it to exit.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { clearDaemonState, daemonFiles, daemonStatus, isProcessAlive, readDaemonState, type DaemonState } from '../../core/daemon/daemon-state.js';
import { SextantError } from '../../kernel/errors.js';

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function logTail(logFile: string, lines = 15): string {
  if (!existsSync(logFile)) return '';
  return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** Starts the daemon: `args` are the CLI arguments of the child (without --daemon). */
export async function startDaemon(home: string, cli: string, args: readonly string[]): Promise<DaemonState> {
  const status = daemonStatus(home);
  if (status.running) {
    throw new SextantError('USAGE', `an MCP server is already running for this home (pid ${status.pid}, ${status.url})`, {
      hint: 'stop it with `sextant mcp stop`',
    });
  }
  if (status.stale) clearDaemonState(home);
  const { logFile } = daemonFiles(home);
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const log = openSync(logFile, 'a', 0o600);
  let exited: number | null = null;
  const child = spawn(process.execPath, [cli, ...args], { detached: true, stdio: ['ignore', log, log], env: process.env });
  closeSync(log);
  child.on('exit', (code) => (exited = code ?? -1));
  child.unref();
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const state = readDaemonState(home);
    if (state && state.pid === child.pid) return state;
    if (exited !== null) {
      throw new SextantError('INTERNAL', `the MCP server exited during start (code ${exited})`, { hint: `its log ${logFile} ends with:\n${logTail(logFile)}` });
    }
    await sleep(100);
  }
  if (child.pid) process.kill(child.pid, 'SIGTERM');
  throw new SextantError('INTERNAL', `the MCP server did not start within ${START_TIMEOUT_MS / 1000}s`, { hint: `see ${logFile}` });
}

export interface StopResult {
  stopped: boolean;
  pid: number | null;
  /** A state file was left by a process that is gone; it was removed. */
  stale: boolean;
}

export async function stopDaemon(home: string): Promise<StopResult> {
  const state = readDaemonState(home);
  if (!state) return { stopped: false, pid: null, stale: false };
  if (!isProcessAlive(state.pid)) {
    clearDaemonState(home, state.pid);
    return { stopped: false, pid: state.pid, stale: true };
  }
  process.kill(state.pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (Date.now() < deadline && isProcessAlive(state.pid)) await sleep(100);
  if (isProcessAlive(state.pid)) {
    process.kill(state.pid, 'SIGKILL');
    await sleep(200);
  }
  clearDaemonState(home, state.pid);
  return { stopped: true, pid: state.pid, stale: false };
}
