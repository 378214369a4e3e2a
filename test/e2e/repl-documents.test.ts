/**
 * `doc add FILE|URL` in `sextant repl` goes through the core's session documents, as MCP
 * add_document does: the built CLI reads piped lines in a folder of its own, against a site on
 * loopback. A file is read inside the folder the shell started in (documents.workspace_root
 * unset); a URL only once the project allows URLs, the same rule as an MCP client of the same
 * local user; a PDF is extracted like a source's; credentials in a URL and unreachable hosts are
 * said in words. Ctrl-C on a fetch is in repl-tty.test.ts.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, CLI, cliEnv, runCli } from '../helpers/cli.js';
import { makePdf } from '../helpers/document-files.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const outside = tempHome();
const env = cliEnv(home.dir);
const work = join(home.dir, 'work');
let site: Server;
let base = '';
let closedPort = 0;
const requests: string[] = [];

/** Runs the shell on piped lines in `work`; stdout and stderr (where a non-terminal shell reports failures). */
function repl(lines: string[]): Promise<{ out: string; err: string; code: number | null }> {
  assertBuilt();
  const child = spawn(process.execPath, [CLI, 'repl'], { env, cwd: work, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  child.stdin.end(lines.map((l) => `${l}\n`).join(''));
  return new Promise((resolve) => child.on('close', (code) => resolve({ out, err, code })));
}

beforeAll(async () => {
  mkdirSync(join(work, 'notes'), { recursive: true });
  writeFileSync(join(work, 'notes', 'airships.md'), '# Airships\n\nThe zeppelin sleeps in hangar 7 between deliveries.\n');
  writeFileSync(join(outside.dir, 'secret.md'), '# Secret\n\nnot for sessions');
  const pdf = await makePdf({ title: 'Ledger close', pages: ['The wombat ledger closes on the last Friday of the month.'] });
  site = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/ledger.pdf') res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(pdf);
    else res.writeHead(200, { 'Content-Type': 'text/markdown' }).end('# Rota\n\nThe platypus team is on call this week.');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve)); // nothing listens there any more
}, 60_000);

afterAll(() => {
  site?.closeAllConnections();
  site?.close();
  home.cleanup();
  outside.cleanup();
});

describe('doc add in the REPL, through the core', () => {
  it('reads a file inside the folder the shell started in, and no file outside it', async () => {
    const r = await repl(['doc add notes/airships.md', `doc add ${join(outside.dir, 'secret.md')}`, 'doc list']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/added airships\.md \(text\/markdown, \d+ chars\) as 1 chunk, visible to this session only/);
    expect(r.err).toMatch(/error: '.*secret\.md' is outside the workspace root/);
    expect(r.out + r.err).not.toContain('not for sessions');
  }, 60_000);

  it('fetches a URL only once the project allows it, as for an MCP client of the same user', async () => {
    const refused = await repl([`doc add ${base}/rota.md`]);
    expect(refused.err).toContain('error: this project does not let sessions add documents by URL');
    // the local user at the terminal is told the command that turns it on (see `sextant project set --help`)
    expect(refused.err).toContain('hint: an administrator turns it on with `sextant project set default document-urls on`\n');
    // and that command's help says the setting takes on or off
    const help = await runCli(['project', 'set', '--help'], env);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('on|off for developer-tools and document-urls');
    expect(requests).toEqual([]);

    const set = await runCli(['project', 'set', 'default', 'document-urls', 'on'], env);
    expect(set.code, set.stderr).toBe(0);
    const r = await repl([`doc add ${base}/rota.md`, `doc add ${base}/ledger.pdf --name ledger`, 'search wombat ledger', 'doc list']);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/added rota\.md \(text\/markdown, \d+ chars\)/);
    // extracted like a source's document (the shell's own reader took text only)
    expect(r.out).toMatch(/added ledger \(text\/markdown, \d+ chars\)/);
    expect(r.out).toMatch(/1\. [\d.]+\s+_session:document:ledger/);
  }, 60_000);

  it('refuses a URL with a user name or password before any request, without repeating the password', async () => {
    const before = requests.length;
    const r = await repl([`doc add http://ana:s3cret@127.0.0.1:${new URL(base).port}/x.md`]);
    expect(r.err).toContain('error: a URL with a user name or password is not fetched');
    expect(r.out + r.err).not.toContain('s3cret');
    expect(requests.length).toBe(before);
  }, 60_000);

  it('says which address refused the connection, not "fetch failed"', async () => {
    const url = `http://127.0.0.1:${closedPort}/returns.md`;
    const r = await repl([`doc add ${url}`]);
    expect(r.err).toContain(`error: ${url}: connection refused`);
    expect(r.err).not.toContain('fetch failed');
  }, 60_000);
});
