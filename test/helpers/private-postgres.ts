/**
 * A throwaway PostgreSQL cluster of the test's own (initdb into a temp folder, a free loopback
 * port, trust auth), for fault tests that stop and start the server: the shared cluster at
 * 5432 serves other tests and is never disturbed. Run as the `postgres` user when the tests run
 * as root (PostgreSQL refuses root). Optionally with TLS on a self-signed certificate.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = process.env.SEXTANT_TEST_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** The cluster's self-signed certificate (PEM file), when started with TLS. */
  certFile: string | null;
  start(): void;
  stop(): void;
  destroy(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL program as the postgres user when we are root, as ourselves otherwise. */
function asPostgres(program: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const [cmd, argv] = root ? ['runuser', ['-u', 'postgres', '--', join(BIN, program), ...args]] : [join(BIN, program), args];
  execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

export async function startPrivatePostgres(options: { tls?: boolean } = {}): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'sextant-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const root = process.getuid?.() === 0;
  if (root) execFileSync('chown', ['postgres', dir]);
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  let certFile: string | null = null;
  if (options.tls) {
    const key = join(data, 'server.key');
    const crt = join(data, 'server.crt');
    execFileSync('openssl', ['req', '-new', '-x509', '-days', '1', '-nodes', '-subj', '/CN=sextant-test.invalid', '-keyout', key, '-out', crt], {
      stdio: 'ignore',
    });
    if (root) execFileSync('chown', ['postgres', key, crt]);
    chmodSync(key, 0o600);
    certFile = join(dir, 'ca.crt');
    execFileSync('cp', [crt, certFile]);
  }
  const settings = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses='127.0.0.1'", '-c fsync=off', '-c max_connections=60'];
  if (options.tls) settings.push('-c ssl=on');
  const start = () => asPostgres('pg_ctl', ['-D', data, '-o', settings.join(' '), '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  const stop = () => {
    if (existsSync(join(data, 'postmaster.pid'))) asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  start();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    certFile,
    start,
    stop,
    destroy: () => {
      try {
        stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
