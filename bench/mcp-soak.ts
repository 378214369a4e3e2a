/**
 * The keep-alive soak of `npm run bench -- mcp` (issue 11 §2: 16 keep-alive clients grew the
 * server's RSS by 20–25 KB a call until its heap died). `clients` MCP sessions, each on its own
 * keep-alive socket in a child process (mcp-soak-clients.ts), call deep_search back to back for
 * `seconds` against the server in this process; this process's RSS (the server's) is printed
 * every 30 s. Fails when RSS ever stands more than 100 MB above where it stood once the clients
 * were warm. Each client's call count and p95 show whether the event loop was shared fairly.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ClientShare, SoakClientsInput, SoakMessage } from './mcp-soak-clients.js';
import { percentile } from './measure.js';

export const SOAK_DEFAULTS = Object.freeze({ seconds: 600, clients: 16, sampleEverySeconds: 30, rssGrowthLimitMb: 100 });

export interface SoakOptions extends SoakClientsInput {
  sampleEverySeconds: number;
  rssGrowthLimitMb: number;
  log(line: string): void;
}

export interface RssSample {
  second: number;
  rssMb: number;
  heapUsedMb: number;
  calls: number;
}

export interface SoakReport {
  clients: number;
  seconds: number;
  calls: number;
  callsPerSecond: number;
  errors: number;
  firstErrors: string[];
  startRssMb: number;
  peakRssMb: number;
  endRssMb: number;
  rssGrowthMb: number;
  rssGrowthLimitMb: number;
  samples: RssSample[];
  /** Per client: calls, p50, p95, errors, requests on a reused socket. */
  shares: ClientShare[];
  /** Spread of the clients' p95s and call counts: near 1 when the loop is shared fairly. */
  p95SpreadMs: { min: number; median: number; max: number };
  callsMinOverMax: number;
  met: boolean;
}

const megabytes = (bytes: number) => Math.round(bytes / (1 << 20));

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const child = fork(fileURLToPath(new URL('./mcp-soak-clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const samples: RssSample[] = [];
  let calls = 0;
  let started = 0;
  let startRss = 0;
  let timer: NodeJS.Timeout | undefined;

  const sample = (label = '') => {
    const memory = process.memoryUsage();
    const s = { second: Math.round((performance.now() - started) / 1000), rssMb: megabytes(memory.rss), heapUsedMb: megabytes(memory.heapUsed), calls };
    samples.push(s);
    options.log(
      `  ${String(s.second).padStart(4)} s  RSS ${s.rssMb} MB (${s.rssMb - startRss >= 0 ? '+' : ''}${s.rssMb - startRss} MB)  heap ${s.heapUsedMb} MB  ${s.calls} calls`,
    );
  };

  const done = await new Promise<Extract<SoakMessage, { type: 'done' }>>((resolve, reject) => {
    child.on('message', (m: SoakMessage) => {
      if (m.type === 'ready') {
        started = performance.now();
        startRss = megabytes(process.memoryUsage().rss);
        options.log(`     0 s  RSS ${startRss} MB (start, clients warm)`);
        timer = setInterval(sample, options.sampleEverySeconds * 1000);
      } else if (m.type === 'progress') calls = m.calls;
      else if (m.type === 'done') resolve(m);
      else reject(new Error(`soak clients failed: ${m.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`soak clients exited (${code}) before reporting`)));
    const input: SoakClientsInput = { url: options.url, clients: options.clients, seconds: options.seconds, queries: options.queries };
    child.send(input);
  }).finally(() => clearInterval(timer));
  calls = done.shares.reduce((n, s) => n + s.calls, 0);
  sample(' (end)');

  const elapsed = (performance.now() - started) / 1000;
  const peakRss = Math.max(...samples.map((s) => s.rssMb));
  const p95s = done.shares.map((s) => s.p95Ms);
  const callCounts = done.shares.map((s) => s.calls);
  const errors = done.shares.reduce((n, s) => n + s.errors, 0);
  const growth = peakRss - startRss;
  return {
    clients: options.clients,
    seconds: Math.round(elapsed),
    calls,
    callsPerSecond: Math.round((calls / elapsed) * 10) / 10,
    errors,
    firstErrors: done.firstErrors,
    startRssMb: startRss,
    peakRssMb: peakRss,
    endRssMb: samples.at(-1)!.rssMb,
    rssGrowthMb: growth,
    rssGrowthLimitMb: options.rssGrowthLimitMb,
    samples,
    shares: done.shares,
    p95SpreadMs: { min: Math.min(...p95s), median: percentile(p95s, 50), max: Math.max(...p95s) },
    callsMinOverMax: Math.round((Math.min(...callCounts) / Math.max(1, ...callCounts)) * 100) / 100,
    met: growth <= options.rssGrowthLimitMb && errors === 0,
  };
}

/** The soak's lines of the human report. */
export function describeSoak(report: SoakReport): string[] {
  const perClient = report.shares.map((s, i) => `#${i + 1} ${s.calls} calls p95 ${s.p95Ms} ms`);
  return [
    `soak: ${report.calls} calls in ${report.seconds}s = ${report.callsPerSecond}/s over ${report.clients} keep-alive sockets, ${report.errors} errors${report.firstErrors.length ? ` (${report.firstErrors.join(' | ')})` : ''}`,
    `  RSS ${report.startRssMb} MB at the start, peak ${report.peakRssMb} MB, end ${report.endRssMb} MB: +${report.rssGrowthMb} MB (limit +${report.rssGrowthLimitMb} MB)`,
    `  per client: ${perClient.join(', ')}`,
    `  fair share: p95 from ${report.p95SpreadMs.min} to ${report.p95SpreadMs.max} ms (median ${report.p95SpreadMs.median}), fewest calls / most calls ${report.callsMinOverMax}`,
    `  soak ${report.met ? 'passed' : 'FAILED'}`,
  ];
}
