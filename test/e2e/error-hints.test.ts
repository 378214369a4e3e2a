/**
 * How the built CLI prints a failure with a hint: on stderr a line saying what failed, then a
 * `hint:` line saying what to do; with `--json` the two are separate fields, neither holding the
 * other. Cases: an empty documents folder (the INTROSPECTION_FAILED whose hint used to say what
 * failed), as the failure of `update --source` and as one source's report of a plain `update`,
 * and usage errors, also those commander finds (a missing option), which `--json` prints as JSON.
 * A failed update's stored outcome keeps the two apart too: `status` and `source list` print the
 * hint on a line of its own, `list_sources` gives it to an agent as a field and a line, the web
 * UI's Sources page words it for a web user, and an outcome stored before they were kept apart
 * (its message holding both) still reads.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli, startCli } from '../helpers/cli.js';
import { call, connectStdio } from '../mcp/fixture.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const empty = join(home.dir, 'share');
const notes = join(home.dir, 'notes');
const FAILED = `no documents at ${empty}: the folder or prefix is empty (hidden files are skipped)`;
const HINT = 'check the location (a wrong path, or a share that is not mounted), then run `sextant update --source share` again; what was indexed stays';

describe('errors with hints on the CLI', () => {
  beforeAll(async () => {
    mkdirSync(empty);
    mkdirSync(notes);
    writeFileSync(join(notes, 'oncall.md'), '# On-call\n\nThe pager rotates weekly.\n');
    for (const [location, name] of [
      [empty, 'share'],
      [notes, 'notes'],
    ] as const) {
      const added = await runCli(['source', 'add', 'docs', location, '--name', name], env);
      expect(added.code, added.stderr).toBe(0);
    }
  });

  afterAll(() => home.cleanup());

  it('prints what failed, then a hint line of what to do', async () => {
    const r = await runCli(['update', '--source', 'share'], env);
    expect(r.code).toBe(1);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.slice(-2)).toEqual([
      `error: no documents at ${empty}: the folder or prefix is empty (hidden files are skipped)`,
      'hint: check the location (a wrong path, or a share that is not mounted), then run `sextant update --source share` again; what was indexed stays',
    ]);
  });

  it('keeps message and hint apart in --json, neither containing the other', async () => {
    const r = await runCli(['update', '--source', 'share', '--json'], env);
    expect(r.code).toBe(1);
    expect(r.json.error).toEqual({
      code: 'INTROSPECTION_FAILED',
      message: `no documents at ${empty}: the folder or prefix is empty (hidden files are skipped)`,
      hint: 'check the location (a wrong path, or a share that is not mounted), then run `sextant update --source share` again; what was indexed stays',
    });
  });

  it('gives a failed source of a plain update its hint apart, in --json and in print', async () => {
    const json = await runCli(['update', '--json'], env);
    expect(json.code).toBe(1);
    const failed = json.json.reports.find((r: { source: string }) => r.source === 'share');
    expect(failed).toMatchObject({
      status: 'failed',
      message: `no documents at ${empty}: the folder or prefix is empty (hidden files are skipped)`,
      hint: expect.stringMatching(/^check the location/),
    });
    const human = await runCli(['update'], env);
    expect(human.stdout).toContain(
      `failed share: no documents at ${empty}: the folder or prefix is empty (hidden files are skipped)\n  hint: check the location`,
    );
  });

  it('prints a usage error commander finds as JSON with --json, once, and as text without', async () => {
    for (const [args, message] of [
      [['store', 'copy', '--json'], "required option '--from <url>' not specified"],
      [['token', 'revoke', '--json'], "missing required argument 'name'"],
      [['nosuch', '--json'], "unknown command 'nosuch'"],
      [['token', '--json'], 'a subcommand is missing'],
      [['store', '--json'], 'a subcommand is missing'],
    ] as const) {
      const r = await runCli([...args], env);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.json, args.join(' ')).toEqual({ ok: false, error: { code: 'USAGE', message, hint: 'run the command with --help for its usage' } });
      // the JSON alone: no error line, and no help text on stderr either
      expect(r.stderr, args.join(' ')).toBe('');
    }
    // without --json a missing subcommand prints the group's help on stderr, exit 2
    const help = await runCli(['store'], env);
    expect(help.code).toBe(2);
    expect(help.stdout).toBe('');
    expect(help.stderr).toMatch(/^Usage: sextant store \[options\] \[command\]/);
    // --help with --json is still the help, on stdout, exit 0
    const asked = await runCli(['store', '--help', '--json'], env);
    expect(asked.code).toBe(0);
    expect(asked.stdout).toMatch(/^Usage: sextant store/);
    const text = await runCli(['store', 'copy'], env);
    expect(text.code).toBe(2);
    expect(text.stdout).toBe('');
    expect(text.stderr).toBe("error: required option '--from <url>' not specified\n(run with --help for usage)\n");
  });

  it('points a store URL of another database at PostgreSQL, the password masked', async () => {
    const r = await runCli(['store', 'migrate', '--store', 'mysql://root:store-pw-42@db/shop', '--json'], env);
    expect(r.code).toBe(2);
    expect(r.json.error).toEqual({
      code: 'USAGE',
      message: 'store migrate takes a postgres:// URL, not mysql://root:***@db/shop',
      hint: 'give --store postgres://user@host:5432/database (the store is PostgreSQL or a SQLite file)',
    });
    expect(r.stdout + r.stderr).not.toContain('store-pw-42');
  });

  it("keeps a failed update's stored outcome as message and hint: status and source list print the hint on its own line", async () => {
    expect((await runCli(['update', '--source', 'share'], env)).code).toBe(1);
    const json = await runCli(['status', '--json'], env);
    expect(json.code, json.stderr).toBe(0);
    const share = json.json.sources.find((s: { name: string }) => s.name === 'share');
    expect(share.lastUpdate).toMatchObject({ ok: false, message: FAILED, hint: HINT });
    for (const args of [['status'], ['source', 'list']]) {
      const human = await runCli(args, env);
      expect(human.code, human.stderr).toBe(0);
      expect(human.stdout, args.join(' ')).toContain(`\nfailed share: ${FAILED}\n  hint: ${HINT}\n`);
      expect(human.stdout, args.join(' ')).not.toContain(`${FAILED}. `);
      expect(human.stdout, args.join(' ')).not.toContain('failed notes');
    }
  });

  it("gives an agent a failed source's stored hint apart (list_sources over stdio)", async () => {
    const { client } = await connectStdio(env);
    try {
      const listed = await call(client, 'list_sources');
      expect(listed.isError, listed.text).toBe(false);
      const share = listed.data.sources.find((s: { name: string }) => s.name === 'share');
      expect(share.last_update).toMatchObject({ ok: false, message: FAILED, hint: HINT });
      expect(listed.text).toMatch(new RegExp(`FAILED: [^\\n]*hidden files are skipped\\)\\n  hint: check the location`));
    } finally {
      await client.close();
    }
  });

  it("words a failed source's stored hint for a web user on the Sources page", async () => {
    const server = startCli(['ui', '--port', '0', '--json'], env);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout!.on('data', (d) => {
          out += d;
          const found = /"url":\s*"([^"]+)"/.exec(out)?.[1];
          if (found) resolve(found);
        });
        server.on('exit', (code) => reject(new Error(`sextant ui exited with ${code}`)));
      });
      const page = await (await fetch(`${url}/sources`)).text();
      expect(page).toContain(FAILED);
      // the CLI's `sextant update --source share` becomes the page that updates it
      const hint = /data-testid="failure-hint">([\s\S]*?)<\/span>/.exec(page)?.[1] ?? '';
      expect(hint).toMatch(/update it on the <a href="\/ui\/sources">Sources<\/a> page; what was indexed stays/);
      expect(page).not.toContain('sextant update --source share');
    } finally {
      server.kill('SIGTERM');
    }
  });

  it('reads an outcome stored before hints were kept apart: its joined message, no hint line', async () => {
    const joined = `${FAILED}. ${HINT}`;
    const db = new Database(join(home.dir, 'index.sqlite'));
    const old = { at: '2026-11-20T10:00:00.000Z', ok: false, message: joined, added: 0, changed: 0, removed: 0, durationMs: 5 };
    db.prepare('UPDATE sources SET last_update = ? WHERE name = ?').run(JSON.stringify(old), 'share');
    db.close();
    const json = await runCli(['status', '--json'], env);
    expect(json.json.sources.find((s: { name: string }) => s.name === 'share').lastUpdate).toEqual(old);
    const human = await runCli(['status'], env);
    expect(human.stdout).toContain(`\nfailed share: ${joined}\n`);
    expect(human.stdout).not.toContain('hint:');
  });

  it('prints a usage error the same way, exit code 2', async () => {
    const r = await runCli(['glossary', 'add', 'Revenue', '--definition', 'paid orders'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: the SQL is missing\nhint: pass --sql "<query>" or --sql-file <file>\n');
  });
});
