/**
 * Test helper: runs the built `sextant` CLI (bin/sextant.js → dist/) as a user would.
 * `npm test` builds first; run `npm run build` before running a single test file by hand.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(REPO_ROOT, 'bin', 'sextant.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Parsed stdout when it is JSON. */
  json: any;
}

export function assertBuilt(): void {
  if (!existsSync(join(REPO_ROOT, 'dist', 'presentations', 'cli', 'main.js'))) {
    throw new Error('dist/ is missing: run `npm run build` (npm test does it for you)');
  }
}

export function cliEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    SEXTANT_HOME: home,
    SEXTANT_CONFIG: join(home, 'config.yaml'),
    SEXTANT_EMBEDDINGS_PROVIDER: 'none',
    ...extra,
  };
}

export function startCli(args: string[], env: NodeJS.ProcessEnv, cwd?: string): ChildProcess {
  assertBuilt();
  return spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], ...(cwd ? { cwd } : {}) });
}

export function runCli(args: string[], env: NodeJS.ProcessEnv, options: { timeoutMs?: number; cwd?: string } = {}): Promise<CliResult> {
  const child = startCli(args, env, options.cwd);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sextant ${args.join(' ')} timed out\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      let json: unknown = undefined;
      try {
        json = JSON.parse(stdout);
      } catch {
        /* not JSON */
      }
      resolve({ code: code ?? -1, stdout, stderr, json });
    });
  });
}

/** The `/mcp` URL a started `sextant mcp --http` prints on stderr once it listens. */
export function mcpUrlOf(child: ChildProcess, timeoutMs = 90_000): Promise<string> {
  let stderr = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL in time: ${stderr}`)), timeoutMs);
    child.stderr!.on('data', (d) => {
      stderr += d;
      const m = /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}: ${stderr}`));
    });
  });
}
