/**
 * The README's examples run on the demo as written: after `sextant demo` in a fresh home, every
 * `sextant …` line of the CLI tour, Search and Business glossary blocks runs through the built
 * CLI and exits 0 (issue 13: "examples must run on the demo as written").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, REPO_ROOT, runCli, startCli } from '../helpers/cli.js';
import { tempHome } from '../helpers/temp-home.js';

const SECTIONS = ['## CLI tour', '### Search', '## Business glossary'];

/** The `sh` block right after a heading, its `sextant` lines joined across `\` continuations. */
function commandsAfter(readme: string, heading: string): string[] {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README has no section '${heading}'`);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(start))![1]!;
  return block
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.replace(/\s+#\s.*$/, '').trim())
    .filter((l) => l.startsWith('sextant '));
}

/** Shell words of one line: single and double quotes, no expansions (the README uses none). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (const m of line.matchAll(re)) words.push(m[1] ?? m[2] ?? m[3]!);
  return words;
}

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const home = tempHome();
const env = cliEnv(home.dir);

beforeAll(async () => {
  const demo = await runCli(['demo', '--json'], env, { timeoutMs: 180_000 });
  expect(demo.code, demo.stderr).toBe(0);
}, 200_000);

afterAll(() => home.cleanup());

describe('README examples on the demo', () => {
  for (const heading of SECTIONS) {
    it(`runs every command of '${heading}'`, async () => {
      const commands = commandsAfter(readme, heading);
      expect(commands.length).toBeGreaterThan(3);
      for (const line of commands) {
        const result = await runCli(shellWords(line).slice(1), env, { timeoutMs: 120_000 });
        expect(result.code, `${line}\n${result.stderr}`).toBe(0);
      }
    }, 300_000);
  }
});

describe('the demo after it stopped', () => {
  it('shows a stable address, and update, auth check and glossary SQL start the database for the moment', async () => {
    const sources = await runCli(['source', 'list', '--json'], env);
    expect(sources.json.sources[0].url).toBe('postgres://postgres@sextant-demo.invalid/postgres');
    const update = await runCli(['update', '--source', 'demo', '--json'], env, { timeoutMs: 120_000 });
    expect(update.code, update.stderr).toBe(0);
    expect(update.json.reports[0].status).toBe('unchanged');
    const access = await runCli(['auth', 'check', '--source', 'demo', '--json'], env, { timeoutMs: 120_000 });
    expect(access.stderr).not.toMatch(/unreachable|ENOTFOUND/i);
    expect(access.json.results[0].report.role).toBe('postgres');
  }, 240_000);

  it('stops quietly when the reader of its output goes away (`sextant … | head`)', async () => {
    const child = startCli(['describe', '--detail', 'full', 'sextant://demo/shop'], env);
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    child.stdout!.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(code).toBe(0);
  });
});

describe('the smaller things a newcomer trips over', () => {
  it('suggests ids for a bare name given to get', async () => {
    const result = await runCli(['get', 'sales_order'], env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/'sales_order' is not an object id or a source name.*\nhint: .*did you mean: .*demo:table:shop\.sales_order/);
  });

  it('says there are no stale terms, not no terms, when a filter matches none', async () => {
    await runCli(
      [
        'glossary',
        'add',
        'Open Orders',
        '--definition',
        'Orders not cancelled',
        '--sql',
        "SELECT count(*) AS n FROM shop.sales_order WHERE status <> 'cancelled'",
      ],
      env,
      {
        timeoutMs: 120_000,
      },
    );
    const stale = await runCli(['glossary', 'list', '--stale'], env);
    expect(stale.stdout.trim()).toBe('no stale terms in project default match');
  }, 150_000);

  it('keeps --explain to ten entities a hit', async () => {
    const explained = await runCli(['query', '--explain', '-n', '5', 'order shipping address and payment'], env);
    for (const line of explained.stdout.split('\n').filter((l) => l.includes('entities: '))) {
      expect(
        line
          .split('entities: ')[1]!
          .replace(/ \(\+\d+ more.*$/, '')
          .split(', ').length,
      ).toBeLessThanOrEqual(10);
    }
  });

  it('flags the terms of a removed source stale and says so', async () => {
    const removed = await runCli(['source', 'remove', 'demo'], env, { timeoutMs: 120_000 });
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toMatch(/1 glossary term is now stale \(their SQL ran on it\): Open Orders/);
    const stale = await runCli(['glossary', 'list', '--stale', '--json'], env);
    expect(stale.json.terms.map((t: { term: string }) => t.term)).toEqual(['Open Orders']);
  }, 150_000);
});
