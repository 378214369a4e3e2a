/**
 * `sextant repl` through a real pseudo-terminal: tmux runs the built CLI against the sample
 * catalog (the bundled schema in the real PostgreSQL), the test types as a person would
 * (send-keys) and reads the screen (capture-pane): searches, open and explain by number, active
 * projects, Tab completion of ids and glossary terms, session documents, Ctrl-C on an idle line
 * and on a running command, errors that leave the shell running, Ctrl-D, history in SEXTANT_HOME.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSampleSql } from '../../src/demo/sample-database.js';
import { assertBuilt, CLI, cliEnv, runCli } from '../helpers/cli.js';
import { writeShopRepo } from '../helpers/code-repo.js';
import { SHARED_MODELS_DIR } from '../helpers/models.js';
import { createTempDatabase, type TempDatabase } from '../helpers/postgres.js';
import { tempHome } from '../helpers/temp-home.js';

const SOCKET = `sextant-repl-${randomBytes(4).toString('hex')}`;
const PANE = 'repl';
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** The whole pane with its scrollback, wrapped lines joined. */
const screen = () => tmux('capture-pane', '-p', '-J', '-t', PANE, '-S', '-2000');

async function waitFor(test: (text: string) => boolean, what: string, timeoutMs = 10_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const text = screen();
    if (test(text)) return text;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; the screen:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Text after the last time `marker` appears on the screen. */
const after = (text: string, marker: string) => text.slice(text.lastIndexOf(marker) + marker.length);

const occurrences = (text: string, marker: string) => text.split(marker).length - 1;

/** Types a line and waits until its output (after this very echo of it) contains `expected`. */
async function type(line: string, expected: RegExp | string): Promise<string> {
  const echo = `> ${line}\n`;
  const seen = occurrences(screen(), echo);
  tmux('send-keys', '-t', PANE, '-l', line);
  tmux('send-keys', '-t', PANE, 'Enter');
  const matches = (out: string) => (typeof expected === 'string' ? out.includes(expected) : expected.test(out));
  const text = await waitFor((t) => occurrences(t, echo) > seen && matches(after(t, echo)), `'${line}' to print ${String(expected)}`);
  return after(text, echo);
}

describe('sextant repl in a terminal', () => {
  const home = tempHome();
  const env = cliEnv(home.dir, { SEXTANT_EMBEDDINGS_PROVIDER: 'builtin', SEXTANT_MODELS_DIR: SHARED_MODELS_DIR });
  let db: TempDatabase;
  let hanging: Server;
  let requests = 0;
  const note = join(home.dir, 'airships.md');

  beforeAll(async () => {
    assertBuilt();
    db = await createTempDatabase('sxt_repl');
    for (const sql of loadSampleSql()) await db.exec(sql);
    const reader = await db.createRole(
      'sxt_repl_reader',
      'GRANT USAGE ON SCHEMA shop, billing, support TO {role}; GRANT SELECT ON ALL TABLES IN SCHEMA shop, billing, support TO {role};',
    );
    writeShopRepo(join(home.dir, 'svc'));
    for (const args of [
      ['init'],
      ['source', 'add', reader.dsn, '--name', 'shop'],
      ['source', 'add', 'code', join(home.dir, 'svc'), '--name', 'svc'],
      ['update'],
      ['project', 'create', 'sales', '--source', 'shop'],
      // the shell fetches URLs by the same project setting as MCP add_document
      ['project', 'set', 'default', 'document-urls', 'on'],
      ['glossary', 'add', 'active customer', '--definition', 'A customer with an order', '--sql', 'SELECT customer_id FROM shop.customer', '--source', 'shop'],
    ]) {
      const r = await runCli(args, env, { timeoutMs: 120_000 });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
    writeFileSync(note, '# Airships\n\nThe zeppelin sleeps in hangar 7 between deliveries.\n');
    // answers nothing: a URL to cancel with Ctrl-C
    hanging = createServer(() => void requests++);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));

    const vars = Object.entries(env).map(([k, v]) => `${k}=${shellQuote(String(v))}`);
    const command = `cd ${shellQuote(home.dir)} && env -i ${vars.join(' ')} ${shellQuote(process.execPath)} ${shellQuote(CLI)} repl; echo "REPL-EXITED $?"; sleep 600`;
    tmux('new-session', '-d', '-s', PANE, '-x', '200', '-y', '50', command);
  }, 180_000);

  afterAll(async () => {
    try {
      execFileSync('tmux', ['-L', SOCKET, 'kill-server'], { stdio: 'ignore' });
    } catch {
      // never started, or already gone
    }
    hanging?.closeAllConnections();
    hanging?.close();
    await db?.drop();
    home.cleanup();
  });

  it('searches, opens and explains results by number, switches projects, completes, keeps documents, cancels and leaves', async () => {
    await waitFor((t) => t.includes('sextant repl — project default') && t.includes('sextant> '), 'the prompt', 20_000);

    const search = await type('search customer orders', /lexical search in/);
    const first = /^\s*1\. [\d.]+\s+(\S+)/m.exec(search)?.[1];
    expect(first).toMatch(/^shop:/);
    expect(search).toMatch(/^\s*2\. /m);

    const opened = await type('open 1', /kind: /);
    expect(opened).toContain(`${first}  sextant://shop/`);

    const explained = await type('explain 1', /expansions|lexical\s+#1/);
    expect(explained).toContain(first);
    expect(explained).toContain('for: customer orders');
    expect(explained).toMatch(/lexical rank 1, vector rank -/);
    expect(explained).toMatch(/lexical\s+#1/);

    // the onboarding plan of a code source, as the CLI prints it
    const plan = await type('plan card payments --seed src/billing/pay.ts', /plan by rules/);
    expect(plan).toContain('Start with src/billing/pay.ts (seed matched: exact)');
    expect(plan).toMatch(/What it builds on\n\s+src\/billing\/(gateway|invoice)\.ts/);

    expect(await type('use project sales', 'active projects')).toMatch(/active projects: default, sales/);
    expect(await type('use project nope', 'error:')).toMatch(/^error: unknown project 'nope'.*\n(hint: [^\n]*\n)?[^\n]*sextant> /);

    // Tab completes an object id (through the core's prefix lookup), then a glossary term
    tmux('send-keys', '-t', PANE, '-l', 'get shop:table:shop.sales_or');
    tmux('send-keys', '-t', PANE, 'Tab');
    await waitFor((t) => t.trimEnd().endsWith('> get shop:table:shop.sales_order'), 'the id completed');
    tmux('send-keys', '-t', PANE, 'Enter');
    await waitFor((t) => /columns \(\d+\)/.test(after(t, '> get shop:table:shop.sales_order')), 'get to show the columns');
    tmux('send-keys', '-t', PANE, '-l', 'glossary show act');
    tmux('send-keys', '-t', PANE, 'Tab');
    await waitFor((t) => t.trimEnd().endsWith('> glossary show active\\ customer'), 'the term completed');
    tmux('send-keys', '-t', PANE, 'Enter');
    await waitFor((t) => after(t, 'glossary show active\\ customer').includes('definition: A customer with an order'), 'the term');

    expect(await type(`doc add ${note}`, 'added')).toMatch(/added airships\.md \(text\/markdown, \d+ chars\) as 1 chunk, visible to this session only/);
    expect(await type('doc list', 'airships.md')).toMatch(/airships\.md\s+text\/markdown/);
    expect(await type('search zeppelin hangar', /search in/)).toMatch(/1\. [\d.]+\s+_session:document:airships\.md/);
    expect(await type('open 1', 'this session only')).toMatch(/document airships\.md \(text\/markdown, \d+ chars, 1 chunk, this session only\)/);
    expect(await type('entities --docs', /entity\s+type/)).toMatch(/zeppelin/i);

    // Ctrl-C on a line being typed clears it and runs nothing
    tmux('send-keys', '-t', PANE, '-l', 'search never typed out');
    tmux('send-keys', '-t', PANE, 'C-c');
    await waitFor((t) => /> search never typed out\^C\n\S*sextant> $/.test(t.trimEnd() + ' '), 'a fresh prompt after ^C');

    // Ctrl-C during a command cancels it (the fetch's signal aborts), and the shell goes on
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/slow.md`;
    tmux('send-keys', '-t', PANE, '-l', `doc add ${url}`);
    tmux('send-keys', '-t', PANE, 'Enter');
    const until = Date.now() + 5000;
    while (requests === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(requests).toBe(1);
    tmux('send-keys', '-t', PANE, 'C-c');
    await waitFor((t) => after(t, `> doc add ${url}`).includes('cancelled'), 'the command to be cancelled');
    expect(await type('doc list', 'airships.md')).not.toContain('slow.md');

    expect(await type('get shop:table:shop.nope', 'error:')).toMatch(/^error: .*nope/);
    // another shell's habits work, and a slip of the keyboard is named
    expect(await type(':help', 'explain N')).toMatch(/open N\s+show result N of the last search/);
    expect(await type('serch invoice', 'error:')).toMatch(/^error: unknown command 'serch'\nhint: did you mean `search`\? type help for the list/);
    expect(await type('json on', 'json output on')).toBeTruthy();
    expect(JSON.parse((await type('use', /\}\n/)).split('\nsextant')[0]!)).toMatchObject({ ok: true, activeProjects: ['default', 'sales'] });

    tmux('send-keys', '-t', PANE, 'C-d');
    await waitFor((t) => t.includes('REPL-EXITED 0'), 'the shell to leave with exit code 0');

    const history = join(home.dir, 'repl_history');
    expect(existsSync(history)).toBe(true);
    const lines = readFileSync(history, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('search customer orders');
    expect(lines).toContain('explain 1');
    expect(lines).not.toContain('search never typed out');
  }, 60_000);
});
